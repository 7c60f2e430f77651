"""A ``.jcz`` file's ``setup`` and ``players`` as a :class:`GameConfig`, and back.

Which expansions a file needs comes from the plugins' declarations alone: a set puts its
declaring plugin in play, and so does an element declared with ``brings``. Every set and
element that no plugin declares is listed in one error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from carcassonne.config import MAX_PLAYERS, GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.jcz.document import Document, field
from carcassonne.jcz.errors import JczError
from carcassonne.jcz.names import JczUnsupported, Json, is_on
from carcassonne.jcz.registry import JczNames
from carcassonne.limits import name_problem
from carcassonne.plugins import Plugin, installed_expansions
from carcassonne.values import OptionValue


def split_set(key: str) -> tuple[str, int | None]:
    """``abbey-and-mayor:2`` -> (``abbey-and-mayor``, 2); ``river/1`` -> (``river/1``, None)."""
    base, colon, edition = key.rpartition(":")
    if colon and edition.isdigit():
        return base, int(edition)
    return key, None


def players_of(document: Document) -> list[str]:
    players = field(document, document.data, "players", "players", list)
    assert isinstance(players, list)
    if not players:
        raise document.fail("players", "a game needs at least one player")
    if len(players) > MAX_PLAYERS:
        raise document.fail(
            "players", f"{len(players)} players: this engine plays 1 to {MAX_PLAYERS}"
        )
    names: list[str] = []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise document.fail(f"players[{i}]", f"expected an object, not {player!r}")
        name = player.get("name")
        problem = name_problem(name)
        if problem:
            raise document.fail(f"players[{i}].name", problem)
        assert isinstance(name, str)
        if name in names:
            raise document.fail(f"players[{i}].name", f"two players are named {name!r}")
        names.append(name)
    return names


def _table(document: Document, setup: dict[str, Json], key: str) -> dict[str, Json]:
    value = setup.get(key, {})
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise document.fail(f"setup.{key}", f"expected an object, not {value!r}")
    return value


def _options(document: Document, path: str, read: object, value: Json) -> Mapping[str, OptionValue]:
    assert callable(read)
    try:
        result = read(value)
    except JczUnsupported as exc:
        raise document.fail(path, str(exc)) from None
    assert isinstance(result, Mapping)
    return result


def config_of(
    document: Document,
    names: JczNames,
    players: list[str],
    plugins: Iterable[tuple[str, Plugin]] = (),
    ended: bool = False,
) -> GameConfig:
    """The configuration a file's setup describes; ``ended``: the file's game has ended (its
    sets' ``ended_options`` apply)."""
    setup = field(document, document.data, "setup", "setup", dict)
    assert isinstance(setup, dict)
    sets = _table(document, setup, "sets")
    elements = _table(document, setup, "elements")
    rules = _table(document, setup, "rules")
    unknown_sets = [key for key in sets if split_set(key)[0] not in names.sets]
    unknown_elements = [
        key for key, value in elements.items() if key not in names.elements and is_on(value)
    ]
    if unknown_sets or unknown_elements:
        parts = []
        if unknown_sets:
            parts.append("sets " + ", ".join(unknown_sets))
        if unknown_elements:
            parts.append("elements " + ", ".join(unknown_elements))
        raise document.fail("setup", "not supported: " + "; ".join(parts))
    in_play: set[str] = set()
    options: dict[str, OptionValue] = {}
    for key, count in sets.items():
        set_id, edition = split_set(key)
        if isinstance(count, bool) or not isinstance(count, (int, float)) or int(count) < 1:
            raise document.fail(f"setup.sets.{key}", f"expected a count from 1, not {count!r}")
        if int(count) > 1:
            raise document.fail(
                f"setup.sets.{key}", f"{int(count)} copies of a set are not supported (only 1)"
            )
        owner, declared = names.sets[set_id]
        if owner is not None:
            in_play.add(owner)
        options.update(_options(document, f"setup.sets.{key}", declared.options, edition))
        if ended:
            path = f"setup.sets.{key}"
            options.update(_options(document, path, declared.ended_options, edition))
    for key, value in elements.items():
        if key in names.elements:
            owner, element = names.elements[key]
            if owner is not None and element.brings and is_on(value):
                in_play.add(owner)
    for key, (owner, element) in names.elements.items():
        if owner is None or owner in in_play:
            value = elements.get(key)
            options.update(_options(document, f"setup.elements.{key}", element.read, value))
    for key in rules:
        if key not in names.rules:
            raise document.fail(f"setup.rules.{key}", "not supported: no plugin knows this rule")
    for key, (owner, rule) in names.rules.items():
        if owner is None or owner in in_play:
            value = rules.get(key, rule.default)
            options.update(_options(document, f"setup.rules.{key}", rule.read, value))
    plugins = tuple(plugins)
    extra = {name for name, _ in plugins}
    installed = installed_expansions()
    expansions = sorted(name for name in in_play if name in installed and name not in extra)
    try:
        return GameConfig(
            players=len(players),
            names=players,
            expansions=expansions,
            options=options,
            plugins=plugins,
        )
    except CarcassonneError as exc:
        raise document.fail("setup", f"this setup cannot be played here: {exc}") from None


def _written(where: str, write: Callable[[GameConfig], Json]) -> Callable[[GameConfig], Json]:
    """A declaration's ``write`` whose ``JczUnsupported`` (an option JCZ cannot express) is a
    ``JczError`` naming the setup key."""

    def checked(config: GameConfig) -> Json:
        try:
            return write(config)
        except JczUnsupported as exc:
            raise JczError("<game>", where, str(exc)) from None

    return checked


def setup_of(config: GameConfig, names: JczNames, start: list[dict[str, Json]]) -> dict[str, Json]:
    """The ``setup`` object of a game (the plugins of ``names`` are those of the game)."""
    sets: dict[str, Json] = {}
    elements: dict[str, Json] = {}
    rules: dict[str, Json] = {}
    for set_id, (_owner, declared) in names.sets.items():
        key = _written(f"setup.sets.{set_id}", declared.write)(config)
        if key is not None:
            assert isinstance(key, str)
            sets[key] = 1
    for key, (_owner, element) in names.elements.items():
        value = _written(f"setup.elements.{key}", element.write)(config)
        if value is not None:
            elements[key] = value
    for key, (_owner, rule) in names.rules.items():
        value = _written(f"setup.rules.{key}", rule.write)(config)
        if value != rule.default:
            rules[key] = value
    return {
        "sets": sets,
        "elements": elements,
        "rules": rules,
        "timer": None,
        "start": list(start),
        "options": {},
    }
