"""The documentation links only inside the repository: no web address, no absolute path, no
relative path leaving the repository, no mention of the rules folder outside it; every relative
link names a file that exists (or a reference page generated when the docs are built). Sphinx
checks the rest (headings of anchors, documents in toctrees) with -W -n in CI."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _pages() -> list[Path]:
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "CONTRIBUTING.md"]
    pages += sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)
    pages += sorted(ROOT.glob("expansions/*/README.md"))
    return pages


def _generated() -> set[Path]:
    """The reference pages docs/_ext/carcassonne_reference.py writes at build time."""
    spec = importlib.util.spec_from_file_location(
        "carcassonne_reference", DOCS / "_ext" / "carcassonne_reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {DOCS / "reference" / f"{name}.md" for name in module.PAGES}


#: Markdown links and images, reference definitions, autolinks, HTML attributes.
LINK = re.compile(
    r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
    r"|^\s*\[[^\]]+\]:\s*(\S+)"
    r"|<((?:https?|ftp|file|mailto):[^>\s]+)>"
    r"|(?:href|src)=\"([^\"]+)\"",
    re.M,
)
#: Text that points outside the repository even when it is not a link.
OUTSIDE = re.compile(r"/work/|shared/rules|\.\./shared")


def _without_code(text: str) -> str:
    """The text without fenced code blocks (their content is code, not links)."""
    return re.sub(r"^(```|~~~).*?^\1", "", text, flags=re.S | re.M)


def links(path: Path) -> list[str]:
    text = _without_code(path.read_text(encoding="utf-8"))
    return [next(g for g in m.groups() if g) for m in LINK.finditer(text)]


def problems(path: Path, generated: set[Path], root: Path = ROOT) -> list[str]:
    out = []
    text = path.read_text(encoding="utf-8")
    for match in OUTSIDE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        out.append(f"line {line}: points outside the repository: {match.group(0)!r}")
    for target in links(path):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target):
            out.append(f"a link outside the repository: {target}")
            continue
        if target.startswith("#"):
            continue  # an anchor of this page: Sphinx checks it
        if target.startswith("/"):
            out.append(f"an absolute path: {target}")
            continue
        resolved = (path.parent / target.split("#", 1)[0]).resolve()
        if root not in resolved.parents and resolved != root:
            out.append(f"a path leaving the repository: {target}")
        elif not resolved.exists() and resolved not in generated:
            out.append(f"a link to a file that does not exist: {target}")
    return out


@pytest.mark.parametrize("path", _pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_inside_the_repository(path: Path) -> None:
    assert problems(path, _generated()) == []


def test_the_checker_finds_every_kind_of_outside_link(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "cli.md").write_text("# CLI\n", encoding="utf-8")
    page = root / "docs" / "page.md"
    page.write_text(
        "[web](https://example.org/x) and <https://example.org> and [abs](/etc/passwd)\n"
        "[up](../../outside.md) [gone](missing.md#top) [ok](cli.md#the-screen) [here](#top)\n"
        '<img src="http://example.org/a.png"> see /work/shared/rules/rules.md\n'
        "```sh\ncurl https://example.org  # code, not a link\n```\n",
        encoding="utf-8",
    )
    assert problems(page, set(), root) == [
        "line 3: points outside the repository: '/work/'",
        "line 3: points outside the repository: 'shared/rules'",
        "a link outside the repository: https://example.org/x",
        "a link outside the repository: https://example.org",
        "an absolute path: /etc/passwd",
        "a path leaving the repository: ../../outside.md",
        "a link to a file that does not exist: missing.md#top",
        "a link outside the repository: http://example.org/a.png",
    ]
