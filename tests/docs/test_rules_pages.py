"""The rules pages (docs/rules/) against the code: their tile and option tables are what the tile
data and the plugins declare, every option of every plugin is on a page with its true default,
and every worked example quotes the points its scenario file really gives."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from carcassonne import GameConfig
from carcassonne.plugins import installed_expansions
from carcassonne.scenario import load_scenario, report, run_scenario
from carcassonne.values import format_value

sys.path.insert(0, str(Path(__file__).parent))
from rules_tables import RULES, RULESETS, blocks, generated, ruleset_options  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGES = {name: RULES / f"{name}.md" for name in RULESETS}
SCENARIO_LINK = re.compile(r"\]\(([^)\s]+\.scenario\.toml)\)")
POINTS = re.compile(r"^\*\*Points: (.*)\.\*\*$", re.M)
ALL = sorted(installed_expansions())


def page_text(name: str) -> str:
    return PAGES[name].read_text(encoding="utf-8")


def test_every_ruleset_has_a_page_and_the_expansions_are_installed():
    assert sorted(e for e, _ in RULESETS.values() if e) == ALL
    assert all(path.exists() for path in PAGES.values())
    index = (RULES / "index.md").read_text(encoding="utf-8")
    for name in RULESETS:
        assert f"]({name}.md)" in index


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_generated_tables_are_current(name):
    """Run ``python tests/docs/rules_tables.py`` to refresh them after a deliberate change."""
    found = blocks(page_text(name))
    kinds = sorted(kind for kind, marked, _ in found if marked == name)
    has_tiles = RULESETS[name][1] is not None
    assert kinds == (["options", "tiles"] if has_tiles else ["options"])
    for kind, marked, body in found:
        assert body == generated(kind, marked), f"{kind} table of {name}.md is out of date"


def table_rows(text: str, marker: str) -> list[list[str]]:
    """The cells of each body row of a marked table (header and separator left out)."""
    body = re.search(rf"<!-- {marker} -->\n(.*?)<!-- /{marker} -->", text, re.S)
    assert body, marker
    lines = [line for line in body.group(1).splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


@pytest.mark.parametrize("name", [n for n, (_, s) in sorted(RULESETS.items()) if s])
def test_tile_counts_on_the_page_are_the_tile_sets(name):
    """Read back from the page (not from the generator): each tile's C2/C3 and C1 copies are
    those of the loaded tile set, with the abbey held by the players rather than dealt."""
    expansion, set_name = RULESETS[name]
    rows = table_rows(page_text(name), f"tiles:{name}")
    total = rows.pop()
    assert total[0] == "**all**"
    for edition, column in (("C2", 2), ("C1", 3)):
        config = GameConfig(
            players=2, expansions=[expansion] if expansion else [], options={"edition": edition}
        )
        printed = {t.id: t.count for t in config.tile_types.values() if t.set_name == set_name}
        if "AM/A" in printed:
            printed["AM/A"] = 0  # each player holds one; it is never in the pile
        on_page = {row[0].strip("`"): int(row[column]) for row in rows if int(row[column])}
        assert on_page == {tile: n for tile, n in printed.items() if n}
        assert int(total[column].strip("*")) == sum(printed.values())
    if name == "base":
        assert int(total[2].strip("*")) == 72


def test_every_option_is_documented_with_its_true_default():
    config = GameConfig(players=2, expansions=ALL)
    documented: dict[str, str] = {}
    for name in RULESETS:
        for row in table_rows(page_text(name), f"options:{name}"):
            documented[row[0].strip("`")] = row[1].strip("`")
        for option in ruleset_options(name):
            # each option is explained in the prose under its table too
            short = option.key.split(".")[-1]
            assert f"`{option.key}`" in page_text(name) or f"`.{short}`" in page_text(name)
    assert documented == {
        key: format_value(spec.default) for key, spec in config.option_specs.items()
    }


def examples(name: str) -> list[tuple[str, Path, str]]:
    """``(heading, scenario file, quoted points)`` of each worked example of a page."""
    out = []
    for section in re.split(r"^### ", page_text(name), flags=re.M)[1:]:
        heading = section.splitlines()[0]
        links = SCENARIO_LINK.findall(section)
        quoted = POINTS.findall(section)
        assert len(links) == 1 and len(quoted) == 1, f"{name}.md, {heading}: one link, one Points"
        out.append((heading, (PAGES[name].parent / links[0]).resolve(), quoted[0]))
    return out


EXAMPLES = [(name, *example) for name in sorted(RULESETS) for example in examples(name)]


def points_text(gained: dict[str, int]) -> str:
    return ", ".join(f"{p} {n:+d}" for p, n in gained.items() if n) or "none"


@pytest.mark.parametrize(
    ("name", "heading", "path", "quoted"), EXAMPLES, ids=[f"{e[0]}: {e[1]}" for e in EXAMPLES]
)
def test_worked_example_quotes_the_points_its_scenario_gives(name, heading, path, quoted):
    scenario = load_scenario(path)
    outcome = run_scenario(scenario)
    assert outcome.mismatches == [], report(scenario, outcome)
    state = outcome.state
    names = state.config.names
    # from the position's own scores: a position with an empty pile is scored as it loads
    start = scenario.position.get("scores", [0] * len(names))
    gained = {names[p]: state.scores[p] - start[p] for p in range(len(names))}
    assert quoted == points_text(gained)


def test_every_scenario_file_is_a_worked_example():
    files = sorted(ROOT.glob("tests/scenarios/*.scenario.toml"))
    files += sorted(ROOT.glob("expansions/*/tests/scenarios/*.scenario.toml"))
    linked = sorted(path for _, _, path, _ in EXAMPLES)
    assert linked == sorted(p.resolve() for p in files)
