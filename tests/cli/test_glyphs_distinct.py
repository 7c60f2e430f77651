"""Every glyph the installed expansions declare for text and the terminal board is distinct:
feature kinds, attributes, pieces and tile marks (a reader of ``^`` must know whether it is the
Tower's foundation or the fairy). A piece may share its glyph with the attribute of the same
name only: Traders & Builders' wine token and the wine on a city are the same goods."""

from __future__ import annotations

from carcassonne import GameConfig
from carcassonne.plugins import installed_expansions


def _declared(config: GameConfig) -> list[tuple[str, str, str]]:
    """``(glyph, what, name)`` for every declaration with a glyph."""
    out: list[tuple[str, str, str]] = []
    for name, kind in config.kinds.items():
        if kind.glyph:
            out.append((kind.glyph, "feature kind", name))
        for attribute in kind.attribute_info:
            if attribute.glyph:
                out.append((attribute.glyph, "attribute", attribute.name))
    for name, piece in config.piece_kinds.items():
        out.append((piece.glyph, "piece", name))
    for tag, mark in config.tile_marks.items():
        out.append((mark.glyph, "tile mark", tag))
    return out


def test_the_glyphs_of_all_installed_expansions_are_distinct():
    config = GameConfig(players=2, expansions=sorted(installed_expansions()))
    by_glyph: dict[str, set[tuple[str, str]]] = {}
    for glyph, what, name in _declared(config):
        by_glyph.setdefault(glyph, set()).add((what, name))
    clashes = {
        glyph: sorted(users)
        for glyph, users in by_glyph.items()
        if len({name for _what, name in users}) > 1
    }
    assert clashes == {}
    # the Tower's foundation keeps ^; the fairy has its own glyph
    assert by_glyph["^"] == {("feature kind", "tower")}
    assert by_glyph["@"] == {("piece", "fairy")}
