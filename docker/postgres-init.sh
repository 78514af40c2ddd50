#!/bin/sh
# Run once by the pgvector/pgvector image on an empty data volume (docker-compose.yml
# mounts it into /docker-entrypoint-initdb.d). tiermem's own database is POSTGRES_DB;
# `tiermem init` creates its schema and the vector extension. Dagster's run/event/
# schedule storage gets its own database, owned by its own role, so the webserver
# and daemon hold no password that opens tiermem's data.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v pw="$DAGSTER_DB_PASSWORD" <<'SQL'
CREATE ROLE dagster LOGIN PASSWORD :'pw';
CREATE DATABASE dagster OWNER dagster;
SQL
