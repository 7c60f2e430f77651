"""The garbage collector's settings for a process that serves games (``carcassonne serve``,
over HTTP or stdio).

Python's defaults (700, 10, 10) run a full collection every few seconds in such a process: it
walks every live container (the game, the tile tables, the remembered actions' entries and
texts) and stood for a tenth of a stdio ``apply`` and for the whole p99 tail of the HTTP
server (docs/server.md, "The tail was the garbage collector"). Game states free by reference
counting; only young cycles need the collector.
"""

from __future__ import annotations

import gc

#: Collector thresholds of a serving process (Python's defaults are 700, 10, 10): young
#: collections stay cheap, a full one comes every few minutes at 100 moves a second.
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Move what exists at start-up (modules, the catalogue) out of the collector's sight and
    make full collections rare. Young cycles are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
