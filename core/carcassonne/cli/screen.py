"""The play screen of a human decision, laid out for the terminal's current size.

From top to bottom: a title line (turn, tiles left, drawn tile), one line per player (score,
supply, counters held, prisoners held, last move; the player to move marked ``>``), a line for
each general mechanic in play (the part of the turn, a pending chance draw, tiles set aside),
the board, the panel of the current step
(the drawn tile in its distinct rotations; the rotations that fit a chosen square in their
surroundings; the zoomed tile with its figure spots), a legend and a message line. The board
gets whatever height is left, and its view always holds every key of the step (see
:func:`carcassonne.cli.board_view.choose_view`).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

from carcassonne.actions import PlaceFigure
from carcassonne.cli.board_view import (
    COMPACT,
    FULL,
    HOLE,
    WALL,
    ZOOM_HEIGHT,
    ZOOM_WIDTH,
    Marks,
    View,
    choose_view,
    draw_board,
    draw_zoomed,
    glyph_table,
    piece_legend,
    player_letter,
    player_style,
    render_tile,
)
from carcassonne.cli.canvas import ELLIPSIS, Canvas, Look, lines_canvas
from carcassonne.cli.keys import Choices, describe, distinct_rotations
from carcassonne.cli.words import counted, prisoner_texts, state_notes

Pos = tuple[int, int]
#: Steps of a decision: pick a square, a rotation on it, or a spot/listed action.
SQUARE, ROTATION, SPOT = "square", "rotation", "spot"
#: Abbey tiles carry this tag; their holes are marked on the board.
ABBEY_TAG = "abbey"


@dataclass
class Frame:
    """Everything one screen shows."""

    state: Any
    player: int
    seats: list[str]
    step: str
    choices: Choices
    square: Pos | None = None
    rotations: list[Any] = field(default_factory=list)
    message: list[str] = field(default_factory=list)
    news: list[str] = field(default_factory=list)
    last_moves: dict[int, str] = field(default_factory=dict)
    last_tiles: dict[Pos, int] = field(default_factory=dict)
    #: Why the current part of the turn was given (``TurnPartStarted.reason``), if known.
    part_reason: str = ""
    #: The page of a list of choices too long for the screen (Enter turns it), and how many
    #: pages the latest screen had.
    page: int = 0
    pages: int = 1
    #: What marks a cut line on this output (``Look.ellipsis``).
    ellipsis: str = ELLIPSIS


def compose(frame: Frame, width: int, height: int, look: Look) -> str:
    """The screen as text for a ``width`` x ``height`` terminal (the prompt line excluded).

    The message line (what a command answered: ``hint``, ``save``, a refused key) is always
    shown, right above the prompt. When the board cannot show every key of the step in the
    height left, the legend goes first, then the pictures of the drawn tile, then the news:
    the keys matter most.
    """
    width = max(width, 40)
    height = max(height - 1, 12)  # the prompt line
    frame.ellipsis = look.ellipsis
    text = ""
    for spare in range(4):
        text, fits = _layout(frame, width, height, spare, look)
        if fits:
            break
    return text


def clip(text: str, width: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` in at most ``width`` columns, its end replaced by an ellipsis when cut."""
    if len(text) <= width:
        return text
    return text[: max(width - len(ellipsis), 0)].rstrip() + ellipsis


def _layout(frame: Frame, width: int, height: int, spare: int, look: Look) -> tuple[str, bool]:
    """The screen without the ``spare`` least needed parts; whether the board shows every key."""
    top = _header(frame, width, height, look.ellipsis)
    message = [(line, "warn") for line in wrap(frame.message, width)][: max(height - len(top), 1)]
    room = height - len(top) - _rows(message, width)
    panel = _panel(frame, width, pictures=spare < 2, rows=max(room - 2, 4))
    bottom = _legend(frame, width) if spare < 1 else [("(help: commands and legend)", "dim")]
    if spare < 3:
        bottom += [(clip(line, width, look.ellipsis), "") for line in wrap(frame.news, width)]
    board_rows = room - panel.height - len(bottom) - (spare == 3)
    missing: list[str] = []
    board: Canvas | None = None
    if board_rows >= 1:
        board, missing = _board(frame, width, board_rows)
    fits = board is not None and not missing
    if missing and spare == 3:  # the last resort: name the keys the view cannot show
        line = "not in view: " + ", ".join(missing)
        if len(line) > width:
            line = "not in view: " + " ".join(item.split()[0] for item in missing)
        bottom.insert(0, (clip(line, width, look.ellipsis), "key"))
    # what does not fit goes, the least needed first (the legend's last line first)
    while bottom and (board.height if board else 0) + panel.height + len(bottom) > room:
        bottom.pop()
    canvas = Canvas(width, height)
    row = 0
    for text, style in top:
        canvas.put(row, 0, text, style)
        row += 1
    _player_colours(canvas, frame, len(top))
    if board is not None:
        canvas.paste(board, row, 0)
        row += board.height
    canvas.paste(panel, row, 0)
    row += panel.height
    for text, style in bottom:
        canvas.put(row, 0, text, style)
        row += 1
    used = Canvas(width, min(row, height))
    used.paste(canvas, 0, 0)
    out = [used.text(look)] if used.height else []
    # the message is never cut: a word longer than the screen (a file's path) stays whole and
    # the terminal folds it, so that it can be read and copied
    out += [lines_canvas([(text, style)], max(len(text), 1)).text(look) for text, style in message]
    return "\n".join(out), fits


def _rows(lines: list[tuple[str, str]], width: int) -> int:
    """The terminal rows ``lines`` take, a line longer than ``width`` folded by the terminal."""
    return sum(max(1, -(-len(text) // width)) for text, _style in lines)


def wrap(lines: list[str], width: int) -> list[str]:
    """Long lines broken at spaces to ``width`` columns; a word longer than ``width`` (a path)
    is never broken (not at its hyphens either): it gets a line of its own."""
    out = []
    for line in lines:
        out.extend(
            textwrap.wrap(
                line, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
            )
            or [""]
        )
    return out


#: Rows the board and the panel keep at least before a player's last move gets its own line.
ROOM_FOR_LAST = 16


def _header(frame: Frame, width: int, height: int, ellipsis: str) -> list[tuple[str, str]]:
    """The title, one line per player (cut with an ellipsis), their last moves on lines of
    their own only when the screen is tall enough, and the notes of the mechanics in play."""
    state = frame.state
    parts = [f"Carcassonne - turn {state.turn}", f"{state.tiles_left()} tiles left"]
    if state.drawn is not None and state.pending.kind == "tile":
        parts.append(f"drawn {state.drawn}")
    lines = [(clip("  ".join(parts), width, ellipsis), "title")]
    supplies = supply_texts(state)
    roomy = height - 2 * state.players >= ROOM_FOR_LAST
    for p in range(state.players):
        mark = ">" if p == state.pending.player else " "
        who = f"{mark}{player_letter(p)} {state.config.names[p]}"
        seat = "you" if frame.seats[p] == "human" else frame.seats[p]
        text = f"{who:<9} {state.scores[p]:>3} pts  {seat:<6} {supplies[p]}"
        last = frame.last_moves.get(p)
        if last and len(text) + len(last) + 8 <= width:
            text += f"  last: {last}"
        elif last and roomy:
            lines.append((clip(text, width, ellipsis), ""))
            text = f"{'':<9} last: {last}"
        lines.append((clip(text, width, ellipsis), ""))
    notes = state_notes(state, player_letter, frame.part_reason, players=False)
    lines += [(line, "key") for line in wrap(notes, width)]
    return lines


def _player_colours(canvas: Canvas, frame: Frame, rows: int) -> None:
    """The players' names in their colours (on the lines that start with their letter)."""
    state = frame.state
    for row in range(1, rows):
        letter = canvas.chars[row][1]
        p = ord(letter) - ord("A")
        if 0 <= p < state.players and canvas.chars[row][2] == " ":
            canvas.style(row, 1, len(state.config.names[p]) + 2, player_style(state, p))


def supply_texts(state: Any) -> list[str]:
    """Per player: figures left, then the counters they hold (``carcassonne_held_pieces``: an
    abbey, goods) and the prisoners they hold (``6 meeples, abbot, abbey, 3 goods, holds B's
    meeple``): a kind counted once shows by its name, a kind all used up not at all."""
    held = state.held_pieces()
    prisoners = prisoner_texts(state, player_letter)
    out = []
    for p in range(state.players):
        counts = {**state.supply[p], **held[p]}
        meeples = counts.pop("meeple", None)
        items = [] if meeples is None else [counted(meeples, "meeple")]
        for kind, count in counts.items():
            if count:
                items.append(kind if count == 1 else counted(count, kind))
        if prisoners[p]:
            items.append("holds " + ", ".join(prisoners[p]))
        out.append(", ".join(items))
    return out


def abbeys_held(state: Any) -> tuple[int, ...] | None:
    """Abbeys in each player's hand when the game has abbey tiles, else ``None``."""
    if not any(ABBEY_TAG in t.tags for t in state.config.tile_types.values()):
        return None
    data = state.ext.get("abbey-mayor")
    if isinstance(data, tuple) and len(data) == state.players:
        return tuple(int(n) for n in data)
    return (0,) * state.players


def _board(frame: Frame, width: int, rows: int) -> tuple[Canvas, list[str]]:
    """The board in ``rows`` lines, and the keys (with their squares) it could not show."""
    state = frame.state
    marks = Marks(last=dict(frame.last_tiles))
    holes = abbeys_held(state)
    if holes is not None and any(holes):
        marks.holes = set(state.holes())
    must: set[Pos] = set()
    if frame.step == SQUARE:
        marks.keys = frame.choices.square_keys()
        must = set(marks.keys)
    elif frame.step == ROTATION and frame.square is not None:
        marks.keys = {frame.square: "?"}
        must = {frame.square}
    else:
        must = {spot.square for spot in frame.choices.spots}
        if state.last_tile is not None:
            must.add(state.last_tile)
            marks.highlight = state.last_tile
    # the latest placement stays in view when it can: the river being extended, the tile
    # the figure goes on
    wish = frozenset([state.last_tile]) if state.last_tile in state.board else frozenset()
    view = choose_view(state, must, width, rows, wish)
    missing = [f"{key} {x},{y}" for (x, y), key in marks.keys.items() if not view.shows((x, y))]
    return draw_board(state, view, marks), missing


def _panel(frame: Frame, width: int, *, pictures: bool = True, rows: int = 10_000) -> Canvas:
    """The panel of the current step in at most ``rows`` lines (a long list of spots and
    actions is cut into pages)."""
    frame.pages = 1
    if frame.step == SQUARE:
        return _drawn_panel(frame, width, pictures and rows >= 6)
    if frame.step == ROTATION:
        return _rotation_panel(frame, width)
    return _spot_panel(frame, width, rows)


def _drawn_panel(frame: Frame, width: int, pictures: bool) -> Canvas:
    """The drawn tile in its distinct rotations that fit somewhere, and the listed actions."""
    state = frame.state
    lines: list[tuple[str, str]] = []
    listed = [f"{key}) {describe(state, a)}" for key, a in frame.choices.listed]
    keys = list(frame.choices.squares)
    if keys:
        span = keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}"
        lines.append((f"Pick a square ({span}){', ' + '  '.join(listed) if listed else ''}", "key"))
    elif listed:
        lines.append(("Choose: " + "  ".join(listed), "key"))
    shown = pictures and _has_tile_stage(frame)
    canvas = Canvas(width, len(lines) + (4 if shown else 0))
    row = 0
    if shown:
        tile = state.config.tile_types[state.drawn]
        rotations = sorted({a.rotation for acts in frame.choices.tiles.values() for a in acts})
        placements = [_Rot(tile.id, r) for r in rotations]
        distinct = distinct_rotations(state, placements)
        canvas.put(0, 0, f"drawn {tile.id}:", "title")
        col = len(tile.id) + 8
        for rot in distinct:
            if col + 5 > width:
                break
            canvas.put(0, col, f"{'r' + str(rot.rotation):^5}", "dim")
            for r, line in enumerate(render_tile(tile, rot.rotation, state.config.kinds)):
                canvas.put(1 + r, col, line)
            col += 7
        row = 4
    for text, style in lines:
        canvas.put(row, 0, text[:width], style)
        row += 1
    return canvas


@dataclass(frozen=True)
class _Rot:
    tile: str
    rotation: int


def _has_tile_stage(frame: Frame) -> bool:
    state = frame.state
    return state.pending.kind == "tile" and state.drawn is not None and bool(frame.choices.tiles)


def _rotation_panel(frame: Frame, width: int) -> Canvas:
    """Each distinct rotation placed on the chosen square among its neighbours, numbered."""
    state = frame.state
    pictures = []
    for action in frame.rotations:
        probe = state.clone()
        probe.apply(action)
        x, y = action.x, action.y
        view = View(x - 1, x + 1, y - 1, y + 1, FULL, labels=False)
        pictures.append(draw_board(probe, _trimmed(probe, view), Marks(highlight=(x, y))))
    pic_width = pictures[0].width if pictures else 0
    per_row = max(1, (width + 3) // (pic_width + 3))
    if pic_width > width:
        per_row = 1
    rows = (len(pictures) + per_row - 1) // per_row
    canvas = Canvas(width, rows * (pictures[0].height + 1) + 1 if pictures else 1)
    for i, (action, picture) in enumerate(zip(frame.rotations, pictures, strict=True)):
        r, c = divmod(i, per_row)
        top = r * (picture.height + 1)
        left = c * (pic_width + 3)
        canvas.put(top, left, f"{i + 1}) r{action.rotation}", "key")
        canvas.paste(picture, top + 1, left)
    canvas.put(
        canvas.height - 1, 0, "Pick a rotation by number (Enter: back to the squares)", "key"
    )
    return canvas


def _trimmed(state: Any, view: View) -> View:
    """``view`` without its empty rows above and below the tile being tried."""
    rows = [y for y in range(view.y0, view.y1 + 1)
            if any((x, y) in state.board for x in range(view.x0, view.x1 + 1))]  # fmt: skip
    return View(view.x0, view.x1, min(rows), max(rows), view.scale, view.labels)


def _spot_panel(frame: Frame, width: int, rows: int = 10_000) -> Canvas:
    """The zoomed tiles with their spot keys, beside the list of spots and other actions; a
    list longer than ``rows`` allows goes in pages (Enter shows the next), the prompt under it
    always on the screen."""
    state = frame.state
    choices = frame.choices
    squares: list[Pos] = []
    for spot in choices.spots:
        if spot.square not in squares:
            squares.append(spot.square)
    lines = []
    for spot in choices.spots:
        where = "" if len(squares) == 1 else f"{spot.square[0]},{spot.square[1]} "
        kinds = ", ".join(_action_word(a) for a in spot.actions)
        lines.append(f"{spot.key}) {where}{spot.name} - {kinds}")
    lines += [f"{key}) {describe(state, a)}" for key, a in choices.listed]
    zooms: list[tuple[Pos, Canvas]] = []
    used = 0
    height = ZOOM_HEIGHT + 1
    for square in squares if rows >= height + 2 else []:
        if used + ZOOM_WIDTH + 2 > width // 2 and zooms:
            break
        keys = {s.location: s.key for s in choices.spots if s.square == square}
        zooms.append((square, draw_zoomed(state, square, keys)))
        used += ZOOM_WIDTH + 2
    if not zooms:
        height = 0
    list_width = max((len(line) for line in lines), default=0)
    if zooms and used + list_width <= width:
        side, below = lines[:height], lines[height:]
    else:
        side, below = [], lines
    prompt = "Pick a spot by key" if choices.spots else "Choose by number"
    if choices.spots and any(k == "0" for k, _ in choices.listed):
        prompt += ", or 0 for none"
    # the lines below the zooms in as many columns as the width takes (a long list of plugin
    # actions: every tower of the board), in pages when they are more than the rows left
    below_width = min(max((len(line) for line in below), default=0) + 2, width)
    columns = max(1, min(len(below), width // below_width)) if below else 1
    room = max(rows - height - 1, 1)
    per_page = room * columns
    frame.pages = max(-(-len(below) // per_page), 1)
    page = frame.page % frame.pages
    if frame.pages > 1:
        below = below[page * per_page : (page + 1) * per_page]
        prompt += f" (page {page + 1} of {frame.pages}: Enter for more)"
    below_rows = -(-len(below) // columns) if below else 0
    canvas = Canvas(width, height + below_rows + 1)
    for i, (square, zoom) in enumerate(zooms):
        canvas.put(0, i * (ZOOM_WIDTH + 2), f"tile {square[0]},{square[1]}", "dim")
        canvas.paste(zoom, 1, i * (ZOOM_WIDTH + 2))
    placed = [(i, used, line) for i, line in enumerate(side)]
    placed += [
        (height + i % below_rows, (i // below_rows) * below_width, line)
        for i, line in enumerate(below)
    ]
    for row, col, line in placed:
        canvas.put(row, col, clip(line, width - col, frame.ellipsis))
        canvas.style(row, col, line.index(")"), "key")
    canvas.put(canvas.height - 1, 0, prompt, "key")
    return canvas


def _action_word(action: Any) -> str:
    """``meeple``, ``abbot`` for a figure placement; the verb of another action."""
    if type(action) is PlaceFigure:
        return action.figure
    return str(getattr(action, "verb", type(action).__name__))


def _legend(frame: Frame, width: int) -> list[tuple[str, str]]:
    return [(line, "dim") for line in legend_lines(frame.state, width)]


def legend_lines(state: Any, width: int) -> list[str]:
    """The glyphs of this game's board, packed into lines of ``width`` (an item never cut)."""
    lines: list[str] = []
    current = ""
    for item in legend_items(state):
        if current and len(current) + 2 + len(item) > width:
            lines.append(current)
            current = item
        else:
            current = f"{current}  {item}" if current else item
    if current:
        lines.append(current)
    return lines


def legend_items(state: Any) -> list[str]:
    """``# city``, ``$ shield`` …: what each character of the board means in this game."""
    kinds = state.config.kinds
    items = []
    for kind in kinds.values():
        if kind.name == "field":
            items.append(". field")
        elif kind.banks:
            items.append(f"{kind.glyph} {kind.name}" if kind.glyph else "|-+ road (+ bend/end)")
        elif kind.wildcard:
            items.append(f"{kind.glyph or WALL} {kind.name} wall")
        elif kind.placement == "center":
            items.append(f"{kind.glyph or kind.name[:1].upper()} {kind.name}")
        elif kind.edge:
            items.append(f"{kind.glyph or '#'} {kind.name}")
        if kind.name == "city":
            items.append("$ shield")
        # attributes drawn beside their feature (an inn, a cathedral); shields are the "$" above
        table = glyph_table(kinds, state.config.piece_kinds)
        for name in sorted(kind.attributes - {"shields"}):
            attribute = kind.attribute(name)
            if attribute.glyph and ("attribute", name) in table:
                items.append(f"{table['attribute', name]} {attribute.title}")
    items.append("A/a figure of A (A meeple, a other; A only at the small scale)")
    if abbeys_held(state) is not None:
        items.append(f"{HOLE} {HOLE} hole")
    return items + piece_legend(state)


__all__ = ["COMPACT", "Frame", "clip", "compose", "legend_items", "legend_lines", "supply_texts"]
