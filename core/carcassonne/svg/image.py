"""The value every picture function returns, and PNG conversion through the ``png`` extra."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from carcassonne.errors import CarcassonneError
from carcassonne.svg.draw import attrs, num

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"


class MissingExtraError(CarcassonneError):
    """An optional dependency is not installed; the message names the extra to install."""


class SvgImage(str):
    """SVG text that displays itself in Jupyter (``_repr_svg_``), like python-chess's pictures.

    It is a ``str``: write it to a file, embed it in HTML, compare it byte for byte.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def to_png(self, scale: float = 1.0) -> bytes:
        """The picture as PNG bytes (needs ``carcassonne-engine[png]``)."""
        return svg_to_png(self, scale=scale)

    def save(self, path: str | os.PathLike[str], scale: float = 1.0) -> None:
        """Write the picture to ``path``: PNG when the name ends in ``.png``, else SVG text.
        Written atomically: an existing file is replaced only by a complete picture."""
        target = Path(path)
        data = self.to_png(scale) if target.suffix.lower() == ".png" else self.encode("utf-8")
        write_atomically(target, data)


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Render SVG text to PNG bytes with cairosvg (the ``png`` extra)."""
    try:
        import cairosvg
    except ImportError as exc:  # cairosvg missing, or it cannot find the cairo library
        raise MissingExtraError(
            "PNG pictures need the png extra: pip install 'carcassonne-engine[png]' "
            f"(and the system cairo library) ({exc})"
        ) from None
    except OSError as exc:
        raise MissingExtraError(
            f"PNG pictures need the system cairo library (e.g. apt-get install libcairo2): {exc}"
        ) from None
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return data


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder (flush, fsync,
    rename), so a reader never sees half a file and a failure leaves the old file as it was."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, _mode_for(path))  # mkstemp makes the file private; a picture is not
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _mode_for(path: Path) -> int:
    """The permissions of the file being replaced, or those a new file gets (umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def document(
    body: str,
    *,
    view: tuple[float, float, float, float],
    width: float,
    css_class: str,
    style: str | None = None,
    extra: str = "",
) -> SvgImage:
    """A complete SVG document around ``body``; ``view`` is the viewBox, ``width`` the width
    in pixels (the height follows the viewBox)."""
    x, y, w, h = view
    height = width * h / w
    head = (
        f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" '
        f"{attrs(class_=css_class, width=num(width), height=num(height))} "
        f'viewBox="{num(x)} {num(y)} {num(w)} {num(h)}"{(" " + extra) if extra else ""}>'
    )
    css = f"<style>{_cdata(style)}</style>" if style else ""
    return SvgImage(head + css + body + "</svg>\n")


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"
