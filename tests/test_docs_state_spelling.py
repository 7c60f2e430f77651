"""The tables of the documentation spell each `GameState` member as it is: a method with its
call (`state.winners()`), a property or attribute without (`state.is_over`); checked by
introspection of `carcassonne.state.GameState` (`not state.in_extra_turns` is always False)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from carcassonne.state import GameState

ROOT = Path(__file__).resolve().parents[1]
MENTION = re.compile(r"`state\.(\w+)(\(?)")


def member_kind(name: str) -> str | None:
    """``method``, ``attribute`` (property, slot, class value) or None (not a member)."""
    try:
        member = inspect.getattr_static(GameState, name)
    except AttributeError:
        return None
    if isinstance(member, staticmethod | classmethod) or inspect.isfunction(member):
        return "method"
    return "attribute"


def table_mentions(path: Path) -> list[tuple[int, str, bool]]:
    """``(line, name, written as a call)`` for every ``state.NAME`` in a table row."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("|"):
            first_cell = line.split("|")[1]
            out += [(number, m[1], bool(m[2])) for m in MENTION.finditer(first_cell)]
    return out


def wrong_spellings(path: Path, members_only: bool = True) -> list[str]:
    wrong = []
    for number, name, called in table_mentions(path):
        kind = member_kind(name)
        if kind is None and not members_only:
            continue  # `state.py`, a file
        if kind is None:
            wrong.append(f"{path.name}:{number}: state.{name} is not a GameState member")
        elif (kind == "method") != called:
            spelled = f"state.{name}()" if called else f"state.{name}"
            wrong.append(f"{path.name}:{number}: {spelled}, but it is a {kind}")
    return wrong


def test_the_hooks_query_table_spells_properties_and_methods_right():
    hooks = ROOT / "docs" / "hooks.md"
    names = {name for _line, name, _called in table_mentions(hooks)}
    assert {"in_extra_turns", "ranking", "winners", "is_over", "players", "pending"} <= names
    assert wrong_spellings(hooks) == []


def test_every_table_of_the_docs_spells_them_right():
    pages = sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)
    assert [w for page in pages for w in wrong_spellings(page, members_only=False)] == []


def test_the_check_tells_a_property_from_a_method():
    assert member_kind("is_over") == "attribute"  # a property
    assert member_kind("player") == "attribute"  # a slot
    assert member_kind("winners") == member_kind("in_extra_turns") == "method"
    assert member_kind("new") == "method"  # a classmethod
    assert member_kind("nothing") is None
