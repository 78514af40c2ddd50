"""Load a consolidator from configuration.

``load_consolidator`` turns ``consolidate.consolidator.{kind, options}`` into an
object, failing fast with the config key at fault. Running one with its output
checked is :func:`consolidators.validation.run_consolidator`.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any

from .base import Consolidator, option_key, str_option
from .errors import KIND_KEY, OPTIONS_KEY, ConsolidatorConfigError
from .extractive import ExtractiveConsolidator
from .forms import unknown_name
from .llm import LLMConsolidator, LLMJudge
from .passthrough import PassthroughConsolidator
from .types import Context, Transcript

ENTRY_POINT_GROUP = "tiermem.consolidators"
_TARGET = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_ENTRY_NAME = re.compile(r"[A-Za-z0-9][\w.-]*")


class CallableConsolidator:
    """Wraps ``fn(transcript, context)`` named by ``target`` (``module:function`` or an entry point).

    The target is resolved here, when the deployment is loaded, so a typo fails
    the run at start-up rather than every session at night.
    """

    def __init__(self, *, target: str) -> None:
        target = str_option("target", target)
        self.target = target
        self.name = f"callable:{target}"
        self.fn = _resolve_target(target)

    def consolidate(self, transcript: Transcript, context: Context) -> Any:
        """Call the target; whatever it returns is checked by :func:`run_consolidator`."""
        return self.fn(transcript, context)


#: kind -> factory taking the options as keyword arguments. Adding a kind is one entry;
#: the accepted option names are the factory's keyword-only parameters.
KINDS: dict[str, Callable[..., Consolidator]] = {
    "passthrough": PassthroughConsolidator,
    "extractive": ExtractiveConsolidator,
    "llm": LLMConsolidator,
    "callable": CallableConsolidator,
}


def load_consolidator(kind: str, options: Mapping[str, Any] | None = None) -> Consolidator:
    """Build the consolidator ``kind`` with ``options``, or raise ConsolidatorConfigError.

    Unknown keys and wrong types are rejected here with the dotted config key,
    so a bad deployment file fails at load time, not at 02:30.
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ConsolidatorConfigError(KIND_KEY, unknown_name(f"consolidator {kind!r}", kind, KINDS))
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ConsolidatorConfigError(OPTIONS_KEY, f"expected a mapping, got {type(options).__name__}")
    factory = KINDS[kind]
    _check_option_names(kind, factory, options)
    return factory(**{str(k): v for k, v in options.items()})


#: Kinds whose options are checked whole without building them against the world: they read
#: no environment variable and import no code (``llm`` does the one, ``callable`` the other).
SELF_CONTAINED = ("passthrough", "extractive")


def check_options(kind: str, options: Mapping[str, Any] | None) -> None:
    """Check a deployment's consolidator as far as can be done without its environment or code, or raise
    ConsolidatorConfigError: the kind and the option names, and every value of a ``SELF_CONTAINED`` kind."""
    if kind in SELF_CONTAINED or kind not in KINDS:
        load_consolidator(kind, options)
        return
    if not isinstance(options, Mapping):
        raise ConsolidatorConfigError(OPTIONS_KEY, f"expected a mapping, got {type(options).__name__}")
    _check_option_names(kind, KINDS[kind], options)


def check_judge_options(options: Mapping[str, Any] | None, *, config_key: str) -> None:
    """The LLM judge's option names, checked as ``check_options`` checks an ``llm`` consolidator's."""
    if not isinstance(options, Mapping):
        raise ConsolidatorConfigError(config_key, f"expected a mapping, got {type(options).__name__}")
    _check_option_names("llm judge", LLMJudge, options, prefix=config_key, skip=("config_key",))


def load_llm_judge(options: Mapping[str, Any] | None, *, config_key: str) -> LLMJudge:
    """The LLM supersession judge from its options; errors name ``<config_key>.<option>``."""
    check_judge_options(options, config_key=config_key)
    assert isinstance(options, Mapping)
    return LLMJudge(**{str(k): v for k, v in options.items()}, config_key=config_key)


def _check_option_names(
    kind: str,
    factory: Callable[..., Any],
    options: Mapping[str, Any],
    *,
    prefix: str = OPTIONS_KEY,
    skip: tuple[str, ...] = (),
) -> None:
    """Reject unknown and missing option keys, using the factory's signature as the schema."""
    params = {
        name: p
        for name, p in inspect.signature(factory).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and name not in skip
    }
    for key in options:
        if key not in params:
            raise ConsolidatorConfigError(f"{prefix}.{key}", unknown_name(f"option for {kind!r}", key, params))
    for name, param in params.items():
        if param.default is inspect.Parameter.empty and name not in options:
            raise ConsolidatorConfigError(f"{prefix}.{name}", f"required by the {kind!r} consolidator")


def _resolve_target(target: str) -> Callable[..., Any]:
    """Import ``module:function`` or load the entry point ``target``; it must be callable."""
    key = option_key("target")
    if _TARGET.fullmatch(target):
        obj = _import_target(target, key)
    elif ":" not in target and _ENTRY_NAME.fullmatch(target):
        obj = _load_entry_point(target, key)
    else:
        raise ConsolidatorConfigError(key, f"expected 'module:function' or an entry point name, got {target!r}")
    if hasattr(obj, "consolidate") and not isinstance(obj, type):
        method: Callable[..., Any] = obj.consolidate  # a ready consolidator object is welcome too
        return method
    if not callable(obj):
        raise ConsolidatorConfigError(key, f"{target!r} is a {type(obj).__name__}, not a callable")
    function: Callable[..., Any] = obj
    return function


def _import_target(target: str, key: str) -> Any:
    module_name, _, attr_path = target.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
    except Exception as exc:  # any import-time failure is the config's to fix
        raise ConsolidatorConfigError(key, f"cannot import {module_name!r}: {exc}") from exc
    for attr in attr_path.split("."):
        try:
            obj = getattr(obj, attr)
        except AttributeError:
            raise ConsolidatorConfigError(key, f"{module_name!r} has no attribute {attr_path!r}") from None
    return obj


def _load_entry_point(name: str, key: str) -> Any:
    found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not found:
        raise ConsolidatorConfigError(
            key, f"no entry point {name!r} in group {ENTRY_POINT_GROUP!r} (or give 'module:function')"
        )
    try:
        return found[0].load()
    except Exception as exc:
        raise ConsolidatorConfigError(key, f"cannot load entry point {name!r}: {exc}") from exc
