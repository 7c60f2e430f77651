"""Bots of one's own by name: an import path ``package.module.Class`` or an installed entry
point of the group ``carcassonne.bots``, in the library and on the command line."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

import carcassonne.bots as bots
from carcassonne import GameConfig, GameState
from carcassonne.bots import (
    ENTRY_POINT_GROUP,
    UnknownBotError,
    bot_class,
    bot_from_spec,
    known_bots,
    make_bot,
)

MODULE = '''
from carcassonne.bots import SeededBot


class LastBot(SeededBot):
    """Always the last legal action."""

    name = "last"
    options = {"skip": int}

    def __init__(self, seed=0, *, skip=0):
        super().__init__(seed)
        self.skip = skip

    def pick(self, state, actions):
        return actions[-1 - min(self.skip, len(actions) - 1)]


class NotABot:
    pass
'''


@pytest.fixture
def module(tmp_path, monkeypatch):
    (tmp_path / "lastbots.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "lastbots", raising=False)
    return tmp_path


def test_an_import_path_names_a_bot_with_its_options(module):
    bot = bot_from_spec("lastbots.LastBot:skip=1", seed=3)
    assert type(bot).__name__ == "LastBot" and bot.skip == 1
    state = GameState.new(GameConfig(players=2), seed=13)
    assert bot.choose(state) == state.legal_actions()[-2]


def test_an_installed_entry_point_names_a_bot(module, monkeypatch):
    point = metadata.EntryPoint("last", "lastbots:LastBot", ENTRY_POINT_GROUP)
    real = metadata.entry_points

    def entry_points(**selection):
        if selection.get("group") == ENTRY_POINT_GROUP:
            return metadata.EntryPoints([point]).select(**selection)
        return real(**selection)

    monkeypatch.setattr(bots.metadata, "entry_points", entry_points)
    assert known_bots() == ["greedy", "last", "mcts", "random"]
    assert type(make_bot("last", 0)).__name__ == "LastBot"
    with pytest.raises(UnknownBotError, match=r"^unknown bot 'first' \(known: greedy, last, mcts"):
        make_bot("first")


def test_names_that_make_no_bot_are_refused_with_the_reason(module):
    with pytest.raises(UnknownBotError, match=r"^unknown bot 'lastbots.NotABot': not a SeededBot"):
        bot_class("lastbots.NotABot")
    with pytest.raises(UnknownBotError, match=r"^unknown bot 'nowhere.Bot': No module named"):
        bot_class("nowhere.Bot")
    with pytest.raises(UnknownBotError, match=r"has no attribute 'Missing'"):
        bot_class("lastbots.Missing")


def run_cli(args, folder):
    env = {"PYTHONPATH": str(folder), "PATH": ""}
    return subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )


def test_play_and_simulate_take_an_import_path(module):
    played = run_cli(["play", "--seats", "lastbots.LastBot,random", "--seed", "2"], module)
    assert played.returncode == 0, played.stderr
    assert "lastbots.LastBot" in played.stdout and "Final scores" in played.stdout
    simulated = run_cli(
        ["simulate", "--games", "2", "--bot", "lastbots.LastBot:skip=2,greedy", "--jobs", "2"],
        module,
    )
    assert simulated.returncode == 0, simulated.stderr
    assert "lastbots.LastBot:skip=2" in simulated.stdout
    refused = run_cli(["play", "--seats", "human,lastbots.Nope"], module)
    assert refused.returncode == 2
    assert refused.stderr.startswith("carcassonne: unknown seat 'lastbots.Nope' (known: human,")
