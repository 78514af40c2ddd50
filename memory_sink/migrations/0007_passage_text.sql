-- tiermem schema, version 7: a row's lexical document may hold words its content does not show,
-- and a row keeps the text its vector read when that is not its content.
-- search_terms: words the lexical branch matches besides the content (a passage's day, "8 May 2023"),
--   so recall's reading budget is spent on what was said while a "when" question still matches.
-- embed_text: what the vector read when it differs from the content (a passage with its neighbouring
--   turns, an episode's summary), so `tiermem reembed` rewrites the same vector with a new model.
ALTER TABLE memory ADD COLUMN search_terms text, ADD COLUMN embed_text text;

-- Passages written before 0007 carry their day as a prefix of the content: move it to search_terms.
UPDATE memory
SET search_terms = substring(content FROM '^On ([0-9]{1,2} [A-Za-z]+ [0-9]{4}( – [0-9]{1,2} [A-Za-z]+ [0-9]{4})?): '),
    content = regexp_replace(content, '^On [0-9]{1,2} [A-Za-z]+ [0-9]{4}( – [0-9]{1,2} [A-Za-z]+ [0-9]{4})?: ', '')
WHERE kind = 'passage' AND content ~ '^On [0-9]{1,2} [A-Za-z]+ [0-9]{4}( – [0-9]{1,2} [A-Za-z]+ [0-9]{4})?: ';

-- The lexical document is the content and the search terms (a generated column's expression can only
-- change by re-adding it; its GIN index goes with it and is rebuilt as it was).
ALTER TABLE memory DROP COLUMN content_tsv;
ALTER TABLE memory ADD COLUMN content_tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('english', left(content, 100000) || coalesce(' ' || search_terms, ''))
) STORED;
CREATE INDEX memory_content_tsv ON memory USING gin (content_tsv) WHERE superseded_at IS NULL;
