"""The pytest plugin (entry point ``pytest11``): every ``*.scenario.toml`` file is a test.

Installed with the engine, so an expansion's own ``pytest`` collects its scenario files with no
conftest. A failing scenario reports each expectation as expected vs got, with the board drawn;
a malformed file fails with the file and entry named. Format: docs/scenarios.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

SUFFIX = ".scenario.toml"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> Any:
        name = self.path.name.removesuffix(SUFFIX)
        yield ScenarioItem.from_parent(self, name=name)


class ScenarioFailed(Exception):
    """A scenario's expectations did not hold (the message is the whole report)."""


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        from carcassonne.scenario import load_scenario, report, run_scenario

        scenario = load_scenario(self.path)
        outcome = run_scenario(scenario)
        if outcome.mismatches:
            raise ScenarioFailed(report(scenario, outcome))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        from carcassonne.errors import CarcassonneError

        if isinstance(excinfo.value, ScenarioFailed | CarcassonneError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario {self.name}"
