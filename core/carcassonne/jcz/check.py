"""``test.assertions`` of a ``.jcz`` file, evaluated as JCZ's test runner does.

The runner replays the file and checks every assertion against the state after the last
message; the first of four patterns found anywhere in the text decides (docs/jcz.md):

1. ``X has N points``;
2. ``X scored K for N points``: one score entry of player X worth N whose name is K. JCZ also
   records 0-point entries, which this engine does not emit: they are rebuilt here for final
   scoring (every player winning a feature still holding figures at the end who scored 0 for
   it, such as an open cathedral city or a farmer without a completed city);
3. exactly ``Player can't pass`` / ``Player can pass``;
4. ``phase is P``.

The fork FanCloisterZone adds ``Phase is P`` (any case), ``Available action A``,
``Meeple C options: {Feature,Location,[x,y]} ...`` and ``Undo is [not] allowed``. An
assertion no pattern recognises fails (``unknown assertion``), as in JCZ.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from carcassonne import events as ev
from carcassonne.actions import Action, Draw, Pass, PlaceFigure
from carcassonne.jcz.document import read_document
from carcassonne.jcz.errors import JczError
from carcassonne.jcz.names import JczUnsupported, Json
from carcassonne.jcz.pointers import location_name
from carcassonne.jcz.replay import Replayed, replay_document
from carcassonne.plugins import Plugin
from carcassonne.state import GameState

_HAS = re.compile(r"(\w+) has (-?\d+) points?")
_SCORED = re.compile(r"(\w+) scored (\w+) for (-?\d+) points?")
_PHASE = re.compile(r"phase is (\w+)", re.IGNORECASE)
_ACTION = re.compile(r"^\s*available action:?\s+(\w+)\s*$", re.IGNORECASE)
_OPTIONS = re.compile(r"^\s*meeple (\w+) options:?(.*)$", re.IGNORECASE)
_OPTION = re.compile(r"\{\s*(\w+)\s*,\s*([\w.]+)\s*,\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*\}")
_UNDO = re.compile(r"^\s*undo is (not )?allowed\s*$", re.IGNORECASE)
#: Messages after which JCZ allows no undo: they close a turn part or used a random number.
_NO_UNDO = {"COMMIT", "FLOCK_EXPAND_OR_SCORE"}


@dataclass(frozen=True)
class Verdict:
    """One assertion: whether it holds, and the value found in the game."""

    text: str
    passed: bool
    found: str


@dataclass
class FileReport:
    """A file's assertions, or the error that kept it from replaying."""

    source: str
    description: str = ""
    verdicts: list[Verdict] = field(default_factory=list)
    error: str = ""

    @property
    def passed(self) -> bool:
        return not self.error and all(v.passed for v in self.verdicts)

    def to_dict(self) -> dict[str, Json]:
        return {
            "file": self.source,
            "description": self.description,
            "passed": self.passed,
            "error": self.error or None,
            "assertions": [
                {"text": v.text, "passed": v.passed, "found": v.found} for v in self.verdicts
            ],
        }


class _Checker:
    def __init__(self, replayed: Replayed) -> None:
        self.replayed = replayed
        self.at = replayed.at or replayed.state
        self.players = list(replayed.config.names)
        self.entries = _score_entries(replayed)

    def player(self, name: str) -> int | None:
        return self.players.index(name) if name in self.players else None

    def check(self, text: str) -> Verdict:
        match = _HAS.search(text)
        if match:
            return self.has(text, match[1], int(match[2]))
        match = _SCORED.search(text)
        if match:
            return self.scored(text, match[1], match[2], int(match[3]))
        if text in ("Player can't pass", "Player can pass"):
            return self.can_pass(text, text == "Player can pass")
        match = _PHASE.search(text)
        if match:
            found = self.phase()
            return Verdict(text, found.lower() == match[1].lower(), found)
        match = _ACTION.match(text)
        if match:
            return self.available(text, match[1])
        match = _OPTIONS.match(text)
        if match:
            return self.options(text, match[1], match[2])
        match = _UNDO.match(text)
        if match:
            allowed = self.undo_allowed()
            found = "allowed" if allowed else "not allowed"
            return Verdict(text, allowed == (match[1] is None), found)
        return Verdict(text, False, "unknown assertion")

    def has(self, text: str, name: str, points: int) -> Verdict:
        index = self.player(name)
        if index is None:
            return Verdict(text, False, f"no player named {name}")
        found = self.at.scores[index]
        return Verdict(text, found == points, f"{found} points")

    def scored(self, text: str, name: str, score: str, points: int) -> Verdict:
        index = self.player(name)
        if index is None:
            return Verdict(text, False, f"no player named {name}")
        declared = self.replayed.names.scorings.get(score)
        kinds = declared.kinds if declared is not None else ()
        found = sorted(p for player, kind, p in self.entries if player == index and kind in kinds)
        shown = ", ".join(str(p) for p in found) if found else "none"
        return Verdict(text, points in found, f"{name}'s {score} entries: {shown}")

    def can_pass(self, text: str, want: bool) -> Verdict:
        if self.at.is_over:
            return Verdict(text, False, "the game is over: no pending action")
        legal = [] if self.replayed.mid_commit else self.at.legal_actions()
        # JCZ's PASS at a draw decision keeps what the player holds (the abbey): our Draw
        can = Pass() in legal or (Draw() in legal and len(legal) > 1)
        return Verdict(text, can == want, "can pass" if can else "can't pass")

    def phase(self) -> str:
        if self.replayed.mid_commit:
            return "CommitActionPhase"
        pending = self.at.pending.kind
        for phase in self.replayed.names.phases:
            if phase.kind == pending and (phase.when is None or phase.when(self.at)):
                return phase.phase
        return f"(no JCZ phase for a {pending} decision)"

    def available(self, text: str, name: str) -> Verdict:
        declared = self.replayed.names.actions.get(name)
        if declared is None:
            return Verdict(text, False, f"unknown action {name}")
        legal = [] if self.replayed.mid_commit else self.at.legal_actions()
        found = sorted({a for a in self.replayed.names.actions if self._offers(a, legal)})
        offered = any(declared.matches(self.at, a) for a in legal)
        return Verdict(text, offered, "available: " + (", ".join(found) or "none"))

    def _offers(self, name: str, legal: list[Action]) -> bool:
        matches = self.replayed.names.actions[name].matches
        return any(matches(self.at, a) for a in legal)

    def options(self, text: str, java_class: str, rest: str) -> Verdict:
        kind = next(
            (f.figure for f in self.replayed.names.figures.values() if f.java_class == java_class),
            None,
        )
        if kind is None:
            return Verdict(text, False, f"unknown meeple class {java_class}")
        want = {(f, loc, int(x), int(y)) for f, loc, x, y in _OPTION.findall(rest)}
        found = self._figure_options(kind)
        shown = " ".join(f"{{{f},{loc},[{x},{y}]}}" for f, loc, x, y in sorted(found)) or "none"
        return Verdict(text, want == found, shown)

    def _figure_options(self, kind: str) -> set[tuple[str, str, int, int]]:
        if self.replayed.mid_commit:
            return set()
        out = set()
        for action in self.at.legal_actions():
            if type(action) is PlaceFigure and action.figure == kind:
                pointer = _pointer(self.replayed, self.at, action)
                if pointer is not None:
                    out.add(pointer)
        return out

    def undo_allowed(self) -> bool:
        messages = self.replayed.document.data.get("replay")
        if not isinstance(messages, list) or not messages or self.at.is_over:
            return False
        last = messages[-1]
        if not isinstance(last, dict) or last.get("type") in _NO_UNDO:
            return False
        payload = last.get("payload")
        return not (isinstance(payload, dict) and payload.get("random") is not None)


def _pointer(
    replayed: Replayed, state: GameState, action: PlaceFigure
) -> tuple[str, str, int, int] | None:
    """(feature class, JCZ location, x, y) of a figure placement, as a JCZ option shows it."""
    for _node, segment in state.segments(action.x, action.y):
        if action.location in segment.locations:
            declared = replayed.names.feature_kinds.get(segment.kind)
            if declared is None:
                return None
            location = location_name(segment, declared.location)
            return declared.feature, location, action.x, action.y
    return None


def _score_entries(replayed: Replayed) -> list[tuple[int, str, int]]:
    """JCZ's score entries, ``(player, kind, points)``: this engine's points events, and the
    0-point entries of final scoring that it does not emit."""
    entries = [
        (e.player, e.kind, e.points)
        for events in replayed.events
        for e in events
        if type(e) is ev.PointsScored
    ]
    state = replayed.state
    if not state.is_over or replayed.mid_commit:
        return entries
    final = {
        (e.player, e.feature)
        for events in replayed.events
        for e in events
        if type(e) is ev.PointsScored and e.final and e.points > 0
    }
    seen: set[tuple[int, int]] = set()
    for feature, figure in state.figures():
        for player in state.majority(feature):
            if (player, feature) in seen or player != figure.player:
                continue
            seen.add((player, feature))
            if (player, feature) not in final:
                entries.append((player, state.feature_kind(feature), 0))
    return entries


def check_replayed(replayed: Replayed) -> FileReport:
    """The verdicts of a replayed file's assertions."""
    test = replayed.document.data.get("test")
    report = FileReport(replayed.document.source)
    if not isinstance(test, dict):
        report.error = "the file has no test object"
        return report
    description = test.get("description")
    report.description = description if isinstance(description, str) else ""
    assertions = test.get("assertions")
    if not isinstance(assertions, list) or not all(isinstance(a, str) for a in assertions):
        report.error = "test.assertions: expected an array of strings"
        return report
    checker = _Checker(replayed)
    report.verdicts = [checker.check(text) for text in assertions if isinstance(text, str)]
    return report


def check_jcz(
    source: str | os.PathLike[str],
    *,
    text: bool | None = None,
    plugins: Iterable[tuple[str, Plugin]] = (),
) -> FileReport:
    """Replay a ``.jcz`` test file and evaluate its assertions; a file that cannot be read or
    replayed gives a report with its ``error`` (no exception)."""
    name = "<text>" if text else os.fspath(source)
    try:
        replayed = replay_document(read_document(source, text=text), plugins)
    except (JczError, JczUnsupported) as exc:
        return FileReport(name, error=str(exc))
    return check_replayed(replayed)
