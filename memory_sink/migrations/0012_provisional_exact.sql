-- tiermem schema, version 12: provisional rows leave the HNSW graph.
-- The provisional tier holds only turns not yet consolidated (a day or so of them), and
-- inserting each one into the HNSW graph was the largest database cost of realtime
-- ingest (hundreds of distance computations per row, on the cores the model needs).
-- Recall now reads them by an exact scan instead (memories.RECALL_ACTIVE's vector
-- branch: HNSW over consolidated rows, exact over the namespace's provisional rows,
-- merged by distance), which is both cheaper to write and exact to read while the
-- tier stays small. This btree finds a namespace's provisional rows.
DROP INDEX IF EXISTS memory_embedding_hnsw;
CREATE INDEX memory_embedding_hnsw ON memory USING hnsw (embedding vector_cosine_ops)
    WHERE superseded_at IS NULL AND tier = 'consolidated';
CREATE INDEX memory_provisional_namespace ON memory (namespace) WHERE tier = 'provisional';
