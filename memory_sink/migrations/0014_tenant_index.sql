-- tiermem schema, version 14: a large namespace may have an HNSW graph (and a lexical index) of its own.
-- The shared HNSW index holds every tenant's consolidated rows; a scan for one tenant
-- holding a small share of them wades through the others' and misses neighbours
-- (overlap@10 0.71-0.83 for the largest tenants of a 1M-row table). A namespace listed
-- here has a partial HNSW index over its own active consolidated rows, named
-- index_name, and a partial GIN index over its active rows' content_tsv, named
-- lexical_index_name (the shared GIN index returns every tenant's matches of a
-- question's terms, read from the heap and filtered: 100+ ms for a large tenant at
-- 1M rows). Both names are derived from a hash of the namespace
-- (memory_sink.tenant_index); both are built with CREATE INDEX CONCURRENTLY by
-- `tiermem tenant-index create`.
-- Invariant: a row here is a request, not a promise. Recall uses a namespace's own
-- graph only while index_name exists and is valid (pg_index.indisvalid), and its
-- statement keeps recall's filters whichever index the planner picks, so a row whose
-- indexes are missing, still building or invalid costs speed, never a wrong result.
CREATE TABLE memory_tenant_index (
    namespace     text PRIMARY KEY,
    index_name    text NOT NULL UNIQUE,
    lexical_index_name text NOT NULL UNIQUE,
    requested_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    built_at      timestamptz,           -- NULL until a build finished and was found valid
    build_seconds double precision
);
