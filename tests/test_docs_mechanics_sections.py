"""The reference and the guide cover the same general mechanics: every section of
docs/hooks.md's "Turn parts, pieces, chance and the pile" has a section of the same title in
docs/authoring.md's chapter 9 ("Mechanics of bigger expansions"), and the other way round, so
that a mechanic added to one page is not missing from the other."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADING = re.compile(r"^(#{2,3}) (.+)$")


def subsections(page: str, chapter: str) -> list[str]:
    """The ``###`` titles under the ``##`` heading ``chapter`` of ``docs/<page>``, in order
    (code blocks skipped: a ``#`` comment in one is no heading)."""
    titles: list[str] = []
    inside = fenced = False
    found = False
    for line in (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match is None:
            continue
        level, title = match.groups()
        if level == "##":
            inside = title == chapter
            found = found or inside
        elif inside:
            titles.append(title)
    assert found, f"docs/{page} has no chapter {chapter!r}"
    return titles


def test_the_guide_and_the_reference_have_the_same_mechanics() -> None:
    reference = subsections("hooks.md", "Turn parts, pieces, chance and the pile")
    guide = subsections("authoring.md", "9. Mechanics of bigger expansions")
    assert len(reference) >= 13 and len(set(reference)) == len(reference)
    missing_in_guide = [t for t in reference if t not in guide]
    missing_in_reference = [t for t in guide if t not in reference]
    assert missing_in_guide == [], "docs/authoring.md chapter 9 lacks these hooks.md sections"
    assert missing_in_reference == [], "docs/hooks.md lacks these authoring.md sections"


def test_subsections_skip_code_and_stop_at_the_next_chapter() -> None:
    titles = subsections("hooks.md", "Turn parts, pieces, chance and the pile")
    assert titles[0] == "Another turn part"
    assert "`carcassonne_extra_turns(state) -> list[int]`" not in titles  # the next chapter
