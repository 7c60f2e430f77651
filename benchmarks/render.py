"""Benchmark: the SVG picture of a finished base game's board (72 tiles and its figures).

    python benchmarks/render.py --repeat 21 [--png]

Prints, for ``carcassonne.svg.board(state)`` over ``--repeat`` runs, the median (and range) of
the wall time and the median CPU time, warm (tile layouts and drawings cached, as in a game that
draws every turn) and cold (those caches emptied before each run: the first picture of a game),
the picture's size, and with ``--png`` the same for the PNG conversion (the png extra).
Measure here, never in timed tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import carcassonne.svg as svg
from carcassonne import GameConfig, GameState
from carcassonne.svg import draw, layout


def finished_game(seed: int) -> GameState:
    """A complete random base game (every tile placed) with the figures left at its end
    replaced by the position before the final scoring: the last turn's board."""
    state = GameState.new(GameConfig(players=2, seed=seed))
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(rng.choice(actions))
        if state.tiles_left() == 0 and state.pending.kind == "figure":
            break
    return state


def timed(
    fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None
) -> tuple[float, float, float, float]:
    """Median, fastest and slowest wall time and median CPU time of ``repeat`` runs, in ms
    (on a shared machine the CPU time shows the work when the wall time shows the waiting)."""
    runs = []
    cpu = []
    for _ in range(repeat):
        if before is not None:
            before()
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        runs.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(runs), min(runs), max(runs), statistics.median(cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="runs; the median is reported")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", action="store_true", help="also time the PNG conversion")
    args = parser.parse_args(argv)

    state = finished_game(args.seed)
    picture = svg.board(state)
    print(
        f"board: {len(state.board)} tiles, {len(state.figures())} figures; "
        f"SVG {len(picture.encode('utf-8')) / 1024:.0f} KiB"
    )
    warm = timed(lambda: svg.board(state), args.repeat)

    def forget() -> None:
        layout._CACHE.clear()
        draw._MEMO.clear()

    cold = timed(lambda: svg.board(state), args.repeat, before=forget)
    for name, (median, low, high, cpu) in (("warm", warm), ("cold", cold)):
        print(
            f"svg.board {name}: median {median:.1f} ms (runs {low:.1f}-{high:.1f} ms), "
            f"CPU median {cpu:.1f} ms"
        )
    if args.png:
        median, low, high, cpu = timed(picture.to_png, max(3, args.repeat // 4))
        print(f"to_png: median {median:.0f} ms (runs {low:.0f}-{high:.0f} ms), CPU {cpu:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
