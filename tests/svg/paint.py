"""A tiny SVG painter for tests: the colour a picture shows at a point, read from the SVG text.

Independent of the renderer's own geometry: it parses the document the renderer wrote, follows
``<use>`` into ``<defs>`` with their transforms, and paints the elements the tile art is made
of (``rect``, ``circle``, ``ellipse`` (fill only) and ``path`` made of straight segments:
M L H V Z) in document order, the last one covering the point winning. Fills count where the
point is inside (even-odd), strokes where it lies within half the stroke width of the line.
Elements with a partial opacity (highlights, shadows, seams), textures (class ``texture``: a
pattern of small marks laid over a kind, which keeps clear of the points the tests sample; the
PNG tests check those pixels for real) and elements of the classes given in ``skip`` are
ignored; any other pattern fill (``url(#...)``) is an error. An element it cannot read is an
error, so a change of the renderer cannot make the tests pass by accident.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"

Point = tuple[float, float]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _ids(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in root.iter() if el.get("id")}


def _inverse(transform: str, p: Point) -> Point:
    """Map a point of the outer coordinates into an element's coordinates."""
    ops = re.findall(r"(translate|rotate)\(([^)]*)\)", transform)
    x, y = p
    for op, args in ops:  # outer to inner: undo the first transform first
        values = [float(v) for v in args.replace(",", " ").split()]
        if op == "translate":
            x, y = x - values[0], y - (values[1] if len(values) > 1 else 0)
        else:
            angle = math.radians(-values[0])
            cx, cy = (values[1], values[2]) if len(values) == 3 else (0.0, 0.0)
            dx, dy = x - cx, y - cy
            x = cx + dx * math.cos(angle) - dy * math.sin(angle)
            y = cy + dx * math.sin(angle) + dy * math.cos(angle)
    return (x, y)


def _subpaths(d: str) -> list[tuple[list[Point], bool]]:
    tokens = re.findall(r"[A-Za-z]|-?\d+(?:\.\d+)?", d)
    out: list[tuple[list[Point], bool]] = []
    i = 0
    current: list[Point] = []
    while i < len(tokens):
        cmd = tokens[i]
        if cmd == "M":
            if current:
                out.append((current, False))
            current = [(float(tokens[i + 1]), float(tokens[i + 2]))]
            i += 3
        elif cmd == "L":
            current.append((float(tokens[i + 1]), float(tokens[i + 2])))
            i += 3
        elif cmd in "HV":
            x, y = current[-1]
            value = float(tokens[i + 1])
            current.append((value, y) if cmd == "H" else (x, value))
            i += 2
        elif cmd == "Z":
            out.append((current, True))
            current = []
            i += 1
        else:
            raise ValueError(f"path command {cmd!r} is not straight: {d[:60]}")
    if current:
        out.append((current, False))
    return out


def _inside(p: Point, polygon: list[Point]) -> bool:
    x, y = p
    inside = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _distance(p: Point, line: list[Point], closed: bool) -> float:
    pts = line + [line[0]] if closed else line
    best = math.inf
    for a, b in zip(pts, pts[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = dx * dx + dy * dy
        t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
        best = min(best, math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy))
    return best


def _paint(el: ET.Element, p: Point, inherited: dict[str, str]) -> str | None:
    """The colour ``el`` (a leaf shape) paints at ``p``, or None."""
    fill = el.get("fill", inherited.get("fill", "#000000"))
    stroke = el.get("stroke", inherited.get("stroke", "none"))
    width = float(el.get("stroke-width", inherited.get("stroke-width", "1")))
    tag = el.tag.removeprefix(NS)
    if fill.startswith("url(") or stroke.startswith("url("):
        raise ValueError(f"cannot paint a pattern outside a texture: <{tag}>")
    hit: str | None = None
    if tag == "rect":
        x, y = float(el.get("x", "0")), float(el.get("y", "0"))
        w, h = float(el.get("width", "0")), float(el.get("height", "0"))
        if fill != "none" and x <= p[0] <= x + w and y <= p[1] <= y + h:
            hit = fill
        if stroke != "none":
            box = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            if _distance(p, box, True) <= width / 2:
                hit = stroke
    elif tag == "circle":
        d = math.hypot(p[0] - float(el.get("cx", "0")), p[1] - float(el.get("cy", "0")))
        r = float(el.get("r", "0"))
        if fill != "none" and d <= r:
            hit = fill
        if stroke != "none" and abs(d - r) <= width / 2:
            hit = stroke
    elif tag == "ellipse":
        dx = (p[0] - float(el.get("cx", "0"))) / float(el.get("rx", "1"))
        dy = (p[1] - float(el.get("cy", "0"))) / float(el.get("ry", "1"))
        if fill != "none" and dx * dx + dy * dy <= 1:
            hit = fill
    elif tag == "path":
        subpaths = _subpaths(el.get("d", ""))
        if fill != "none" and sum(_inside(p, pts) for pts, _ in subpaths) % 2 == 1:
            hit = fill
        if stroke != "none" and any(
            _distance(p, pts, closed) <= width / 2 for pts, closed in subpaths if len(pts) > 1
        ):
            hit = stroke
    elif tag in ("text", "title"):
        return None
    else:
        raise ValueError(f"cannot paint <{tag}>")
    return hit


def colour_at(root: ET.Element, p: Point, skip: tuple[str, ...] = ()) -> str | None:
    """The colour the picture ``root`` shows at ``p`` (its own coordinates)."""
    ids = _ids(root)
    found: list[str] = []

    def visit(el: ET.Element, q: Point, inherited: dict[str, str]) -> None:
        tag = el.tag.removeprefix(NS)
        classes = (el.get("class") or "").split()
        if tag in ("defs", "style", "title") or any(c in (*skip, "texture") for c in classes):
            return
        if any(el.get(a) not in (None, "1") for a in ("opacity", "fill-opacity", "stroke-opacity")):
            return
        if el.get("transform"):
            q = _inverse(el.get("transform", ""), q)
        style = dict(inherited)
        for key in ("fill", "stroke", "stroke-width"):
            if el.get(key) is not None:
                style[key] = el.get(key, "")
        if tag in ("svg", "g"):
            for child in el:
                visit(child, q, style)
            return
        if tag == "use":
            href = el.get(XLINK) or el.get("href") or ""
            target = ids[href.lstrip("#")]
            q = (q[0] - float(el.get("x", "0")), q[1] - float(el.get("y", "0")))
            visit(target, q, style)
            return
        colour = _paint(el, q, inherited)
        if colour is not None:
            found.append(colour)

    for child in root:
        visit(child, p, {})
    return found[-1] if found else None
