"""The engine's imports run one way: no cycle, no import tucked inside a function, and layers that
hold (docs/ARCHITECTURE.md, "Layers").

Every module of `engine/` is read as a syntax tree, imports at module level and inside functions
alike (`from x import y` counts as an import of the module `x.y` when there is one, else of `x`).
Imports under `if TYPE_CHECKING:` are left out: they never run. A game, or a lazily exposed
name of a package, loaded with `importlib` by its name is a plugin load, not an import: those
few places are listed below with their reasons, and no other module of the engine may load one.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"

# The modules that load others by name (importlib), and why that is not an import.
LOADS_BY_NAME = {
    "engine.registry": "reads each listed game's meta.py: the game list, without any rules",
    "engine.core.info": "GameInfo.load imports a game's rules the first time the game is used",
    "engine.ai.arena": "`--game module:attribute` names a game outside the registry (test games)",
}


@attrs.frozen
class Import:
    importer: str
    imported: str
    line: int
    in_function: bool


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


@attrs.frozen
class Statement:
    """One import statement that runs: `import module` (no names) or `from module import names`."""

    module: str
    names: tuple[str, ...]
    line: int
    in_function: bool


def statements(source: str, package: str) -> Iterator[Statement]:
    """Every import statement of a module whose package is `package`, relative ones made absolute."""

    def visit(node: ast.AST, in_function: bool) -> Iterator[Statement]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for other in child.orelse:
                    yield from visit_one(other, in_function)
                continue
            yield from visit_one(child, in_function)

    def visit_one(node: ast.AST, in_function: bool) -> Iterator[Statement]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Statement(alias.name, (), node.lineno, in_function)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            names = tuple(alias.name for alias in node.names)
            yield Statement(base, names, node.lineno, in_function)
        else:
            inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            yield from visit(node, inner)

    yield from visit(ast.parse(source), False)


def module_statements(name: str, path: Path) -> list[Statement]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return list(statements(path.read_text(encoding="utf-8"), package))


def targets(st: Statement, modules: set[str] | dict[str, Path]) -> list[str]:
    """The modules a statement imports: `from x import y` is the submodule x.y when y is one,
    else x."""
    subs = [f"{st.module}.{n}" for n in st.names if f"{st.module}.{n}" in modules]
    if len(subs) < len(st.names) or not st.names:
        subs.append(st.module)
    return subs


@cache
def engine_imports() -> tuple[Import, ...]:
    """Every import of one engine module by another (read once per test run)."""
    modules = engine_modules()
    found = []
    for name, path in modules.items():
        for st in module_statements(name, path):
            for target in targets(st, modules):
                if target in modules and target != name:
                    found.append(Import(name, target, st.line, st.in_function))
    return tuple(found)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return sorted(found)


def test_no_import_cycle_in_the_engine() -> None:
    edges: dict[str, set[str]] = {}
    for imp in engine_imports():
        edges.setdefault(imp.importer, set()).add(imp.imported)
    found = cycles(edges)
    assert found == [], "\n".join(" <-> ".join(c) for c in found)


def test_no_engine_module_is_imported_inside_a_function() -> None:
    """An import inside a function is how a cycle is hidden from the loader: every import of an
    engine module stands at the top of its file."""
    inside = sorted(
        f"{imp.importer}:{imp.line} imports {imp.imported}" for imp in engine_imports() if imp.in_function
    )
    assert inside == [], "\n".join(inside)


def test_modules_are_loaded_by_name_only_where_listed() -> None:
    loaders = sorted(
        name
        for name, path in engine_modules().items()
        if any(st.module == "importlib" for st in module_statements(name, path))
        or "__import__(" in path.read_text(encoding="utf-8")
    )
    assert loaders == sorted(LOADS_BY_NAME)


def layer(name: str) -> str:
    """core, a game (its package name), registry, or tools (the bots and the measuring tools)."""
    parts = name.split(".")
    if name in ("engine", "engine.registry"):
        return "registry"
    if parts[1] == "core":
        return "core"
    if parts[1] in ("ai", "bench"):
        return "tools"
    return parts[1]


def test_the_engine_layers_hold() -> None:
    """core <- each game <- registry <- tools. A game imports only itself and core (never another
    game, the registry or the bots); the bots, the arena and the bench reach the games through
    the registry and the contract only."""
    allowed = {"core": {"core"}, "registry": {"core", "registry"}, "tools": {"core", "registry", "tools"}}
    wrong = []
    for imp in engine_imports():
        mine = layer(imp.importer)
        if layer(imp.imported) not in allowed.get(mine, {"core", mine}):
            wrong.append(f"{imp.importer}:{imp.line} imports {imp.imported}")
    assert wrong == [], "\n".join(sorted(wrong))


def test_the_graph_is_read_whole() -> None:
    """The reading above sees what the tests rely on: an import inside a function, one under
    TYPE_CHECKING (left out), a relative one, and `from package import submodule`."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from engine.rivals.rules import flow, nothing\n"
        "from .. import state\n"
        "if TYPE_CHECKING:\n"
        "    from engine.rivals.game import GAME\n"
        "def f():\n"
        "    from engine.rivals.rules.turn import activate\n"
    )
    found = list(statements(source, "engine.rivals.rules"))
    modules = set(engine_modules())
    assert [(targets(st, modules), st.line, st.in_function) for st in found[1:]] == [
        (["engine.rivals.rules.flow", "engine.rivals.rules"], 2, False),
        (["engine.rivals.state"], 3, False),
        (["engine.rivals.rules.turn"], 7, True),
    ]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
