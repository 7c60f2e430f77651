"""Helpers for tests of the engine, of expansions and of fans' plugins (docs/authoring.md,
"Testing kit").

Build a board directly (examples in the rules are boards, not whole games), play one more tile
with a forced draw, and read the points an action scored::

    state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=BLUE)
    assert points(place(state, "BA/C @(0,-1) r180")) == {RED: 4}

A plugin that is not installed joins with ``plugins=``: ``(name, object)`` pairs, module
objects, or module paths and ``.py`` files as the command line's ``--plugin`` takes them::

    state = board(["BA/RCr @(0,0) r0"], plugins=["my_expansion.plugin"])

Invariants for random games: :func:`random_game`, :func:`figure_totals` against
:func:`initial_figures`, :func:`check_actions`, :func:`check_award_lines`, :func:`play_out`;
the expansion mixes to play them in, :func:`mixes`.
Scenario files run with :func:`run_scenario_file` (pytest collects them by itself).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from carcassonne.actions import Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import IllegalActionError
from carcassonne.events import Event, PointsScored, PointsTransferred
from carcassonne.local_plugins import load_plugins, plugin_name
from carcassonne.position import Position, build_state
from carcassonne.state import GameState

# the entries of ``state.log`` beside the actions, for tests that read or replay a log
from carcassonne.values import ForcedChance as ForcedChance
from carcassonne.values import ForcedDraw as ForcedDraw

RED, BLUE, YELLOW, GREEN, BLACK, PINK = 0, 1, 2, 3, 4, 5

#: What ``plugins=`` takes: ``(name, object)``, a module object, or a module path / file.
PluginSpec = tuple[str, object] | ModuleType | str

_CONFIGS: dict[tuple, GameConfig] = {}


def plugin_pairs(plugins: Iterable[PluginSpec]) -> list[tuple[str, object]]:
    """``plugins=`` entries as the ``(name, object)`` pairs ``GameConfig(plugins=...)`` takes.

    >>> from types import ModuleType
    >>> plugin_pairs([ModuleType("my_plugin"), ("named", object())])[0][0]
    'my_plugin'
    """
    pairs: list[tuple[str, object]] = []
    for spec in plugins:
        if isinstance(spec, tuple):
            pairs.append(spec)
        elif isinstance(spec, ModuleType):
            pairs.append((plugin_name(spec), spec))
        else:
            pairs += load_plugins([spec])
    return pairs


def config(
    players: int = 2,
    expansions: tuple[str, ...] = (),
    options: dict | None = None,
    plugins: Sequence[PluginSpec] = (),
    **more,
) -> GameConfig:
    """A configuration with seed 1 (cached: tests build many boards with the same one).

    ``options`` and keyword arguments are rule options (``tiny_city=2``); ``plugins`` adds
    plugins that are not installed (see :func:`plugin_pairs`).

    >>> config(3, ("abbot",)).figure_kinds["abbot"].count
    1
    """
    options = {**(options or {}), **more}
    pairs = plugin_pairs(plugins)
    key = (
        players,
        tuple(sorted(expansions)),
        tuple(sorted(options.items())),
        tuple((name, id(obj)) for name, obj in pairs),
    )
    if key not in _CONFIGS:
        _CONFIGS[key] = GameConfig(
            players=players, expansions=expansions, options=options, seed=1, plugins=pairs
        )
    return _CONFIGS[key]


def board(
    tiles,
    figures=(),
    player=0,
    players=2,
    expansions=(),
    pile=None,
    options: dict | None = None,
    plugins: Sequence[PluginSpec] = (),
    **more,
) -> GameState:
    """A state with ``tiles`` (``"ID @(x,y) rR"`` strings or ``(id, x, y, rotation)``) and
    ``figures`` (``(player, kind, x, y, location)``) on them; ``player`` is about to draw.

    The first tile is laid first; the others in any order that connects them. ``pile=None``
    deals the rest of the game's tiles, ``pile=[...]`` exactly those (next first), and
    ``pile=[]`` ends the game at once: final scoring runs and its events are ``last_events``.

    >>> state = board(["BA/RCr @(0,0) r0", "BA/C @(0,-1) r180"], [(RED, "meeple", 0, 0, "EL")],
    ...               pile=[])
    >>> state.scores
    [3, 0]
    """
    parsed = [parse_tile(t) if isinstance(t, str) else t for t in tiles]
    cfg = config(players, tuple(expansions), options, plugins, **more)
    return build_state(cfg, Position(tiles=parsed, figures=list(figures), player=player, pile=pile))


def parse_tile(text: str) -> tuple[str, int, int, int]:
    """``"BA/RCr @(0,-1) r90"`` as ``("BA/RCr", 0, -1, 90)``.

    >>> parse_tile("BA/RCr @(0,-1) r90")
    ('BA/RCr', 0, -1, 90)
    """
    tile, at, rot = text.split()
    x, y = at.strip("@()").split(",")
    return tile, int(x), int(y), int(rot.lstrip("r"))


def place(state: GameState, text: str, figure: tuple[str, str] | None = None) -> list:
    """Draw and place a tile (forcing the draw), then place ``(kind, location)`` or pass.

    Returns the events of the whole turn.

    >>> state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=BLUE)
    >>> points(place(state, "BA/C @(0,-1) r180"))
    {0: 4}
    """
    tile, x, y, rot = parse_tile(text)
    if state.pending.kind == "draw":
        state.force_draw(tile)
        state.apply(Draw())
    else:
        state.force_draw(tile)
    events = list(state.apply(PlaceTile(tile, x, y, rot)))
    if figure is None:
        events += state.apply(Pass())
    else:
        events += state.apply(PlaceFigure(figure[0], x, y, figure[1]))
    return events


def points(events: Iterable[Event]) -> dict[int, int]:
    """How each player's score changed in ``events``: points scored, and points moved between
    players (``PointsTransferred``: the payer loses them, the payee gains them). Players whose
    score did not change are left out, so a ransom shows as ``{payer: -3, payee: 3}``.

    >>> from carcassonne.events import PointsTransferred
    >>> points([PointsScored(0, 4, "road", 1, "", False), PointsTransferred(0, 1, 3, "ransom")])
    {0: 1, 1: 3}
    """
    out: dict[int, int] = {}
    for e in events:
        if isinstance(e, PointsScored):
            out[e.player] = out.get(e.player, 0) + e.points
        elif isinstance(e, PointsTransferred):
            out[e.payer] = out.get(e.payer, 0) - e.points
            out[e.payee] = out.get(e.payee, 0) + e.points
    return {player: total for player, total in out.items() if total}


def random_game(config: GameConfig, seed: int):
    """Yield ``(state before, action, events, state after)`` for each action of a random game.

    The actions are uniformly random legal ones (seeded); "before" is a clone, "after" is the
    live state. Handy for invariant tests of the engine and of plugins.
    """
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        events = state.apply(action)
        yield before, action, events, state


def figure_totals(state: GameState) -> list[dict[str, int]]:
    """Per player, figures in supply, on the board and held as prisoners by other players, by
    kind (constant in a game).

    >>> state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")])
    >>> figure_totals(state) == initial_figures(state.config)
    True
    """
    totals = [dict(s) for s in state.supply]
    for _, fig in state.figures():
        totals[fig.player][fig.kind] += 1
    for prisoner in state.prisoners():  # a prisoner is still its owner's figure
        totals[prisoner.player][prisoner.kind] += 1
    return totals


def initial_figures(config: GameConfig) -> list[dict[str, int]]:
    """What :func:`figure_totals` must always be."""
    return [{k.name: k.count for k in config.figure_kinds.values()} for _ in range(config.players)]


def check_actions(state: GameState, wrong: Iterable[Any] = ()) -> None:
    """Every legal action applies (each on a clone); each of ``wrong`` that is not legal is
    refused with :class:`IllegalActionError` and leaves the state equal to what it was."""
    legal = state.legal_actions()
    for action in legal:
        state.clone().apply(action)
    probe = state.clone()
    for action in wrong:
        if action in legal:
            continue
        try:
            probe.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was accepted, but it is not a legal action")
        if probe != state:
            raise AssertionError(f"refusing {action} changed the state")


def play_out(state: GameState, seed: int) -> tuple[list[int], int]:
    """Finish a game with seeded uniformly random legal actions; return the final scores and
    the number of actions taken (a state sent to another process must finish identically)."""
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return list(state.scores), actions


def mixes(names: Iterable[str], *, every_up_to: int = 4) -> list[tuple[str, ...]]:
    """Mixes of the expansions ``names`` to play in tests, each a sorted tuple.

    Up to ``every_up_to`` names, every combination (the empty mix included). Beyond, the
    number of combinations doubles with each expansion installed, so a cover that still finds
    what goes wrong between two expansions: none, each alone, each pair, all but one, all.
    Most rule clashes are between two expansions; the full mix and the mixes missing one
    catch the rest. ::

        for mix in mixes(installed_expansions()):
            ...
    """
    ordered = sorted(set(names))
    n = len(ordered)
    sizes = list(range(n + 1)) if n <= every_up_to else sorted({0, 1, 2, n - 1, n})
    return [combo for size in sizes for combo in itertools.combinations(ordered, size)]


def check_award_lines(state: GameState, events: Iterable[Event]) -> None:
    """Each scored feature gives each player one ``points`` event per scoring step (an award
    change replaces points rather than adding "+4, -4" lines). The abbot's early return is a
    separate step in the figure phase and is not counted, and neither are points for no feature
    (``feature=None``: a majority of goods, a fairy's point), which may come several a step."""
    lines = Counter(
        (state.feature_id(e.feature), e.player, e.final)
        for e in events
        if isinstance(e, PointsScored) and e.reason != "abbot returned" and e.feature is not None
    )
    doubled = {line: n for line, n in lines.items() if n > 1}
    if doubled:
        raise AssertionError(f"several award lines for one feature and player: {doubled}")


def run_scenario_file(path: str | Path, plugins: Sequence[PluginSpec] = ()) -> None:
    """Run a ``*.scenario.toml`` file (docs/scenarios.md) with extra plugins; raise
    ``AssertionError`` with the failure report (expected vs got, the board) if it fails."""
    from carcassonne.scenario import load_scenario, report, run_scenario

    scenario = load_scenario(path, plugin_pairs(plugins))
    outcome = run_scenario(scenario)
    if outcome.mismatches:
        raise AssertionError(report(scenario, outcome))
