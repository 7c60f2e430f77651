"""Properties of the rotated views, over every shipped tile and random feature layouts."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from carcassonne.geometry import CORNER_HALVES, HALVES, ROTATIONS, SIDES
from carcassonne.tileset.catalog import core_kinds
from carcassonne.tileset.loader import load_tileset
from carcassonne.tileset.model import FeatureDef, FeatureKind, rotate_tile

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    ROOT / "tiles" / "base.toml",
    ROOT / "expansions" / "river" / "carcassonne_river" / "tiles" / "river.toml",
    ROOT / "expansions" / "abbey_mayor" / "carcassonne_abbey_mayor" / "tiles" / "abbey_mayor.toml",
]


KINDS = {
    **core_kinds(),
    "river": FeatureKind("river", "sides", edge="river", banks=True, occupiable=False),
    "garden": FeatureKind("garden", "center", completion="surround"),
    "abbey": FeatureKind("abbey", "sides", edge="abbey", wildcard=True, occupiable=False),
}
TILES = [t for path in FILES for t in load_tileset(path, KINDS, edition=None).tiles]

tiles = st.sampled_from(TILES)
rotations = st.sampled_from(ROTATIONS)


def _turn(features: tuple[FeatureDef, ...], rotation: int) -> tuple[FeatureDef, ...]:
    q = rotation // 90
    return tuple(
        FeatureDef(
            kind=f.kind,
            sides=tuple(sorted((s + q) % 4 for s in f.sides)),
            halves=tuple(sorted((h + 2 * q) % 8 for h in f.halves)),
            inner=f.inner,
            attrs=f.attrs,
            borders=f.borders,
            inert=f.inert,
        )
        for f in features
    )


@given(tiles, rotations)
def test_signature_is_reference_shifted(tile, rotation):
    q = rotation // 90
    ref = tile.rotations[0].edges
    assert tile.rotated(rotation).edges == tuple(ref[(i - q) % 4] for i in range(4))


@given(tiles)
def test_four_quarter_turns_are_the_identity(tile):
    features = tile.features
    turned = features
    for _ in range(4):
        turned = _turn(turned, 90)
    assert turned == _turn(features, 0)
    assert rotate_tile(turned, KINDS) == tile.rotations


@given(tiles, rotations, rotations)
def test_rotations_compose(tile, a, b):
    once = rotate_tile(_turn(tile.features, a), KINDS)
    assert once[b // 90].edges == tile.rotated((a + b) % 360).edges
    assert once[b // 90].half_feature == tile.rotated((a + b) % 360).half_feature
    assert once[b // 90].corner_feature == tile.rotated((a + b) % 360).corner_feature


@given(tiles, rotations)
def test_field_corners_follow_rotation(tile, rotation):
    q = rotation // 90
    base = tile.rotations[0]
    view = tile.rotated(rotation)
    for f0, f in zip(base.features, view.features, strict=True):
        assert f.corners == tuple(sorted((c + q) % 4 for c in f0.corners))
        for c in f.corners:
            a, b = CORNER_HALVES[c]
            assert a in f.halves and b in f.halves
    for c in range(4):
        assert view.corner_feature[(c + q) % 4] == base.corner_feature[c]


@given(tiles, rotations)
def test_lookup_tables_agree_with_features(tile, rotation):
    view = tile.rotated(rotation)
    for f in view.features:
        for s in f.sides:
            assert view.side_feature[s] == f.index
            assert view.by_location[SIDES[s]] == f.index
        for h in f.halves:
            assert view.half_feature[h] == f.index
            assert view.by_location[HALVES[h]] == f.index
        assert f.ends == (len(f.sides) == 1)


@st.composite
def layouts(draw):
    """A random partition of the 8 half-edges into fields around random side features."""
    sides = draw(st.lists(st.sampled_from(range(4)), unique=True, max_size=4))
    kinds = [draw(st.sampled_from(["road", "city"])) for _ in sides]
    features = [FeatureDef(kind=k, sides=(s,)) for k, s in zip(kinds, sides, strict=True)]
    free = [h for h in range(8) if h // 2 not in [s for s, k in zip(sides, kinds, strict=True)
                                                  if k == "city"]]  # fmt: skip
    labels = [draw(st.integers(0, 3)) for _ in free]
    for label in sorted(set(labels)):
        halves = tuple(h for h, lab in zip(free, labels, strict=True) if lab == label)
        features.append(FeatureDef(kind="field", halves=halves))
    return tuple(features)


@given(layouts(), rotations)
def test_random_layouts_rotate_consistently(features, rotation):
    kinds = core_kinds()
    views = rotate_tile(features, kinds)
    q = rotation // 90
    assert views[q].edges == tuple(views[0].edges[(i - q) % 4] for i in range(4))
    for c in range(4):
        assert views[q].corner_feature[(c + q) % 4] == views[0].corner_feature[c]
    assert rotate_tile(_turn(features, rotation), kinds)[0].half_feature == views[q].half_feature
