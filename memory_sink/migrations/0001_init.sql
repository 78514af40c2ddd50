-- tiermem schema, version 1.
-- Applied once by memory_sink.migrate inside one transaction, under an advisory lock.

CREATE EXTENSION IF NOT EXISTS vector;

-- Key/value facts about this database, e.g. the embedding model fingerprint
-- (invariant 9: one embedding model per table).
CREATE TABLE tiermem_meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);

-- Invariant 1: staging is the log. Append-only; event_id is a content hash of
-- (namespace, session_id, seq-or-timestamp, role, content), so staging the same
-- turn twice is a no-op (INSERT ... ON CONFLICT DO NOTHING). The only columns
-- ever updated are the two progress markers.
CREATE TABLE memory_staging (
    event_id        text PRIMARY KEY,
    namespace       text NOT NULL,
    session_id      text NOT NULL,
    seq             bigint,
    role            text NOT NULL,
    content         text NOT NULL,
    event_ts        timestamptz NOT NULL,
    staged_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
    provisional_at  timestamptz,
    consolidated_at timestamptz
);

-- Invariant 2: the realtime claim scans only unprocessed rows.
CREATE INDEX memory_staging_realtime_pending ON memory_staging (staged_at)
    WHERE provisional_at IS NULL AND consolidated_at IS NULL;
-- Invariant 3: eligible sessions are those with an unconsolidated event.
CREATE INDEX memory_staging_unconsolidated ON memory_staging (namespace, session_id)
    WHERE consolidated_at IS NULL;
-- Whole-session re-reads, in conversation order.
CREATE INDEX memory_staging_session ON memory_staging (namespace, session_id, event_ts, seq);
-- Day partitions ("sessions with activity on that day").
CREATE INDEX memory_staging_event_ts ON memory_staging (event_ts);

-- Both tiers in one table. Consolidated rows are never deleted (invariant 6);
-- provisional rows, re-derivable from staging, are deleted by the tier swap.
CREATE TABLE memory (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    namespace     text NOT NULL,
    session_id    text,
    tier          text NOT NULL CHECK (tier IN ('provisional', 'consolidated')),
    kind          text NOT NULL CHECK (kind IN ('turn', 'episode', 'fact')),
    content       text NOT NULL,
    embedding     vector(384) NOT NULL,
    subject       text,
    predicate     text,
    object        text,
    confidence    real CHECK (confidence IS NULL OR (confidence >= 0 AND confidence <= 1)),
    event_ids     text[] NOT NULL,
    valid_from    timestamptz NOT NULL,           -- world time: true from
    valid_to      timestamptz,                    -- world time: true until (NULL = still)
    recorded_at   timestamptz NOT NULL DEFAULT clock_timestamp(),  -- transaction time: believed from
    superseded_at timestamptz,                    -- transaction time: believed until
    superseded_by uuid REFERENCES memory (id),
    embed_model   text NOT NULL,
    metadata      jsonb NOT NULL DEFAULT '{}'::jsonb,
    pinned        boolean NOT NULL DEFAULT false,
    -- left(): a tsvector is capped at 1 MB; a huge turn must still be storable.
    content_tsv   tsvector GENERATED ALWAYS AS (to_tsvector('english', left(content, 100000))) STORED,
    CHECK (tier = 'consolidated' OR kind = 'turn'),
    CHECK (kind <> 'fact' OR (subject IS NOT NULL AND predicate IS NOT NULL AND object IS NOT NULL))
);

-- Invariant 2 (belt and braces): at most one provisional row per staged event.
CREATE UNIQUE INDEX memory_provisional_event ON memory ((event_ids[1]))
    WHERE tier = 'provisional';
-- Invariant 5/6: retired rows cost recall nothing.
CREATE INDEX memory_embedding_hnsw ON memory USING hnsw (embedding vector_cosine_ops)
    WHERE superseded_at IS NULL;
CREATE INDEX memory_content_tsv ON memory USING gin (content_tsv)
    WHERE superseded_at IS NULL;
CREATE INDEX memory_active_session ON memory (namespace, session_id, tier)
    WHERE superseded_at IS NULL;
CREATE INDEX memory_active_fact_key ON memory (namespace, subject, predicate)
    WHERE kind = 'fact' AND superseded_at IS NULL;
CREATE INDEX memory_superseded_by ON memory (superseded_by) WHERE superseded_by IS NOT NULL;
CREATE INDEX memory_event_ids ON memory USING gin (event_ids);

-- Every supersede, retract, tier swap and undo, with the signals behind it and
-- what is needed to reverse it (invariant 7).
CREATE TABLE memory_ops (
    op_id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    namespace  text NOT NULL,
    op         text NOT NULL,
    actor      text NOT NULL,
    reason     text,
    memory_ids uuid[] NOT NULL DEFAULT '{}',
    signals    jsonb NOT NULL DEFAULT '{}'::jsonb,
    reverse    jsonb NOT NULL DEFAULT '{}'::jsonb,
    undone_by  bigint REFERENCES memory_ops (op_id),
    created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX memory_ops_memory_ids ON memory_ops USING gin (memory_ids);

-- Consolidation state per session (invariant 8: failures are recorded and retried).
CREATE TABLE consolidation_state (
    namespace            text NOT NULL,
    session_id           text NOT NULL,
    attempts             integer NOT NULL DEFAULT 0,   -- consecutive failures
    last_error           text,
    last_attempt_at      timestamptz,
    next_retry_at        timestamptz,
    last_consolidated_at timestamptz,
    version              integer NOT NULL DEFAULT 0,   -- successful swaps so far
    PRIMARY KEY (namespace, session_id)
);
