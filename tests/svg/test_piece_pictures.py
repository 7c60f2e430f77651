"""Pieces that are not figures in board pictures: a mark per kind (its shape, a neutral piece in
its kind's colour, a player's in the player's colour) on a free spot of its tile, a legend
entry per kind present, tiles under a tile as a count (never an id), prisoners and tiles set
aside in the legend."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcassonne.svg as svg
from carcassonne import GameConfig, GameState
from carcassonne.svg.board import location_point, piece_points
from carcassonne.svg.layout import (
    FIGURE_CLEARANCE,
    PIECE_CLEARANCE,
    PIECE_GRID,
    TILE_ANCHOR,
    piece_slots,
)

from .mechanics import scene
from .paint import parse

XLINK = "{http://www.w3.org/1999/xlink}href"
NS = "{http://www.w3.org/2000/svg}"


def elements(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


@pytest.fixture(scope="module")
def state() -> GameState:
    return scene()


@pytest.fixture(scope="module")
def root(state: GameState) -> ET.Element:
    return parse(svg.board(state, highlight=None))


def test_each_piece_is_a_mark_of_its_kind_in_its_colour(root):
    got = [
        (
            el.tag.removeprefix(NS),
            el.get("class"),
            el.get("data-mark"),
            el.get("data-piece"),
            el.get("data-owner"),
            el.get("data-x"),
            el.get("data-y"),
            el.get("data-location"),
            el.get("fill"),
        )
        for el in elements(root, "piece")
    ]
    assert got == [
        ("circle", "piece pk-sheep p0", "disc", "sheep", "0", "-1", "0", "ER", "#d7261e"),
        ("circle", "piece pk-sheep p0", "disc", "sheep", "0", "-1", "0", "ER", "#d7261e"),
        ("path", "piece pk-dragon neutral", "triangle", "dragon", "-1", "0", "0", None, "#b00020"),
        ("path", "piece pk-fairy neutral", "star", "fairy", "-1", "0", "0", None, "#2e7d32"),
        ("path", "piece pk-floor neutral", "square", "floor", "-1", "1", "0", None, "#6d4c41"),
        ("path", "piece pk-floor neutral", "square", "floor", "-1", "1", "0", None, "#6d4c41"),
        ("path", "piece pk-floor neutral", "square", "floor", "-1", "1", "0", None, "#6d4c41"),
    ]
    titles = [el.find(NS + "title").text for el in elements(root, "piece")]
    assert titles[:3] == ["red's sheep at -1,0", "red's sheep at -1,0", "the dragon at 0,0"]


def test_pieces_stand_on_free_spots_of_their_tile(state, root):
    """A tile's pieces without a location go by its lower left corner, one per free spot; the
    sheep by the shepherd's field, clear of the shepherd."""
    points = [(p.kind, pt) for p, pt in piece_points(state)]
    assert points == [
        ("sheep", (-27.0, 58.0)),
        ("sheep", (-42.0, 73.0)),
        ("dragon", (12.0, 88.0)),
        ("fairy", (12.0, 73.0)),
        ("floor", (112.0, 88.0)),
        ("floor", (112.0, 73.0)),
        ("floor", (127.0, 88.0)),
    ]
    marks = elements(root, "piece")
    assert (marks[0].get("cx"), marks[0].get("cy")) == ("-27", "58")
    assert marks[2].get("d") == "M12 80.3L19 93.2L5 93.2Z"  # the triangle round (12, 88)
    assert marks[4].get("d") == "M106 82L118 82L118 94L106 94Z"
    figures = [location_point(state, f.x, f.y, f.location) for _, f in state.figures()]
    for (_, a), (_, b) in zip(points, points[1:], strict=False):
        assert math.dist(a, b) >= PIECE_CLEARANCE
    for _, point in points:
        assert all(math.dist(point, f) >= FIGURE_CLEARANCE for f in figures)


def test_the_legend_names_each_kind_present(root):
    entries = [
        (el.get("data-piece"), el.find(NS + "text").text, el[0].get("data-mark"), el[0].get("fill"))
        for el in elements(root, "legend-piece")
    ]
    assert entries == [
        ("dragon", "the dragon", "triangle", "#b00020"),
        ("fairy", "the fairy", "star", "#2e7d32"),
        ("floor", "tower floor", "square", "#6d4c41"),
        ("sheep", "sheep", "disc", "#444444"),
    ]


def test_prisoners_and_tiles_set_aside_are_in_the_legend(state, root):
    prisoners = [
        (
            el.get("data-captor"),
            el.get("data-player"),
            el.get("data-figure"),
            el.find(NS + "use").get("fill"),
            el.find(NS + "use").get(XLINK),
            el.find(NS + "text").text,
        )
        for el in elements(root, "prisoner")
    ]
    assert prisoners == [
        ("0", "1", "meeple", "#1f5fd1", "#figure-meeple", "held by red"),
        ("2", "0", "meeple", "#d7261e", "#figure-meeple", "held by yellow"),
    ]
    aside = [(el.get("data-tile"), el.get(XLINK)) for el in elements(root, "set-aside-tile")]
    assert aside == [("BA/RRR", "#tile-BA_2fRRR"), ("BA/CccG", "#tile-BA_2fCccG")]
    drawn = {el.get("id") for el in root.iter() if el.get("class") == "tile-art"}
    assert {"tile-BA_2fRRR", "tile-BA_2fCccG"} <= drawn


def test_tiles_under_are_a_count_never_an_id(state, root):
    badges = elements(root, "under")
    assert [(b.get("data-x"), b.get("data-y"), b.get("data-count")) for b in badges] == [
        ("0", "-1", "2")
    ]
    assert badges[0].find(NS + "text").text == "2"
    assert badges[0].find(NS + "title").text == "2 tiles under this one"
    text = ET.tostring(badges[0], encoding="unicode")
    hidden = [tid for _, tid in state._hidden_under()]
    assert hidden == ["BA/RFr", "BA/CFCG"]
    assert not any(tid in text or tid.replace("/", "_2f") in text for tid in hidden)
    on_show = {p.tile.id for p in state.board.values()} | set(state.set_aside_tiles())
    whole = str(svg.board(state))
    for tid in hidden:
        if tid not in on_show:
            assert tid not in whole and tid.replace("/", "_2f") not in whole


def test_the_legend_makes_room_under_the_board(state, root):
    view = [float(v) for v in root.get("viewBox").split()]
    bottom = view[1] + view[3]
    board_bottom = (max(y for _, y in state.board) + 1) * 100
    legend = elements(root, "legend")[0]
    rows = sorted({float(g.get("transform").split()[1].rstrip(")")) for g in legend})
    # pieces (wrapping to a second row for the tiles-under entry), prisoners, set aside
    assert rows == [board_bottom + 10 + 28 * k for k in range(4)]
    assert bottom == board_bottom + 10 + 4 * 28 + 6  # the last row ends 6 above the edge
    assert view[2] == 536  # the board's width (5 squares and the margins) is enough


def test_the_legend_explains_the_tiles_under_badge(root):
    entries = elements(root, "legend-under")
    assert len(entries) == 1
    texts = [t.text for t in entries[0].iter(NS + "text")]
    assert texts == ["n", "tiles face down under a tile"]


def test_a_board_without_pieces_has_no_legend_or_marks():
    state = GameState.new(GameConfig(players=2, seed=1))
    root = parse(svg.board(state))
    assert not elements(root, "legend")
    assert not elements(root, "pieces")
    assert not elements(root, "under-tiles")


def test_colours_override_a_neutral_kind(state):
    root = parse(svg.board(state, colors={"piece-dragon": "#123456", "player0": "#00ff00"}))
    fills = {(el.get("data-piece"), el.get("fill")) for el in elements(root, "piece")}
    assert ("dragon", "#123456") in fills and ("sheep", "#00ff00") in fills


def test_a_kind_nobody_declared_is_a_grey_disc(state):
    from carcassonne.svg.board import piece_look

    look = piece_look(state, "mystery")
    assert (look.mark, look.colour, look.label) == ("disc", "#444444", "mystery")


def test_every_mark_has_its_shape():
    from carcassonne.svg.draw import piece_mark

    def tag(mark: str) -> tuple[str, str | None, str | None]:
        el = ET.fromstring(piece_mark(mark, (0, 0), "#aa0000", "#000000"))
        return el.tag, el.get("data-mark"), el.get("fill")

    assert [tag(m) for m in ("disc", "square", "triangle", "diamond", "star", "ring", "blob")] == [
        ("circle", "disc", "#aa0000"),
        ("path", "square", "#aa0000"),
        ("path", "triangle", "#aa0000"),
        ("path", "diamond", "#aa0000"),
        ("path", "star", "#aa0000"),
        ("circle", "ring", "none"),
        ("circle", "disc", "#aa0000"),
    ]


points = st.tuples(st.floats(0, 100), st.floats(0, 100))


@settings(max_examples=60, deadline=None)
@given(st.lists(points, max_size=10), st.lists(points, max_size=3))
def test_slots_keep_their_distances_while_there_is_room(anchors, figures):
    blocked = [(f, FIGURE_CLEARANCE) for f in figures]
    slots = piece_slots(anchors, blocked)
    assert len(slots) == len(anchors)
    low, high = PIECE_GRID[0][0], PIECE_GRID[-1][0]
    for i, slot in enumerate(slots):

        def free(p, i=i):
            return all(math.dist(p, f) >= FIGURE_CLEARANCE for f in figures) and all(
                math.dist(p, s) >= PIECE_CLEARANCE for s in slots[:i]
            )

        anchor = anchors[i]
        if free(anchor) and all(low <= c <= high for c in anchor):
            assert slot == anchor  # its own spot, when free and inside the grid's square
            continue
        assert slot in PIECE_GRID
        room = [p for p in PIECE_GRID if free(p)]
        if room:
            assert slot in room
            nearest = min(math.dist(p, anchor) for p in room)
            assert math.dist(slot, anchor) == nearest


def test_a_lone_piece_without_location_stands_by_the_lower_left_corner():
    assert piece_slots([TILE_ANCHOR]) == [TILE_ANCHOR]
