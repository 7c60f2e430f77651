"""Fail on any link or resource of the built HTML that leaves the site.

``python docs/_ext/check_html_links.py BUILD_DIR``: every ``href``/``src`` of every HTML page
must be relative (or an anchor); a web address, an absolute path or a ``file:`` URL is listed
and the exit status is 1. Internal links are Sphinx's to check (``-W -n``): this script only
makes sure the site needs nothing outside itself, so it reads no network.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ATTRIBUTE = re.compile(r"""\b(?:href|src|action)\s*=\s*["']([^"']*)["']""", re.I)
OUTSIDE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|/)", re.I)


def outside_links(folder: Path) -> list[str]:
    found = []
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for match in ATTRIBUTE.finditer(text):
            if OUTSIDE.match(match.group(1)):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{page.relative_to(folder)}:{line}: {match.group(1)}")
    return found


def main(argv: list[str]) -> int:
    folder = Path(argv[1])
    pages = list(folder.rglob("*.html"))
    if not pages:
        print(f"{folder}: no HTML pages", file=sys.stderr)
        return 1
    found = outside_links(folder)
    for line in found:
        print(line, file=sys.stderr)
    print(f"{len(pages)} pages, {len(found)} links leaving the site")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
