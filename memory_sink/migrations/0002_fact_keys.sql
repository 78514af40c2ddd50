-- tiermem schema, version 2: case-insensitive fact keys for the supersession engine.
-- Invariant 7: candidates are looked up by normalised (subject, predicate) among active facts.
DROP INDEX IF EXISTS memory_active_fact_key;
CREATE INDEX memory_active_fact_key ON memory (namespace, lower(subject), lower(predicate))
    WHERE kind = 'fact' AND superseded_at IS NULL;
-- Retractions and pins inherited across re-consolidation look facts up per session.
CREATE INDEX memory_session_facts ON memory (namespace, session_id, lower(subject), lower(predicate))
    WHERE kind = 'fact';
