"""``carcassonne explain FILE``: where every point came from, or whether an action is legal.

FILE is a game record or a position. Without ``--action`` it lists, per player, every change
of their score at the end of the record (or after turn N): each scoring with its turn, whose
tile set it off, the feature's kind and squares (or what points for no feature were for), final
scoring marked, points paid and received, then the figures rules took off the board, and a
summary by source that adds up to the scores (:mod:`carcassonne.cli.ledger`). With ``--action``
it says whether that action is legal then; if not, the refusal's code and reason and the legal
actions of the same kind nearby (:mod:`carcassonne.cli.verdict`); the exit status is 1 when it
is illegal. Bad input (the file, ``--turn``, ``--action``) is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from carcassonne.cli.board_view import player_letter
from carcassonne.cli.game_args import (
    USAGE,
    add_plugin_argument,
    plain,
    plugins_from_args,
    user_errors,
)
from carcassonne.cli.ledger import Item, Ledger, Who, build_ledger
from carcassonne.cli.render import load_game
from carcassonne.cli.verdict import judge, verdict_json, verdict_lines
from carcassonne.cli.words import player_name
from carcassonne.state import GameState

#: The status of ``--action`` naming an illegal action (0: legal; bad input: 2).
ILLEGAL = 1


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="say where every point of a game came from, or whether an action is legal",
        description=plain(__doc__.splitlines()[0]),
    )
    parser.add_argument("file", metavar="RECORD|POSITION", help="a game record or a position")
    parser.add_argument(
        "--turn",
        type=int,
        default=None,
        metavar="N",
        help="explain the game after turn N (default: the end of the record)",
    )
    parser.add_argument(
        "--action",
        default=None,
        metavar="ACTION",
        help="an action in notation (docs/notation.md): is it legal then, and if not why; "
        "exit status 1 when it is not",
    )
    parser.add_argument("--json", action="store_true", help="print the explanation as JSON")
    add_plugin_argument(parser)
    parser.set_defaults(handler=run)


@user_errors
def run(args: argparse.Namespace) -> int:
    state = load_game(args.file, plugins_from_args(args), status=USAGE)

    def who(player: int) -> str:
        return player_name(state, player)

    ledger = build_ledger(state, who, args.turn)
    moment = ledger.state
    if args.action is not None:
        verdict = judge(moment, args.action)
        if args.json:
            print(json.dumps({"file": args.file, **verdict_json(moment, verdict)}, indent=1))
        else:
            print("\n".join(verdict_lines(moment, verdict, who)))
        return 0 if verdict.refusal is None else ILLEGAL
    if args.json:
        print(json.dumps(ledger_json(args.file, ledger), indent=1))
    else:
        print("\n".join(ledger_lines(args.file, ledger, who)))
    return 0


def moment_words(ledger: Ledger) -> str:
    """``after turn 2``, ``at its end (the game is over)``, ``at its end (turn 5 goes on)``."""
    state = ledger.state
    if ledger.upto is not None and state.turn > ledger.upto:
        return f"after turn {ledger.upto}"
    if state.is_over:
        return "at its end (the game is over)"
    return f"at its end (turn {state.turn} goes on)"


def ledger_lines(path: str, ledger: Ledger, who: Who) -> list[str]:
    """The explanation in words: a section per player, the figures taken off, the summary."""
    state = ledger.state
    lines = [f"Where the points came from in {path}, {moment_words(ledger)}"]
    width = max([3, *(len(f"{item.points:+d}") for item in ledger.items)])
    for player in range(state.players):
        score = state.scores[player]
        lines += ["", f"{who(player)}: {score} point{'s' if score != 1 else ''}"]
        items = ledger.player_items(player)
        lines += [f"  {item.points:>+{width}d}  {item.text}" for item in items] or ["  none"]
    if ledger.removals:
        lines += ["", "Figures taken off the board"]
        lines += [f"  {removal.text}" for removal in ledger.removals]
    lines += ["", "Summary"]
    names = [who(p) for p in range(state.players)]
    name_width = max(len(name) for name in names)
    for player, name in enumerate(names):
        sources = ", ".join(f"{s} {n}" for s, n in ledger.by_source(player).items())
        lines.append(f"  {name:<{name_width}}  {sources or 'no points'} = {state.scores[player]}")
    return lines


def ledger_json(path: str, ledger: Ledger) -> dict[str, Any]:
    """The explanation as data (the keys docs/cli.md lists)."""
    state = ledger.state
    return {
        "file": path,
        "turn": state.turn,
        "upto": ledger.upto,
        "game_over": state.is_over,
        "scores": list(state.scores),
        "players": [_player_json(state, ledger, p) for p in range(state.players)],
        "removals": [{"turn": r.turn, "text": r.text, "event": r.event} for r in ledger.removals],
    }


def _player_json(state: GameState, ledger: Ledger, player: int) -> dict[str, Any]:
    return {
        "player": player,
        "name": state.config.names[player],
        "letter": player_letter(player),
        "score": state.scores[player],
        "by_source": ledger.by_source(player),
        "items": [_item_json(item) for item in ledger.player_items(player)],
    }


def _item_json(item: Item) -> dict[str, Any]:
    return {
        "points": item.points,
        "source": item.source,
        "turn": item.turn,
        "text": item.text,
        **item.data,
    }


__all__ = ["ILLEGAL", "ledger_json", "ledger_lines", "moment_words"]
