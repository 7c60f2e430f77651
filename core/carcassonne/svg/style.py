"""How each feature kind, attribute and player is painted.

Every look lives here: the rest of the package asks :func:`kind_style` how to draw a kind and
:func:`player_color` which colour a player has. Known kinds (the core's and the shipped
expansions') have a hand-picked style; any other kind gets a readable default derived from its
shape (``placement``, ``banks``, ``wildcard``) and a colour derived from its name, so a fan's
kind is drawn without any code or art. A kind may declare its own look with an optional
``svg_style`` attribute (see docs/pictures.md); it is read in :func:`kind_style` only.
"""

from __future__ import annotations

import colorsys
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal, cast

from carcassonne.tileset.model import FeatureKind

#: How a kind is drawn: a walled ``area`` reaching its sides (city), a ``path`` from its sides to
#: a junction or an end (road, river), ``walls`` along its sides (the abbey's wildcard edges), a
#: ``building``, ``bush`` or ``marker`` in the middle (monastery, garden, any centre kind), or
#: ``ground`` covering its half-edges (field).
Shape = Literal["area", "path", "walls", "building", "bush", "marker", "ground"]
SHAPES: tuple[str, ...] = ("area", "path", "walls", "building", "bush", "marker", "ground")


@dataclass(frozen=True)
class KindStyle:
    """The look of one feature kind."""

    shape: Shape
    #: Main colour (the fill of an area, the inner line of a path, the roof of a building).
    fill: str
    #: Outline colour (city walls, a road's edges, a building's walls).
    stroke: str
    #: Width of a path in tile units (a tile is 100 units wide).
    width: float = 8.0
    #: Text written on the feature when it is drawn with the default look (a fan's kind).
    label: str = ""


#: The palette of the built-in looks; ``colors`` of :func:`carcassonne.svg.board` overrides
#: entries by name.
DEFAULT_COLORS: dict[str, str] = {
    "field": "#8cbf5a",
    "hedge": "#4e7a2c",
    "city": "#d8b36a",
    "wall": "#6e4b27",
    "field-texture": "#74a64a",
    "roof": "#cc9a5e",
    "roof-edge": "#ad7f4c",
    "road": "#f3ead2",
    "road-edge": "#6d6555",
    "river": "#3f8fd8",
    "river-edge": "#245f9a",
    "monastery": "#b4503a",
    "monastery-wall": "#f1e6cf",
    "garden": "#3f7f2a",
    "garden-edge": "#25501a",
    "abbey": "#a7a39b",
    "abbey-edge": "#57534c",
    "shield": "#2f5fb3",
    "shield-edge": "#f4f0e6",
    "junction": "#9b6b43",
    "board": "#efe9dc",
    "grid": "#d6cdb9",
    "text": "#5c5344",
    "highlight": "#ffe45c",
    "last-move": "#ff8c1a",
}

#: Player colours by the default player names (``GameConfig`` names players after colours).
PLAYER_COLORS: dict[str, str] = {
    "red": "#d7261e",
    "blue": "#1f5fd1",
    "yellow": "#f2c614",
    "green": "#1f9e3a",
    "black": "#222222",
    "pink": "#e86fb0",
    "orange": "#f08a1c",
    "purple": "#8a3fc2",
    "grey": "#8a8a8a",
    "gray": "#8a8a8a",
    "white": "#f7f7f7",
}
_PLAYER_ORDER = ("red", "blue", "yellow", "green", "black", "pink", "orange", "purple")


def player_color(player: int, name: str = "", colors: Mapping[str, str] | None = None) -> str:
    """The colour of ``player``: ``colors["player<N>"]``, else its name when the name is a
    colour (``red``), else the default colour of its seat."""
    if colors and f"player{player}" in colors:
        return colors[f"player{player}"]
    if name.lower() in PLAYER_COLORS:
        return PLAYER_COLORS[name.lower()]
    return PLAYER_COLORS[_PLAYER_ORDER[player % len(_PLAYER_ORDER)]]


def name_color(name: str, lightness: float = 0.55) -> str:
    """A stable colour for a name (the same in every run; Python's ``hash`` is salted)."""
    hue = (zlib.crc32(name.encode("utf-8")) % 360) / 360
    r, g, b = colorsys.hls_to_rgb(hue, lightness, 0.55)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _builtin(name: str, colors: Mapping[str, str]) -> KindStyle | None:
    c = colors
    builtins = {
        "city": KindStyle("area", c["city"], c["wall"]),
        "road": KindStyle("path", c["road"], c["road-edge"], width=8),
        "river": KindStyle("path", c["river"], c["river-edge"], width=14),
        "field": KindStyle("ground", c["field"], c["hedge"]),
        "monastery": KindStyle("building", c["monastery"], c["monastery-wall"]),
        "garden": KindStyle("bush", c["garden"], c["garden-edge"]),
        "abbey": KindStyle("walls", c["abbey"], c["abbey-edge"]),
    }
    return builtins.get(name)


def default_style(kind: FeatureKind | None, name: str) -> KindStyle:
    """The look of a kind nobody styled, from its shape: side kinds with banks are paths, other
    side kinds walled areas (or walls when wildcard), centre kinds markers, half-edge kinds
    ground. A kind the drawing does not know at all (no ``FeatureKind``) is a marker."""
    fill = name_color(name)
    stroke = name_color(name, 0.3)
    label = name[:1].upper()
    if kind is None:
        return KindStyle("marker", fill, stroke, label=label)
    if kind.placement == "sides":
        if kind.wildcard:
            return KindStyle("walls", fill, stroke, label=label)
        if kind.banks:
            return KindStyle("path", fill, stroke, width=10, label=label)
        return KindStyle("area", fill, stroke, label=label)
    if kind.placement == "halves":
        return KindStyle("ground", name_color(name, 0.7), stroke, label=label)
    return KindStyle("marker", fill, stroke, label=label)


def _declared_style(kind: FeatureKind | None) -> dict[str, object]:
    """The look a kind declares in ``FeatureKind.svg_style``: ``(key, value)`` pairs (or a
    mapping, from a plugin's own kind class). This is the only place that reads it."""
    declared: object = kind.svg_style if kind is not None else None
    if isinstance(declared, Mapping):
        return dict(declared)
    if isinstance(declared, tuple) and all(
        isinstance(pair, tuple) and len(pair) == 2 for pair in declared
    ):
        return dict(declared)
    return {}


def kind_style(
    kind: FeatureKind | None, name: str, colors: Mapping[str, str] | None = None
) -> KindStyle:
    """How the kind ``name`` is drawn.

    In order: the colours given for the kind (``colors[name]``, and ``colors[name + "-edge"]``
    for its outline) on top of the kind's own declaration (an optional ``svg_style`` attribute
    of its ``FeatureKind``: any of ``shape``, ``fill``, ``stroke``, ``width``, ``label``), the
    built-in look of the core's and shipped expansions' kinds, or the default
    look of its shape.
    """
    palette = {**DEFAULT_COLORS, **(colors or {})}
    style = _builtin(name, palette) or default_style(kind, name)
    declared = _declared_style(kind)
    if declared:
        shape = declared.get("shape", style.shape)
        width = declared.get("width", style.width)
        style = KindStyle(
            shape=cast(Shape, shape) if shape in SHAPES else style.shape,
            fill=str(declared.get("fill", style.fill)),
            stroke=str(declared.get("stroke", style.stroke)),
            width=float(width) if isinstance(width, int | float) else style.width,
            label=str(declared.get("label", style.label)),
        )
    if colors:
        if name in colors:
            style = replace(style, fill=colors[name])
        if f"{name}-edge" in colors:
            style = replace(style, stroke=colors[f"{name}-edge"])
    return style
