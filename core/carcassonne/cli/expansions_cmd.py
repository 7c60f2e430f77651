"""``carcassonne expansions``: the installed expansions, their versions and what each adds.

Generic on purpose: an expansion is described by comparing a game configured with it to the base
game — the feature kinds, attributes it adds to other kinds, figure kinds, pieces held besides
figures, options, tile sets and action types it brings — so any installed plugin (a fan's too)
is listed without this module knowing it. Held pieces belong to a game state
(``carcassonne_held_pieces(state)``): they are read from a fresh 2-player game of the expansion
with its default options, the first player's count.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from carcassonne.cli.game_args import plain, user_errors
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.plugins import expansion_title, expansion_version, installed_expansions
from carcassonne.state import GameState
from carcassonne.values import Option, format_value


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "expansions",
        help="list the installed expansions and what each adds",
        description=plain(__doc__.splitlines()[0]),
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def option_json(spec: Option) -> dict[str, Any]:
    """An option as the catalogue lists it: key, default, choices, doc, its name in words
    (``label``) and whether it is a house rule players choose (``house_rule``)."""
    return {
        "key": spec.key,
        "default": spec.default,
        "choices": list(spec.choices),
        "doc": spec.doc,
        "label": spec.words(),
        "house_rule": spec.house_rule,
    }


def describe_expansion(name: str, base: GameConfig) -> dict[str, Any]:
    """What ``name`` adds to the base game (or the error that stops it from loading)."""
    entry = installed_expansions()[name]
    info: dict[str, Any] = {"name": name, "version": expansion_version(name), "module": entry.value}
    info["title"] = expansion_title(name)
    try:
        config = GameConfig(players=2, expansions=[name])
    except CarcassonneError as exc:
        info["error"] = str(exc)
        return info
    base_sets = {_set_name(s) for _plugin, s in base.hooks.tile_sets()}
    base_tiles = set(base.tile_types)
    info["feature_kinds"] = sorted(set(config.kinds) - set(base.kinds))
    info["figure_kinds"] = {
        kind.name: kind.count
        for kind in config.figure_kinds.values()
        if kind.name not in base.figure_kinds
    }
    info["options"] = [
        option_json(spec)
        for key, spec in sorted(config.option_specs.items())
        if key not in base.option_specs
    ]
    info["tile_sets"] = sorted({_set_name(s) for _p, s in config.hooks.tile_sets()} - base_sets)
    info["tiles"] = sum(
        tile.count for tid, tile in config.tile_types.items() if tid not in base_tiles
    )
    info["action_types"] = sorted(
        cls.verb for cls in config.action_types if cls not in base.action_types
    )
    info["piece_kinds"] = {
        kind.name: {"label": kind.label, "glyph": kind.glyph, "neutral": kind.neutral}
        for kind in config.piece_kinds.values()
        if kind.name not in base.piece_kinds
    }
    info["attributes"] = sorted(
        f"{kind}.{attribute}"
        for provision in config.hooks.kind_provisions()
        if provision.plugin == name
        for kind, attribute in provision.attributes
        if kind not in provision.kinds
    )
    try:
        held = config.hooks.held_pieces(GameState.new(config))
    except CarcassonneError as exc:
        info["error"] = f"a new game cannot start: {exc}"
        return info
    info["held_pieces"] = {piece: counts[0] for piece, counts in sorted(held.items())}
    return info


def _set_name(source: Any) -> str:
    name = getattr(source, "name", None) or str(source)
    return Path(name).stem


@user_errors
def run(args: argparse.Namespace) -> int:
    base = GameConfig(players=2)
    infos = [describe_expansion(name, base) for name in sorted(installed_expansions())]
    if args.json:
        print(json.dumps(infos, indent=2, sort_keys=True))
        return 0
    if not infos:
        print("No expansions installed.")
        return 0
    for info in infos:
        print(f"{info['name']} {info['version']}  ({info['module']})")
        if "error" in info:
            print(f"  cannot be loaded: {info['error']}")
            continue
        figures = ", ".join(f"{k} x{n}" for k, n in info["figure_kinds"].items())
        held = ", ".join(f"{k} x{n}" for k, n in info["held_pieces"].items())
        pieces = ", ".join(
            f"{k} ({v['glyph']}, neutral)" if v["neutral"] else f"{k} ({v['glyph']})"
            for k, v in info["piece_kinds"].items()
        )
        rows = [
            ("feature kinds", ", ".join(info["feature_kinds"])),
            ("attributes", ", ".join(info["attributes"])),
            ("figure kinds", figures),
            ("held pieces", held),
            ("pieces", pieces),
            ("tile sets", ", ".join(info["tile_sets"])),
            ("tiles", str(info["tiles"]) if info["tiles"] else ""),
            ("action types", ", ".join(info["action_types"])),
        ]
        for label, value in rows:
            print(f"  {label + ':':<15}{value or '-'}")
        if not info["options"]:
            print(f"  {'options:':<15}-")
        for i, opt in enumerate(info["options"]):
            label = "options:" if i == 0 else ""
            shown = ", ".join(format_value(c) for c in opt["choices"])
            choices = f" (one of {shown})" if opt["choices"] else ""
            print(f"  {label:<15}{opt['key']} = {format_value(opt['default'])}{choices}")
            if opt["doc"]:
                print(f"  {'':<15}  {opt['doc']}")
    return 0
