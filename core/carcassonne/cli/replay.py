"""``carcassonne replay FILE``: replay a game record; print the final scores and the event log.

A record holds the game's configuration and its actions; loading it replays them, which already
checks every action. The event log is produced by replaying once more from the game's origin,
action by action, so each line can say which action caused which events.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from carcassonne.cli.board_view import player_letter
from carcassonne.cli.game_args import (
    UserError,
    add_plugin_argument,
    plain,
    plugins_from_args,
    user_errors,
)
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
        "file", metavar="FILE", help="a game record (made by play's save or simulate --save-dir)"
    )
    parser.add_argument("--json", action="store_true", help="print the replay as JSON")
    add_plugin_argument(parser)
    parser.set_defaults(handler=run)


def replay_log(state: GameState) -> list[dict[str, Any]]:
    """``{"action": text or None, "events": [...]}`` for the game's start and each entry of its
    log (a forced draw shows as ``force-draw TILE``)."""
    origin = state.initial()  # not undo(len(log)): chance outcomes are log entries, not steps
    steps: list[dict[str, Any]] = [
        {"action": None, "events": [e.to_dict() for e in _opening_events(origin)]}
    ]
    replay = origin
    for entry in state.log:
        if isinstance(entry, ForcedDraw):
            before = len(replay.last_events)
            replay.force_draw(entry.tile)
            events = replay.last_events[before:]
            steps.append({"action": f"force-draw {entry.tile}", "events": _dicts(events)})
        elif isinstance(entry, ForcedChance):
            replay.replay_entry(entry)
            steps.append({"action": f"force-chance {entry.outcome}", "events": []})
        else:
            steps.append({"action": action_text(entry), "events": _dicts(replay.apply(entry))})
    return steps


def _dicts(events: list[Any]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in events]


def _opening_events(origin: GameState) -> list[Any]:
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
    """The replayed game of the record at ``path``; a bad record is a one-line user error."""
    from carcassonne.files import FileError, read_text
    from carcassonne.record import RecordError, load_record

    try:
        text = read_text(path)
    except FileError as exc:
        raise UserError(str(exc), status=1) from None
    try:
        return load_record(text, text=True, plugins=plugins or [])
    except RecordError as exc:
        raise UserError(f"{path}: {exc}", status=1) from None


@user_errors
def run(args: argparse.Namespace) -> int:
    state = load(args.file, plugins_from_args(args))
    steps = replay_log(state)
    names = state.config.names
    if args.json:
        data = {
            "config": {**state.config.describe(), "seed": state.seed},
            "scores": list(state.scores),
            "ranking": list(state.ranking()),
            "game_over": state.is_over,
            "log": steps,
        }
        print(json.dumps(data, indent=1, sort_keys=True))
        return 0
    for step in steps:
        print("(start)" if step["action"] is None else step["action"])
        for event in step["events"]:
            print("    " + format_event(event))
    print()
    print("Final scores" if state.is_over else "Scores (the game is not over)")
    ranking = state.ranking()
    for p in sorted(range(state.players), key=lambda p: (ranking[p], p)):
        print(f"  {ranking[p]}. {player_letter(p)} {names[p]:<8} {state.scores[p]:>4}")
    return 0


def format_event(event: dict[str, Any]) -> str:
    """``type key=value ...`` in the event's field order."""
    fields = " ".join(f"{k}={_value(v)}" for k, v in event.items() if k != "type")
    return f"{event['type']} {fields}".rstrip()


def _value(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if isinstance(value, str) and (" " in value or not value):
        return json.dumps(value)
    return str(value)
