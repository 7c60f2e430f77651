"""Packaging: every package folder of the engine is listed in pyproject.toml (a folder left out
would be missing from the wheel while editable installs still work)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_engine_package_is_listed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    folders = {name: ROOT / path for name, path in setuptools["package-dir"].items()}
    found = set()
    for name, folder in folders.items():
        for init in folder.rglob("__init__.py"):
            relative = init.parent.relative_to(folder).parts
            found.add(".".join(part for part in (name, *relative) if part))
    assert found == listed


def test_data_files_are_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    web = ["static/*.html", "static/*.js", "static/*.css"]  # the web page (docs/web.md)
    assert data == {
        "carcassonne": ["py.typed"],  # PEP 561: the engine's types reach a fan's mypy
        "carcassonne.tiles": ["*.toml"],
        "carcassonne.grammar": ["*.lark"],
        "carcassonne.server": web,
    }
    assert (ROOT / "core" / "carcassonne" / "py.typed").is_file()
    assert list((ROOT / "tiles").glob("*.toml")) and list((ROOT / "grammar").glob("*.lark"))
    static = ROOT / "core" / "carcassonne" / "server" / "static"
    shipped = {p.name for pattern in web for p in static.glob(pattern.removeprefix("static/"))}
    assert shipped == {p.name for p in static.iterdir()}  # every file of the page ships
