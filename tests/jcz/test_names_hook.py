"""The ``carcassonne_jcz_names`` hook: a plugin's declarations are indexed beside the base
game's and the installed expansions', and a name declared twice is an error naming both."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from carcassonne import Draw, GameConfig, GameState, Pass, PlaceFigure, PluginError, hookimpl
from carcassonne.jcz import base
from carcassonne.jcz.names import (
    JczAction,
    JczElement,
    JczFigure,
    JczMessage,
    JczName,
    JczNeutral,
    JczReadContext,
    JczSet,
    JczToken,
    Json,
    Step,
)
from carcassonne.jcz.registry import BASE, installed_names


def _read_flock(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    return []


class FlockPlugin:
    """A fan's plugin: a set, an element, a figure and a message of its own."""

    @hookimpl
    def carcassonne_jcz_names(self) -> list[JczName]:
        return [
            JczSet("fan-flocks", lambda c: "fan-flocks:1"),
            JczElement("fan-shepherd", lambda v: {}, lambda c: None),
            JczFigure("fan-shepherd", "fan-shepherd"),
            JczMessage("FAN_FLOCK", _read_flock, when={"value": "SCORE"}),
        ]


class ClashPlugin:
    """Declares the base game's set id again."""

    @hookimpl
    def carcassonne_jcz_names(self) -> list[JczName]:
        return [JczSet("basic", lambda c: "basic:1")]


class WrongPlugin:
    @hookimpl
    def carcassonne_jcz_names(self) -> list[object]:
        return ["basic"]


def test_a_plugin_declares_its_names_beside_the_installed_ones():
    names = installed_names([("flock", FlockPlugin())])
    assert names.sets["fan-flocks"][0] == "flock"
    assert names.sets["basic"][0] is None  # the base game owns it
    assert names.sets["abbey-and-mayor"][0] == "abbey-mayor"
    assert names.elements["abbot"][0] == "abbot"
    assert names.figures["fan-shepherd"].figure == "fan-shepherd"
    assert names.figures["wagon"].figure == "wagon"
    readers = names.reader_for("FAN_FLOCK", {"value": "SCORE"})
    assert [r.read for r in readers] == [_read_flock]
    assert names.reader_for("FAN_FLOCK", {"value": "EXPAND"}) == []
    assert names.owners["set", "fan-flocks"] == "flock"
    assert names.owners["message", "PLACE_TILE"] == BASE


def test_readers_with_a_payload_condition_come_first():
    names = installed_names()
    readers = names.reader_for("PLACE_TILE", {"tileId": "AM/A"})
    assert [dict(r.when) for r in readers] == [{"tileId": "AM/A"}, {}]
    assert [dict(r.when) for r in names.reader_for("PLACE_TILE", {"tileId": "BA/C"})] == [{}]


def test_a_name_declared_twice_names_both_plugins():
    with pytest.raises(PluginError, match="set 'basic' is declared by plugins 'base.jcz' and"):
        installed_names([("clash", ClashPlugin())])


class SharedActionPlugin:
    """Declares JCZ's ``MeepleAction`` again, for passes (as if JCZ offered one there)."""

    @hookimpl
    def carcassonne_jcz_names(self) -> list[JczName]:
        return [JczAction("MeepleAction", lambda s, a: a == Pass())]


def test_an_action_class_declared_twice_matches_what_either_matches():
    """JCZ's ReturnMeepleAction stands for the abbot's return and the princess: an action
    class is not a name one plugin owns."""
    names = installed_names([("shared", SharedActionPlugin())])
    matches = names.actions["MeepleAction"].matches
    state = GameState.new(GameConfig(players=2, seed=1))
    assert matches(state, PlaceFigure("meeple", 0, 0, "N"))  # the base game's
    assert matches(state, Pass())  # the plugin's
    assert not matches(state, Draw())


def test_a_declaration_of_another_type_is_refused():
    with pytest.raises(PluginError, match="plugin 'wrong': carcassonne_jcz_names returned 'basic'"):
        installed_names([("wrong", WrongPlugin())])


def test_the_base_game_declares_the_four_messages_of_a_plain_turn():
    names = installed_names()
    for message in ("PLACE_TILE", "DEPLOY_MEEPLE", "PASS", "COMMIT"):
        assert names.owners["message", message] == BASE
    assert names.owners["message", "RETURN_MEEPLE source=ABBOT_RETURN"] == "abbot"
    # the base game's, the Abbot's, the Tower's and Hills & Sheep's writers (others may add theirs)
    verbs = {"draw", "tile", "figure", "pass", "abbot-return", "tower-floor", "tower-ransom"}
    verbs.add("flock")
    assert verbs <= {t.verb for t in names.writers}
    # the plugins' writers of a figure come first (the wagon's, Abbey & Mayor), the base
    # game's last: the fallback
    writers = names.writers[PlaceFigure]
    assert len(writers) >= 2
    assert writers[-1].write is base.write_place_figure
    assert all(w.write is not base.write_place_figure for w in writers[:-1])


class TokenPlugin:
    """A token and a neutral figure, read by a message of the plugin's own."""

    @hookimpl
    def carcassonne_jcz_names(self) -> list[JczName]:
        return [
            JczToken("LB_SHED", "shed"),
            JczNeutral("mage.1", "mage"),  # not dragon.1: The Princess & the Dragon declares it
        ]


def test_tokens_and_neutral_figures_both_ways():
    from carcassonne import GameConfig, GameState
    from carcassonne.jcz.dump import WriteContext
    from carcassonne.jcz.replay import ReadContext, _Refused

    names = installed_names([("t-tokens-jcz", TokenPlugin())])
    reader = ReadContext(GameState.new(GameConfig(players=2)), names)
    assert reader.piece("LB_SHED") == "shed"
    assert reader.piece(["com.jcloisterzone.figure.LittleBuilding", "LB_SHED"]) == "shed"
    assert reader.piece("mage.1") == "mage"
    with pytest.raises(_Refused, match="token or neutral figure 'BRIDGE' is not supported"):
        reader.piece("BRIDGE")
    writer = WriteContext(names, random.Random(1))
    assert (writer.token("shed"), writer.token("mage")) == ("LB_SHED", "mage.1")
