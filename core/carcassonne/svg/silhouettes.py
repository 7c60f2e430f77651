"""The silhouettes figures and pieces are drawn as (``FigureKind.shape``, ``PieceKind.shape``).

Each is SVG about 24 units tall centred on ``(0, 0)``, without colours of its own where the
owner's colour belongs: the ``<use>`` that places it sets ``fill`` (the player's or the neutral
piece's colour) and ``stroke`` (an outline that stands out from it). Dark details (wheels, a
door, a crook) carry their own colour. The set is fixed and named in
:data:`carcassonne.values.SILHOUETTES`; a kind chooses one, the drawing never looks at a kind's
name.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from carcassonne.values import SILHOUETTES

#: The colour of dark details (wheels, doors, tools).
DETAIL = "#3a2a1c"

MEEPLE = (
    "M0 -12C3.5 -12 5 -9.5 5 -7C5 -5.6 4.4 -4.6 3.7 -3.9L10 -1.6C12.2 -0.8 12 2.3 9.8 2.5"
    "L5 2.7L8.4 10.8C8.9 12 8.3 12.6 7.3 12.6L2.6 12.6L0 7.2L-2.6 12.6L-7.3 12.6"
    "C-8.3 12.6 -8.9 12 -8.4 10.8L-5 2.7L-9.8 2.5C-12 2.3 -12.2 -0.8 -10 -1.6L-3.7 -3.9"
    "C-4.4 -4.6 -5 -5.6 -5 -7C-5 -9.5 -3.5 -12 0 -12Z"
)

#: A plain piece, for a kind with no look of its own: :func:`silhouette` writes the kind's
#: glyph on it.
PAWN = '<path d="M0 -12C4 -12 6 -8.5 4.5 -5L9 12L-9 12L-4.5 -5C-6 -8.5 -4 -12 0 -12Z"/>'

#: SVG of each silhouette but the pawn (which carries a glyph), by name.
SHAPES: dict[str, str] = {
    "meeple": f'<path d="{MEEPLE}"/>',
    # Twice the worth, a third taller: the same figure, bigger, with a ring on its chest.
    "large-meeple": (
        f'<path d="{MEEPLE}" transform="scale(1.32)" stroke-width="1"/>'
        '<circle cy="-1" r="2.6" fill="none" stroke-width="1.2"/>'
    ),
    # A monk: a long robe under a pointed hood.
    "abbot": (
        '<path d="M0 -14L5.5 -6.5C6 -5 5.2 -3.8 4.2 -3.2L10.5 12.6L-10.5 12.6L-4.2 -3.2'
        'C-5.2 -3.8 -6 -5 -5.5 -6.5Z"/><path d="M-3 -6.5L3 -6.5" fill="none" stroke-width="1"/>'
    ),
    # The mayor: a big, round-bellied meeple.
    "mayor": (
        '<path d="M0 -14C3.6 -14 5.2 -11.4 5.2 -8.8C5.2 -7.2 4.5 -6.1 3.8 -5.4L11 -3'
        "C13.4 -2.2 13.4 1.4 11.2 1.6L8 1.8C10.5 5 10.5 9.5 8.6 13.4L-8.6 13.4"
        "C-10.5 9.5 -10.5 5 -8 1.8L-11.2 1.6C-13.4 1.4 -13.4 -2.2 -11 -3L-3.8 -5.4"
        'C-4.5 -6.1 -5.2 -7.2 -5.2 -8.8C-5.2 -11.4 -3.6 -14 0 -14Z"/>'
    ),
    # The wagon: a covered cart on two wheels.
    "wagon": (
        '<path d="M-12 3L-12 -3L-9 -3C-9 -11 9 -11 9 -3L12 -3L12 3Z"/>'
        f'<circle cx="-6.5" cy="6.5" r="4.6" fill="{DETAIL}"/>'
        f'<circle cx="6.5" cy="6.5" r="4.6" fill="{DETAIL}"/>'
    ),
    # The barn: a house with a big door, standing where four tiles meet.
    "barn": (
        '<path d="M-12 11L-12 -3L0 -13L12 -3L12 11Z"/>'
        f'<path d="M-4.5 11L-4.5 3.5L4.5 3.5L4.5 11Z" fill="{DETAIL}"/>'
    ),
    # The builder: a tall, slim meeple with a hammer raised.
    "builder": (
        f'<path d="{MEEPLE}" transform="translate(-2 0) scale(0.82 1.1)"/>'
        f'<path d="M7 1L11 -9" fill="none" stroke="{DETAIL}" stroke-width="2.2"/>'
        f'<path d="M7.5 -12.5L15 -9.5L13.8 -6.8L6.3 -9.8Z" fill="{DETAIL}" stroke="none"/>'
    ),
    # A pig, facing left, with a curly tail.
    "pig": (
        '<path d="M-6 4L-6 11L-2.5 11L-2.5 5ZM4 4L4 11L7.5 11L7.5 5Z"/>'
        '<ellipse cx="1.5" cy="0" rx="11" ry="7.5"/>'
        '<circle cx="-9" cy="-2" r="5.5"/>'
        '<path d="M-11 -6.5L-9.5 -11.5L-6 -7Z" stroke-linejoin="round"/>'
        '<ellipse cx="-14.2" cy="-0.5" rx="2.3" ry="3"/>'
        '<path d="M12.4 -2C15.5 -5 17.5 -1 14.5 0" fill="none" stroke-width="1.6"/>'
        f'<circle cx="-9.5" cy="-3.6" r="1.1" fill="{DETAIL}" stroke="none"/>'
    ),
    # The shepherd: a meeple with a crook.
    "shepherd": (
        f'<path d="{MEEPLE}" transform="translate(-3 0.5) scale(0.9)"/>'
        f'<path d="M9 13V-7C9 -12.5 15.5 -12.5 15.5 -7.5" fill="none" stroke="{DETAIL}" '
        'stroke-width="2.3" stroke-linecap="round"/>'
    ),
    # The dragon, facing left: wing raised, long neck, spiked tail.
    "dragon": (
        '<path d="M-3 0L0 -13L4 -8L8 -13.5L11 -6L12 0Z" stroke-linejoin="round"/>'
        '<path d="M10 1L15 -1L17 -6L15.5 -6L17 -9.5L19.5 -5.5L17.5 3.5L9 7Z" '
        'stroke-linejoin="round"/>'
        '<path d="M-1 7L-2 12L1.5 12L2.5 7ZM6 7L5.5 12L9 12L9.5 7Z"/>'
        '<ellipse cx="3" cy="3" rx="9" ry="5.5"/>'
        '<path d="M-5 4L-8 -5L-15 -5L-15.5 -8.5L-9 -12L-5 -10L-0.5 0Z" stroke-linejoin="round"/>'
        '<circle cx="-10" cy="-8.5" r="1.2" fill="#ffffff" stroke="none"/>'
    ),
    # The fairy: a small figure with two wings.
    "fairy": (
        '<ellipse cx="-6" cy="-4" rx="6.5" ry="3.6" transform="rotate(-28 -6 -4)" '
        'fill-opacity="0.45"/>'
        '<ellipse cx="6" cy="-4" rx="6.5" ry="3.6" transform="rotate(28 6 -4)" '
        'fill-opacity="0.45"/>'
        '<path d="M0 -5L6.5 12L-6.5 12Z" stroke-linejoin="round"/>'
        '<circle cy="-8.5" r="3.8"/>'
    ),
    # A tower: battlements on a round-headed door.
    "tower": (
        '<path d="M-8 12V-5H-10V-13H-6V-9.5H-2V-13H2V-9.5H6V-13H10V-5H8V12Z"/>'
        f'<path d="M-3 12V6A3 3 0 0 1 3 6V12Z" fill="{DETAIL}" stroke="none"/>'
        f'<path d="M-0.8 -3H0.8V1H-0.8Z" fill="{DETAIL}" stroke="none"/>'
    ),
    # A sheep: woolly body, dark head and legs.
    "sheep": (
        f'<path d="M-5 5V11M5 5V11" fill="none" stroke="{DETAIL}" stroke-width="2.2"/>'
        '<path d="M-9 1A4 4 0 0 1 -5 -5A5 5 0 0 1 4 -6.5A4.5 4.5 0 0 1 10.5 -1'
        'A4 4 0 0 1 8 6.5A5 5 0 0 1 0 7.5A5 5 0 0 1 -7 6A3.5 3.5 0 0 1 -9 1Z"/>'
        f'<ellipse cx="-11" cy="-2" rx="3.4" ry="4.4" fill="{DETAIL}" stroke="none"/>'
    ),
}

assert set(SHAPES) | {"pawn"} == set(SILHOUETTES), "every declared silhouette has a drawing"


def silhouette(shape: str, glyph: str = "", badge: str = "") -> str:
    """SVG of silhouette ``shape`` (an unknown name: the pawn), ``glyph`` written on a pawn,
    ``badge`` (a count) written on any shape in a small white circle."""
    body = SHAPES.get(shape)
    if body is None:
        body = PAWN + (
            f'<text y="7" font-size="10" font-family="sans-serif" font-weight="bold" '
            f'text-anchor="middle" fill="#ffffff" stroke="none">{escape(glyph[:1])}</text>'
            if glyph
            else ""
        )
    if badge:
        body += (
            '<circle cx="0" cy="1" r="5.6" fill="#ffffff" stroke="#1b1b1b" stroke-width="1"/>'
            '<text y="4.6" font-size="10" font-family="sans-serif" font-weight="bold" '
            f'text-anchor="middle" fill="#1b1b1b" stroke="none">{escape(badge)}</text>'
        )
    return body
