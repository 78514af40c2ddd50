"""What a Dagster run may override: its parameters, never where data and secrets go.

Dagster's UI has no login, and its Launchpad lets whoever reaches it edit a run's
resource config. The resources take their defaults from the deployment file; a run
may change how the work is done (batch sizes, threads, a consolidator's limits,
model name or temperature) but not the keys :data:`memory_sink.config.PINNED_RUN_KEYS`
and the pinned consolidator options name: the deployment file (the database), the
files loaded as the model, a switch to a consolidator that calls an endpoint or
imports code, an endpoint, code to import, or the *name* of an environment variable
whose value is sent (``api_key_env: TIERMEM_DSN`` would send the DSN as an API key).
Those come from the deployment file only, unless it lists them in
``orchestration.allowed_overrides``.

The deployment a run is checked against is the one the code location loaded, held
by the resources outside their config schema (``dg.ResourceDependency``), so a run
cannot override it. A refused override fails the run before it connects, loads a
model or imports anything, with one line naming the key (never its value: a URL may
carry a token).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from memory_sink.config import PINNED_OPTION, PINNED_OPTION_PREFIX, Config
from memory_sink.errors import ConfigError

#: Kinds that send transcripts to an endpoint or run imported code; a run may not switch to one.
REMOTE_OR_CODE_KINDS = frozenset({"llm", "callable"})


def refuse_unless_allowed(deployment: Config, key: str, run_value: Any, deployment_value: Any) -> None:
    """Raise ``ConfigError`` naming ``key`` if a run set it to another value than the deployment's."""
    if run_value == deployment_value or key in deployment.orchestration.allowed_overrides:
        return
    source = deployment.source or "the deployment file"
    raise ConfigError(
        f"{key}: a Dagster run may not override this; it comes from {source} "
        "(list it in orchestration.allowed_overrides there to allow it)"
    )


def check_store(
    deployment: Config, *, config_path: str | None, model_path: str | None, pinned_path: str | None
) -> None:
    """The store's deployment file and the model's files are the deployment's."""
    refuse_unless_allowed(deployment, "store.config_path", config_path, pinned_path)
    refuse_unless_allowed(deployment, "embedder.path", model_path, deployment.embedder.path)


def check_consolidator(deployment: Config, kind: str, options: Mapping[str, Any]) -> None:
    """A run may pick a local consolidator and tune it; endpoints, key names and code are the deployment's."""
    spec = deployment.consolidate.consolidator
    if kind in REMOTE_OR_CODE_KINDS:
        refuse_unless_allowed(deployment, "consolidator.kind", kind, spec.kind)
    # Only options the run sets are compared: leaving out api_key_env sends no key at all.
    for name in sorted(str(n) for n in options):
        if PINNED_OPTION.fullmatch(name):
            refuse_unless_allowed(deployment, PINNED_OPTION_PREFIX + name, options[name], spec.options.get(name))
