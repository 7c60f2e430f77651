"""``carcassonne play``: a whole game in the terminal, humans and bots at the table.

A human decision is a screen (:mod:`carcassonne.cli.screen`) redrawn for the terminal's size at
each step and on resize: the player picks a square by the key drawn on it, then a rotation by
number, then a figure spot by key; or types the move in notation. ``undo``, ``hint``, ``board``,
``save FILE``, ``help`` and ``quit`` work at every prompt; Ctrl-C asks before quitting. Piped
input and output work too (plain text, input echoed), so a script can play.

Games of bots only are a log, turn by turn from the first, optionally slowed down (``--delay``)
and with the board after each turn (``--board``).

Bots draw their random numbers from a generator reseeded at every decision from the game's seed,
the seat and the number of actions so far: an undone or reloaded game continues exactly as it
would have.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import signal
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from carcassonne import events as ev
from carcassonne.actions import PlaceTile
from carcassonne.bots import (
    BotError,
    UnknownBotError,
    bot_from_spec,
    check_spec,
    known_bots,
    make_bot,
)
from carcassonne.cli.board_view import Marks, board_pages, player_letter, whole_board
from carcassonne.cli.canvas import Look
from carcassonne.cli.game_args import (
    UserError,
    add_game_arguments,
    build_config,
    parse_names,
    user_errors,
)
from carcassonne.cli.keys import Choices, Spot, describe, distinct_rotations, group
from carcassonne.cli.screen import ROTATION, SPOT, SQUARE, Frame, clip, compose, legend_lines, wrap
from carcassonne.cli.words import any_event_words, part_reason
from carcassonne.errors import CarcassonneError, IllegalActionError
from carcassonne.serialize import (
    ActionFormatError,
    action_from_text,
    action_text,
    illegal_message,
)
from carcassonne.state import GameState

HUMAN = "human"
#: The final table's column of points moved between players (``PointsTransferred``).
TRANSFER = "transfer"
CLEAR = "\x1b[H\x1b[2J\x1b[3J"

HELP = """Pick what the screen offers by its key: a letter on the board (a square, a figure \
spot), a number in a list (a rotation, 0 for no figure), or type a move in notation \
(tile BA/C 0,-1 r180, figure meeple 0,-1 S, pass). Enter turns the page of a long list. Commands:
  undo         take back your last decision (and the bots' moves since)
  hint         what the greedy bot would do here
  board        the whole board, page by page
  save FILE    save the game (a record: play --load FILE resumes it)
  help         this text
  quit         stop the game (offers to save first)"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against bots (or watch bots play)",
        description="Play a game in the terminal. Seats are human or bot; squares and figure "
        "spots are picked by the keys drawn on the board, or moves typed in notation. Reads "
        "moves line by line, so input may be piped.",
    )
    add_game_arguments(parser, players_default=None)
    parser.add_argument(
        "--bot",
        default="greedy",
        metavar="SPEC",
        help=f"the bot for the seats after the first (human) one: {', '.join(known_bots())}, "
        "or your own as package.module.Class; with options as in mcts:seconds=1 "
        "(default greedy)",
    )
    parser.add_argument(
        "--seats",
        metavar="LIST",
        help="every seat in order, e.g. human,mcts,greedy (overrides --bot)",
    )
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="resume a saved game: a game record (save FILE), a JCloisterZone .jcz file or a "
        "position file",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="pause after each bot turn (watching bots)",
    )
    parser.add_argument(
        "--board",
        action="store_true",
        help="print the board after each turn of a bots-only game",
    )
    parser.add_argument(
        "--brief",
        action="store_true",
        help="watching bots: only the points as they are scored, in words, and the scores "
        "every ten turns (instead of every action in notation)",
    )
    parser.add_argument(
        "--svg",
        metavar="DIR",
        default=None,
        help="keep a picture of the board after each turn in DIR (turn-001.svg, ...; "
        "board.svg is the latest)",
    )
    parser.set_defaults(handler=run)


def seats_from_args(args: argparse.Namespace, players: int | None = None) -> list[str]:
    if args.seats:
        seats = parse_names(args.seats)
        for seat in seats:
            if seat == HUMAN:
                continue
            try:
                check_spec(seat)
            except UnknownBotError:
                known = ", ".join([HUMAN, *known_bots()])
                raise UserError(f"unknown seat {seat!r} (known: {known})") from None
            except BotError as exc:
                raise UserError(str(exc)) from None
        wanted = args.players if players is None else players
        if wanted is not None and wanted != len(seats):
            raise UserError(f"{wanted} players but {len(seats)} seats given")
        return seats
    check_bot(args.bot)
    if players is None:
        players = 2 if args.players is None else args.players
    return [HUMAN] + [args.bot] * max(players - 1, 0)


def load_game(path: str) -> GameState:
    """A saved game: a record (it has a ``---`` line), a JCloisterZone ``.jcz`` file or a
    position (TOML)."""
    from carcassonne.cli.jcz_files import is_jcz, load_jcz_game
    from carcassonne.position import load_position
    from carcassonne.record import load_record

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{path}: {exc.strerror or exc}", 1) from None
    if is_jcz(path, text):
        return load_jcz_game(path)
    is_record = any(line.strip() == "---" for line in text.splitlines())
    try:
        state = load_record(text, text=True) if is_record else load_position(text, text=True)
    except CarcassonneError as exc:
        raise UserError(f"{path}: {exc}", 1) from None
    return state


def check_bot(spec: str) -> None:
    try:
        check_spec(spec)
    except BotError as exc:
        raise UserError(str(exc)) from None


@user_errors
def run(args: argparse.Namespace) -> int:
    if args.delay < 0:
        raise UserError("--delay must be 0 or more seconds")
    if args.load:
        if args.expansions or args.option:
            raise UserError("--load takes the expansions and options from the saved game")
        state = load_game(args.load)
        seats = seats_from_args(args, state.players)
        seed = state.seed
    else:
        seats = seats_from_args(args)
        state = GameState.new(build_config(args, len(seats)))
        seed = args.seed
    if args.brief and HUMAN in seats:
        raise UserError("--brief is for watching bots: every seat must be a bot")
    game = TerminalGame(
        state, seats, seed, delay=args.delay, board_each_turn=args.board, brief=args.brief
    )
    if args.svg:
        game.svg_dir = Path(args.svg)
        game.svg_dir.mkdir(parents=True, exist_ok=True)
    return game.play()


class Quit(Exception):
    """The player stopped the game."""


class TerminalGame:
    """The table: a state, who sits where, and the terminal's input and output."""

    def __init__(
        self,
        state: GameState,
        seats: list[str],
        seed: int = 0,
        inp: IO[str] | None = None,
        out: IO[str] | None = None,
        *,
        delay: float = 0.0,
        board_each_turn: bool = False,
        brief: bool = False,
    ) -> None:
        self.state = state
        self.seats = seats
        self.seed = seed
        self.bots = {p: bot_from_spec(seat, 0) for p, seat in enumerate(seats) if seat != HUMAN}
        self.inp = inp if inp is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        self.look = Look.of(self.out)
        self.echo = not _is_tty(self.inp)
        self.delay = delay
        self.board_each_turn = board_each_turn
        #: Watching bots briefly: the points in words with their turn, scores every ten turns.
        self.brief = brief
        self.points_by_kind: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        #: Log lengths at which a human was asked (undo goes back to the one before).
        self.asked: list[int] = []
        #: (log length before, player, turn, text, square of a placed tile) per applied action.
        self.history: list[tuple[int, int, int, str, tuple[int, int] | None]] = []
        self.news: list[str] = []
        self.frame: Frame | None = None
        #: Where a picture of the board is kept after each turn (``play --svg DIR``), or None.
        self.svg_dir: Path | None = None
        self.waiting = False
        #: A screen is being drawn; a resize meanwhile sets ``redraw`` (see :meth:`show`).
        self.drawing = False
        self.redraw = False
        self.prompt = ""
        #: Why the current part of the turn was given (the latest ``TurnPartStarted``).
        self.part_reason = ""

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, player: int) -> str:
        return f"{player_letter(player)} {self.state.config.names[player]}"

    def size(self) -> tuple[int, int]:
        return shutil.get_terminal_size((80, 24))

    # -- the game loop --------------------------------------------------------------

    def play(self) -> int:
        state = self.state
        config = state.config
        humans = HUMAN in self.seats
        self.say(f"Carcassonne: {config.players} players, seed {state.seed}")
        if config.expansions:
            self.say(f"expansions: {', '.join(config.expansions)}")
        for p, seat in enumerate(self.seats):
            self.say(f"  {self.name(p)}: {seat}")
        if humans:
            self.say("Pick squares and spots by their keys; type 'help' for the commands.")
        for line in self.describe_all(state.last_events):
            self.say(f"  {line}")
        with self.on_resize():
            try:
                while not state.is_over:
                    player = state.pending.player
                    try:
                        if player in self.bots:
                            self.bot_turn(player)
                        elif not self.human(player):
                            return 0
                    except KeyboardInterrupt:
                        self.confirm_quit()
            except Quit:
                return 0
        self.final()
        return 0

    def bot_turn(self, player: int) -> None:
        state = self.state
        bot = self.bots[player]
        bot.rng.seed(f"{self.seed}:{player}:{len(state.log)}")
        action = bot.choose(state)
        self.apply(player, action)
        if HUMAN not in self.seats and any(
            isinstance(e, ev.TurnStarted | ev.GameOver) for e in state.last_events
        ):
            if self.board_each_turn:
                width, height = self.size()
                for page in board_pages(state, width, 10_000, Marks(last=self.last_tiles())):
                    self.say(page)
                for line in legend_lines(state, width):  # what the board's characters mean
                    self.say(line)
            if self.delay:
                self.out.flush()
                time.sleep(self.delay)

    def apply(self, player: int, action: Any) -> None:
        state = self.state
        before = len(state.log)
        turn = state.turn
        events = state.apply(action)
        if any(isinstance(e, ev.TurnStarted) for e in events):
            self.part_reason = ""
        self.part_reason = part_reason(events) or self.part_reason
        square = (action.x, action.y) if type(action) is PlaceTile else None
        self.history.append((before, player, turn, action_text(action), square))
        if self.svg_dir is not None and any(
            isinstance(e, ev.TurnStarted | ev.GameOver) for e in events
        ):
            self.picture(state.turn - (0 if state.is_over else 1))
        if self.brief:
            for line in self.brief_lines(turn, events):
                self.say(line)
            return
        lines = [f"{self.name(player)}: {action_text(action)}"]
        lines += [f"    {line}" for line in self.describe_all(events)]
        for line in lines:
            if self.look.ansi and HUMAN in self.seats:
                self.news.append(line)  # shown on the next screen
            else:
                self.say(line)

    def picture(self, turn: int) -> None:
        """Write the board after ``turn`` to ``turn-NNN.svg`` and ``board.svg`` in the folder
        of ``--svg`` (each written atomically, so a browser showing it never sees half)."""
        import carcassonne.svg as svg

        assert self.svg_dir is not None
        picture = svg.board(self.state)
        for name in (f"turn-{turn:03d}.svg", "board.svg"):
            picture.save(self.svg_dir / name)

    def brief_lines(self, turn: int, events: list[Any]) -> list[str]:
        """``--brief``: each scoring of ``events`` in words with its turn; the scores when a
        tenth turn starts."""
        lines = []
        for event in events:
            line = self.describe(event)
            if line and isinstance(event, ev.PointsScored | ev.PointsTransferred):
                lines.append(f"turn {turn:>3}: {line}")
        started = [e for e in events if isinstance(e, ev.TurnStarted)]
        if started and self.state.turn % 10 == 1:
            lines.append(f"          after {self.state.turn - 1} turns, {self.score_line()}")
        return lines

    def describe_all(self, events: list[Any]) -> list[str]:
        lines = []
        for event in events:
            line = self.describe(event)
            if line:
                lines.append(line)
        if any(isinstance(e, ev.TurnStarted | ev.GameOver) for e in events):
            lines.append(self.score_line())
        return lines

    def human(self, player: int) -> bool:
        """One decision of a human; ``False`` when the game stops."""
        state = self.state
        actions = state.legal_actions()
        if len(actions) == 1:
            only = f"{self.name(player)} can only {describe(state, actions[0])}."
            if self.look.ansi:
                self.news.append(only)
            else:
                self.say(only)
            self.apply(player, actions[0])
            return True
        if not self.asked or self.asked[-1] != len(state.log):
            self.asked.append(len(state.log))
        choices = group(state, actions)
        frame = Frame(state, player, self.seats, SQUARE if choices.tiles else SPOT, choices)
        frame.part_reason = self.part_reason
        frame.news = self.news[-4:]
        self.news = []
        while True:
            frame.last_moves = self.last_moves()
            frame.last_tiles = self.last_tiles()
            self.frame = frame
            self.waiting = True  # from now on a resize redraws this screen
            self.show()
            try:
                text = self.read()
            finally:
                self.waiting = False
            if text is None:
                self.say()
                self.say("End of input: the game is abandoned.")
                return False
            frame.message, frame.news = [], []
            outcome = self.answer(player, frame, text)
            if outcome is not None:
                return outcome

    def answer(self, player: int, frame: Frame, text: str) -> bool | None:
        """Handle one line: ``True`` when a move was made, ``None`` to ask again."""
        command, _, rest = text.partition(" ")
        rest = rest.strip()
        if not text:
            if frame.step == ROTATION:
                frame.step, frame.square = SQUARE, None
            elif frame.pages > 1:
                frame.page = (frame.page + 1) % frame.pages
            return None
        if command in ("help", "?"):
            self.page_help(frame)
            return None
        if command == "quit":
            self.quit()
        if command == "undo":
            if self.undo():
                return True
            frame.message = ["Nothing to undo: this is your first decision."]
            return None
        if command == "hint":
            frame.message = [self.hint(frame)]
            return None
        if command == "board":
            self.page_board()
            return None
        if command == "save":
            frame.message = [self.save(rest)]
            return None
        action = self.pick(frame, text)
        if action is None:
            return None
        try:
            self.apply(player, action)
        except IllegalActionError as exc:
            frame.message = [illegal_message(exc)]
            spots = [f"{spot.key}) {spot.name}" for spot in frame.choices.spots]
            if spots:
                frame.message.append("the spots here: " + ", ".join(spots))
            return None
        return True

    def pick(self, frame: Frame, text: str) -> Any:
        """The action a key or notation names, or ``None`` (the frame moves on or says why)."""
        state = self.state
        choices = frame.choices
        if frame.step == ROTATION and text.isdigit():
            number = int(text)
            if 1 <= number <= len(frame.rotations):
                return frame.rotations[number - 1]
            frame.message = [f"pick a rotation from 1 to {len(frame.rotations)}"]
            return None
        found = choices.lookup(text)
        if isinstance(found, tuple) and found in choices.tiles:
            rotations = distinct_rotations(state, choices.tiles[found])
            if len(rotations) == 1:
                return rotations[0]
            frame.step, frame.square, frame.rotations = ROTATION, found, rotations
            return None
        if isinstance(found, Spot):
            if len(found.actions) == 1:
                return found.actions[0]
            frame.step, frame.page = SPOT, 0
            frame.choices = Choices(listed=[(str(i + 1), a) for i, a in enumerate(found.actions)])
            frame.message = [f"{found.name}: which figure?"]
            return None
        if found is not None:
            return found
        try:
            return action_from_text(text, state)
        except ActionFormatError as exc:
            keys = self.key_list(frame)
            frame.message = [
                f"{text!r} is no key here ({keys}), no command (undo, hint, board, save FILE, "
                f"help, quit) nor a move: {exc}"
            ]
        return None

    def key_list(self, frame: Frame) -> str:
        if frame.step == ROTATION:
            return f"1-{len(frame.rotations)}"
        keys = list(frame.choices.squares) + [s.key for s in frame.choices.spots]
        keys += [k for k, _ in frame.choices.listed]
        return ", ".join(keys[:8]) + (", ..." if len(keys) > 8 else "")

    # -- commands --------------------------------------------------------------------

    def undo(self) -> bool:
        """Back to the human's previous decision (``False``: this is the first one)."""
        if len(self.asked) < 2:
            return False
        self.asked.pop()
        target = self.asked.pop()
        self.state.undo(len(self.state.log) - target)
        self.history = [h for h in self.history if h[0] < target]
        self.news = ["Undone: back to your previous decision."]
        if not self.look.ansi:
            self.say(self.news.pop())
        return True

    def hint(self, frame: Frame) -> str:
        bot = make_bot("greedy", 0)
        bot.rng.seed(f"hint:{self.seed}:{len(self.state.log)}")
        action = bot.choose(self.state)
        keys = frame.choices
        where = ""
        if type(action) is PlaceTile:
            key = keys.square_keys().get((action.x, action.y))
            rotations = distinct_rotations(self.state, keys.tiles.get((action.x, action.y), []))
            same = [a.rotation for a in rotations]
            turn = f", rotation {same.index(action.rotation) + 1}" if len(same) > 1 else ""
            where = f" (square {key}{turn})" if key and action.rotation in same else ""
        for spot in keys.spots:
            if action in spot.actions:
                where = f" (spot {spot.key}: {spot.name})"
        for key, listed in keys.listed:
            if listed == action:
                where = f" ({key})"
        return f"hint: {action_text(action)}{where}"

    def page_help(self, frame: Frame) -> None:
        """``help``: the commands and this game's legend on a screen of their own, page by
        page (on a terminal; into a pipe the text is printed and the game goes on)."""
        width, height = self.size()
        lines = wrap(HELP.splitlines(), width) + ["", "What the board shows (a-z are keys):"]
        lines += legend_lines(self.state, width)
        if not self.look.ansi:
            for line in lines:
                self.say(line)
            return
        rows = max(height - 1, 4)
        pages = [lines[i : i + rows] for i in range(0, len(lines), rows)]
        for i, page in enumerate(pages):
            self.out.write(CLEAR)
            self.say("\n".join(page))
            more = f"page {i + 1} of {len(pages)}: Enter for more, q to go back"
            self.out.write(f"-- help: {'Enter to go back' if i + 1 == len(pages) else more} -- ")
            self.out.flush()
            answer = self.read()
            if answer is None or answer.startswith("q"):
                break

    def page_board(self) -> None:
        width, height = self.size()
        pages = board_pages(self.state, width, max(height - 2, 4), Marks(last=self.last_tiles()))
        for i, page in enumerate(pages):
            if self.look.ansi:
                self.out.write(CLEAR)
            self.say(page)
            if i + 1 < len(pages):
                self.out.write(f"-- page {i + 1} of {len(pages)}: Enter for more, q to stop -- ")
                self.out.flush()
                answer = self.read()
                if answer is None or answer.startswith("q"):
                    break
            elif self.look.ansi:
                self.out.write("-- end of the board: Enter to go back -- ")
                self.out.flush()
                self.read()

    def save(self, path: str) -> str:
        if not path:
            return "usage: save FILE"
        from carcassonne.record import save_record

        try:
            save_record(self.state, path)
        except CarcassonneError as exc:  # a FileError names the file
            return f"cannot save: {exc}"
        except OSError as exc:
            return f"cannot save: {path}: {exc.strerror or exc}"
        return f"saved the game to {path} (carcassonne play --load {path} resumes it)"

    def confirm_quit(self) -> None:
        """Ctrl-C: ask whether to stop (then offer to save); a second Ctrl-C stops."""
        self.say()
        self.out.write("Quit the game? [y/N] ")
        self.out.flush()
        try:
            sure = self.inp.readline().strip().lower()
        except KeyboardInterrupt:
            sure = "y"
        if sure.startswith("y"):
            self.quit()

    def quit(self) -> None:
        """Offer to save, then stop (raises :class:`Quit`)."""
        self.out.write("Save the game first? Type a file name, or Enter to quit without: ")
        self.out.flush()
        answer = self.read(interruptible=False)
        if answer:
            self.say(self.save(answer))
        self.say("Game stopped.")
        raise Quit

    # -- input and output ---------------------------------------------------------------

    def read(self, *, interruptible: bool = True) -> str | None:
        """One line of input, stripped; ``None`` at its end. Ctrl-C asks whether to quit."""
        while True:
            try:
                line = self.inp.readline()
            except KeyboardInterrupt:
                if not interruptible:
                    return None
                self.confirm_quit()
                self.show()
                continue
            if not line:
                return None
            text = line.strip()
            if self.echo:
                self.say(text)  # piped input: the transcript reads like a session
            return text

    def show(self) -> None:
        """Draw the current screen for the terminal's size, then the prompt.

        A resize during a drawing (SIGWINCH runs :meth:`show` from the signal handler) does
        not draw inside the drawing, which would interleave two screens on a busy machine:
        it asks the drawing under way to draw once more, for the new size, when it is done.
        """
        if self.drawing:
            self.redraw = True
            return
        self.drawing = True
        try:
            self.redraw = True
            while self.redraw:
                self.redraw = False
                self._draw()
        finally:
            self.drawing = False

    def _draw(self) -> None:
        frame = self.frame
        if frame is None:
            return
        width, height = self.size()
        screen = compose(frame, width, height, self.look)
        if self.look.ansi:
            self.out.write(CLEAR)
        else:
            self.say()
        self.say(screen)
        self.prompt = f"{self.name(frame.player)} > "
        self.out.write(self.prompt)
        self.out.flush()

    @contextlib.contextmanager
    def on_resize(self) -> Iterator[None]:
        """Redraw the screen when the terminal changes size (SIGWINCH), on terminals."""
        if not self.look.ansi or not hasattr(signal, "SIGWINCH"):
            yield
            return

        def redraw(_signal: int, _frame: object) -> None:
            if self.waiting:
                self.show()

        previous = signal.signal(signal.SIGWINCH, redraw)
        try:
            yield
        finally:
            signal.signal(signal.SIGWINCH, previous)

    def last_moves(self) -> dict[int, str]:
        """Per player, the actions of the latest turn they acted in."""
        out: dict[int, list[str]] = {}
        turn_of: dict[int, int] = {}
        for _before, player, turn, text, _square in self.history:
            if turn_of.get(player) != turn:
                out[player], turn_of[player] = [], turn
            out[player].append(text)
        return {p: ", ".join(texts) for p, texts in out.items()}

    def last_tiles(self) -> dict[tuple[int, int], int]:
        latest: dict[int, tuple[int, int]] = {}
        for _before, player, _turn, _text, square in self.history:
            if square is not None:
                latest[player] = square
        return {square: player for player, square in latest.items()}

    def score_line(self) -> str:
        scores = self.state.scores
        return "scores: " + ", ".join(f"{player_letter(p)} {s}" for p, s in enumerate(scores))

    def describe(self, event: Any) -> str | None:
        """The play log's words for one event (``None``: nothing worth a line)."""
        if isinstance(event, ev.PointsScored):
            self.points_by_kind[event.player][event.kind] += event.points
        if isinstance(event, ev.PointsTransferred):
            self.points_by_kind[event.payer][TRANSFER] -= event.points
            self.points_by_kind[event.payee][TRANSFER] += event.points
        if isinstance(event, ev.FigurePlaced | ev.TilePlaced | ev.TileDrawn | ev.GameOver):
            return None  # the action's own line says it; the scores line follows the game over
        if isinstance(event, ev.FeatureCompleted):
            return None  # its points say it
        return any_event_words(self.state, event, self.name)

    def final(self) -> None:
        state = self.state
        width, _height = self.size()
        self.say()
        if self.look.ansi and HUMAN in self.seats:
            for line in self.news:
                self.say(line)
        for page in whole_board(state, width, Marks(last=self.last_tiles())):
            self.say(page)
        for line in legend_lines(state, width):
            self.say(line)
        self.say()
        self.say(final_table(state, self.seats, self.points_by_kind, width))


def _is_tty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def final_table(
    state: Any, seats: list[str], by_kind: dict[int, dict[str, int]], width: int = 10_000
) -> str:
    """The final score table: rank, player, seat, points per feature kind and total, in at
    most ``width`` columns (narrower gaps, then kind names shortened with an ellipsis: with
    every expansion there are many kinds)."""
    kinds = sorted({k for per in by_kind.values() for k in per})
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
    table: list[str] = []
    for indent, gap, short in (("  ", "  ", False), ("", " ", False), ("", " ", True)):
        header = ["rank", "player", "seat", *kinds, "total"]
        if short:  # a kind's name no wider than its numbers (and 4 columns)
            header = ["rank", "player", "seat"]
            for i, kind in enumerate(kinds):
                room = max(4, *(len(r[3 + i]) for r in rows))
                header.append(clip(kind, room))
            header.append("total")
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        table = []
        for row in [header, *rows]:
            cells = [
                c.ljust(w) if i < 3 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ]
            table.append(indent + gap.join(cells).rstrip())
        if max(len(line) for line in table) <= width:
            break
    winners = [f"{player_letter(p)} {state.config.names[p]}" for p in state.winners()]
    verb = "wins" if len(winners) == 1 else "share the victory"
    return "\n".join(["Final scores", *table, f"{' and '.join(winners)} {verb}."])


__all__ = ["TerminalGame", "final_table", "load_game"]
