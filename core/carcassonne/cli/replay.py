"""``carcassonne replay FILE``: replay a game record; print the final scores and the event log.

The log says each event in words (:mod:`carcassonne.cli.words`, as the play log does); ``--json``
gives the events as data.

A record holds the game's configuration and its actions; loading it replays them, which already
checks every action. The event log is produced by replaying once more from the game's origin,
action by action, so each line can say which action caused which events.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from carcassonne import events as ev
from carcassonne.cli.board_view import player_letter
from carcassonne.cli.game_args import (
    UserError,
    add_plugin_argument,
    plain,
    plugins_from_args,
    user_errors,
)
from carcassonne.cli.words import any_event_words, player_name
from carcassonne.serialize import action_text
from carcassonne.state import GameState
from carcassonne.values import ForcedChance, ForcedDraw


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a game record and print its scores and events",
        description=plain(__doc__.splitlines()[0]),
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a game record (made by play's save or simulate --save-dir) or a JCloisterZone "
        ".jcz file",
    )
    parser.add_argument("--json", action="store_true", help="print the replay as JSON")
    add_plugin_argument(parser)
    parser.set_defaults(handler=run)


def replay_steps(state: GameState) -> list[tuple[str | None, list[ev.Event]]]:
    """``(action text or None, events)`` for the game's start and each entry of its log (a
    forced draw shows as ``force-draw TILE``)."""
    origin = state.initial()  # not undo(len(log)): chance outcomes are log entries, not steps
    steps: list[tuple[str | None, list[ev.Event]]] = [(None, _opening_events(origin))]
    replay = origin
    for entry in state.log:
        if isinstance(entry, ForcedDraw):
            steps.append((f"force-draw {entry.tile}", replay.replay_entry(entry)))
        elif isinstance(entry, ForcedChance):
            steps.append((f"force-chance {entry.outcome}", replay.replay_entry(entry)))
        else:
            steps.append((action_text(entry), replay.replay_entry(entry)))
    return steps


def replay_log(state: GameState) -> list[dict[str, Any]]:
    """``{"action": text or None, "events": [...]}`` for each of :func:`replay_steps`."""
    return [
        {"action": action, "events": [e.to_dict() for e in events]}
        for action, events in replay_steps(state)
    ]


def _opening_events(origin: GameState) -> list[ev.Event]:
    """The events of the game's first moment, when the origin is a new game's."""
    fresh = GameState.new(origin.config, seed=origin.seed)
    same = (
        list(fresh.board) == list(origin.board)
        and fresh.draw_pile() == origin.draw_pile()
        and fresh.pending == origin.pending
        and fresh.drawn == origin.drawn
    )
    return list(fresh.last_events) if same else []


def load(path: str, plugins: list[tuple[str, object]] | None = None) -> GameState:
    """The replayed game of the record (or JCloisterZone ``.jcz`` file) at ``path``; a bad
    file is a one-line user error."""
    from carcassonne.cli.jcz_files import is_jcz, load_jcz_game
    from carcassonne.files import FileError, read_text
    from carcassonne.record import RecordError, load_record

    try:
        text = read_text(path)
    except FileError as exc:
        raise UserError(str(exc), status=1) from None
    if is_jcz(path, text):
        return load_jcz_game(path, plugins)
    try:
        return load_record(text, text=True, plugins=plugins or [])
    except RecordError as exc:
        raise UserError(f"{path}: {exc}", status=1) from None


@user_errors
def run(args: argparse.Namespace) -> int:
    state = load(args.file, plugins_from_args(args))
    names = state.config.names
    if args.json:
        data = {
            "config": {**state.config.describe(), "seed": state.seed},
            "scores": list(state.scores),
            "ranking": list(state.ranking()),
            "game_over": state.is_over,
            "log": replay_log(state),
        }
        print(json.dumps(data, indent=1, sort_keys=True))
        return 0

    def who(player: int) -> str:
        return player_name(state, player)

    for action, events in replay_steps(state):
        print("(start)" if action is None else action)
        for event in events:
            print("    " + any_event_words(state, event, who))
    print()
    print("Final scores" if state.is_over else "Scores (the game is not over)")
    ranking = state.ranking()
    for p in sorted(range(state.players), key=lambda p: (ranking[p], p)):
        print(f"  {ranking[p]}. {player_letter(p)} {names[p]:<8} {state.scores[p]:>4}")
    return 0
