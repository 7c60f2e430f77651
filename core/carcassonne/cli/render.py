"""``carcassonne render FILE -o board.svg|png``: a picture of the board of a game record or a
position, at the end or at the start of any turn (docs/pictures.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from carcassonne import GameState
from carcassonne.cli.game_args import UserError, plain, user_errors
from carcassonne.values import ForcedChance, ForcedDraw


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "render",
        help="draw the board of a game record or a position as SVG or PNG",
        description=plain(__doc__.splitlines()[0]),
    )
    parser.add_argument("file", metavar="RECORD|POSITION", help="a game record or a position")
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the picture: FILE.svg or FILE.png"
    )
    parser.add_argument(
        "--turn",
        type=int,
        default=None,
        metavar="N",
        help="the board when turn N starts (its tile drawn, where it fits highlighted); "
        "default: the end of the record",
    )
    parser.add_argument(
        "--player", type=int, default=None, metavar="P", help="draw player P's view"
    )
    parser.add_argument("--size", type=float, default=64, help="pixels per square (default 64)")
    parser.add_argument(
        "--no-highlight", action="store_true", help="do not mark where the next move may go"
    )
    parser.add_argument("--no-coordinates", action="store_true", help="no coordinates")
    parser.add_argument(
        "--legend",
        action="store_true",
        help="add a legend of every figure, piece and tile mark the game can show",
    )
    parser.set_defaults(handler=run)


def load_game(
    path: str, plugins: list[tuple[str, object]] | None = None, status: int = 1
) -> GameState:
    """The game of a record (a file with a ``---`` line), of a JCloisterZone ``.jcz`` file or
    of a position (any other TOML),
    played with the extra ``plugins`` (``--plugin``); a bad file is a one-line
    :class:`UserError` with ``status``."""
    from carcassonne.cli.jcz_files import is_jcz, load_jcz_game
    from carcassonne.files import FileError, read_text
    from carcassonne.position import PositionError, load_position
    from carcassonne.record import RecordError, load_record

    try:
        text = read_text(path)
    except FileError as exc:  # names the file: missing, a folder, not UTF-8 (line, column)
        raise UserError(str(exc), status=status) from None
    if is_jcz(path, text):
        return load_jcz_game(path, plugins)
    is_record = any(line.strip() == "---" for line in text.split("\n"))
    try:
        if is_record:
            return load_record(text, text=True, plugins=plugins or [])
        return load_position(text, text=True, plugins=plugins or [])
    except (RecordError, PositionError) as exc:
        what = "record" if is_record else "position"
        raise UserError(f"{path}: not a valid {what}: {exc}", status=status) from None


def at_turn(state: GameState, turn: int) -> GameState:
    """The game when ``turn`` starts, replayed from the game's origin."""
    if turn < 1:
        raise UserError(f"--turn must be at least 1, not {turn}")
    replay = state.initial()  # not undo(len(log)): chance outcomes are log entries, not steps
    if replay.turn >= turn:
        return replay
    reached = False
    for entry in state.log:
        if reached and not isinstance(entry, ForcedDraw):
            return replay
        replay.replay_entry(entry)
        # the record's ``drew`` line after the action that starts turn N deals that turn's tile
        reached = reached or (
            replay.turn >= turn and not isinstance(entry, ForcedDraw | ForcedChance)
        )
    if reached:
        return replay
    raise UserError(f"the game has {state.turn} turns; there is no turn {turn}", status=1)


@user_errors
def run(args: argparse.Namespace) -> int:
    import carcassonne.svg as svg

    output = Path(args.output)
    if output.suffix.lower() not in (".svg", ".png"):
        raise UserError(f"{args.output}: the picture's name must end in .svg or .png")
    state = load_game(args.file)
    if args.turn is not None:
        state = at_turn(state, args.turn)
    if args.player is not None and not 0 <= args.player < state.config.players:
        raise UserError(f"no player {args.player} in this game (0 to {state.config.players - 1})")
    picture = svg.board(
        state,
        player_view=args.player,
        highlight=None if args.no_highlight else "legal",
        size=args.size,
        coordinates=not args.no_coordinates,
        legend=args.legend,
    )
    picture.save(output)
    print(f"{output}: turn {state.turn}, {len(state.board)} tiles, {len(state.figures())} figures")
    return 0
