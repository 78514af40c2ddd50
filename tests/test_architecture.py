"""Static rules over the product packages' source, read with ``ast`` (ARCHITECTURE.md).

- The rooms and what each may import: every import, including those inside
  functions and under ``TYPE_CHECKING``, resolved to its full dotted module
  name; a rule broken anywhere fails with the module, line and import at fault.
- Dagster ``Definitions`` are built in one module only, the one workspace.yaml loads.
- No module imports another's private name: a name two modules share is public where it is defined.
- Invariant 10: SQL text is never built from runtime values; values travel as parameters.

Each checker is also tested on made-up sources, so these tests can fail.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("memory_sink", "consolidators", "pipelines")
STORAGE_LIBS = ("psycopg", "psycopg_pool", "pgvector")
DEFINITIONS_MODULE = "pipelines.definitions"


@dataclass(frozen=True)
class Room:
    """Modules matching ``prefixes`` (and not a more specific room) must not import ``forbidden``."""

    name: str
    prefixes: tuple[str, ...]
    forbidden: tuple[str, ...]
    allowed: tuple[str, ...] = ()  # exceptions to ``forbidden``


# Most specific first: a module belongs to the first room whose prefix it matches.
ROOMS = (
    Room("consolidators", ("consolidators",), ("memory_sink", "pipelines", "dagster", "click", *STORAGE_LIBS)),
    # consolidators.forms (fact-key norm, UTC timestamps, a misspelt name's did-you-mean) is a pure leaf both sides must agree on to the
    # letter, so storage imports that one module rather than keep a drifting copy.
    Room(
        "memory_sink",
        ("memory_sink",),
        ("consolidators", "pipelines", "dagster", "click"),
        allowed=("consolidators.forms",),
    ),
    Room("definitions", (DEFINITIONS_MODULE,), ("pipelines.cli", "click")),
    Room("orchestration", ("pipelines.orchestration",), ("pipelines.cli", DEFINITIONS_MODULE, "click")),
    # The CLI reaches Dagster only through the `tiermem dev` supervisor.
    Room(
        "cli",
        ("pipelines.cli",),
        ("dagster", "pipelines.orchestration", DEFINITIONS_MODULE),
        allowed=("pipelines.orchestration.dev",),
    ),
    # The steps: plain functions, testable without Dagster or the CLI.
    Room("steps", ("pipelines",), ("dagster", "click", "pipelines.cli", "pipelines.orchestration", DEFINITIONS_MODULE)),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def imports(module: str, source: str, *, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in ``source``, relative ones resolved."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package[: len(package) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            found.append((node.lineno, base))
            # `from pkg import name` may import a submodule: check pkg.name too.
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names if alias.name != "*"]
    return found


def room_of(module: str) -> Room:
    return next(room for room in ROOMS if any(_within(module, p) for p in room.prefixes))


def import_violations(module: str, source: str, *, is_package: bool = False) -> list[str]:
    room = room_of(module)
    bad = []
    for line, target in imports(module, source, is_package=is_package):
        if any(_within(target, f) for f in room.forbidden) and not any(_within(target, a) for a in room.allowed):
            bad.append(f"{module}:{line}: the {room.name} room imports {target}")
    return bad


def definitions_built(source: str) -> list[int]:
    """Lines that call something named ``Definitions`` (``dg.Definitions(...)``, ``Definitions(...)``)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Attribute) and node.func.attr == "Definitions")
            or (isinstance(node.func, ast.Name) and node.func.id == "Definitions")
        )
    ]


def private_imports(source: str) -> list[tuple[int, str]]:
    """(line, name) for each name ``source`` imports that its module keeps private (one leading underscore)."""
    return [
        (node.lineno, alias.name)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]


def product_files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


# --- the checker, on made-up sources: each rule can fail -----------------------------------


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("consolidators.extra", "from memory_sink import MemoryStore"),
        ("consolidators.extra", "def f():\n    import pipelines.consolidate"),
        ("consolidators.extra", "import psycopg"),
        ("memory_sink.extra", "from pipelines.realtime import run_realtime"),
        ("memory_sink.extra", "from consolidators import Fact"),
        ("memory_sink.extra", "import dagster as dg"),
        ("pipelines.realtime", "import dagster"),
        ("pipelines.consolidate", "from .cli import app"),
        ("pipelines.orchestration.ops", "from ..cli.output import table"),
        ("pipelines.cli.commands", "from ..orchestration.ops import build_realtime_job"),
        ("pipelines.cli.commands", "from .. import definitions"),
    ],
)
def test_the_checker_catches_a_forbidden_import(module: str, source: str) -> None:
    assert import_violations(module, source)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("pipelines.cli.app", "from . import orchestration"),  # the CLI's own orchestration commands
        ("pipelines.cli.orchestration", "def f():\n    from ..orchestration.dev import run_dev"),
        ("pipelines.orchestration.ops", "from ..consolidate import run_consolidate\nimport dagster as dg"),
        ("pipelines.consolidate", "from consolidators import Consolidator\nfrom memory_sink import MemoryStore"),
        ("consolidators", "from .base import Consolidator"),
    ],
)
def test_the_checker_allows_what_the_rooms_allow(module: str, source: str) -> None:
    assert import_violations(module, source, is_package=module == "consolidators") == []


def test_the_checker_finds_a_private_name_imported() -> None:
    assert private_imports("from .chat import ENV_NAME, _ENV_NAME") == [(1, "_ENV_NAME")]
    assert private_imports("def f():\n    from memory_sink.db import _redact as redact") == [(2, "_redact")]
    assert private_imports("from __future__ import annotations\nfrom .text import UPPER as _UP") == []


def test_the_checker_finds_definitions_built_however_spelled() -> None:
    assert definitions_built("import dagster as dg\ndefs = dg.Definitions(jobs=[])") == [2]
    assert definitions_built("from dagster import Definitions\n\ndef f():\n    return Definitions()") == [4]
    assert definitions_built("import dagster as dg\nx: dg.Definitions") == []


# --- the rules, over the real tree ----------------------------------------------------------


def test_every_product_module_keeps_to_its_rooms_imports() -> None:
    files = product_files()
    assert {module_name(p) for p in files} >= {"consolidators.base", "memory_sink.store", "pipelines.cli.app"}
    bad = [
        v
        for path in files
        for v in import_violations(
            module_name(path), path.read_text(encoding="utf-8"), is_package=path.name == "__init__.py"
        )
    ]
    assert bad == [], "\n".join(bad)


def test_no_product_module_imports_another_modules_private_name() -> None:
    bad = [
        f"{module_name(path)}:{line}: imports {name}"
        for path in product_files()
        for line, name in private_imports(path.read_text(encoding="utf-8"))
    ]
    assert bad == [], "\n".join(bad)


def test_only_the_definitions_module_builds_dagster_definitions() -> None:
    built = {
        module_name(path): lines
        for path in product_files()
        if (lines := definitions_built(path.read_text(encoding="utf-8")))
    }
    assert set(built) == {DEFINITIONS_MODULE}, built


def test_the_workspace_loads_the_definitions_module() -> None:
    workspace = yaml.safe_load((ROOT / "workspace.yaml").read_text(encoding="utf-8"))
    [location] = workspace["load_from"]
    assert location["python_module"]["module_name"] == DEFINITIONS_MODULE


# --- invariant 10: SQL text is constant; values travel as parameters -------------------------

SQL_METHODS = ("execute", "executemany", "copy")


# Functions that build a statement from a value through psycopg's quoting (sql.Literal),
# because the planner needs a constant there (recall: a partial index's predicate).
QUOTING_BUILDERS = ("own_graph_statement",)


def _quoted(node: ast.expr) -> bool:
    """A value made SQL by psycopg's quoting: sql.Identifier(...) or sql.Literal(...)."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("Identifier", "Literal")
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "sql"
    )


def _composed_sql(node: ast.Call) -> bool:
    """An UPPER_CASE sql.SQL constant's .format() of quoted values only, or a reviewed quoting builder."""
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in QUOTING_BUILDERS
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "format"
        and isinstance(func.value, ast.Name)
        and func.value.id.isupper()
        and all(_quoted(a) for a in [*node.args, *(k.value for k in node.keywords)])
    )


def _constant_sql(node: ast.expr) -> bool:
    """A literal, a named statement, a choice of two, a composition of quoted values (psycopg.sql),
    or an f-string of UPPER_CASE module constants only."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Name, ast.Attribute)):
        return True
    if isinstance(node, ast.IfExp):
        return _constant_sql(node.body) and _constant_sql(node.orelse)
    if isinstance(node, ast.Call):
        return _composed_sql(node)
    if isinstance(node, ast.JoinedStr):
        return all(
            isinstance(part, ast.Constant)
            or (isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) and part.value.id.isupper())
            for part in node.values
        )
    return False


def sql_built_from_values(source: str) -> list[int]:
    """Lines where ``.execute``/``.executemany``/``.copy`` get SQL formatted from something not constant."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in SQL_METHODS
        and node.args
        and not _constant_sql(node.args[0])
    ]


@pytest.mark.parametrize(
    "source",
    [
        "conn.execute(f'SELECT * FROM memory WHERE namespace = {namespace}')",
        "conn.execute('SELECT * FROM memory WHERE id = %s' % memory_id)",
        "conn.execute('SELECT * FROM ' + table)",
        "cur.executemany('DELETE FROM {} WHERE id = %s'.format(table), rows)",
        "conn.cursor().copy(f'COPY {table} FROM STDIN')",
        "conn.execute(DROP.format(name=sql.Identifier(n), where=n))",
        "conn.execute(DROP.format(sql.SQL(n)))",
        "conn.execute(a if cond else f'SELECT {b}')",
        "conn.execute(statement_for(namespace))",
    ],
)
def test_the_checker_catches_sql_formatted_from_a_value(source: str) -> None:
    assert sql_built_from_values(source) == [1]


def test_sql_text_is_never_built_from_runtime_values() -> None:
    assert sql_built_from_values("conn.execute(f'SET hnsw.ef_search = {HNSW_EF_SEARCH}')") == []
    assert sql_built_from_values("conn.execute(DROP.format(name=sql.Identifier(n), ns=sql.Literal(v)))") == []
    assert sql_built_from_values("conn.execute(own_graph_statement(ns) if own else RECALL, params)") == []
    bad = {
        module_name(path): lines
        for path in product_files()
        if (lines := sql_built_from_values(path.read_text(encoding="utf-8")))
    }
    assert bad == {}, bad
