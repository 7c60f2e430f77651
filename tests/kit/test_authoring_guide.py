"""docs/authoring.md runs: its file blocks (`# file: PATH` first) are written into a temporary
folder, its shell blocks run there (`carcassonne ...` through the command line's main,
`pytest` in a child process, `pip install -e wells` as the entry point an install would
register), and its scenario file passes. The plain Python blocks run in
tests/test_docs_examples.py."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "authoring.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, str]]:
    return BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def write_files(folder: Path) -> list[str]:
    written = []
    for _lang, body in blocks():
        first, _, rest = body.partition("\n")
        if first.startswith("# file: "):
            path = folder / first.removeprefix("# file: ").strip()
            path.parent.mkdir(parents=True, exist_ok=True)
            text = rest if path.suffix == ".toml" else body
            path.write_text(text, encoding="utf-8")
            written.append(str(path.relative_to(folder)))
    return written


def fake_install(folder: Path, site: Path) -> None:
    """What ``pip install -e wells`` registers: the distribution's entry point."""
    info = site / "carcassonne_wells-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: carcassonne-wells\nVersion: 0.1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[carcassonne.expansions]\nwells = carcassonne_wells.plugin\n", encoding="utf-8"
    )


def test_the_guide_builds_a_working_expansion(tmp_path, monkeypatch, capsys):
    written = write_files(tmp_path)
    assert "wells/carcassonne_wells/plugin.py" in written
    assert "wells/tests/scenarios/well-keeper.scenario.toml" in written
    site = tmp_path / "site"
    monkeypatch.syspath_prepend(str(tmp_path / "wells"))
    shell = [body for lang, body in blocks() if lang == "sh"]
    assert len(shell) >= 5
    ran = []
    for body in shell:
        cwd = tmp_path
        for line in body.splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            if words[0] == "cd":
                cwd = cwd / words[1]
            elif words[:3] == ["pip", "install", "-e"]:
                fake_install(cwd / words[3], site)
                monkeypatch.syspath_prepend(str(site))
            elif words[0] == "pytest":
                env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(cwd), str(site)])}
                result = subprocess.run(
                    [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"],
                    cwd=cwd,
                    env=env,
                    capture_output=True,
                    text=True,
                )
                assert result.returncode == 0, result.stdout + result.stderr
                assert "4 passed" in result.stdout, result.stdout
            elif words[0] == "carcassonne":
                monkeypatch.chdir(cwd)
                status = main(words[1:])
                out, err = capsys.readouterr()
                assert status == 0, (line, err)
                ran.append((line, out))
            else:
                pytest.fail(f"the test does not know how to run {line!r}")
    outputs = dict(ran)
    assert "wells 0.1.0" in outputs["carcassonne expansions"]
    assert "well" in outputs["carcassonne tiles show WE/Rr.w --plugin carcassonne_wells.plugin"]
    assert any("balance report over 4 games" in out for out in outputs.values())
    assert (tmp_path / "scaffolded" / "pyproject.toml").is_file()
