"""The incremental features agree with a slow flood fill over the board.

The engine joins segments with a union-find and counts open edges as tiles arrive; this test
rebuilds every feature from scratch on boards of random games (with every installed expansion,
so rivers and the abbey's wildcard edges are covered) and compares partition, completion, tile
counts, shields and the cities each field borders.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.geometry import SIDE_OFFSETS, facing_half
from carcassonne.plugins import installed_expansions


def flood_features(state: GameState) -> dict[tuple, int]:
    """Component number of every segment ``(pos, index)``, by breadth-first search."""
    wild = state.config.wildcard_edges
    links: dict[tuple, list[tuple]] = {}
    for (x, y), placed in state.board.items():
        rot = placed.rot
        for f in rot.features:
            links.setdefault(((x, y), f.index), [])
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            other = state.board.get((x + dx, y + dy))
            if other is None:
                continue
            if rot.edges[side] in wild or other.rot.edges[(side + 2) % 4] in wild:
                continue
            pairs = [(rot.side_feature[side], other.rot.side_feature[(side + 2) % 4])]
            pairs += [
                (rot.half_feature[h], other.rot.half_feature[facing_half(h)])
                for h in (2 * side, 2 * side + 1)
            ]
            for a, b in pairs:
                if a >= 0 and b >= 0:
                    links[((x, y), a)].append(((x + dx, y + dy), b))
    component: dict[tuple, int] = {}
    for start in links:
        if start in component:
            continue
        number = len(set(component.values()))
        queue = deque([start])
        component[start] = number
        while queue:
            node = queue.popleft()
            for other in links[node]:
                if other not in component:
                    component[other] = number
                    queue.append(other)
    return component


def open_sides(state: GameState, members: list[tuple]) -> int:
    """Sides of these segments with no tile beyond them (a wildcard neighbour closes them)."""
    count = 0
    for (x, y), index in members:
        for side in state.board[(x, y)].rot.features[index].sides:
            dx, dy = SIDE_OFFSETS[side]
            if (x + dx, y + dy) not in state.board:
                count += 1
    return count


def check(state: GameState) -> None:
    component = flood_features(state)
    groups: dict[int, list[tuple]] = {}
    for node, number in component.items():
        groups.setdefault(number, []).append(node)
    feature_of = {
        (pos, f.index): feature for pos in state.board for feature, f in state.segments(*pos)
    }
    roots = {number: {feature_of[m] for m in members} for number, members in groups.items()}
    # same partition: one engine root per component, and distinct roots for distinct ones
    assert all(len(r) == 1 for r in roots.values())
    assert len({next(iter(r)) for r in roots.values()}) == len(groups)
    kinds = state.config.kinds
    for number, members in groups.items():
        root = next(iter(roots[number]))
        kind = kinds.get(state.feature_kind(root))
        tiles = {pos for pos, _ in members}
        assert state.feature_tiles(root) == tiles
        shields = sum(
            state.board[pos].rot.features[i].attrs.get("shields", 0) for pos, i in members
        )
        assert state.feature_attr(root, "shields") == shields
        if kind is not None and kind.completion == "edges":
            assert state.is_complete(root) == (open_sides(state, members) == 0)
        if kind is not None and kind.completion == "surround":
            ((x, y),) = tiles
            assert state.is_complete(root) == (state.neighbours_present(x, y) == 8)
        borders = {
            component[(pos, b)]
            for pos, i in members
            for b in state.board[pos].rot.features[i].borders
        }
        assert {next(iter(roots[c])) for c in borders} == state.bordering(root)


MIXES = [(), ("river",), ("abbey-mayor",), ("river", "abbot", "abbey-mayor")]


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m) or "base")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_features_match_a_flood_fill(mix, seed):
    missing = set(mix) - set(installed_expansions())
    if missing:
        pytest.skip(f"not installed: {', '.join(sorted(missing))}")
    state = GameState.new(GameConfig(players=3, expansions=list(mix)), seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % 25 == 0:
            check(state)
    check(state)
