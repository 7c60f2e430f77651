"""`carcassonne expansions` lists the attributes an expansion adds to other plugins' kinds
(`carcassonne_kind_extensions`) and the pieces players hold besides figures
(`carcassonne_held_pieces`, read from a fresh game), in its text and its JSON."""

from __future__ import annotations

import json


def test_json_lists_attributes_and_held_pieces(cli):
    result = cli("expansions", "--json")
    assert result.status == 0
    by_name = {i["name"]: i for i in json.loads(result.out)}
    got = {name: (i["attributes"], i["held_pieces"]) for name, i in by_name.items()}
    expected = {
        "abbey-mayor": ([], {"abbey": 1}),
        "abbot": ([], {}),
        "hills-sheep": ([], {}),
        "inns-cathedrals": (["city.cathedral", "road.inn", "road.lake"], {}),
        "princess-dragon": (["city.princess"], {}),
        "river": ([], {}),
        "traders-builders": (
            ["city.cloth", "city.grain", "city.wine"],
            {"cloth": 0, "grain": 0, "wine": 0},
        ),
        "tower": ([], {"tower-floor": 10}),
    }
    assert {name: got[name] for name in expected} == expected
    # the pieces expansions declare (carcassonne_piece_kinds), with their look
    pieces = {name: sorted(i["piece_kinds"]) for name, i in by_name.items() if i["piece_kinds"]}
    assert pieces == {
        TB: ["cloth", "grain", "wine"],
        "hills-sheep": [f"sheep-{n}" for n in range(1, 5)],
        "tower": ["tower-floor"],
        "princess-dragon": ["dragon", "fairy"],
    }
    floor = by_name["tower"]["piece_kinds"]["tower-floor"]
    assert floor == {"glyph": "T", "label": "tower floor", "neutral": True}
    assert by_name["princess-dragon"]["piece_kinds"] == {
        "dragon": {"glyph": "&", "label": "the dragon", "neutral": True},
        "fairy": {"glyph": "@", "label": "the fairy", "neutral": True},
    }


TB = "traders-builders"


def test_text_lists_attributes_and_held_pieces(cli):
    text = cli("expansions").out
    inns = text.split("inns-cathedrals 0.1.0  (carcassonne_inns_cathedrals.plugin)\n")[1]
    assert inns.startswith(
        "  feature kinds: -\n"
        "  attributes:    city.cathedral, road.inn, road.lake\n"
        "  figure kinds:  big x1\n"
        "  held pieces:   -\n"
        "  pieces:        -\n"
        "  tile sets:     inns_cathedrals\n"
    )
    abbey = text.split("abbey-mayor 0.1.0  (carcassonne_abbey_mayor.plugin)\n")[1]
    assert abbey.startswith(
        "  feature kinds: abbey\n"
        "  attributes:    -\n"
        "  figure kinds:  barn x1, mayor x1, wagon x1\n"
        "  held pieces:   abbey x1\n"
        "  pieces:        -\n"
        "  tile sets:     abbey_mayor\n"
    )
