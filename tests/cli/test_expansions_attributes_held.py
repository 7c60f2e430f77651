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
    assert got == {
        "abbey-mayor": ([], {"abbey": 1}),
        "abbot": ([], {}),
        "inns-cathedrals": (["city.cathedral", "road.inn", "road.lake"], {}),
        "princess-dragon": (["city.princess"], {}),
        "river": ([], {}),
    }
    # pieces (carcassonne_piece_kinds): only The Princess & the Dragon's neutral figures
    assert {n: i["piece_kinds"] for n, i in by_name.items() if i["piece_kinds"]} == {
        "princess-dragon": {
            "dragon": {"glyph": "&", "label": "the dragon", "neutral": True},
            "fairy": {"glyph": "^", "label": "the fairy", "neutral": True},
        }
    }


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
