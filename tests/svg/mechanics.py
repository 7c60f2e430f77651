"""The mechanics' test plugins (tests/mechanics/plugins.py), loaded by path (the tests run in
importlib mode, so another folder's module is not importable by name), and a scene that shows
every kind of piece: the dragon, the fairy, tower floors, sheep, prisoners, tiles under a tile
and tiles set aside."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from carcassonne import NEUTRAL, GameConfig, GameState
from carcassonne.bots import make_bot

_NAME = "carcassonne_test_mechanics_plugins"


def mechanics_plugins() -> dict[str, object]:
    module = sys.modules.get(_NAME)
    if module is None:
        path = Path(__file__).parents[1] / "mechanics" / "plugins.py"
        spec = importlib.util.spec_from_file_location(_NAME, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[_NAME] = module
        spec.loader.exec_module(module)
    plugins = module.PLUGINS
    assert isinstance(plugins, dict)
    return plugins


SCENE_PLUGINS = ("t-dragon", "t-fairy", "t-tower", "t-sheep", "t-hill")


def scene_config(names: tuple[str, ...] = SCENE_PLUGINS) -> GameConfig:
    plugins = mechanics_plugins()
    return GameConfig(players=3, expansions=[], plugins=[(n, plugins[n]) for n in names], seed=4)


def scene() -> GameState:
    """Nine turns of greedy bots (a shepherd stands at -1,0), then on tiles without figures:
    the dragon and the fairy together, three tower floors; two sheep by the shepherd; red
    holds a blue meeple and yellow a red one; two tiles under 0,-1; two tiles set aside."""
    state = GameState.new(scene_config())
    bots = [make_bot("greedy", p + 1) for p in range(3)]
    while state.turn < 9:
        state.apply(bots[state.pending.player].choose(state))
    events: list[object] = []
    for piece in state.pieces():
        state.remove_piece(piece, "a new scene", events)  # type: ignore[arg-type]
    state.put_piece("dragon", NEUTRAL, 0, 0, None, events)  # type: ignore[arg-type]
    state.put_piece("fairy", NEUTRAL, 0, 0, None, events)  # type: ignore[arg-type]
    for _ in range(3):
        state.put_piece("floor", NEUTRAL, 1, 0, None, events)  # type: ignore[arg-type]
    shepherd = next(f for _, f in state.figures() if f.kind == "shepherd")
    for _ in range(2):
        state.put_piece("sheep", shepherd.player, shepherd.x, shepherd.y, shepherd.location,
                        events)  # type: ignore[arg-type]  # fmt: skip
    state.add_prisoner(0, 1, "meeple")
    state.add_prisoner(2, 0, "meeple")
    pile = state.draw_pile()
    state.put_tile_under(0, -1, pile[5])
    state.put_tile_under(0, -1, pile[6])
    state.set_aside_tile(pile[7])
    state.set_aside_tile(pile[8])
    return state
