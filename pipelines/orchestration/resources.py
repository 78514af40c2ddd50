"""Dagster resources: the memory store, the embedder and the consolidator.

Each is a typed ``ConfigurableResource`` whose defaults come from the YAML
deployment (``TIERMEM_CONFIG``, else ``memory_sink/configs/default.yaml``), so the UI's
Launchpad shows what a run will use and an operator can override its run
parameters; each resource also holds the loaded deployment outside its config
schema, to refuse what a run may not change (:mod:`.overrides`). Nothing here connects or loads a model when definitions are loaded: the store
opens (and the embedded server starts) only inside a run.
"""

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import dagster as dg
from pydantic import Field

from consolidators import Consolidator
from memory_sink import MemoryStore
from memory_sink.config import Config, EmbedderConfig, load_config

from ..consolidate import consolidator_of
from .overrides import check_consolidator, check_store


class EmbedderResource(dg.ConfigurableResource):
    """The embedding model (`embedder.*` of the deployment) that both tiers embed with."""

    model: str = Field(description="Registered model name, e.g. all-minilm-l6-v2-int8 or bge-small-en-v1.5-int8.")
    path: str | None = Field(default=None, description="A local model dir, for models not shipped.")
    threads: int = Field(default=2, ge=1, description="ONNX Runtime intra-op threads.")
    batch_size: int = Field(default=64, ge=1, description="Texts per inference call.")

    @classmethod
    def from_config(cls, cfg: EmbedderConfig) -> Any:
        """Configured at launch, with the deployment's values as defaults: a run's ``embedder`` config
        then reaches the store that embeds with it (a plain instance nested in the store would not)."""
        return cls.configure_at_launch(model=cfg.model, path=cfg.path, threads=cfg.threads, batch_size=cfg.batch_size)

    def embedder_config(self) -> EmbedderConfig:
        return EmbedderConfig(model=self.model, path=self.path, threads=self.threads, batch_size=self.batch_size)


class ConsolidatorResource(dg.ConfigurableResource):
    """The consolidator (`consolidate.consolidator.*` of the deployment): its kind and options."""

    kind: str = Field(description="passthrough | extractive | llm | callable")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Options of that kind (no secrets: name environment variables instead). Endpoints, "
        "variable names and import targets are the deployment file's (orchestration.allowed_overrides).",
    )
    pinned: dg.ResourceDependency[Config]  # not run config: the deployment the code location loaded

    @classmethod
    def from_config(cls, cfg: Config) -> "ConsolidatorResource":
        spec = cfg.consolidate.consolidator
        return cls(kind=spec.kind, options=dict(spec.options), pinned=cfg)

    def build(self) -> Consolidator:
        """The consolidator object; a refused override, bad kind or option is a ``ConfigError`` naming the key."""
        check_consolidator(self.pinned, self.kind, self.options)  # before anything is imported
        return consolidator_of(self.kind, self.options)


class StoreResource(dg.ConfigurableResource):
    """The tiermem database of the deployment, opened per run with the embedder resource's model."""

    config_path: str | None = Field(
        default=None, description="Deployment YAML (None: $TIERMEM_CONFIG, else memory_sink/configs/default.yaml)."
    )
    embedder: EmbedderResource
    pinned: dg.ResourceDependency[Config]  # not run config: the deployment the code location loaded

    def deployment(self) -> Config:
        """The YAML deployment, with the embedder section this resource was configured with."""
        check_store(
            self.pinned,
            config_path=self.config_path,
            model_path=self.embedder.path,
            pinned_path=deployment_path(self.pinned),
        )
        cfg = load_config(self.config_path)
        return dataclasses.replace(cfg, embedder=self.embedder.embedder_config())

    @contextmanager
    def open(self) -> Iterator[MemoryStore]:
        """A store for the duration of one op; migrates (idempotently) and closes its pool after."""
        store = MemoryStore.open(self.deployment())
        try:
            yield store
        finally:
            store.close()


def deployment_path(cfg: Config) -> str | None:
    """The file a loaded config came from, if it is a real file (so run workers re-read it)."""
    if cfg.source and Path(cfg.source).is_file():
        return str(Path(cfg.source).resolve())
    return None


def build_resources(cfg: Config) -> dict[str, dg.ConfigurableResource]:
    """The three resources, their defaults taken from the loaded deployment ``cfg``."""
    embedder = EmbedderResource.from_config(cfg.embedder)
    return {
        "store": StoreResource(config_path=deployment_path(cfg), embedder=embedder, pinned=cfg),
        "embedder": embedder,
        "consolidator": ConsolidatorResource.from_config(cfg),
    }
