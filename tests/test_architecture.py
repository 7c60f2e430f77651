"""The architecture, checked: no import cycle in the engine, the core imports no expansion, and
expansions use only the documented plugin API (no engine-private module, no private name).

``lint-imports`` (import-linter, configured in pyproject.toml) checks the module contracts in
CI too; these tests read the source with ``ast`` so they also see imports inside functions and
imports for annotations only (inside ``if TYPE_CHECKING:``): a loop of those is a cycle too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "core"
EXPANSIONS = ROOT / "expansions"

#: What a plugin may import from the engine (docs/hooks.md).
PUBLIC = {
    "carcassonne",
    "carcassonne.actions",
    "carcassonne.events",
    "carcassonne.geometry",
    "carcassonne.jcz.names",
}
#: Attributes starting with "_" that are public by convention (named tuples).
NAMEDTUPLE_API = {"_asdict", "_replace", "_fields", "_field_defaults", "_make"}


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, list[str], int]]:
    """``(module, names, line)`` for every import anywhere in the file: at the top, inside
    functions, and for annotations only (inside ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, [alias.name for alias in node.names], node.lineno))
    return out


def engine_graph() -> dict[str, set[str]]:
    modules = {module_name(p, ENGINE): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target, names, _line in imports(path):
            deps = [f"{target}.{n}" for n in names if f"{target}.{n}" in modules]
            if not deps and target in modules:
                deps = [target]
            graph[name].update(d for d in deps if d != name)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return stack[stack.index(dep) :] + [dep]
            if dep not in state:
                found = visit(dep)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_engine_has_no_import_cycle():
    graph = engine_graph()
    assert len(graph) > 30
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_imports_for_annotations_only_count(tmp_path):
    source = tmp_path / "module.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import carcassonne.actions\n"
        "if TYPE_CHECKING:\n"
        "    from carcassonne.state import GameState\n"
        "def f():\n"
        "    from carcassonne.config import GameConfig\n",
        encoding="utf-8",
    )
    found = {(module, tuple(names)) for module, names, _line in imports(source)}
    assert ("carcassonne.state", ("GameState",)) in found
    assert ("carcassonne.config", ("GameConfig",)) in found
    assert ("carcassonne.actions", ()) in found


def test_the_core_imports_no_expansion():
    expansion_packages = {p.parent.name for p in EXPANSIONS.glob("*/*/__init__.py")}
    assert "carcassonne_river" in expansion_packages
    for path in ENGINE.rglob("*.py"):
        for target, _names, line in imports(path):
            assert target.split(".")[0] not in expansion_packages, f"{path}:{line}: {target}"


def expansion_sources() -> list[Path]:
    return [
        p
        for p in EXPANSIONS.glob("*/carcassonne_*/**/*.py")
        if "tests" not in p.relative_to(EXPANSIONS).parts
    ]


def test_expansions_import_only_the_public_api():
    sources = expansion_sources()
    assert len(sources) >= 10
    for path in sources:
        for target, names, line in imports(path):
            if target.split(".")[0] != "carcassonne":
                continue
            where = f"{path.relative_to(ROOT)}:{line}"
            assert target in PUBLIC, f"{where}: imports {target}, which is not the plugin API"
            private = [n for n in names if n.startswith("_")]
            assert not private, f"{where}: imports private names {private}"


def test_expansions_touch_no_private_attribute():
    for path in expansion_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
                continue
            if node.attr.startswith("__") or node.attr in NAMEDTUPLE_API:
                continue
            base = getattr(node.value, "id", None)
            assert base in ("self", "cls"), (
                f"{path.relative_to(ROOT)}:{node.lineno}: private attribute .{node.attr}"
            )


def test_the_public_names_are_exported():
    import carcassonne

    for name in carcassonne.__all__:
        assert hasattr(carcassonne, name), name
    from carcassonne._deprecated_state import DEPRECATED_QUERIES

    # the deprecated aliases of removed queries (find() among them) warn and do not count
    public_state = [
        n
        for n in dir(carcassonne.GameState)
        if not n.startswith("_") and n not in DEPRECATED_QUERIES
    ]
    assert "find" not in public_state and "parent" not in public_state
    # 70 with fits_somewhere() and completions() (issue 16); 97 with the general mechanics of
    # issue 27 (turn parts, pieces, prisoners, point transfers, chance, the pile's side areas,
    # emit, replay_entry, add_prisoner, put_tile_under, set_aside_tile): each is documented in
    # docs/hooks.md; 102 with set_chance_count() (positions that carry the chance count); 104
    # with anytime_actions() (JCZ writers tell a turn action from an any-time one, issue 30); 107
    # with legal_action_ids(), action_for_id() and apply_id() (the integer path, issue 34); 108
    # with placement_rows() (front ends write a tile decision's legal actions from rows; library.md)
    assert len(public_state) <= 108
