-- Run once by the pgvector/pgvector image on an empty data volume
-- (docker-compose.yml mounts it into /docker-entrypoint-initdb.d).
-- tiermem's own database is POSTGRES_DB; `tiermem init` creates its schema
-- and the vector extension. Dagster's run/event/schedule storage gets its own.
CREATE DATABASE dagster;
