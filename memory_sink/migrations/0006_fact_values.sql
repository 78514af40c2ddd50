-- tiermem schema, version 6: the active-fact key index also orders by the value.
-- Invariant 7 at scale: a new fact looks up a restatement of itself (same key, same
-- value) among active facts; with the value in the index that is one probe, not a
-- walk over every value a multi-valued key has (hundreds of "likes" per user).
-- The (namespace, subject, predicate) prefix serves every query the old index did.
DROP INDEX IF EXISTS memory_active_fact_key;
CREATE INDEX memory_active_fact_key ON memory (namespace, lower(subject), lower(predicate), lower(object))
    WHERE kind = 'fact' AND superseded_at IS NULL;
