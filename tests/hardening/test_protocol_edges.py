"""The protocol's input edges: every bad request gets an error answer naming the field, and the
server goes on answering (issue 18's reproducers)."""

from __future__ import annotations

import subprocess
import sys

SERVER = [sys.executable, "-m", "carcassonne.cli.main", "serve", "--stdio"]


def run_server(data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(SERVER, input=data, capture_output=True, timeout=60)


def test_a_lone_surrogate_in_the_id_does_not_kill_the_server() -> None:
    result = run_server(b'{"id":"\\ud800","op":"hello"}\n{"id":2,"op":"hello"}\n')
    assert result.returncode == 0
    lines = result.stdout.decode("utf-8").splitlines()
    assert lines == [
        '{"error": {"message": "field \'id\': a lone surrogate (\\\\ud800-\\\\udfff) in a string", '
        '"type": "bad-request"}, "id": null, "ok": false}',
        '{"engine": "0.1.0", "id": 2, "ok": true, "protocol": 1}',
    ]


def test_lone_surrogates_in_names_and_action_fields_are_bad_requests(serve) -> None:
    answers = serve(
        '{"id":1,"op":"new","names":["\\udc00","b"]}',
        '{"id":2,"op":"new","seed":13}',
        '{"id":3,"op":"apply","action":{"type":"tile","tile":"\\ud83d","x":0,"y":-1,"rotation":180}}',
        '{"id":4,"op":"apply","action":"tile \\ud83d 0,-1 r180"}',
        '{"id":5,"op":"hello"}',
    )
    assert [a["ok"] for a in answers] == [False, True, False, False, True]
    assert answers[0]["error"] == {
        "type": "bad-request",
        "message": "field 'names'[0]: a lone surrogate (\\ud800-\\udfff) in a string",
    }
    assert answers[2]["error"]["message"] == (
        "field 'action'.tile: a lone surrogate (\\ud800-\\udfff) in a string"
    )
    assert answers[3]["id"] == 4 and answers[3]["error"]["type"] == "bad-request"


def test_bad_player_names_name_the_field(serve) -> None:
    (answer,) = serve('{"id":1,"op":"new","names":["ann","b\\u2028"]}')
    assert answer["error"] == {
        "type": "bad-config",
        "message": "field 'names'[1]: a player name cannot contain the character U+2028 "
        "(control characters, line breaks and white space other than the space are refused)",
    }


def test_nan_and_infinity_are_not_json(serve) -> None:
    answers = serve(
        '{"id":NaN,"op":"hello"}', '{"id":Infinity,"op":"hello"}', '{"id":1,"op":"hello"}'
    )
    assert [a["error"]["type"] for a in answers[:2]] == ["bad-json", "bad-json"]
    assert answers[0]["error"]["message"] == "not valid JSON: NaN is not a JSON number"
    assert answers[0]["id"] is None and answers[2]["ok"] is True


def test_a_raw_carriage_return_does_not_split_a_request() -> None:
    result = run_server(b'{"id":1,\r"op":"hello"}\n{"id":"a\rb","op":"hello"}\n')
    lines = result.stdout.decode("utf-8").splitlines()
    assert len(lines) == 2
    assert lines[0] == '{"engine": "0.1.0", "id": 1, "ok": true, "protocol": 1}'
    assert '"type": "bad-json"' in lines[1]


def test_expansion_options_that_are_not_objects(serve) -> None:
    (answer,) = serve('{"id":1,"op":"new","expansions":{"abbot":5}}')
    assert answer["error"] == {
        "type": "bad-request",
        "message": "field 'expansions': the options of 'abbot' must be an object",
    }


def test_huge_numbers_and_deep_nesting(serve) -> None:
    digits = "9" * 5000
    answers = serve(
        f'{{"id":1,"op":"new","seed":{digits}}}',
        '{"id":2,"op":"new","seed":' + "9" * 25 + "}",
        '{"id":3,"op":"hello","x":' + "[" * 100 + "]" * 100 + "}",
        '{"id":4,"op":"hello","x":' + "[" * 100000 + "]" * 100000 + "}",
        '{"id":5,"op":"hello"}',
    )
    assert answers[0]["error"] == {
        "type": "bad-json",
        "message": "not valid JSON: a number has more than 30 digits",
    }
    assert answers[1]["error"] == {
        "type": "bad-request",
        "message": "field 'seed' must fit in 64 bits",
        "field": "seed",
    }
    assert answers[2]["error"]["message"] == (
        "field 'x'" + "[0]" * 32 + ": nested deeper than 32 levels"
    )
    assert answers[3]["error"]["type"] in ("bad-json", "bad-request")
    assert answers[4]["ok"] is True


def test_a_path_with_a_nul_byte_is_an_io_error(serve, tmp_path) -> None:
    answers = serve(
        '{"id":1,"op":"load_record","path":"a\\u0000b"}',
        '{"id":2,"op":"new"}',
        '{"id":3,"op":"save_record","path":"x\\u0000y"}',
        f'{{"id":4,"op":"save_record","path":"{tmp_path}"}}',
    )
    assert answers[0]["error"] == {
        "type": "io",
        "message": "a\x00b: cannot read the file: the path contains a NUL character",
    }
    assert answers[2]["error"] == {
        "type": "io",
        "message": "x\x00y: cannot write the file: the path contains a NUL character",
    }
    assert answers[3]["error"] == {"type": "io", "message": f"{tmp_path}: is a folder"}


def test_an_engine_bug_is_internal_and_the_server_goes_on(monkeypatch) -> None:
    from carcassonne import protocol

    def broken(self, request):
        raise KeyError("boom")

    monkeypatch.setattr(protocol.Server, "_hello", broken)
    server = protocol.Server()
    server._ops["hello"] = lambda request: broken(server, request)
    first = server.handle_line('{"id":1,"op":"hello"}')
    second = server.handle_line('{"id":2,"op":"new"}')
    assert first["error"] == {"type": "internal", "message": "internal error: KeyError: 'boom'"}
    assert second["ok"] is True
