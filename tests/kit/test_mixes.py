"""The testing kit's expansion mixes: every combination while few, a cover beyond."""

from __future__ import annotations

import itertools

from carcassonne.testing import mixes


def test_few_expansions_give_every_combination():
    assert mixes(["river", "abbot"]) == [(), ("abbot",), ("river",), ("abbot", "river")]
    four = mixes(["d", "c", "b", "a", "a"])
    assert len(four) == 16 and len(set(four)) == 16


def test_many_expansions_give_a_cover_of_every_pair():
    names = [f"e{i}" for i in range(8)]
    cover = mixes(names)
    assert len(cover) == 1 + 8 + 28 + 8 + 1
    assert cover[0] == () and cover[-1] == tuple(names)
    pairs = {frozenset(p) for p in itertools.combinations(names, 2)}
    assert pairs <= {frozenset(m) for m in cover if len(m) == 2}
    assert sum(len(m) == 7 for m in cover) == 8
    assert len(mixes(names, every_up_to=8)) == 256
