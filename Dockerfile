# tiermem: the Dagster webserver, daemon and run workers (see docker-compose.yml).
# Not built in CI (no Docker engine there); tests/test_deployments.py checks that
# this file's install step is the one CI runs and that everything it copies exists.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DAGSTER_HOME=/opt/dagster/home \
    TIERMEM_CONFIG=/etc/tiermem/production.yaml

WORKDIR /opt/tiermem
COPY pyproject.toml README.md workspace.yaml ./
COPY memory_sink ./memory_sink
COPY consolidators ./consolidators
COPY pipelines ./pipelines

# The same install step CI runs (.ci/run), so the image runs what the tests ran.
RUN python -m pip install --quiet -e '.[test]'

# Instance storage on PostgreSQL (DAGSTER_POSTGRES_URL); runs as an unprivileged user.
RUN useradd --system --create-home --home-dir /home/tiermem tiermem \
    && mkdir -p "$DAGSTER_HOME" /etc/tiermem \
    && cp memory_sink/configs/dagster.production.yaml "$DAGSTER_HOME/dagster.yaml" \
    && cp memory_sink/configs/production.yaml /etc/tiermem/production.yaml \
    && chown -R tiermem "$DAGSTER_HOME"
USER tiermem

EXPOSE 3000
CMD ["dagster-webserver", "--host", "0.0.0.0", "--port", "3000", "-w", "/opt/tiermem/workspace.yaml"]
