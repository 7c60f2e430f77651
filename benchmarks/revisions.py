"""Running a benchmark on the engine of another git revision, and making sure it is that engine.

A revision is checked out into a temporary git worktree (:func:`checkout`); :func:`import_root`
builds, inside it, one folder that holds the revision's ``carcassonne`` package assembled as its
own ``pyproject.toml`` maps it, and :func:`tree_env` puts that folder and the revision's
expansions first on ``PYTHONPATH``. The mapping matters: the engine has lived in ``core/`` (the
package itself, before the src-style layout of ``e78f1d7``) and in ``core/carcassonne/`` (since),
and ``carcassonne.tiles`` and ``carcassonne.grammar`` come from the top-level ``tiles/`` and
``grammar/`` folders in both. A path that misses any of them does not fail: this tree's editable
install answers the import instead, and the benchmark silently measures this tree (or this
tree's tiles) under the revision's name. So a child process also checks, after its work, that
every ``carcassonne*`` module it imported came from the revision's tree (:func:`foreign_modules`)
and refuses to report otherwise; :func:`run_child` shows the child's own message when it fails.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import threading
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
#: The assembled package folder inside a checked-out tree (removed with the worktree).
STAGE = ".bench-import"


class RevisionError(Exception):
    """A revision whose engine cannot be located or run; the message says why."""


def _package_map(tree: Path) -> dict[str, Path]:
    """Where each folder of the ``carcassonne`` package is in ``tree``: ``{"carcassonne":
    folder, "carcassonne.tiles": folder, ...}``, read from setuptools' ``package-dir`` in the
    tree's ``pyproject.toml``, else found by looking (``core/``, ``src/`` or the root)."""
    found: dict[str, Path] = {}
    project = tree / "pyproject.toml"
    if project.is_file():
        try:
            setup = tomllib.loads(project.read_text("utf-8")).get("tool", {}).get("setuptools", {})
        except tomllib.TOMLDecodeError as exc:
            raise RevisionError(f"{project}: not valid TOML ({exc})") from exc
        dirs = setup.get("package-dir", {}) if isinstance(setup, dict) else {}
        for name, folder in dirs.items():
            if name == "carcassonne" or name.startswith("carcassonne."):
                found[name] = tree / folder
            elif name == "":
                found.setdefault("carcassonne", tree / folder / "carcassonne")
    if "carcassonne" not in found:
        for where in (tree / "core" / "carcassonne", tree / "src" / "carcassonne"):
            if where.is_dir():
                found["carcassonne"] = where
                break
        else:
            found["carcassonne"] = tree / "carcassonne"
    for name, folder in found.items():
        if not (folder / "__init__.py").is_file():
            raise RevisionError(
                f"package {name!r} should be in {folder} (by {tree.name}'s pyproject.toml or "
                f"its layout), but {folder / '__init__.py'} does not exist"
            )
    return found


def import_root(tree: Path) -> Path:
    """A folder in ``tree`` whose ``carcassonne`` is the tree's package with every mapped
    subpackage in place (symbolic links to the tree's files, so that a module's resolved
    ``__file__`` is in the tree); raises :class:`RevisionError` when the package is not there."""
    mapping = _package_map(tree)
    stage = tree / STAGE
    package = stage / "carcassonne"
    package.mkdir(parents=True, exist_ok=True)
    main = mapping.pop("carcassonne")
    for entry in main.iterdir():
        if entry.name != "__pycache__":
            _link(package / entry.name, entry.resolve(), entry.is_dir())
    for name, folder in sorted(mapping.items()):
        link = package.joinpath(*name.split(".")[1:])
        link.parent.mkdir(parents=True, exist_ok=True)
        _link(link, folder.resolve(), True)
    return stage


def _link(link: Path, target: Path, directory: bool) -> None:
    """Make ``link`` point at ``target`` unless something is there already. Several workloads
    of one tree may stage it at once (the stage outlives them in the tree): testing for the
    link and then making it races (both see none, the second gets ``FileExistsError``), so
    the link is made and an existing one is accepted. A dangling link (its target moved) is
    replaced, atomically, through a link of a name no other process uses."""
    try:
        link.symlink_to(target, target_is_directory=directory)
        return
    except FileExistsError:
        if link.exists():
            return  # staged by another workload (or an earlier run): the first one made stays
    spare = link.with_name(f".{link.name}.{os.getpid()}.{threading.get_ident()}")
    spare.symlink_to(target, target_is_directory=directory)
    os.replace(spare, link)


def expansion_paths(tree: Path) -> list[Path]:
    """The folders of the tree's expansion distributions (each holds a ``carcassonne_*``
    package), in name order."""
    folder = tree / "expansions"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and any(p.glob("carcassonne_*")))


def tree_env(tree: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """An environment whose ``PYTHONPATH`` starts with the engine and expansions of ``tree``."""
    env = dict(os.environ if base is None else base)
    paths = [import_root(tree), *expansion_paths(tree)]
    rest = [env["PYTHONPATH"]] if env.get("PYTHONPATH") else []
    env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), *rest])
    return env


def foreign_modules(tree: Path, modules: dict[str, ModuleType] | None = None) -> list[str]:
    """The imported ``carcassonne*`` modules (engine, tiles, grammar, expansions) whose file is
    not inside ``tree``, as ``"name (file)"``: empty when everything measured is the tree's."""
    tree = tree.resolve()
    wrong = []
    for name, module in sorted((sys.modules if modules is None else modules).items()):
        if name.split(".")[0].startswith("carcassonne"):
            file = getattr(module, "__file__", None)
            where = [Path(file)] if file else [Path(p) for p in getattr(module, "__path__", [])]
            if not where or not all(p.resolve().is_relative_to(tree) for p in where):
                wrong.append(f"{name} ({', '.join(map(str, where)) or 'no file'})")
    return wrong


def check_imports(tree: str | Path) -> None:
    """Exit the (child) process with a message when a module measured is not ``tree``'s."""
    wrong = foreign_modules(Path(tree))
    if wrong:
        more = f" and {len(wrong) - 3} more" if len(wrong) > 3 else ""
        sys.exit(
            f"refusing to report: {len(wrong)} modules were not imported from {tree} but from "
            f"elsewhere (this tree's editable install?): {'; '.join(wrong[:3])}{more}"
        )


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """``rev`` checked out in a temporary git worktree, removed afterwards; its engine is
    located at once (:class:`RevisionError` with the reason when it cannot be)."""
    with tempfile.TemporaryDirectory(prefix="carcassonne-bench-") as tmp:
        tree = Path(tmp) / "tree"
        added = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev],
            capture_output=True,
            text=True,
        )
        if added.returncode != 0:
            raise RevisionError(f"cannot check out {rev!r}: {added.stderr.strip()}")
        try:
            import_root(tree)
            yield tree
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                capture_output=True,
            )


def run_child(
    argv: Sequence[str], env: dict[str, str], what: str, cwd: str | Path | None = None
) -> str:
    """The standard output of ``argv``; when it fails, :class:`RevisionError` carrying the
    child's standard error (its last 40 lines), so that the reason is never swallowed."""
    done = subprocess.run(list(argv), env=env, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-40:])
        raise RevisionError(f"{what} failed (exit status {done.returncode}):\n{tail}")
    return done.stdout
