"""The generated tables of the rules pages (docs/rules/*.md): tile counts and rule options.

Each table sits between two markers in its page, ``<!-- tiles:RULESET -->`` ...
``<!-- /tiles:RULESET -->`` and ``<!-- options:RULESET -->`` ... ``<!-- /options:RULESET -->``,
made here from the loaded tile sets and the options the plugins declare, so the pages cannot
drift from the code: ``tests/docs/test_rules_pages.py`` fails when a page's table differs from
what this module makes.

After a deliberate change to the tiles or the options, rewrite the tables with
``python tests/docs/rules_tables.py`` (it touches nothing outside the markers).
"""

from __future__ import annotations

import re
from pathlib import Path

from carcassonne import GameConfig
from carcassonne.values import Option, format_value

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"

#: Ruleset page -> (expansion entry point or None for the base game, tile set name or None).
RULESETS: dict[str, tuple[str | None, str | None]] = {
    "base": (None, "base"),
    "river": ("river", "river"),
    "abbot": ("abbot", None),
    "abbey-mayor": ("abbey-mayor", "abbey_mayor"),
    "inns-cathedrals": ("inns-cathedrals", "inns-cathedrals"),
    "hills-sheep": ("hills-sheep", "hills-sheep"),
    "traders-builders": ("traders-builders", "traders-builders"),
    "tower": ("tower", "tower"),
    "princess-dragon": ("princess-dragon", "princess_dragon"),
}

MARKED = re.compile(r"(<!-- (tiles|options):([\w-]+) -->\n)(.*?)(<!-- /\2:\3 -->)", re.S)


def config_for(expansion: str | None, edition: str = "C2") -> GameConfig:
    expansions = [expansion] if expansion else []
    return GameConfig(players=2, expansions=expansions, options={"edition": edition})


def tile_counts(set_name: str, expansion: str | None, edition: str) -> dict[str, int]:
    """Copies of each tile of a set that a game of that edition deals: the draw stacks plus
    the start tile (a tile the set-up takes out of the stacks, like the abbey, counts 0)."""
    config = config_for(expansion, edition)
    dealt = [config.start_tile, *(t for stack in config.stacks.values() for t in stack)]
    return {t.id: dealt.count(t.id) for t in config.tile_types.values() if t.set_name == set_name}


def tiles_table(ruleset: str) -> str:
    """One row per tile type of a ruleset's set: id, letter, copies in C2/C3 and in C1, and
    the tile data's description."""
    expansion, set_name = RULESETS[ruleset]
    assert set_name is not None, f"{ruleset} has no tile set"
    config = config_for(expansion)
    c2 = tile_counts(set_name, expansion, "C2")
    c1 = tile_counts(set_name, expansion, "C1")
    ids = sorted(set(c2) | set(c1), key=lambda i: (i not in c2, i))
    types = {t.id: t for t in config.tile_types.values()}
    c1_config = config_for(expansion, "C1")
    lines = [
        "| tile | letter | C2/C3 | C1 | what is on it (the tile data's description) |",
        "|---|---|---|---|---|",
    ]
    for tile_id in ids:
        tile = types.get(tile_id) or c1_config.tile_types[tile_id]
        text = tile.description.replace("|", "/")
        letter = f"`{tile.alias}`" if tile.alias else ""
        lines.append(
            f"| `{tile_id}` | {letter} | {c2.get(tile_id, 0)} | {c1.get(tile_id, 0)} | {text} |"
        )
    lines.append(f"| **all** | | **{sum(c2.values())}** | **{sum(c1.values())}** | |")
    return "\n".join(lines) + "\n"


def ruleset_options(ruleset: str) -> list[Option]:
    """The options a ruleset's plugin declares: the base game's, or those an expansion adds."""
    expansion, _ = RULESETS[ruleset]
    base = GameConfig(players=2).option_specs
    if expansion is None:
        return [base[k] for k in sorted(base)]
    specs = config_for(expansion).option_specs
    return [specs[k] for k in sorted(specs) if k not in base]


def options_table(ruleset: str) -> str:
    lines = ["| option | default | values | what it does |", "|---|---|---|---|"]
    for option in ruleset_options(ruleset):
        if option.choices:
            values = ", ".join(f"`{format_value(c)}`" for c in option.choices)
        elif isinstance(option.default, int):
            values = "a whole number"
        else:
            values = "text"
        lines.append(
            f"| `{option.key}` | `{format_value(option.default)}` | {values} | {option.doc} |"
        )
    return "\n".join(lines) + "\n"


def generated(kind: str, name: str) -> str:
    """The body between a page's markers: the table, with a blank line on each side."""
    return "\n" + (tiles_table(name) if kind == "tiles" else options_table(name)) + "\n"


def blocks(text: str) -> list[tuple[str, str, str]]:
    """``(kind, name, body)`` of every marked table in a page."""
    return [(m.group(2), m.group(3), m.group(4)) for m in MARKED.finditer(text)]


def refresh(path: Path) -> bool:
    """Rewrite the marked tables of one page; whether anything changed."""
    text = path.read_text(encoding="utf-8")
    new = MARKED.sub(lambda m: m.group(1) + generated(m.group(2), m.group(3)) + m.group(5), text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    for page in sorted(RULES.glob("*.md")):
        if refresh(page):
            print(f"rewrote the tables of {page.relative_to(ROOT)}")
