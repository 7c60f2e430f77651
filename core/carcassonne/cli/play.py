"""``carcassonne play``: a whole game in the terminal, humans and bots at the table.

Human seats get the board around the recent placements, the drawn tile in its four rotations and
a numbered list of legal moves; they answer with a number or with notation text. ``save FILE``
writes the game record at any prompt, ``quit`` (or the end of the input) stops. The input is read
line by line, so a script can play by piping moves in.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import IO, Any

from carcassonne import events as ev
from carcassonne.bots import BOTS, BotError, bot_from_spec, check_spec
from carcassonne.cli.board_view import legend, player_letter, render_board, render_tile_rotations
from carcassonne.cli.game_args import (
    UserError,
    add_game_arguments,
    build_config,
    parse_names,
    user_errors,
)
from carcassonne.errors import CarcassonneError, IllegalActionError
from carcassonne.serialize import (
    ActionFormatError,
    action_from_text,
    action_text,
    illegal_message,
)
from carcassonne.state import GameState

HUMAN = "human"

HELP = """Answer with the number of a move or its notation text. Other commands:
  board        show the board again (the whole board: board all)
  save FILE    save the game record to FILE
  quit         stop the game"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against bots (or watch bots play)",
        description="Play a game in the terminal. Seats are human or bot; moves are chosen by "
        "number or typed in notation. Reads moves line by line, so input may be piped.",
    )
    add_game_arguments(parser, players_default=None)
    parser.add_argument(
        "--bot",
        default="greedy",
        metavar="SPEC",
        help=f"the bot for the seats after the first (human) one: {', '.join(sorted(BOTS))}, "
        "with options as in mcts:seconds=1 (default greedy)",
    )
    parser.add_argument(
        "--seats",
        metavar="LIST",
        help="every seat in order, e.g. human,mcts,greedy (overrides --bot)",
    )
    parser.add_argument(
        "--svg",
        metavar="DIR",
        default=None,
        help="keep a picture of the board after each turn in DIR (turn-001.svg, ...; "
        "board.svg is the latest)",
    )
    parser.set_defaults(handler=run)


def seats_from_args(args: argparse.Namespace) -> list[str]:
    if args.seats:
        seats = parse_names(args.seats)
        for seat in seats:
            if seat != HUMAN and seat.partition(":")[0] not in BOTS:
                known = ", ".join([HUMAN, *sorted(BOTS)])
                raise UserError(f"unknown seat {seat!r} (known: {known})")
            if seat != HUMAN:
                check_bot(seat)
        if args.players is not None and args.players != len(seats):
            raise UserError(f"--players {args.players} but {len(seats)} seats given")
        return seats
    check_bot(args.bot)
    players = 2 if args.players is None else args.players
    return [HUMAN] + [args.bot] * max(players - 1, 0)


def check_bot(spec: str) -> None:
    try:
        check_spec(spec)
    except BotError as exc:
        raise UserError(str(exc)) from None


@user_errors
def run(args: argparse.Namespace) -> int:
    seats = seats_from_args(args)
    config = build_config(args, len(seats))
    game = TerminalGame(GameState.new(config), seats, args.seed)
    if args.svg:
        game.svg_dir = Path(args.svg)
        game.svg_dir.mkdir(parents=True, exist_ok=True)
    return game.play()


class TerminalGame:
    """The table: a state, who sits where, and the terminal's input and output."""

    def __init__(
        self,
        state: GameState,
        seats: list[str],
        seed: int = 0,
        inp: IO[str] | None = None,
        out: IO[str] | None = None,
    ) -> None:
        self.state = state
        self.seats = seats
        self.bots = {
            p: bot_from_spec(seat, seed * 31 + p + 1)
            for p, seat in enumerate(seats)
            if seat != HUMAN
        }
        self.inp = inp if inp is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        self.points_by_kind: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        #: Where a picture of the board is kept after each turn (``play --svg DIR``), or None.
        self.svg_dir: Path | None = None

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, player: int) -> str:
        return f"{player_letter(player)} {self.state.config.names[player]}"

    # -- the game loop --------------------------------------------------------------

    def play(self) -> int:
        state = self.state
        config = state.config
        self.say(f"Carcassonne: {config.players} players, seed {state.seed}")
        if config.expansions:
            self.say(f"expansions: {', '.join(config.expansions)}")
        for p, seat in enumerate(self.seats):
            self.say(f"  {self.name(p)}: {seat}")
        self.say("Type 'help' at a prompt for the commands.")
        while not state.is_over:
            player = state.pending.player
            if player in self.bots:
                action = self.bots[player].choose(state)
                events = state.apply(action)
            else:
                answered = self.ask(player)
                if answered is None:
                    return 0
                action, events = answered
            self.report(player, action, events)
            if self.svg_dir is not None and any(
                isinstance(e, ev.TurnStarted | ev.GameOver) for e in events
            ):
                self.picture(state.turn - (0 if state.is_over else 1))
        self.final()
        return 0

    def picture(self, turn: int) -> None:
        """Write the board after ``turn`` to ``turn-NNN.svg`` and ``board.svg`` in the folder
        of ``--svg`` (each written atomically, so a browser showing it never sees half)."""
        import carcassonne.svg as svg

        assert self.svg_dir is not None
        picture = svg.board(self.state)
        for name in (f"turn-{turn:03d}.svg", "board.svg"):
            picture.save(self.svg_dir / name)

    def ask(self, player: int) -> tuple[Any, list[Any]] | None:
        """Prompt a human until a legal move is applied; ``None`` when they quit."""
        state = self.state
        self.show(player)
        actions = state.legal_actions()
        while True:
            self.out.write(f"{self.name(player)} [{state.pending.kind}] > ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say()
                self.say("End of input: the game is abandoned.")
                return None
            text = line.strip()
            if self.inp is not sys.stdin or not sys.stdin.isatty():
                self.say(text)  # echo piped input so the transcript reads like a session
            if not text:
                continue
            command, _, rest = text.partition(" ")
            if command in ("help", "?"):
                self.say(HELP)
                continue
            if command == "quit":
                self.say("Game stopped.")
                return None
            if command == "board":
                self.say(render_board(state, columns=99, rows=99) if rest == "all" else "")
                if rest != "all":
                    self.show(player)
                continue
            if command == "save":
                self.save(rest.strip())
                continue
            try:
                action = self.parse(text, actions)
                return action, state.apply(action)
            except ActionFormatError as exc:
                self.say(f"  {exc}")
            except IllegalActionError as exc:
                self.say(f"  {illegal_message(exc)}")

    def parse(self, text: str, actions: list[Any]) -> Any:
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(actions):
                raise ActionFormatError(f"choose a move from 1 to {len(actions)}")
            return actions[number - 1]
        return action_from_text(text, self.state)

    def save(self, path: str) -> None:
        if not path:
            self.say("  usage: save FILE")
            return
        try:
            from carcassonne.record import save_record

            save_record(self.state, path)
        except ImportError:
            self.say("  saving records is not available in this installation")
            return
        except (OSError, CarcassonneError) as exc:
            self.say(f"  cannot save to {path}: {getattr(exc, 'strerror', None) or exc}")
            return
        self.say(f"  saved the game record to {path}")

    # -- output --------------------------------------------------------------

    def show(self, player: int) -> None:
        state = self.state
        spots = None
        if state.pending.kind == "tile":
            spots = {(x, y) for x, y, _ in state.legal_tile_placements()}
        self.say()
        self.say(render_board(state, spots=spots))
        self.say(legend(state) + "   " + self.score_line())
        self.say(f"supply of {self.name(player)}: " + self.supply_text(player))
        if state.drawn is not None and state.pending.kind == "tile":
            self.say(f"drawn tile {state.drawn} ({state.tiles_left()} left in the pile):")
            self.say(
                render_tile_rotations(state.config.tile_types[state.drawn], state.config.kinds)
            )
        self.say(f"{self.name(player)}, choose ({state.pending.kind}):")
        self.say(numbered([action_text(a) for a in state.legal_actions()]))

    def supply_text(self, player: int) -> str:
        supply = self.state.supply[player]
        return ", ".join(f"{kind} {count}" for kind, count in sorted(supply.items()))

    def score_line(self) -> str:
        scores = self.state.scores
        return "scores: " + ", ".join(f"{player_letter(p)} {s}" for p, s in enumerate(scores))

    def report(self, player: int, action: Any, events: list[Any]) -> None:
        self.say(f"{self.name(player)}: {action_text(action)}")
        for event in events:
            line = self.describe(event)
            if line:
                self.say(f"    {line}")
        if any(isinstance(e, ev.TurnStarted | ev.GameOver) for e in events):
            self.say(f"  {self.score_line()}")

    def describe(self, event: Any) -> str | None:
        if isinstance(event, ev.PointsScored):
            self.points_by_kind[event.player][event.kind] += event.points
            when = " at the end" if event.final else ""
            return f"{self.name(event.player)} scores {event.points} for a {event.kind}{when}"
        if isinstance(event, ev.TileReturned):
            return f"tile {event.tile} fits nowhere and goes back to the box"
        if isinstance(event, ev.FigureReturned):
            return f"{self.name(event.player)}'s {event.figure} returns"
        if isinstance(event, ev.DecisionPending):
            return f"{self.name(event.player)} decides: {event.kind}"
        if isinstance(event, ev.Note):
            return event.message
        if isinstance(event, ev.TurnStarted):
            return f"turn {event.turn}: {self.name(event.player)}"
        return None

    def final(self) -> None:
        state = self.state
        self.say()
        self.say(render_board(state, columns=99, rows=99))
        self.say()
        self.say(final_table(state, self.seats, self.points_by_kind))


def numbered(texts: list[str], width: int = 100) -> str:
    """``1) text`` items, as many per line as fit in ``width`` columns."""
    if not texts:
        return ""
    digits = len(str(len(texts)))
    cells = [f"{i + 1:>{digits}}) {t}" for i, t in enumerate(texts)]
    cell = max(len(c) for c in cells) + 3
    per_line = max(1, width // cell)
    lines = []
    for start in range(0, len(cells), per_line):
        lines.append("  " + "".join(c.ljust(cell) for c in cells[start : start + per_line]))
    return "\n".join(line.rstrip() for line in lines)


def final_table(state: Any, seats: list[str], by_kind: dict[int, dict[str, int]]) -> str:
    """The final score table: rank, player, seat, points per feature kind and total."""
    kinds = sorted({k for per in by_kind.values() for k in per})
    header = ["rank", "player", "seat", *kinds, "total"]
    rows = []
    ranking = state.ranking()
    for p in sorted(range(state.players), key=lambda p: (ranking[p], p)):
        name = f"{player_letter(p)} {state.config.names[p]}"
        per = by_kind.get(p, {})
        rows.append(
            [
                str(ranking[p]),
                name,
                seats[p],
                *(str(per.get(k, 0)) for k in kinds),
                str(state.scores[p]),
            ]
        )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["Final scores"]
    for row in [header, *rows]:
        cells = [
            c.ljust(w) if i < 3 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    winners = [f"{player_letter(p)} {state.config.names[p]}" for p in state.winners()]
    verb = "wins" if len(winners) == 1 else "share the victory"
    lines.append(f"{' and '.join(winners)} {verb}.")
    return "\n".join(lines)
