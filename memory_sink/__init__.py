"""tiermem storage: staging log, two-tier memory table, supersession and recall."""

from .config import Config, load_config
from .errors import (
    ConfigError,
    ConsolidationError,
    DatabaseError,
    InputError,
    ModelError,
    ModelMismatchError,
    NotFoundError,
    ReadError,
    TiermemError,
)
from .store import MemoryStore
from .tiers import Tiers
from .types import Embedder, Memory, StageReport

__all__ = [
    "Config",
    "ConfigError",
    "ConsolidationError",
    "DatabaseError",
    "Embedder",
    "InputError",
    "Memory",
    "MemoryStore",
    "ModelError",
    "ModelMismatchError",
    "NotFoundError",
    "ReadError",
    "StageReport",
    "TiermemError",
    "Tiers",
    "load_config",
]
