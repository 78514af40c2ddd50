-- tiermem schema, version 13: a row's lexical document may hold its neighbours' words, at a lower weight.
-- context_terms: words said around the row that it does not show (a passage's neighbouring turns):
--   "Yes, last Tuesday!" is about what the turn before asked, and a question asks in that turn's words.
-- In content_tsv the row's own words (content and search_terms) carry weight A and the context's
-- weight D, so recall's lexical branch can count a term found only in the context for less
-- (memory_sink.recall: CONTEXT_WEIGHT) and rank the turn that says it above its neighbours.
ALTER TABLE memory ADD COLUMN context_terms text;

-- A generated column's expression can only change by re-adding it; its GIN index goes with it.
ALTER TABLE memory DROP COLUMN content_tsv;
ALTER TABLE memory ADD COLUMN content_tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', left(content, 100000) || coalesce(' ' || search_terms, '')), 'A')
    || setweight(to_tsvector('english', left(coalesce(context_terms, ''), 100000)), 'D')
) STORED;
CREATE INDEX memory_content_tsv ON memory USING gin (content_tsv) WHERE superseded_at IS NULL;
