"""``carcassonne jcz check``, ``carcassonne import`` and ``carcassonne export``: JCloisterZone
saved games (``.jcz``, docs/jcz.md).

* ``jcz check FILE...`` replays each file and evaluates its ``test.assertions`` as JCZ's test
  runner does: each assertion passed or failed with the value found, a summary line, exit
  status 1 if any fails (``--json`` for programs);
* ``import GAME.jcz -o GAME.carc`` writes the game as a record of this engine;
* ``export GAME.carc -o GAME.jcz`` writes a record as a file JCZ opens.

A file that cannot be read, replayed or written is one line naming the file and the JSON path
or message index; nothing is written then. ``replay``, ``render`` and ``play --load`` read
``.jcz`` files directly.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from carcassonne.cli.game_args import (
    FAILURE,
    UserError,
    add_plugin_argument,
    plain,
    plugins_from_args,
    user_errors,
)
from carcassonne.cli.jcz_files import load_jcz_game


def add_parser(subparsers: Any) -> None:
    lines = __doc__.splitlines()
    jcz = subparsers.add_parser(
        "jcz",
        help="JCloisterZone saved games: check their test assertions",
        description=plain(" ".join(lines[:2])),
    )
    actions = jcz.add_subparsers(dest="jcz_action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help="replay .jcz files and evaluate their test assertions",
        description="Replay each .jcz file and evaluate its test.assertions as JCloisterZone's "
        "test runner does; exit status 1 if any assertion fails or a file cannot be replayed.",
    )
    check.add_argument("files", nargs="+", metavar="FILE", help=".jcz files with a test object")
    check.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    add_plugin_argument(check)
    check.set_defaults(handler=run_check)

    importer = subparsers.add_parser(
        "import",
        help="a JCloisterZone game (.jcz) as a game record",
        description="Replay a JCloisterZone saved game and write it as a game record.",
    )
    importer.add_argument("file", metavar="GAME.jcz", help="a JCloisterZone saved game")
    importer.add_argument(
        "-o", "--output", metavar="FILE", help="the record to write (default: standard output)"
    )
    add_plugin_argument(importer)
    importer.set_defaults(handler=run_import)

    exporter = subparsers.add_parser(
        "export",
        help="a game record as a JCloisterZone game (.jcz)",
        description="Replay a game record and write it as a JCloisterZone saved game that deals "
        "the same tiles and ends at the same turn.",
    )
    exporter.add_argument("file", metavar="GAME", help="a game record (or a .jcz file)")
    exporter.add_argument(
        "-o", "--output", metavar="FILE", help="the .jcz file to write (default: standard output)"
    )
    add_plugin_argument(exporter)
    exporter.set_defaults(handler=run_export)


@user_errors
def run_check(args: argparse.Namespace) -> int:
    from carcassonne.jcz.check import check_jcz

    plugins = plugins_from_args(args)
    reports = [check_jcz(path, text=False, plugins=plugins) for path in args.files]
    passed = sum(1 for r in reports for v in r.verdicts if v.passed)
    failed = sum(1 for r in reports for v in r.verdicts if not v.passed)
    broken = sum(1 for r in reports if r.error)
    if args.json:
        data = {
            "files": [r.to_dict() for r in reports],
            "passed": passed,
            "failed": failed,
            "errors": broken,
        }
        print(json.dumps(data, indent=1))
    else:
        for report in reports:
            print(report.source)
            if report.error:
                print(f"  ERROR {report.error}")
            for verdict in report.verdicts:
                mark = "pass" if verdict.passed else "FAIL"
                print(f"  {mark}  {verdict.text}  (found: {verdict.found})")
        files_ok = sum(1 for r in reports if r.passed)
        print(
            f"{len(reports)} files ({files_ok} passed): {passed} assertions passed, "
            f"{failed} failed" + (f", {broken} files could not be replayed" if broken else "")
        )
    return 0 if all(r.passed for r in reports) else FAILURE


def _write(path: str | None, text: str) -> None:
    from carcassonne.files import FileError, write_atomic

    if path is None:
        sys.stdout.write(text)
        return
    try:
        write_atomic(path, text)
    except FileError as exc:
        raise UserError(str(exc), status=FAILURE) from None


@user_errors
def run_import(args: argparse.Namespace) -> int:
    from carcassonne.record import dump_record

    state = load_jcz_game(args.file, plugins_from_args(args))
    _write(args.output, dump_record(state))
    return 0


@user_errors
def run_export(args: argparse.Namespace) -> int:
    from carcassonne.cli.replay import load
    from carcassonne.jcz.dump import dump_jcz
    from carcassonne.jcz.errors import JczError

    state = load(args.file, plugins_from_args(args))
    try:
        text = dump_jcz(state)
    except JczError as exc:
        raise UserError(f"{args.file}: {exc}", status=FAILURE) from None
    _write(args.output, text)
    return 0
