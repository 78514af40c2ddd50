-- tiermem schema, version 4: the closed vocabularies of staging and the
-- operations log are checked by the database too, as `tier` and `kind` are
-- since version 1 (memory_sink/vocab.py holds the same lists; a test keeps
-- them equal). The application never wrote another value, so existing rows
-- satisfy them; ADD CONSTRAINT checks that they do.
ALTER TABLE memory_staging
    ADD CONSTRAINT memory_staging_role_check
    CHECK (role IN ('user', 'assistant', 'system', 'tool'));

ALTER TABLE memory_ops
    ADD CONSTRAINT memory_ops_op_check
    CHECK (op IN ('tier_swap', 'supersede', 'retract', 'duplicate', 'inherit', 'coexist', 'blocked',
                  'pin', 'unpin', 'undo')),
    ADD CONSTRAINT memory_ops_actor_check
    CHECK (actor IN ('user', 'consolidate'));
