"""Where the .jcz test files are: this suite's own fixtures, and the format reference's five
examples beside the clone (``../shared/formats/jcz-examples``, as CI lays it out)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EXAMPLES = (ROOT / "../shared/formats/jcz-examples").resolve()
SCHEMA = Path(__file__).resolve().parent / "jcz.schema.json"


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.jcz"))


def example_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*.jcz")) if EXAMPLES.is_dir() else []
