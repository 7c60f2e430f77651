"""Rules audit: every points event of random games against a from-the-rules reference scorer.

The reference reads the board only through the feature queries (whose partition is itself
checked against a flood fill in tests/engine/test_reference_features.py) and applies rules.md
§1.8, §1.9, §3.3, §4.2 and §4.4 directly: majority by figure count (a mayor by the city's
shields, a barn by nothing), ties all score, 2 per city tile and shield in play, 1 at the end,
1 per road tile, 9 or 1 + neighbours for monasteries and gardens, 3 per completed city for
farmers and 4 for barns at the end.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.plugins import installed_expansions


def strength(state, feature: int, kind: str) -> int:
    if kind == "mayor":
        return state.feature_attr(feature, "shields")
    if kind == "barn":
        return 0
    return 1


def winners(state, feature: int, figures) -> list[int]:
    totals = Counter()
    for player, kind in figures:
        totals[player] += strength(state, feature, kind)
    best = max(totals.values(), default=0)
    return sorted(p for p, t in totals.items() if t == best) if best > 0 else []


def completed_cities(state, field: int) -> int:
    return sum(
        1
        for f in state.bordering(field)
        if state.feature_kind(f) == "city" and state.is_complete(f)
    )


def value(state, feature: int, final: bool) -> int:
    kind = state.feature_kind(feature)
    tiles = len(state.feature_tiles(feature))
    if kind == "road":
        return tiles
    if kind == "city":
        shields = state.feature_attr(feature, "shields")
        return (tiles + shields) if final else 2 * (tiles + shields)
    if kind in ("monastery", "garden"):
        if not final:
            return 9
        ((x, y),) = state.feature_tiles(feature)
        return 1 + state.neighbours_present(x, y)
    assert kind == "field" and final
    return 3 * completed_cities(state, feature)


def final_reference(state) -> Counter:
    """(player, feature) -> points of the final scoring, from the figures on the board."""
    out: Counter = Counter()
    features = {feature for feature, _ in state.figures()}
    for feature in features:
        figures = [(fig.player, fig.kind) for fig in state.figures_on(feature)]
        kind = state.feature_kind(feature)
        if kind == "garden" and not any(k == "abbot" for _, k in figures):
            continue
        points = value(state, feature, final=True)
        for player in winners(state, feature, figures):
            if points:
                out[(player, feature)] += points
        if kind == "field":
            for player in sorted({p for p, k in figures if k == "barn"}):
                barn = 4 * completed_cities(state, feature)
                if barn:
                    out[(player, feature)] += barn
    return out


def check_turn(after, events) -> None:
    """In-play points of a figure-phase action: the completed features' values to the majority
    of the figures that came back from them."""
    scored = Counter()
    for e in events:
        if e.type == "points" and not e.final and e.reason == "completed":
            scored[(e.player, after.feature_id(e.feature))] += e.points
    expected = Counter()
    for e in events:
        if e.type != "feature-completed":
            continue
        feature = after.feature_id(e.feature)
        assert e.tiles == len(after.feature_tiles(feature))
        returned = [
            (r.player, r.figure)
            for r in events
            if r.type == "figure-returned"
            and after.tile_at(r.x, r.y) is not None
            and after.feature_at(r.x, r.y, r.location) == feature
        ]
        points = value(after, feature, final=False)
        kind = after.feature_kind(feature)
        if kind == "garden" and not any(k == "abbot" for _, k in returned):
            continue
        for player in winners(after, feature, returned):
            expected[(player, feature)] += points
    assert scored == expected


MIXES = [(), ("abbot",), ("abbey-mayor",), ("river", "abbot", "abbey-mayor")]


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m) or "base")
@pytest.mark.parametrize("seed", range(8))
def test_points_match_the_reference_scorer(mix, seed):
    missing = set(mix) - set(installed_expansions())
    if missing:
        pytest.skip(f"not installed: {', '.join(sorted(missing))}")
    state = GameState.new(GameConfig(players=3, expansions=list(mix)), seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        # prefer placing figures, so that features are contested
        figures = [a for a in actions if type(a).__name__ == "PlaceFigure"]
        action = rng.choice(figures) if figures and rng.random() < 0.7 else rng.choice(actions)
        kind = state.pending.kind
        events = state.apply(action)
        if kind == "figure":
            check_turn(state, [e for e in events if not getattr(e, "final", False)])
        if state.is_over:
            final = Counter()
            for e in events:
                if e.type == "points" and e.final:
                    final[(e.player, state.feature_id(e.feature))] += e.points
            assert final == final_reference(state)
