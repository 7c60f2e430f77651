"""Import an optional extra's library in a test module, or skip the module.

The main test run has no extras installed: the modules that need one are skipped with the
reason. CI installs both extras in a separate environment and sets
``CARCASSONNE_ENVS_REQUIRED=1`` there, which turns a missing library into a failure, so the
environment tests cannot be skipped silently where they are meant to run.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

REQUIRED = os.environ.get("CARCASSONNE_ENVS_REQUIRED") == "1"


def need(module: str, extra: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if REQUIRED:
            pytest.fail(
                f"CARCASSONNE_ENVS_REQUIRED=1 but {module} cannot be imported: {exc}",
                pytrace=False,
            )
        pytest.skip(
            f"{module} is not installed (pip install carcassonne-engine[{extra}]); "
            "CI runs these tests in their own environment",
            allow_module_level=True,
        )
