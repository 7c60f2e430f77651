"""Board pictures: tiles where the board has them, figures on their features, clickable legal
moves, the same bytes for the same state (in any process), and the PNG extra's clear error."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import carcassonne.svg as svg
from carcassonne import GameConfig, GameState
from carcassonne.bots import make_bot
from carcassonne.position import dump_position
from carcassonne.svg.draw import tile_ref
from carcassonne.svg.layout import CENTRE, layout_tile, rotate_point
from carcassonne.svg.style import DEFAULT_COLORS

from .paint import colour_at, parse

ALL = ["river", "abbot", "abbey-mayor"]


def played(turns: int, seed: int = 5, expansions: list[str] | None = None) -> GameState:
    """A game of greedy bots after ``turns`` turns (deterministic)."""
    config = GameConfig(players=3, expansions=ALL if expansions is None else expansions, seed=seed)
    state = GameState.new(config)
    bots = [make_bot("greedy", p + 1) for p in range(3)]
    while not state.is_over and state.turn < turns:
        state.apply(bots[state.pending.player].choose(state))
    return state


@pytest.fixture(scope="module")
def midgame() -> GameState:
    return played(40)


def elements(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def test_every_tile_is_a_use_with_its_square_and_rotation(midgame):
    root = parse(svg.board(midgame))
    tiles = elements(root, "tile")
    got = {(int(el.get("data-x")), int(el.get("data-y"))): el for el in tiles}
    assert set(got) == set(midgame.board)
    for (x, y), placed in midgame.board.items():
        el = got[(x, y)]
        assert el.get("data-rotation") == str(placed.rotation)
        assert el.get("data-tile") == placed.tile.id
        assert el.get("{http://www.w3.org/1999/xlink}href") == "#" + tile_ref(placed.tile)
    defs = root.find("{http://www.w3.org/2000/svg}defs")
    drawn = {el.get("id") for el in defs if el.get("class") == "tile-art"}
    assert len(drawn) == len({p.tile.id for p in midgame.board.values()})  # each type once


def test_each_square_shows_its_tile_turned(midgame):
    """The board's edges show what the placed tiles have there (sampled like single tiles)."""
    root = parse(svg.board(midgame, highlight=None, last_move=False))
    kinds = midgame.config.kinds
    for (x, y), placed in sorted(midgame.board.items())[:25]:
        view = placed.rot
        for s, (px, py) in enumerate([(50, 4), (96, 50), (50, 96), (4, 50)]):
            f = view.side_feature[s]
            kind = view.features[f].kind if f >= 0 else "field"
            expected = svg.kind_style(kinds.get(kind), kind).fill
            got = colour_at(root, (x * 100 + px, y * 100 + py), skip=("figures", "marks"))
            assert got == expected, (x, y, s)


def test_figures_stand_on_their_features(midgame):
    state = midgame
    root = parse(svg.board(state, highlight=None))
    figures = elements(root, "figure")
    on_board = state.figures()
    assert len(figures) == len(on_board) > 5
    kinds = {el.get("data-figure") for el in figures}
    assert {"meeple", "mayor", "wagon"} <= kinds
    by_place = {
        (
            int(el.get("data-x")),
            int(el.get("data-y")),
            el.get("data-location"),
            el.get("data-figure"),
            int(el.get("data-player")),
        ): el
        for el in figures
    }
    for feature, fig in on_board:
        el = by_place[(fig.x, fig.y, fig.location, fig.kind, fig.player)]
        assert el.get("fill") == svg.player_color(fig.player, state.config.names[fig.player])
        assert f"p{fig.player}" in el.get("class").split()
        point = (float(el.get("x")), float(el.get("y")))
        assert fig.x * 100 <= point[0] <= fig.x * 100 + 100
        assert fig.y * 100 <= point[1] <= fig.y * 100 + 100
        kind = state.feature_kind(feature)
        if fig.location in ("NW", "NE", "SE", "SW"):  # a barn stands where four tiles meet
            assert point[0] % 100 == 0 and point[1] % 100 == 0
            continue
        if kind in ("monastery", "garden"):  # centre features are drawn upright, as marks
            placed = state.board[(fig.x, fig.y)]
            spot = layout_tile(placed.tile, state.config.kinds).spots[fig.location]
            px, py = rotate_point(spot, placed.rotation)
            assert point == (fig.x * 100 + px, fig.y * 100 + py)
            assert elements(root, "k-" + kind)
            continue
        expected = svg.kind_style(state.config.kinds.get(kind), kind).fill
        got = colour_at(root, point, skip=("figures", "marks", "last-move"))
        assert got == expected, (fig, got, expected)


def test_a_barn_stands_on_its_corner():
    state = played(60, seed=3)
    barns = [fig for _, fig in state.figures() if fig.kind == "barn"]
    if not barns:
        pytest.skip("no barn in this game")
    corner = {"NW": (0, 0), "NE": (100, 0), "SE": (100, 100), "SW": (0, 100)}
    for fig in barns:
        dx, dy = corner[fig.location]
        assert svg.location_point(state, fig.x, fig.y, fig.location) == (
            fig.x * 100 + dx,
            fig.y * 100 + dy,
        )


def test_legal_placements_are_clickable_squares(midgame):
    state = midgame
    assert state.pending.kind == "tile"
    root = parse(svg.board(state))
    spots = elements(root, "square")
    expected: dict[tuple[int, int], list[int]] = {}
    for x, y, rotation in state.legal_tile_placements():
        expected.setdefault((x, y), []).append(rotation)
    got = {(int(el.get("data-x")), int(el.get("data-y"))): el.get("data-rotations") for el in spots}
    assert got == {k: " ".join(map(str, sorted(v))) for k, v in expected.items()}
    for el in spots:
        assert el.get("fill") not in (None, "none")


def test_figure_spots_after_a_placement():
    state = played(12, expansions=[])
    state.apply(make_bot("greedy", 1).choose(state))
    assert state.pending.kind == "figure"
    root = parse(svg.board(state))
    spots = elements(root, "figure-spot")
    options = {
        (a.x, a.y, a.location, a.figure) for a in state.legal_actions() if hasattr(a, "location")
    }
    got = {
        (
            int(el.get("data-x")),
            int(el.get("data-y")),
            el.get("data-location"),
            el.get("data-figure"),
        )
        for el in spots
    }
    assert got == options and got
    assert not elements(root, "square")


def test_a_players_view_shows_moves_only_to_the_player_who_decides(midgame):
    waiting = midgame.pending.player
    other = (waiting + 1) % 3
    mine = parse(svg.board(midgame, player_view=waiting))
    theirs = parse(svg.board(midgame, player_view=other))
    assert elements(mine, "square") and not elements(theirs, "square")
    assert theirs.get("data-view") == str(other)
    assert parse(svg.board(midgame)).get("data-view") == "full"


def test_highlight_given_squares_and_last_move(midgame):
    root = parse(svg.board(midgame, highlight=[(40, 40)]))
    squares = elements(root, "square")
    assert [(el.get("data-x"), el.get("data-y")) for el in squares] == [("40", "40")]
    last = elements(root, "last-move")
    x, y = midgame.placement_order()[-1]
    assert [(el.get("x"), el.get("y")) for el in last] == [(str(x * 100 + 2), str(y * 100 + 2))]
    assert not elements(parse(svg.board(midgame, last_move=False)), "last-move")


def test_same_state_same_bytes_in_any_process(midgame):
    first = svg.board(midgame)
    assert first == svg.board(played(40))
    assert first == svg.board(midgame.clone())
    script = f"""
import sys
from carcassonne import GameConfig, GameState
from carcassonne.bots import make_bot
import carcassonne.svg as svg
state = GameState.new(GameConfig(players=3, expansions={ALL!r}, seed=5))
bots = [make_bot("greedy", p + 1) for p in range(3)]
while not state.is_over and state.turn < 40:
    state.apply(bots[state.pending.player].choose(state))
sys.stdout.write(svg.board(state))
"""
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == first


def test_a_position_text_draws_the_same_board(midgame):
    text = dump_position(midgame)
    from_text = parse(svg.board(text, last_move=False, highlight=None))
    direct = parse(svg.board(midgame, last_move=False, highlight=None))
    key = ("data-x", "data-y", "data-rotation", "data-tile")
    tiles = lambda root: sorted(tuple(el.get(k) for k in key) for el in elements(root, "tile"))  # noqa: E731
    assert tiles(from_text) == tiles(direct)
    assert len(elements(from_text, "figure")) == len(elements(direct, "figure"))


def test_colors_and_style_are_applied(midgame):
    picture = svg.board(
        midgame, colors={"player0": "#123456", "field": "#00ff00"}, style=".k-city { fill: red }"
    )
    root = parse(picture)
    assert "<style><![CDATA[.k-city { fill: red }]]></style>" in picture
    reds = [el for el in elements(root, "figure") if el.get("data-player") == "0"]
    assert reds and all(el.get("fill") == "#123456" for el in reds)
    x, y = next(iter(midgame.board))
    assert colour_at(root, (x * 100 + 50, y * 100 + 50), skip=("figures", "marks")) in (
        "#00ff00",
        DEFAULT_COLORS["city"],
        DEFAULT_COLORS["road"],
        DEFAULT_COLORS["river"],
        DEFAULT_COLORS["abbey"],
    )


def test_png_without_the_extra_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import fails as if not installed
    with pytest.raises(svg.MissingExtraError, match=r"carcassonne-engine\[png\]"):
        svg.tile("BA/C").to_png()


def test_save_is_atomic(tmp_path, monkeypatch):
    target = tmp_path / "tile.svg"
    target.write_text("old", encoding="utf-8")
    svg.tile("BA/C").save(target)
    assert target.read_text(encoding="utf-8").startswith("<svg")
    fresh = tmp_path / "fresh.svg"
    svg.tile("BA/C").save(fresh)
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask  # not the temporary file's 0600
    fresh.unlink()
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(svg.MissingExtraError):
        svg.tile("BA/C").save(tmp_path / "tile.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tile.svg"]


def test_centre_point_is_the_tile_centre_in_every_rotation():
    for rotation in (0, 90, 180, 270):
        assert rotate_point(CENTRE, rotation) == CENTRE
    assert rotate_point((50, 0), 90) == (100, 50)
