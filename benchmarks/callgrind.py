"""One child process under callgrind, for the benchmarks that count instructions
(``instructions.py``, ``expansion_ratio.py``, ``event_cost.py``).

Only the call made through ``operator.call`` is counted (``--toggle-collect``), so a child runs
its imports and warm-up first and then calls its measured work as ``operator.call(work)``.
The load of the machine does not change the counts.
"""

from __future__ import annotations

import subprocess
import sys


def run(
    code: str,
    env: dict[str, str],
    *,
    cycles: bool = False,
    python: str = sys.executable,
    cwd: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -c code`` under callgrind with ``env`` (``python``: another interpreter,
    a compiled build's venv; ``cwd``: where it starts); ``cycles`` adds the cache simulation
    (its extra counters follow the instructions on the ``Collected`` line)."""
    return subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--toggle-collect=_operator_call",
            "--callgrind-out-file=/dev/null",
            *(["--cache-sim=yes"] if cycles else []),
            python,
            "-c",
            code,
        ],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def collected(stderr: str) -> list[int] | None:
    """The counters of callgrind's ``Collected :`` line (instructions first), or None."""
    for line in stderr.splitlines():
        if "Collected :" in line:
            return [int(v) for v in line.split(":", 1)[1].split()]
    return None
