"""The OpenSpiel game: OpenSpiel's own random-simulation test, its MCTS bot, chance, clones."""

from __future__ import annotations

import pickle
from collections import Counter
from pathlib import Path

import pytest

from .extras import need

pyspiel = need("pyspiel", "openspiel")
np = need("numpy", "openspiel")
mcts = need("open_spiel.python.algorithms.mcts", "openspiel")

import carcassonne.envs.openspiel  # noqa: E402,F401  (registers python_carcassonne)
from carcassonne import (  # noqa: E402
    ChanceOutcome,
    Draw,
    GameConfig,
    GameState,
    Pass,
    PlaceFigure,
    PlaceTile,
)
from carcassonne.envs.observation import Layout, location_cell  # noqa: E402
from carcassonne.local_plugins import load_plugins  # noqa: E402
from carcassonne.plugins import installed_expansions  # noqa: E402
from carcassonne.testing import mixes  # noqa: E402

ALL = "river,abbot,abbey-mayor,inns-cathedrals"

#: (expansions, players, returns) for OpenSpiel's random simulation, each with serialisation:
#: the base game, the River's phased pile, each expansion with more players, all four together.
SIMULATIONS = [
    ("", 2, "win"),
    ("river", 2, "win"),
    ("abbey-mayor", 3, "score"),
    ("abbot,inns-cathedrals", 4, "win"),
    (ALL, 2, "win"),
]
#: A smaller board window for the simulations: OpenSpiel copies every observation and
#: information state tensor it checks, and their size grows with the window's area. Random
#: games stay within 16 squares of the start tile (docs/ai.md); one that does not is cut off,
#: which the simulation accepts as an end.
SIM_RADIUS = 16


def load(expansions: str = "", **params):
    return pyspiel.load_game("python_carcassonne", {"expansions": expansions, **params})


@pytest.mark.parametrize(("expansions", "players", "returns"), SIMULATIONS)
def test_openspiels_random_simulation_test(expansions, players, returns):
    game = load(expansions, players=players, returns=returns, radius=SIM_RADIUS)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "mix", [",".join(mix) for mix in mixes(installed_expansions())], ids=lambda mix: mix or "base"
)
def test_every_mix_loads_from_its_game_string_and_serialises(mix):
    """OpenSpiel's game strings separate parameters with commas: lists are kept with ``+`` so
    the string loads back, and a game and state serialised mid-game come back equal."""
    game = load(mix, players=3)
    assert str(game) == (
        f"python_carcassonne(expansions={mix.replace(',', '+')},players=3,plugins=,radius=32,"
        "returns=win,seed=0)"
    )
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.get_parameters()["expansions"] == mix.replace(",", "+")
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    back_game, back = pyspiel.deserialize_game_and_state(text)
    assert str(back_game) == str(game)
    assert back.history() == state.history()
    assert back.engine.key() == state.engine.key()
    # OpenSpiel's own check with serialisation, on a small window (a game that outgrows it is
    # cut off: short, and still every kind of node of the mix's first turns)
    small = load(mix, players=3, radius=3)
    pyspiel.random_sim_test(small, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("expansions", ["", ALL])
def test_mcts_bot_plays_against_random(expansions):
    game = load(expansions)
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=4,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    bot_moves = 0
    while bot_moves < 6:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.engine.turn >= 6


def test_chance_nodes_give_the_piles_probabilities():
    game = load()
    state = game.new_initial_state()
    assert state.is_chance_node()
    engine = state.engine
    assert (engine.pending.kind, engine.drawn) == ("draw", None)  # the engine waits for the draw
    copies = Counter(engine.draw_pile())
    tiles = sorted(engine.config.tile_types)
    outcomes = state.chance_outcomes()
    assert [code for code, _ in outcomes] == sorted(tiles.index(t) for t in copies)
    assert [p for _, p in outcomes] == pytest.approx([copies[tiles[c]] / 71 for c, _ in outcomes])
    wanted = tiles.index("BA/CRRR")
    state.apply_action(wanted)
    assert state.current_player() == 0
    assert state.engine.drawn == "BA/CRRR"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, wanted) == "draw BA/CRRR"


def test_clone_is_independent_and_serialization_round_trips():
    game = load("abbot")
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(25):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    while copy.is_chance_node():
        copy.apply_action(copy.chance_outcomes()[0][0])
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert back.engine.key() == state.engine.key()
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert back.history() == state.history()
    assert back.engine.key() == state.engine.key()
    assert pickle.loads(pickle.dumps(state.play)).state.key() == state.engine.key()


def test_observation_tensor_shows_the_start_tile():
    game = load(radius=4)
    layout = game.observation_layout()
    assert game.observation_tensor_shape() == [layout.size]
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    tensor = np.asarray(state.observation_tensor(0)).reshape(-1)[: layout.pieces[0][1][0] * 27 * 27]
    board = tensor.reshape(layout.pieces[0][1])
    planes = layout.planes
    assert board[planes.index("tile")].sum() == 9  # one tile: 3 x 3 cells
    centre = 3 * 4  # square (0, 0) of a radius-4 window starts at cell 12
    # the start tile BA/CRFR: city north, road east-west through the centre, fields between
    city = board[planes.index("kind:city")]
    road = board[planes.index("kind:road")]
    assert city[centre, centre + 1] == 1 and city.sum() == 1
    assert (
        road[centre + 1, centre]
        == road[centre + 1, centre + 2]
        == road[centre + 1, centre + 1]
        == 1
    )
    assert road.sum() == 3
    views = layout.views(np.asarray(state.observation_tensor(0), dtype=np.float32))
    assert views["seat"].tolist() == [[1, 0], [1, 0]]
    assert views["decision"].tolist() == [0, 1, 0, 0, 0]  # tile
    assert views["supply"].tolist() == [[7], [7]]
    assert views["pile"].sum() == 70


def test_strings_and_returns():
    game = load()
    state = game.new_initial_state()
    assert state.information_state_string(0) == ""
    state.apply_action(state.chance_outcomes()[0][0])
    action = state.legal_actions()[0]
    text = state.action_to_string(0, action)
    state.apply_action(action)
    assert state.information_state_string(1).startswith(
        "draw "
    ) and text in state.information_state_string(1)
    assert state.observation_string(0).startswith("turn 1 figure to_move=0 scores=[0, 0]")
    assert state.returns() == [0.0, 0.0]


def test_a_board_outgrowing_the_window_ends_the_game_with_the_scores_so_far():
    game = load(radius=1)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    engine = state.engine
    assert not engine.is_over and state.legal_actions() == []
    assert any(abs(a.x) > 1 or abs(a.y) > 1 for a in engine.legal_actions())
    a, b = engine.scores
    assert state.returns() == [float((a > b) - (a < b)), float((b > a) - (b < a))]


def test_pennants_have_their_own_plane():
    game = load(radius=4)
    layout = game.observation_layout()
    state = game.new_initial_state()
    state.apply_action(game.tile_index["BA/Cccc+"])  # the all-city tile with a pennant
    placement = min(state.legal_actions())  # its only square: north of the start tile
    assert state.action_to_string(0, placement) == "tile BA/Cccc+ 0,-1 r0"
    state.apply_action(placement)
    views = layout.views(np.asarray(state.observation_tensor(0), dtype=np.float32))
    shields = views["board"][layout.planes.index("attr:city.shields")]
    # square (0, -1) of a radius-4 window: rows 9..11, columns 12..14; sides and centre
    assert sorted(zip(*np.nonzero(shields), strict=True)) == [
        (9, 13), (10, 12), (10, 13), (10, 14), (11, 13),
    ]  # fmt: skip


#: The sheep bag of tests/mechanics/plugins.py as a plugin file: a shepherd draws a sheep (3 in
#: the bag) or a wolf (2) inside the turn, by chance.
SHEEP = str(Path(__file__).parents[1] / "mechanics" / "sheep_plugin.py")


def _to_sheep_bag(state, rng):
    """Random moves (placing a shepherd whenever offered) up to a chance draw inside a turn."""
    for _ in range(400):
        if state.is_chance_node() and state.engine.pending.kind == "chance":
            return state
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = state.legal_actions()
        shepherds = [a for a in legal if state.action_to_string(state.current_player(), a)
                     .startswith("shepherd")]  # fmt: skip
        state.apply_action(shepherds[0] if shepherds else int(rng.choice(legal)))
    raise AssertionError("no chance draw inside a turn in 400 moves")


def test_a_chance_draw_inside_a_turn_is_a_chance_node_with_the_games_odds():
    game = load(plugins=SHEEP, radius=8)
    assert game.max_chance_outcomes() == len(game.tiles)
    state = _to_sheep_bag(game.new_initial_state(), np.random.RandomState(2))
    engine = state.engine
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert engine.chance_odds() == [
        (ChanceOutcome("t-sheep-bag", "sheep"), 0.6),
        (ChanceOutcome("t-sheep-bag", "wolf"), 0.4),
    ]
    assert state.chance_outcomes() == [(0, 0.6), (1, 0.4)]
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.legal_actions() == [0, 1]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "chance t-sheep-bag wolf"
    assert " chance to_move=- " in state.observation_string(0)
    player = engine.player
    shepherd = next(f for _, f in engine.figures() if f.kind == "shepherd" and f.player == player
                    and (f.x, f.y) == engine.last_tile)  # fmt: skip
    sheep = state.clone()
    sheep.apply_action(0)
    flock = sheep.engine.pieces_at(shepherd.x, shepherd.y)
    assert [(p.kind, p.owner, p.x, p.y) for p in flock] == [("sheep", player, *shepherd[2:4])]
    assert not sheep.is_chance_node() or sheep.engine.pending.kind == "draw"
    assert sheep.history_str() != state.history_str()
    assert sheep.information_state_string(0).endswith("chance t-sheep-bag sheep")
    # the observation: the sheep on its owner's piece plane, at the shepherd's cell
    layout = game.observation_layout()
    views = layout.views(np.asarray(sheep.observation_tensor(0), dtype=np.float32))
    plane = views["board"][layout.planes.index(f"piece:sheep:{player}")]
    row, col = location_cell(shepherd.location)
    r = layout.radius
    assert plane[3 * (shepherd.y + r) + row, 3 * (shepherd.x + r) + col] == 1 and plane.sum() == 1
    wolf = state.clone()
    wolf.apply_action(1)
    assert shepherd not in [f for _, f in wolf.engine.figures()]
    assert wolf.engine.supply[player]["shepherd"] == 1
    # a serialized state replays the chance outcome
    back = game.deserialize_state(wolf.serialize())
    assert back.engine.key() == wolf.engine.key() and back.history() == wolf.history()


def test_openspiels_random_simulation_test_with_chance_inside_turns():
    game = load(plugins=SHEEP, players=3, radius=SIM_RADIUS)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_odds_match_the_chance_nodes_over_random_games():
    game = load(plugins=SHEEP, radius=SIM_RADIUS)
    rng = np.random.RandomState(5)
    inside = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                engine = state.engine
                if engine.pending.kind == "chance":
                    inside += 1
                    names = engine.pending.data.outcomes
                    assert [(names[i], p) for i, p in outcomes] == [
                        (o.outcome, p) for o, p in engine.chance_odds()
                    ]
                codes, probs = zip(*outcomes, strict=True)
                state.apply_action(int(rng.choice(codes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert inside > 3


def test_the_base_games_observation_layout_is_unchanged():
    layout = load().observation_layout()
    assert layout.planes == (
        "tile", "kind:city", "kind:field", "kind:monastery", "kind:road", "attr:city.shields",
        "owner:0", "owner:1", "figures:0", "figures:1", "last",
    )  # fmt: skip
    assert [name for name, _ in layout.pieces] == [
        "board", "drawn", "pile", "decision", "seat", "supply", "scores",
    ]  # fmt: skip
    assert layout.size == 418_352


def test_the_mechanics_parts_of_the_observation():
    config = GameConfig(players=2, plugins=load_plugins([SHEEP]), seed=3)
    layout = Layout(config, 4)
    assert layout.planes[-3:] == ("piece:sheep:0", "piece:sheep:1", "under")
    assert [(name, shape) for name, shape in layout.pieces[-4:]] == [
        ("held", (2, 1)), ("prisoners", (2, 2, 2)), ("aside", (len(layout.tiles),)), ("part", (1,)),
    ]  # fmt: skip
    state = GameState.new(config, seed=3)
    pile = Counter(state.draw_pile())
    under = state.draw_pile()[0]
    events: list = []
    assert state.put_under(0, 0, "test", events)
    aside = state.draw_pile()[0]
    state.set_aside(aside, "test", events)
    state.add_prisoner(1, 0, "meeple")
    out = layout.new()
    layout.fill(out, state, 0)
    views = layout.views(out)
    # the pile counts the tile under the start tile too: which one went under stays unseen
    pile[aside] -= 1
    assert views["pile"].tolist() == [pile[t] for t in layout.tiles]
    assert views["aside"].tolist() == [float(t == aside) for t in layout.tiles]
    assert under in layout.tiles
    plane = views["board"][layout.planes.index("under")]
    assert plane.sum() == 9 and plane[12:15, 12:15].tolist() == [[1.0] * 3] * 3
    assert views["prisoners"][1, 0].tolist() == [
        float(kind == "meeple") for kind in layout.figure_kinds
    ]
    assert views["part"].tolist() == [0.0] and views["held"].tolist() == [[0.0], [0.0]]


def test_figures_of_different_kinds_have_planes_of_their_own():
    """A shepherd and a meeple of one player (the sheep plugin's figure kinds): ``figures:p``
    counts both, ``figure:kind`` tells them apart; the base game has no such planes."""
    config = GameConfig(players=2, plugins=load_plugins([SHEEP]), seed=3)
    layout = Layout(config, 4)
    kinds = [p for p in layout.planes if p.startswith("figure:")]
    assert kinds == ["figure:meeple", "figure:shepherd"]
    assert layout.planes.index("figure:meeple") == layout.planes.index("figures:1") + 1
    assert not [p for p in Layout(GameConfig(players=2), 4).planes if p.startswith("figure:")]
    state = GameState.new(config, seed=3)
    state.force_draw("BA/RFr")
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("BA/RFr", 1, 0, 0))  # the road runs west-east into the start tile's
    state.force_chance("sheep")  # the bag's draw: a sheep (a wolf would send it home)
    state.apply(PlaceFigure("shepherd", 1, 0, "NL"))
    state.force_draw("BA/RFr")
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("BA/RFr", -1, 0, 0))
    state.apply(Pass())
    state.force_draw("BA/L")
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("BA/L", 1, 1, 0))
    state.apply(PlaceFigure("meeple", 1, 1, "monastery"))
    out = layout.new()
    layout.fill(out, state, 0)
    board = layout.views(out)["board"]

    def cells(plane: str) -> list[tuple[int, int]]:
        rows, cols = board[layout.planes.index(plane)].nonzero()
        return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]

    shepherd = (3 * 4 + location_cell("NL")[0], 3 * 5 + location_cell("NL")[1])
    monk = (3 * 5 + 1, 3 * 5 + 1)
    assert cells("figures:0") == sorted([shepherd, monk])
    assert cells("figure:shepherd") == [shepherd]
    assert cells("figure:meeple") == [monk]
    assert cells("figures:1") == []
