-- tiermem schema, version 5: passages, the parts of an episode recall searches and returns.
-- A passage is a consolidated row of kind 'passage' under its episode (metadata.episode_id):
-- a few whole turns, dated, short enough for the embedding model's window. It obeys every
-- invariant an episode does: written by the tier swap, retired with its episode, never deleted.
ALTER TABLE memory DROP CONSTRAINT memory_kind_check;
ALTER TABLE memory ADD CONSTRAINT memory_kind_check CHECK (kind IN ('turn', 'episode', 'passage', 'fact'));
