"""No mutation of anything a state exposes changes another state (issue 33).

A state and its clone share what cannot change (tiles, figures, each player's supply) to keep
clones cheap for search; so everything a caller can reach, attributes and what queries return,
must be either its own copy or read only. Hypothesis plays a random game of a random mix to a
random point, clones it, mutates one thing reachable from one of the two in every way a
container allows, and checks that the other is exactly as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState
from carcassonne.serialize import state_to_json

MIXES = [(), ("abbey-mayor",), ("river", "abbey-mayor"), ("river",)]


def _reachable(state: GameState) -> list[tuple[str, Callable[[], Any]]]:
    """What a caller can reach: public attributes and the results of queries."""
    features = state.features()
    feature = features[0] if features else None
    x, y = state.placement_order()[-1]
    out: list[tuple[str, Callable[[], Any]]] = [
        (name, lambda name=name: getattr(state, name))
        for name in ("board", "supply", "scores", "ext", "log", "turn_actions", "last_events")
    ]
    out += [
        ("supply[0]", lambda: state.supply[0]),
        ("draw_pile()", state.draw_pile),
        ("holes()", state.holes),
        ("placement_order()", state.placement_order),
        ("figures()", state.figures),
        ("features()", state.features),
        ("legal_actions()", state.legal_actions),
        ("held_pieces()", state.held_pieces),
        ("pieces()", state.pieces),
        ("prisoners()", state.prisoners),
        ("set_aside_tiles()", state.set_aside_tiles),
        ("segments()", lambda: state.segments(x, y)),
        ("completions()", state.completions),
        ("ranking()", state.ranking),
        ("winners()", state.winners),
    ]
    if feature is not None:
        out += [
            ("feature_tiles()", lambda: state.feature_tiles(feature)),
            ("feature_attrs()", lambda: state.feature_attrs(feature)),
            ("figures_on()", lambda: state.figures_on(feature)),
            ("bordering()", lambda: state.bordering(feature)),
            ("majority()", lambda: state.majority(feature)),
        ]
    return out


def _mutations(value: Any) -> list[Callable[[], None]]:
    """Every way to change ``value`` in place that its type allows (none for immutables)."""
    if isinstance(value, dict):
        first = next(iter(value), None)
        changes: list[Callable[[], None]] = [value.clear, lambda: value.__setitem__("zz", 99)]
        if first is not None:
            changes += [lambda: value.__setitem__(first, 0), lambda: value.pop(first)]
        return changes
    if isinstance(value, list):
        changes = [value.clear, lambda: value.append(None), value.reverse]
        if value:
            changes += [lambda: value.__setitem__(0, None)]
            changes += [m for item in value[:3] for m in _mutations(item)]
        return changes
    if isinstance(value, set):
        return [value.clear, lambda: value.add(("zz", 99))]
    if isinstance(value, tuple):
        return [m for item in value[:3] for m in _mutations(item)]
    return []


def _fingerprint(state: GameState) -> str:
    view = state_to_json(state)
    extra = {
        "key": repr(state.key()),
        "pile": state.draw_pile(),
        "supply": [dict(s) for s in state.supply],
        "log": [repr(entry) for entry in state.log],
        "legal": [repr(a) for a in state.legal_actions()],
        "features": [
            (f, sorted(state.feature_tiles(f)), state.feature_attrs(f), repr(state.figures_on(f)))
            for f in state.features()
        ],
    }
    return json.dumps([view, extra], sort_keys=True, default=repr)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mix=st.sampled_from(MIXES),
    moves=st.integers(0, 60),
    pick=st.integers(0, 10_000),
    mutate_clone=st.booleans(),
)
def test_no_mutation_of_what_a_state_exposes_changes_another_state(
    seed: int, mix: tuple[str, ...], moves: int, pick: int, mutate_clone: bool
) -> None:
    state = GameState.new(GameConfig(players=3, seed=seed, expansions=list(mix)))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    clone = state.clone()
    mutated, other = (clone, state) if mutate_clone else (state, clone)
    before = _fingerprint(other)
    reachable = _reachable(mutated)
    name, get = reachable[pick % len(reachable)]
    for index, change in enumerate(_mutations(get())):
        try:
            change()
        except (TypeError, AttributeError):  # read only: as it should be
            continue
        assert _fingerprint(other) == before, f"changing {name} (way {index}) changed the other"
