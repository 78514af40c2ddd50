-- tiermem schema, version 3: wake realtime followers when turns are staged.
-- `tiermem realtime --follow` LISTENs on this channel. A statement-level trigger
-- notifies once per INSERT that added rows (a re-staged duplicate adds none),
-- and PostgreSQL delivers it only when the staging transaction commits, so a
-- woken follower always finds the new rows. A lost notification costs only
-- latency: followers also poll on a timeout (invariant 2 never relies on it).
CREATE FUNCTION tiermem_notify_staged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM staged_rows) THEN
        PERFORM pg_notify('tiermem_staged', '');
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER memory_staging_notify
    AFTER INSERT ON memory_staging
    REFERENCING NEW TABLE AS staged_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tiermem_notify_staged();
