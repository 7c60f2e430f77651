"""Rules tests as data: scenario files (``*.scenario.toml``, docs/scenarios.md).

A scenario is a position (the keys of docs/positions.md under ``[position]``), then steps: the
actions of each step in the action notation and what they must cause — points per player,
figures returned, the legal figure options, an illegal action with its reason, the scores.
:func:`load_scenario` reads a file and checks its form; :func:`run_scenario` plays it and
returns the :class:`Mismatch`es (an empty list: the scenario holds). The pytest plugin
(:mod:`carcassonne.testing_plugin`) turns each file into a test item and a mismatch into a
readable report with the board drawn.

A ``tile`` action draws its tile first (the draw is forced), so a scenario names only the
placements, as the worked examples of the rules do.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carcassonne.actions import Draw, PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError, IllegalActionError
from carcassonne.events import Event, FigureRemoved, FigureReturned, PointsScored
from carcassonne.geometry import CORNERS
from carcassonne.notation import NotationError, action_from_text, action_to_text
from carcassonne.position import FORMAT, PositionError, build_state, config_of, parse_position
from carcassonne.state import GameState

#: Keys of a scenario file, of a step and of a step's expectations.
SCENARIO_KEYS = ("title", "source", "plugins", "position", "step")
STEP_KEYS = ("actions", "expect")
EXPECT_KEYS = (
    "points", "final_points", "scores", "returned", "removed", "illegal", "legal_figures", "legal",
    "not_legal", "complete", "open", "same_feature", "game_over", "player", "pending",
    "prisoners", "held",
)  # fmt: skip
#: Keys of an ``expect.pending`` table.
PENDING_KEYS = ("kind", "player")
DEFAULT_PLAYERS = ("red", "blue")


class ScenarioError(CarcassonneError):
    """A scenario file is malformed: unknown key, bad action text, impossible position.

    The message starts with ``file: `` and names the entry (``step 2: actions[0]: ...``).
    """


@dataclass(frozen=True)
class Step:
    actions: tuple[str, ...]
    expect: Mapping[str, Any]
    index: int  # 1-based, for messages


@dataclass(frozen=True)
class Scenario:
    path: str
    title: str
    source: str
    position: Mapping[str, Any]
    steps: tuple[Step, ...]
    #: Plugin objects that are not installed expansions, as ``(name, object)``.
    plugins: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Mismatch:
    """One expectation that did not hold: what was expected, what the engine did."""

    step: int
    what: str
    expected: str
    got: str


@dataclass
class Outcome:
    """The result of running a scenario: its mismatches and the state where it stopped."""

    mismatches: list[Mismatch] = field(default_factory=list)
    state: GameState | None = None
    #: The step that failed first (0: none).
    step: int = 0


# ---------------------------------------------------------------------------------------------
# Reading


def load_scenario(path: str | Path, plugins: Sequence[tuple[str, object]] = ()) -> Scenario:
    """Read and check a scenario file (its form; :func:`run_scenario` checks the rules)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    return parse_scenario(text, str(path), plugins)


def parse_scenario(
    text: str, filename: str = "<scenario>", plugins: Sequence[tuple[str, object]] = ()
) -> Scenario:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{filename}: not valid TOML: {exc}") from None

    def fail(message: str) -> ScenarioError:
        return ScenarioError(f"{filename}: {message}")

    _known(data, SCENARIO_KEYS, "", fail)
    position = data.get("position")
    if not isinstance(position, dict):
        raise fail("a [position] table is required (the keys of docs/positions.md)")
    steps = []
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list):
        raise fail("step: write each step as a [[step]] table")
    for i, raw in enumerate(raw_steps, 1):
        where = f"step {i}: "
        _known(raw, STEP_KEYS, where, fail)
        actions = raw.get("actions", [])
        if isinstance(actions, str):
            actions = [actions]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise fail(f"{where}actions: a list of actions in the notation expected")
        expect = raw.get("expect", {})
        if not isinstance(expect, dict):
            raise fail(f"{where}expect: a table expected")
        _known(expect, EXPECT_KEYS, f"{where}expect.", fail)
        _check_turn_keys(expect, position, text, i, fail)
        steps.append(Step(tuple(actions), expect, i))
    extra = list(plugins)
    for spec in data.get("plugins", []):
        from carcassonne.local_plugins import PluginLoadError, load_plugins

        try:
            extra += load_plugins([spec], base=Path(filename).parent)
        except PluginLoadError as exc:
            raise fail(f"plugins: {exc}") from None
    title = data.get("title") or Path(filename).name.removesuffix(".scenario.toml")
    return Scenario(
        filename, str(title), str(data.get("source", "")), position, tuple(steps), tuple(extra)
    )


def _known(table: Mapping[str, Any], keys: Sequence[str], where: str, fail: Any) -> None:
    for key in table:
        if key not in keys:
            raise fail(f"{where}unknown key {key!r} (known: {', '.join(keys)})")


def _check_turn_keys(
    expect: Mapping[str, Any], position: Mapping[str, Any], text: str, index: int, fail: Any
) -> None:
    """Check the values of ``expect.player`` and ``expect.pending`` when the file is read:
    a bad one names the file, its line and column, the step and the key."""
    names = position.get("players", list(DEFAULT_PLAYERS))

    def bad(key: str, message: str) -> ScenarioError:
        line, column = _expect_position(text, index, key)
        return fail(f"line {line}, column {column}: step {index}: expect.{key}: {message}")

    def check_player(value: object, key: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise bad(key, f"a player name or seat index expected, not {value!r}")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return  # the position's own check names the problem
        if isinstance(value, int) and not 0 <= value < len(names):
            raise bad(key, f"seat {value} does not exist (seats 0 to {len(names) - 1})")
        if isinstance(value, str) and value not in names:
            raise bad(key, f"unknown player {value!r} (players: {', '.join(names)})")

    if "player" in expect:
        check_player(expect["player"], "player")
    if "pending" in expect:
        pending = expect["pending"]
        if isinstance(pending, dict):
            for key in pending:
                if key not in PENDING_KEYS:
                    raise bad("pending", f"unknown key {key!r} (known: {', '.join(PENDING_KEYS)})")
            if "kind" not in pending:
                raise bad("pending", 'a table needs its kind (pending = { kind = "wagon" })')
            kind = pending["kind"]
            if "player" in pending:
                check_player(pending["player"], "pending")
        else:
            kind = pending
        if not isinstance(kind, str) or not kind:
            raise bad(
                "pending",
                f'a decision kind ("figure") or a table {{ kind = ..., player = ... }} '
                f"expected, not {kind!r}",
            )


def _expect_position(text: str, index: int, key: str) -> tuple[int, int]:
    """Line and column (1-based) of the value of step ``index``'s ``expect.key``: written
    ``expect.key = ...`` in its ``[[step]]`` table, ``key = ...`` in a ``[step.expect]``
    table, or inside ``expect = { ... }``; the step's header when none of these is found."""
    lines = text.splitlines()
    step = 0
    header = 1
    in_expect = False
    dotted = re.compile(rf"^\s*expect\s*\.\s*{key}\s*=\s*")
    plain = re.compile(rf"^\s*{key}\s*=\s*")
    inline = re.compile(rf"\b{key}\s*=\s*")
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("["):
            if re.match(r"^\[\[\s*step\s*\]\]", stripped):
                step += 1
                header = number
                in_expect = False
            elif step == index:
                in_expect = bool(re.match(r"^\[\s*step\s*\.\s*expect\s*\]", stripped))
                if not in_expect and step == index:
                    break
            continue
        if step != index:
            continue
        found = dotted.match(line) or (plain.match(line) if in_expect else None)
        if found:
            return number, found.end() + 1
        if re.match(r"^\s*expect\s*=", line):
            found = inline.search(line, line.index("=") + 1)
            if found:
                return number, found.end() + 1
    return header, 1


def scenario_config(scenario: Scenario) -> GameConfig:
    table = {"format": FORMAT, "players": list(DEFAULT_PLAYERS), **scenario.position}
    try:
        return config_of(table, scenario.plugins)
    except PositionError as exc:
        raise ScenarioError(f"{scenario.path}: position: {exc}") from None


def scenario_state(scenario: Scenario) -> GameState:
    """The state at the scenario's position."""
    config = scenario_config(scenario)
    try:
        return build_state(config, parse_position(dict(scenario.position), config))
    except PositionError as exc:
        raise ScenarioError(f"{scenario.path}: position: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Running


def run_scenario(scenario: Scenario) -> Outcome:
    """Play the scenario's steps; stop at the first step whose expectations fail."""
    state = scenario_state(scenario)
    outcome = Outcome(state=state)
    for step in scenario.steps:
        mismatches = _run_step(scenario, state, step)
        if mismatches:
            outcome.mismatches = mismatches
            outcome.step = step.index
            break
    return outcome


def _run_step(scenario: Scenario, state: GameState, step: Step) -> list[Mismatch]:
    expect = step.expect
    names = list(state.config.names)
    events: list[Event] = []
    illegal = expect.get("illegal")
    for i, text in enumerate(step.actions):
        where = f"{scenario.path}: step {step.index}: actions[{i}] {text!r}"
        try:
            action = action_from_text(text, state.config)
        except NotationError as exc:
            raise ScenarioError(f"{where}: column {exc.column}: {exc.message}") from None
        last = i == len(step.actions) - 1
        if type(action) is PlaceTile:
            events += _draw(state, action, where)
        if last and illegal is not None:
            before = state.clone()
            try:
                state.apply(action)
            except IllegalActionError as exc:
                if str(illegal) not in exc.reason:
                    return [Mismatch(step.index, "reason", f"... {illegal} ...", exc.reason)]
                if state != before:
                    return [Mismatch(step.index, "state", "unchanged", "changed by the refusal")]
                return _check(state, step, events, names)
            return [Mismatch(step.index, "illegal", f"refused: {illegal}", "accepted")]
        try:
            events += state.apply(action)
        except IllegalActionError as exc:
            return [Mismatch(step.index, f"actions[{i}]", f"{text} is legal", exc.reason)]
    return _check(state, step, events, names)


def _draw(state: GameState, action: PlaceTile, where: str) -> list[Event]:
    """Draw the tile of a placement (forced), unless the placement is itself a turn action
    (an abbey placed instead of drawing)."""
    tile = action.tile
    try:
        if state.pending.kind == "draw" and action not in state.legal_actions():
            state.force_draw(tile)
            return list(state.apply(Draw()))
        if state.pending.kind == "tile":
            state.force_draw(tile)
    except CarcassonneError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    return []


def _player_table(value: Any, names: list[str], what: str) -> dict[int, int]:
    if isinstance(value, list):
        return dict(enumerate(value))
    if not isinstance(value, dict):
        raise ScenarioError(f"{what}: a table of player = points expected")
    out = {}
    for who, points in value.items():
        if who not in names:
            raise ScenarioError(f"{what}: unknown player {who!r} (players: {', '.join(names)})")
        out[names.index(who)] = points
    return out


def _seat(who: int | str, names: list[str]) -> int:
    """A player given by seat index or by name (checked when the file was read)."""
    return who if isinstance(who, int) else names.index(who)


def _player_tables(raw: object, names: list[str]) -> dict[str, dict[int, int]]:
    """``expect.held``: a table of piece names, each a player table (names or a list)."""
    if not isinstance(raw, dict):
        raise ScenarioError(f"expect.held: a table of piece names expected, not {raw!r}")
    return {str(k): _player_table(v, names, f"held.{k}") for k, v in raw.items()}


def _listed(table: Mapping[int, int], names: list[str]) -> str:
    return ", ".join(f"{names[p]} {n}" for p, n in sorted(table.items()))


def _show(table: Mapping[int, int], names: list[str]) -> str:
    shown = [f"{names[p]} {n:+d}" for p, n in sorted(table.items()) if n]
    return ", ".join(shown) or "nothing"


def _check(state: GameState, step: Step, events: list[Event], names: list[str]) -> list[Mismatch]:
    expect = step.expect
    out: list[Mismatch] = []

    def mismatch(what: str, expected: object, got: object) -> None:
        out.append(Mismatch(step.index, what, str(expected), str(got)))

    awards = [e for e in events if isinstance(e, PointsScored)]
    for key, only_final in (("points", False), ("final_points", True)):
        if key in expect:
            wanted = {p: n for p, n in _player_table(expect[key], names, key).items() if n}
            counted = [e for e in awards if e.final or not only_final]
            got: Counter[int] = Counter()
            for e in counted:
                got[e.player] += e.points
            got_table = {p: n for p, n in got.items() if n}
            if got_table != wanted:
                detail = "; ".join(
                    f"{names[e.player]} {e.points:+d} {e.kind} ({e.reason})" for e in counted
                )
                mismatch(key, _show(wanted, names), f"{_show(got_table, names)}  [{detail}]")
    if "scores" in expect:
        wanted_scores = _player_table(expect["scores"], names, "scores")
        got_scores = {p: s for p, s in enumerate(state.scores) if p in wanted_scores}
        if got_scores != wanted_scores:

            def show(table: Mapping[int, int]) -> str:
                return ", ".join(f"{names[p]} {n}" for p, n in sorted(table.items()))

            mismatch("scores", show(wanted_scores), show(got_scores))
    if "returned" in expect:
        wanted_back = sorted(str(r) for r in expect["returned"])
        got_back = sorted(
            f"{names[e.player]} {e.figure}" for e in events if isinstance(e, FigureReturned)
        )
        if got_back != wanted_back:
            mismatch("returned", wanted_back, got_back)
    if "prisoners" in expect:
        wanted_held = sorted(str(p) for p in expect["prisoners"])
        got_held = sorted(
            f"{names[p.captor]} holds {names[p.player]} {p.kind}" for p in state.prisoners()
        )
        if got_held != wanted_held:
            mismatch("prisoners", wanted_held or "none", got_held or "none")
    if "held" in expect:
        counts = state.held_pieces()
        for piece, wanted_counts in _player_tables(expect["held"], names).items():
            got_counts = {p: counts[p].get(piece, 0) for p in wanted_counts}
            if got_counts != wanted_counts:
                mismatch(f"held {piece}", _listed(wanted_counts, names), _listed(got_counts, names))
    if "removed" in expect:
        wanted_off = sorted(str(r) for r in expect["removed"])
        got_off = sorted(
            f"{names[e.player]} {e.figure} {e.x},{e.y}"
            for e in events
            if isinstance(e, FigureRemoved)
        )
        if got_off != wanted_off:
            mismatch("removed", wanted_off, got_off)
    if "player" in expect:
        wanted_player = _seat(expect["player"], names)
        if state.player != wanted_player:
            mismatch("player", names[wanted_player], names[state.player])
    if "pending" in expect:
        raw = expect["pending"]
        decision: Mapping[str, Any] = raw if isinstance(raw, dict) else {"kind": raw}
        pending = state.pending
        got_pending = (pending.kind, pending.player)
        wanted_pending = (
            decision["kind"],
            _seat(decision["player"], names) if "player" in decision else pending.player,
        )
        if got_pending != wanted_pending:

            def show_decision(decision: tuple[str, int], with_player: bool) -> str:
                kind, player = decision
                return f"{kind} (by {names[player]})" if with_player else kind

            mismatch(
                "pending",
                show_decision(wanted_pending, "player" in decision),
                show_decision(got_pending, True),
            )
    if "game_over" in expect and bool(expect["game_over"]) != state.is_over:
        mismatch("game_over", bool(expect["game_over"]), state.is_over)
    legal = state.legal_actions() if not state.is_over else []
    if "legal_figures" in expect:
        wanted_figs = {_key(state, f"figure {f}"): str(f) for f in expect["legal_figures"]}
        got_figs = {
            _key(state, action_to_text(a)): action_to_text(a).removeprefix("figure ")
            for a in legal
            if type(a) is PlaceFigure
        }
        if set(got_figs) != set(wanted_figs):
            missing = sorted(wanted_figs[k] for k in set(wanted_figs) - set(got_figs))
            extra = sorted(got_figs[k] for k in set(got_figs) - set(wanted_figs))
            mismatch(
                "legal_figures",
                sorted(wanted_figs.values()),
                f"{sorted(got_figs.values())} (missing: {missing or 'none'}; "
                f"not expected: {extra or 'none'})",
            )
    legal_keys = {_key(state, action_to_text(a)) for a in legal}
    for text in expect.get("legal", []):
        if _key(state, text) not in legal_keys:
            mismatch("legal", f"{text} is legal", "not among the legal actions")
    for text in expect.get("not_legal", []):
        if _key(state, text) in legal_keys:
            mismatch("not_legal", f"{text} is not legal", "it is legal")
    for key, complete in (("complete", True), ("open", False)):
        for where in expect.get(key, []):
            feature = _feature(state, str(where), key)
            if state.is_complete(feature) != complete:
                got_word = "complete" if not complete else "open"
                mismatch(key, f"the {state.feature_kind(feature)} at {where} is {key}", got_word)
    for group in expect.get("same_feature", []):
        features = {
            state.feature_id(_feature(state, str(where), "same_feature")) for where in group
        }
        if len(features) != 1:
            mismatch("same_feature", f"{list(group)} are one feature", f"{len(features)} features")
    return out


def _key(state: GameState, text: str) -> object:
    """An action in a comparable form: a figure placement by the feature it names (any
    location of the feature; a corner, where barns stand, as written), other actions by their
    normal text."""
    try:
        action = action_from_text(text, state.config)
    except NotationError as exc:
        raise ScenarioError(f"{text!r}: column {exc.column}: {exc.message}") from None
    corner = action.location in CORNERS if type(action) is PlaceFigure else True
    if type(action) is PlaceFigure and not corner and (action.x, action.y) in state.board:
        try:
            feature = state.feature_id(state.feature_at(action.x, action.y, action.location))
        except CarcassonneError:
            return action_to_text(action)
        return (action.figure, action.x, action.y, feature)
    return action_to_text(action)


def _feature(state: GameState, where: str, key: str) -> int:
    """The feature at ``"x,y LOCATION"``."""
    try:
        at, location = where.split()
        x, y = (int(v) for v in at.strip("@()").split(","))
        return state.feature_at(x, y, location)
    except (ValueError, CarcassonneError) as exc:
        raise ScenarioError(
            f"{key}: {where!r}: 'x,y LOCATION' of a feature expected ({exc})"
        ) from None


def report(scenario: Scenario, outcome: Outcome) -> str:
    """A failure report: each mismatch as expected vs got, then the board as text."""
    from carcassonne.cli.board_view import legend, render_board

    lines = [f"scenario {scenario.title!r} ({scenario.path}) failed at step {outcome.step}"]
    if scenario.source:
        lines.append(f"source: {scenario.source}")
    step = scenario.steps[outcome.step - 1] if outcome.step else None
    if step is not None:
        lines.append(f"actions: {'; '.join(step.actions) or '(none)'}")
    for m in outcome.mismatches:
        lines.append(f"  {m.what}:")
        lines.append(f"    expected: {m.expected}")
        lines.append(f"    got:      {m.got}")
    state = outcome.state
    if state is not None:
        names = state.config.names
        scores = zip(names, state.scores, strict=True)
        lines.append("scores: " + ", ".join(f"{name} {score}" for name, score in scores))
        lines.append(f"board ({legend(state)}; upper case: meeple, lower case: other figures):")
        lines.append(render_board(state, columns=9, rows=7))
    return "\n".join(lines)
