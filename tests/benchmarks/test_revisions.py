"""benchmarks/revisions.py: another revision's engine is located as its pyproject.toml maps it,
and a module imported from anywhere else is named (nothing here is timed)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_revisions", BENCH / "revisions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


revisions = _load()

OLD_PYPROJECT = """[tool.setuptools]
packages = ["carcassonne", "carcassonne.tiles", "carcassonne.grammar"]
package-dir = { "carcassonne" = "core", "carcassonne.tiles" = "tiles", \
"carcassonne.grammar" = "grammar" }
"""
SRC_PYPROJECT = """[tool.setuptools]
packages = ["carcassonne", "carcassonne.tiles", "carcassonne.grammar"]
package-dir = { "" = "core", "carcassonne.tiles" = "tiles", "carcassonne.grammar" = "grammar" }
"""


def _write(path: Path, text: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _fake_tree(root: Path, pyproject: str, package: str) -> Path:
    """A tree with a package whose ``WHERE`` says which folder it was imported from."""
    tree = root / "tree"
    _write(tree / "pyproject.toml", pyproject)
    _write(tree / package / "__init__.py", "WHERE = 'engine'\n")
    _write(tree / package / "state.py", "STATE = 1\n")
    _write(tree / "tiles" / "__init__.py", "WHERE = 'tiles'\n")
    _write(tree / "grammar" / "__init__.py", "WHERE = 'grammar'\n")
    _write(tree / "expansions" / "river" / "carcassonne_river" / "__init__.py", "RIVER = 1\n")
    _write(tree / "expansions" / "notes" / "README.md", "not an expansion\n")
    return tree


def _import_in(tree: Path, code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run in a fresh interpreter with the tree's engine first on the path (the
    installed engine, this checkout's, is still importable after it)."""
    env = revisions.tree_env(tree, {k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    env["PYTHONPATH"] += os.pathsep + str(BENCH)
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


CHECK = (
    "import carcassonne, carcassonne.state, carcassonne.tiles, carcassonne.grammar, "
    "carcassonne_river, revisions\n"
    "print(carcassonne.WHERE, carcassonne.tiles.WHERE, carcassonne.grammar.WHERE)\n"
    "revisions.check_imports({tree!r})\n"
)


@pytest.mark.parametrize(
    ("pyproject", "package"),
    [
        (OLD_PYPROJECT, "core"),
        (SRC_PYPROJECT, "core/carcassonne"),
        (SRC_PYPROJECT.replace('"" = "core", ', ""), "src/carcassonne"),  # found by looking
    ],
    ids=["core-is-the-package", "src-style-core", "src-folder"],
)
def test_each_layout_imports_the_trees_engine_tiles_and_grammar(
    tmp_path: Path, pyproject: str, package: str
) -> None:
    tree = _fake_tree(tmp_path, pyproject, package)
    done = _import_in(tree, CHECK.format(tree=str(tree)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["engine", "tiles", "grammar"]
    assert (tree / revisions.STAGE / "carcassonne" / "state.py").resolve() == (
        tree / package / "state.py"
    )


def test_expansion_paths_are_the_folders_holding_a_carcassonne_package(tmp_path: Path) -> None:
    tree = _fake_tree(tmp_path, SRC_PYPROJECT, "core/carcassonne")
    assert revisions.expansion_paths(tree) == [tree / "expansions" / "river"]


def test_a_revision_without_the_package_is_refused_with_where_it_looked(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    _write(tree / "pyproject.toml", SRC_PYPROJECT)
    _write(tree / "core" / "engine.py")
    with pytest.raises(revisions.RevisionError) as caught:
        revisions.import_root(tree)
    where = tree / "core" / "carcassonne" / "__init__.py"
    assert str(caught.value) == (
        f"package 'carcassonne' should be in {tree / 'core' / 'carcassonne'} (by tree's "
        f"pyproject.toml or its layout), but {where} does not exist"
    )


def test_a_module_from_elsewhere_is_named_and_the_child_refuses(tmp_path: Path) -> None:
    """The bug this guards against: the old layout's ``core/`` put first on the path as if it
    held ``carcassonne/``; the import then silently finds the installed engine."""
    tree = _fake_tree(tmp_path, OLD_PYPROJECT, "core")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = os.pathsep.join([str(tree / "core"), str(BENCH)])
    # the engine itself (a bare ``import carcassonne`` loads only the package: PEP 562)
    code = "import carcassonne.state, revisions, sys\nrevisions.check_imports(sys.argv[1])\n"
    done = subprocess.run(
        [sys.executable, "-c", code, str(tree)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 1
    installed = Path(__import__("carcassonne").__file__)
    message = done.stderr.strip()
    assert message.startswith("refusing to report: ")
    assert message.endswith(" more")
    assert (
        f" modules were not imported from {tree} but from elsewhere (this tree's editable "
        f"install?): carcassonne ({installed}); carcassonne." in message
    )


def test_foreign_modules_checks_files_and_package_paths(tmp_path: Path) -> None:
    inside = ModuleType("carcassonne")
    inside.__file__ = str(tmp_path / "x" / "__init__.py")
    namespace = ModuleType("carcassonne_ns")
    namespace.__path__ = [str(tmp_path / "ns"), "/elsewhere/ns"]  # type: ignore[attr-defined]
    other = ModuleType("json")
    other.__file__ = "/usr/lib/json/__init__.py"
    found = revisions.foreign_modules(
        tmp_path, {"carcassonne": inside, "carcassonne_ns": namespace, "json": other}
    )
    assert found == [f"carcassonne_ns ({tmp_path / 'ns'}, /elsewhere/ns)"]


def test_a_failing_child_raises_with_its_own_message() -> None:
    with pytest.raises(revisions.RevisionError) as caught:
        revisions.run_child(
            [sys.executable, "-c", "import sys; sys.exit('no stdio in this revision')"],
            dict(os.environ),
            "the child",
        )
    assert str(caught.value) == "the child failed (exit status 1):\nno stdio in this revision"


#: what the stage of ``_fake_tree``'s src-style layout holds
NAMES = ["__init__.py", "grammar", "state.py", "tiles"]


def test_two_workloads_staging_one_tree_at_once_both_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other workload stages the tree between this one's look for a link and its making of
    it (the interleaving, forced): both end with the same stage and no ``FileExistsError``."""
    tree = _fake_tree(tmp_path, SRC_PYPROJECT, "core/carcassonne")
    real = Path.symlink_to
    other: list[Path] = []
    raced = [False]

    def racing(self: Path, target: Path, target_is_directory: bool = False) -> None:
        if not raced[0]:
            raced[0] = True
            other.append(revisions.import_root(tree))  # the other workload, all at once
        real(self, target, target_is_directory)

    monkeypatch.setattr(Path, "symlink_to", racing)
    stage = revisions.import_root(tree)
    monkeypatch.undo()
    assert other == [stage]
    package = stage / "carcassonne"
    assert sorted(p.name for p in package.iterdir()) == NAMES
    assert (package / "state.py").resolve() == tree / "core" / "carcassonne" / "state.py"
    assert (package / "tiles").resolve() == tree / "tiles"


def test_a_dangling_link_in_the_stage_is_replaced(tmp_path: Path) -> None:
    """A stage left by an earlier layout (a link whose target is gone) is mended, not fatal."""
    tree = _fake_tree(tmp_path, SRC_PYPROJECT, "core/carcassonne")
    package = tree / revisions.STAGE / "carcassonne"
    package.mkdir(parents=True)
    (package / "state.py").symlink_to(tree / "gone.py")
    stage = revisions.import_root(tree)
    assert (stage / "carcassonne" / "state.py").resolve() == tree / "core/carcassonne/state.py"
    assert sorted(p.name for p in package.iterdir()) == NAMES
