"""The deployment configuration: one YAML file, validated on load.

Keys a file leaves out take the defaults below, so a deployment file holds only
what differs. Every error names the dotted key and what was expected. Secrets
never live here: ``TIERMEM_DSN`` overrides ``database.dsn``, and consolidator
options name environment variables rather than holding keys.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any, get_type_hints

import yaml

from consolidators.forms import unknown_name

from .errors import ConfigError, InputError, remember_secrets
from .models import get_spec
from .staging import validate_namespace

log = logging.getLogger(__name__)

CONFIG_ENV = "TIERMEM_CONFIG"
DSN_ENV = "TIERMEM_DSN"
#: The shipped YAML files: package data, so an installed wheel has them as a checkout does.
SHIPPED_CONFIGS = Path(__file__).resolve().parent / "configs"
DEFAULT_CONFIG_PATH = SHIPPED_CONFIGS / "default.yaml"


@dataclass(frozen=True)
class DatabaseConfig:
    dsn: str | None = None
    data_dir: str | None = None
    embedded: bool = True  # false: a null dsn is an error, never a silent embedded server
    pool_min_size: int = 1
    pool_max_size: int = 8


@dataclass(frozen=True)
class EmbedderConfig:
    model: str = "all-minilm-l6-v2-int8"
    path: str | None = None
    threads: int = 2
    batch_size: int = 64

    def __post_init__(self) -> None:
        get_spec(self.model)  # a registry name, checked on load: `status` passes only what loading the model would


_CRON_MACROS = {"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"}
_CRON_NAMES = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat"
# One cron field item: *, ?, L, or a value/range (numbers or names), an optional /step or #nth weekday.
_CRON_ITEM = re.compile(rf"^(\*|\?|L|(\d+|{_CRON_NAMES})(-(\d+|{_CRON_NAMES}))?)(/\d+|#[1-5])?$", re.IGNORECASE)
_CRON_RANGES = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))


def check_cron(cron: str, key: str) -> None:
    """Refuse what is not a 5-field cron expression, on load, so no command starts with a bad schedule."""
    fields_ = cron.split()
    if cron.strip().lower() in _CRON_MACROS:
        return
    ok = len(fields_) == 5 and all(_cron_field_ok(part, low, high) for part, (low, high) in zip(fields_, _CRON_RANGES))
    if not ok:
        raise ConfigError(f"{key}: not a valid cron expression: {cron!r} (expected 5 fields, e.g. '* * * * *')")


def _cron_field_ok(field_: str, low: int, high: int) -> bool:
    for item in field_.split(","):
        if not _CRON_ITEM.match(item):
            return False
        numbers = [int(n) for n in re.findall(r"(?<![/#])\b\d+", item)]
        if any(not low <= n <= high for n in numbers):
            return False
    return True


@dataclass(frozen=True)
class RealtimeConfig:
    schedule: str = "* * * * *"
    batch_size: int = 512
    lag_alert_seconds: int = 300  # the Dagster lag check fails when a turn waits longer

    def __post_init__(self) -> None:
        check_cron(self.schedule, "realtime.schedule")


@dataclass(frozen=True)
class EpisodeConfig:
    max_gap_seconds: int = 1800
    max_turns: int = 16
    max_words: int = 400


#: ``consolidators.KINDS`` by name, so a deployment's kind is checked on load without importing the
#: consolidators (spaCy and all); ``tests/test_config.py`` keeps the two lists equal.
CONSOLIDATOR_KINDS = ("callable", "extractive", "llm", "passthrough")


@dataclass(frozen=True)
class ConsolidatorConfig:
    kind: str = "extractive"
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in CONSOLIDATOR_KINDS:
            raise ConfigError(
                f"consolidate.consolidator.kind: {unknown_name(f'consolidator {self.kind!r}', self.kind, CONSOLIDATOR_KINDS)}"
            )


@dataclass(frozen=True)
class ConsolidateConfig:
    schedule: str = "30 2 * * *"
    min_quiet_seconds: int = 3600
    retry_base_seconds: int = 300
    max_attempts: int = 8
    timeout_seconds: int = 600  # one session's consolidator call; over it the session fails
    # Characters of each turn the consolidator reads (its start; the turn stays whole in staging and
    # its passage): its work grows faster than a turn's length, so a pasted book would hold the night.
    max_turn_chars: int = 8000
    episode: EpisodeConfig = field(default_factory=EpisodeConfig)
    consolidator: ConsolidatorConfig = field(default_factory=ConsolidatorConfig)
    # First UTC day of the Dagster consolidate partitions; None: the day the Dagster
    # instance first loaded this deployment (pipelines.orchestration.partitions).
    partition_start: str | None = None
    failure_alert_attempts: int = 3  # the Dagster check flags sessions failing this often
    retired_share_alert: float = 0.25  # the Dagster check flags a run retiring more of the active facts

    def __post_init__(self) -> None:
        check_cron(self.schedule, "consolidate.schedule")
        if self.partition_start is not None:
            try:
                date.fromisoformat(self.partition_start)
            except (TypeError, ValueError):
                raise ConfigError(
                    f"consolidate.partition_start: expected a date YYYY-MM-DD, got {self.partition_start!r}"
                ) from None
        if not isinstance(self.retired_share_alert, int | float) or not 0 < self.retired_share_alert <= 1:
            raise ConfigError(
                f"consolidate.retired_share_alert: expected a number in (0, 1], got {self.retired_share_alert!r}"
            )


@dataclass(frozen=True)
class SupersessionConfig:
    semantic_threshold: float | None = None  # None = the calibrated default for the embedder
    guard_keys: list[str] = field(default_factory=lambda: ["project"])
    single_valued: list[str] = field(default_factory=list)  # added to the built-in list
    multi_valued: list[str] = field(default_factory=list)  # added to the built-in list; wins over single
    judge: str = "rules"  # rules | llm
    judge_options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class McpConfig:
    # Namespaces a client of `tiermem mcp` may name besides the one the server was started for;
    # empty: each server serves exactly one tenant.
    allow_namespaces: list[str] = field(default_factory=list)


#: Keys of a Dagster run's resource config that only the deployment file sets: where data and
#: secrets go and what code runs (``pipelines.orchestration.overrides`` enforces them).
PINNED_RUN_KEYS = ("store.config_path", "embedder.path", "consolidator.kind")
#: Consolidator options pinned the same way: code to import, an endpoint, a path, or the *name*
#: of an environment variable whose value would be sent (``api_key_env: TIERMEM_DSN``).
PINNED_OPTION = re.compile(r"target|\w+_(?:env|url|path)")
PINNED_OPTION_PREFIX = "consolidator.options."


def is_pinned_run_key(key: str) -> bool:
    """True if ``key`` (as ``orchestration.allowed_overrides`` spells it) is one a run may not change."""
    option = key.removeprefix(PINNED_OPTION_PREFIX)
    return key in PINNED_RUN_KEYS or (option != key and PINNED_OPTION.fullmatch(option) is not None)


@dataclass(frozen=True)
class OrchestrationConfig:
    # Pinned keys (PINNED_RUN_KEYS, pinned consolidator options) a Dagster run may set to another
    # value than this file's; empty: a run changes run parameters only.
    allowed_overrides: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for key in self.allowed_overrides:
            if not is_pinned_run_key(key):
                raise ConfigError(
                    f"orchestration.allowed_overrides: {key!r} is not a pinned key (expected one of: "
                    f"{', '.join(PINNED_RUN_KEYS)}, {PINNED_OPTION_PREFIX}<target or a name ending in "
                    "_env, _url or _path>)"
                )


@dataclass(frozen=True)
class Config:
    namespace: str = "default"  # the deployment's default tenant: every command's --namespace default
    database: DatabaseConfig = field(default_factory=DatabaseConfig)
    embedder: EmbedderConfig = field(default_factory=EmbedderConfig)
    realtime: RealtimeConfig = field(default_factory=RealtimeConfig)
    consolidate: ConsolidateConfig = field(default_factory=ConsolidateConfig)
    supersession: SupersessionConfig = field(default_factory=SupersessionConfig)
    mcp: McpConfig = field(default_factory=McpConfig)
    orchestration: OrchestrationConfig = field(default_factory=OrchestrationConfig)
    source: str | None = None  # the file it came from, for messages

    def __post_init__(self) -> None:
        _check_positive(self)


_POSITIVE = {
    "database.pool_min_size",
    "database.pool_max_size",
    "embedder.threads",
    "embedder.batch_size",
    "realtime.batch_size",
    "consolidate.episode.max_turns",
    "consolidate.episode.max_words",
    "consolidate.max_attempts",
    "consolidate.timeout_seconds",
    "consolidate.max_turn_chars",
    "realtime.lag_alert_seconds",
    "consolidate.failure_alert_attempts",
}
_NON_NEGATIVE = {
    "consolidate.min_quiet_seconds",
    "consolidate.retry_base_seconds",
    "consolidate.episode.max_gap_seconds",
}


def _check_positive(cfg: Config) -> None:
    for key in _POSITIVE | _NON_NEGATIVE:
        value: Any = cfg
        for part in key.split("."):
            value = getattr(value, part)
        floor = 1 if key in _POSITIVE else 0
        if value < floor:
            raise ConfigError(f"{key}: expected an integer >= {floor}, got {value!r}")
    if cfg.database.pool_min_size > cfg.database.pool_max_size:
        raise ConfigError("database.pool_min_size: must not exceed database.pool_max_size")
    threshold = cfg.supersession.semantic_threshold
    if threshold is not None and not 0.0 < threshold < 1.0:
        raise ConfigError(f"supersession.semantic_threshold: expected a number in (0, 1) or null, got {threshold!r}")
    for key, namespace in [("namespace", cfg.namespace)] + [
        ("mcp.allow_namespaces", n) for n in cfg.mcp.allow_namespaces
    ]:
        try:  # the rule a staged turn's namespace must pass, so a configured one can be written to
            validate_namespace(namespace)
        except InputError as exc:
            raise ConfigError(f"{key}: {str(exc).removeprefix('namespace: ')}") from None
    if cfg.supersession.judge not in ("rules", "llm"):
        raise ConfigError(f"supersession.judge: expected rules or llm, got {cfg.supersession.judge!r}")


def _build(cls: type, data: Any, prefix: str) -> Any:
    """Build dataclass ``cls`` from a mapping, naming the dotted key on any error."""
    if data is None:
        return cls()
    if not isinstance(data, Mapping):
        raise ConfigError(f"{prefix or 'config'}: expected a mapping, got {type(data).__name__}")
    hints = get_type_hints(cls)
    known = {f.name for f in fields(cls) if f.name != "source"}
    unknown = sorted(set(data) - known)
    if unknown:
        key = f"{prefix}.{unknown[0]}" if prefix else str(unknown[0])
        raise ConfigError(f"{key}: {unknown_name('key', str(unknown[0]), known)}")
    kwargs = {}
    for name, raw in data.items():
        key = f"{prefix}.{name}" if prefix else name
        kwargs[name] = _coerce(hints[name], raw, key)
    return cls(**kwargs)


def _shown(raw: Any) -> str:
    """A value as the YAML file spells it: ``true``, not Python's ``True``."""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    return repr(raw)


def _coerce(hint: Any, raw: Any, key: str) -> Any:
    if isinstance(hint, type) and is_dataclass(hint):
        return _build(hint, raw, key)
    text = str(hint)
    optional = "None" in text
    if raw is None:
        if optional:
            return None
        raise ConfigError(f"{key}: must not be null")
    if isinstance(raw, date) and text.startswith("<class 'str'>"):
        raw = raw.isoformat()  # YAML reads an unquoted 2024-01-01 as a date
    if text.startswith("list"):
        if not isinstance(raw, list) or not all(isinstance(x, str) and x.strip() for x in raw):
            raise ConfigError(f"{key}: expected a list of non-empty strings, got {_shown(raw)}")
        return list(raw)
    if text.startswith("dict"):
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{key}: expected a mapping, got {type(raw).__name__}")
        return dict(raw)
    if text.startswith("bool") or text == "<class 'bool'>":
        if not isinstance(raw, bool):
            raise ConfigError(f"{key}: expected true or false, got {_shown(raw)}")
        return raw
    if "int" in text and "float" not in text:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ConfigError(f"{key}: expected an integer, got {_shown(raw)}")
        return raw
    if "float" in text:
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise ConfigError(f"{key}: expected a number, got {_shown(raw)}")
        return float(raw)
    if not isinstance(raw, str) or not raw.strip():
        raise ConfigError(f"{key}: expected a non-empty string, got {_shown(raw)}")
    return raw


def config_from_mapping(data: Mapping[str, Any] | None, *, source: str | None = None) -> Config:
    """Validate a parsed YAML document (or ``None`` for all defaults)."""
    cfg = _build(Config, data or {}, "")
    remember_secrets(cfg.database.dsn)
    if cfg.database.dsn and _has_password(cfg.database.dsn):
        # Invariant 10: secrets come from the environment. Refusing would break a
        # working deployment on upgrade, so say it loudly (without the password).
        log.warning(
            "database.dsn in %s holds a password; move the DSN to %s so the secret stays out of deployment files",
            source or "the config",
            DSN_ENV,
        )
    dsn = os.environ.get(DSN_ENV)
    remember_secrets(dsn)
    database = cfg.database
    if dsn:
        database = DatabaseConfig(**{**_asdict(database), "dsn": dsn})
    configured: Config = replace(cfg, database=database, source=source)
    return configured


def _has_password(dsn: str) -> bool:
    """True if a DSN (URL or key=value) carries a non-empty password; an unparseable one: False."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        return bool(conninfo_to_dict(dsn).get("password"))
    except Exception:  # psycopg.ProgrammingError; the connection reports a bad DSN later, clearly
        return False


def _asdict(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


class _Loader(yaml.SafeLoader):
    """Safe YAML, except that a date-looking value that is no date stays a string, and a key given twice is refused.

    The key's own validation then names a bad date (``2024-13-01`` is not a date); the
    plain loader raised a bare ValueError naming neither file nor key. A mapping that
    repeats a key would keep only the last value, silently dropping a whole section.
    """

    def construct_lenient_timestamp(self, node: yaml.ScalarNode) -> Any:
        try:
            return self.construct_yaml_timestamp(node)
        except ValueError:
            return self.construct_scalar(node)


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_lenient_timestamp)


def _parse_yaml(path: Path, text: str) -> Any:
    """The document in ``text``; a YAML error or a key given twice is a ConfigError naming ``path`` and the line."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        _refuse_duplicate_keys(path, root, "")
        return loader.construct_document(root)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ConfigError(f"{path}: not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None
    finally:
        loader.dispose()


def _refuse_duplicate_keys(path: Path, node: yaml.Node, prefix: str) -> None:
    """Refuse a mapping that gives one key twice: YAML keeps only the last value, silently dropping the first."""
    if isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _refuse_duplicate_keys(path, item, f"{prefix}[{i}]")
    if not isinstance(node, yaml.MappingNode):
        return
    lines: dict[tuple[str, str], int] = {}
    for key_node, value in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
            continue
        key = f"{prefix}.{key_node.value}" if prefix else str(key_node.value)
        line = key_node.start_mark.line + 1
        same = (key_node.tag, key_node.value)  # 1 and "1" are two keys to YAML: only one spelt alike twice is lost
        if same in lines:
            where = f"lines {lines[same]} and {line}" if lines[same] != line else f"line {line}, twice"
            raise ConfigError(f"{path}: {key}: duplicate key at {where} (YAML would keep only the last)")
        lines[same] = line
        _refuse_duplicate_keys(path, value, key)


def load_config(config: str | os.PathLike[str] | Config | Mapping[str, Any] | None = None) -> Config:
    """Resolve a deployment: an explicit path or object, else ``TIERMEM_CONFIG``, else the default file."""
    if isinstance(config, Config):
        return config
    if isinstance(config, Mapping):
        return config_from_mapping(config)
    path = Path(config) if config is not None else None
    if path is None and os.environ.get(CONFIG_ENV):
        path = Path(os.environ[CONFIG_ENV])
    if path is None:
        path = DEFAULT_CONFIG_PATH
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config file ({exc.strerror})") from None
    data = _parse_yaml(path, text)
    try:
        return config_from_mapping(data, source=str(path))
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
