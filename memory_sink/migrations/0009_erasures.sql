-- tiermem schema, version 9: the record of every erasure (`forget`), never of what it erased.
-- Erasure is the one exception to invariants 1 and 6 (memory_sink/erasure.py): it deletes
-- staged turns and everything derived from them. This row is all that stays: when, what
-- kind of scope, and how many rows each table lost. No text, no session id, no memory id;
-- the namespace only when it lives on (a memory or a session erased from it).
CREATE TABLE memory_erasures (
    erasure_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    erased_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    scope      text NOT NULL CHECK (scope IN ('memory', 'session', 'namespace')),
    namespace  text,
    counts     jsonb NOT NULL DEFAULT '{}'::jsonb,
    CHECK ((scope = 'namespace') = (namespace IS NULL))
);
