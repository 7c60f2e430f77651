"""Records, positions, notation and tile files: each bad input of issue 18 gets a located error of
the format's own type (never an internal error), quickly."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.notation import NotationError, action_from_text
from carcassonne.position import PositionError, load_position
from carcassonne.record import RecordError, dump_record, load_record
from carcassonne.tileset.catalog import installed_kinds
from carcassonne.tileset.errors import TileSetError
from carcassonne.tileset.loader import parse_tileset_text

CONFIG = GameConfig(players=2)
HEADER = 'format = 1\nplayers = ["red", "blue"]\n'
POSITION = HEADER + 'tiles = ["BA/RCr 0,0 r0"]\n'


def record_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        load_record(text, text=True)
    return err.value


def position_error(text: str) -> PositionError:
    with pytest.raises(PositionError) as err:
        load_position(text, text=True)
    return err.value


# -- notation ----------------------------------------------------------------------------------


def test_huge_numbers_in_notation() -> None:
    with pytest.raises(NotationError) as err:
        action_from_text("tile BA/C " + "1" * 5000 + ",0 r0", CONFIG)
    assert err.value.column == 11
    assert err.value.message.startswith("a number has at most 9 digits, found '1111")
    with pytest.raises(NotationError) as err:
        action_from_text("tile BA/C 0,1 r" + "9" * 20, CONFIG)
    assert err.value.column == 15


def test_very_long_notation_text() -> None:
    with pytest.raises(NotationError) as err:
        action_from_text("pass " + " " * 20000, CONFIG)
    assert str(err.value) == "column 10001: an action has at most 10000 characters"


# -- records -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("seed = " + "9" * 5000, "line 3: column 8: a number has more than 30 digits"),
        ("seed = 99999999999999999999", "line 3: seed: a whole number must fit in 64 bits (TOML)"),
        ("seed = " + "[" * 2000 + "]" * 2000,
         "line 3: column 40: arrays and tables nest deeper than 32 levels"),
        ("seed = true", "line 3: 'seed' must be a whole number"),
        ('plugins = [1, "a"]', "line 3: 'plugins' must be a list of plugin names"),
        ("position = 5", "line 3: 'position' must be a table (the position the game began at)"),
        ("engine = 5", "line 3: 'engine' must be the engine version (text)"),
    ],
)  # fmt: skip
def test_record_headers(header: str, message: str) -> None:
    assert str(record_error(HEADER + header + "\n---\n")) == message


def test_record_position_of_wrong_types() -> None:
    error = record_error(HEADER + "[position]\ntiles = 3\n---\n")
    assert str(error) == (
        "line 3: the starting position is wrong: tiles: a list of texts expected, not 3"
    )


def test_record_files_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(HEADER.encode() + b"---\n# caf\xe9\n")
    error = record_error_from(path)
    assert str(error) == f"{path}:4:6: not UTF-8 text"
    assert error.line == 4


def record_error_from(path: Path) -> RecordError:
    with pytest.raises(RecordError) as err:
        load_record(path)
    return err.value


def test_float_and_bool_coordinates_are_illegal_and_records_stay_loadable() -> None:
    from carcassonne import IllegalActionError, PlaceFigure, PlaceTile

    state = GameState.new(GameConfig(players=2, seed=13))
    assert state.drawn == "BA/C"
    for action in (
        PlaceTile("BA/C", 0.0, -1, 180),  # type: ignore[arg-type]
        PlaceTile("BA/C", 0, True, 90),  # type: ignore[arg-type]
        PlaceTile("BA/C", 0, -1, 180.0),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.reason == (
            "coordinates, rotations and other whole numbers must be int (not bool or float)"
        )
        assert err.value.code == "bad-field-type"
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceFigure("meeple", 0.0, -1, "S"))  # type: ignore[arg-type]
    assert err.value.code == "bad-field-type"
    again = load_record(dump_record(state), text=True)
    assert again.key() == state.key()


def test_undo_back_to_the_start_shows_the_opening_events() -> None:
    state = GameState.new(GameConfig(players=2, seed=13))
    opening = list(state.last_events)
    assert [e.type for e in opening] == ["turn", "tile-drawn"]
    state.apply(state.legal_actions()[0])
    state.undo()
    assert state.last_events == opening
    assert state.initial().last_events == opening


# -- positions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ("scores = 5", "scores: 2 whole numbers expected, got 5"),
        ("pile = 3", "pile: a list of tile ids or a table of tile id = count expected, not 3"),
        ("supply = { red = 5 }", "supply: a table of player name = { figure kind = count }"),
        ("supply = { red = { meeple = 7.5 } }",
         "supply of red: the count of meeple must be a whole number, not 7.5"),
        ("ext = 5", "ext: a table of plugin data expected, not 5"),
        ("options = [1]", "options: a table of option = value expected"),
        ('turn = "x"', "turn: a whole number expected, not 'x'"),
        ("turn = 0", "turn: a whole number from 1 to 1000000 expected, not 0"),
        ("seed = true", "seed: a whole number expected, not True"),
        ('pending = "tile"\ndrawn = ""', "drawn: a tile id expected, not ''"),
        ('pending = "tile"\ndrawn = 5', "drawn: a tile id expected, not 5"),
        ("tiles = [3]", "tiles: a list of texts expected, not [3]"),
        ("figures = [[1]]", "figures: a list of texts expected, not [[1]]"),
        ("player = 1.5", "player: unknown player 1.5 (players: red, blue)"),
        ("expansions = [[1]]",
         "expansions: a table of name = version (or a list of names) expected"),
        ("scores = [" + "9" * 40 + ", 0]", "column 11: a number has more than 30 digits"),
        ('players = ["a", "a"]', "player names must differ: a, a"),
    ],
)  # fmt: skip
def test_position_keys_of_the_wrong_type(extra: str, reason: str) -> None:
    key = extra.split(" ", 1)[0]
    text = "\n".join(line for line in POSITION.splitlines() if not line.startswith(key + " "))
    error = position_error(text + "\n" + extra + "\n")
    assert error.reason == reason
    assert error.line >= 1


@pytest.mark.parametrize(
    ("ext", "reason"),
    [
        ("[1]", "ext.abbey-mayor: 2 values expected, not (1,)"),
        ("[50, 50]", "ext.abbey-mayor[0]: a whole number from 0 to 1 expected, not 50"),
        ("[-1, 0]", "ext.abbey-mayor[0]: a whole number from 0 to 1 expected, not -1"),
        ('["a", 0]', "ext.abbey-mayor[0]: a whole number from 0 to 1 expected, not 'a'"),
    ],
)
def test_abbey_counts_in_a_position(ext: str, reason: str) -> None:
    text = POSITION + f'expansions = ["abbey-mayor"]\next = {{ "abbey-mayor" = {ext} }}\n'
    error = position_error(text)
    assert error.reason == reason
    assert error.line == 5


def test_abbey_counts_that_fit_load() -> None:
    text = POSITION + 'expansions = ["abbey-mayor"]\next = { "abbey-mayor" = [0, 1] }\n'
    assert load_position(text, text=True).ext["abbey-mayor"] == (0, 1)


def test_huge_pile_counts_are_refused_at_once() -> None:
    # checked before the pile is built (it took 7 s, and 10**11 ran out of memory)
    for count in (10_000_000, 100_000_000_000):
        error = position_error(POSITION + f'pile = {{ "BA/L" = {count} }}\n')
        assert error.reason == f"pile: {count} of BA/L, but the game has 72 tiles"


def test_many_unconnected_tiles_are_refused_at_once() -> None:
    tiles = ",\n".join(f'"BA/L {2 * i},{2 * i} r0"' for i in range(1, 20_001))
    # counted before any entry is read (the checks were quadratic: 18 s)
    error = position_error(HEADER + f'tiles = ["BA/RCr 0,0 r0", {tiles}]\n')
    assert error.reason == "tiles: 20001 tiles, but the game has at most 104"


def test_tiles_out_of_order_are_laid_in_linear_time() -> None:
    # a chain of tiles listed farthest first: each one waits until its neighbour is laid
    tiles = ", ".join(f'"BA/RCr {x},0 r0"' for x in range(3, 0, -1))
    state = load_position(HEADER + f'tiles = ["BA/RCr 0,0 r0", {tiles}]\n', text=True)
    assert list(state.board) == [(x, 0) for x in range(4)]


# -- tile files --------------------------------------------------------------------------------

TILE = (
    '[set]\nname = "t"\n\n[[tile]]\nid = "T/A"\ncount = 1\n'
    'features = "field NL NR EL ER SL SR WL WR\\nmonastery"\n'
)


def tile_problems(text: str) -> list[str]:
    with pytest.raises(TileSetError) as err:
        parse_tileset_text(text, "t.toml", installed_kinds())
    return [str(p) for p in err.value.problems]


def test_tile_file_limits() -> None:
    assert tile_problems(TILE.replace("count = 1", "count = " + "1" * 5000)) == [
        "t.toml:6:9: a number has more than 30 digits"
    ]
    assert tile_problems(TILE + "x = " + "[" * 3000 + "]" * 3000 + "\n") == [
        "t.toml:8:37: arrays and tables nest deeper than 32 levels"
    ]
    assert tile_problems(TILE + "x = " + "{ a = " * 40 + "1" + " }" * 40 + "\n") == [
        "t.toml:8:197: arrays and tables nest deeper than 32 levels"
    ]


def test_a_multi_line_value_gives_a_one_line_message() -> None:
    problems = tile_problems(TILE.replace("count = 1", 'count = 1\nedition = """C\n9"""'))
    assert problems == ["t.toml:7:1: tile T/A: unknown edition 'C\\n9' (known: C1, C2, C3)"]


def test_dotted_keys_and_inline_tiles_are_located() -> None:
    dotted = TILE.replace("features =", "features.x =")
    assert tile_problems(dotted) == ["t.toml:7:1: tile T/A: 'features' must be a string"]
    features = "field NL NR EL ER SL SR WL WR\\nmonastery"
    inline = (
        f'\n\n\n\ntile = [{{ id = "T/A", count = "1", features = "{features}" }}]\n'
        '[set]\nname = "t"\n'
    )
    assert tile_problems(inline) == ["t.toml:5:1: tile T/A: 'count' must be a whole number"]
    set_dotted = "set.name = 5\n"
    assert tile_problems(set_dotted) == ["t.toml:1:1: 'name' must be a string"]


def test_tile_files_that_are_not_utf8(tmp_path: Path) -> None:
    from carcassonne.tileset.loader import load_tileset

    path = tmp_path / "t.toml"
    path.write_bytes(TILE.encode() + b'note = "\xff"\n')
    with pytest.raises(TileSetError) as err:
        load_tileset(path, installed_kinds())
    assert str(err.value) == f"{path}:8:9: not UTF-8 text"


def test_position_errors_carry_the_line_and_column_of_their_key():
    from carcassonne.position import PositionError, load_position

    text = 'format = 1\nplayers = ["a", "b"]\n  scores = 5\ntiles = ["BA/RCr 0,0 r0"]\n'
    try:
        load_position(text, text=True)
    except PositionError as err:
        assert (err.line, err.column, err.key) == (3, 3, "scores")
        assert str(err) == "line 3: scores: 2 whole numbers expected, got 5"
    else:
        raise AssertionError("the position was accepted")
