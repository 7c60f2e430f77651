"""Reference pages generated from the code when the documentation is built.

The hook reference comes from ``carcassonne.hookspecs`` (docstrings, signatures, the table of
deprecated names), the command-line reference from the real argument parser, the options from
the plugins' own declarations (the base game and every installed expansion), the error
reference from the exception classes, the protocol's error types and the refusal codes. Nothing
here is committed output: Sphinx calls :func:`write_pages` before it reads the sources (the
pages land in ``docs/reference/``, ignored by git), and ``python docs/_ext/carcassonne_reference.py
FOLDER`` writes them anywhere, which is what the tests use.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

#: Generated page name -> (title, function writing its Markdown body).
PAGES: dict[str, tuple[str, Callable[[], str]]] = {}


def page(name: str, title: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def register(function: Callable[[], str]) -> Callable[[], str]:
        PAGES[name] = (title, function)
        return function

    return register


def _markdown(docstring: str | None) -> str:
    """A docstring's reStructuredText inline markup as Markdown (literals and roles)."""
    text = inspect.cleandoc(docstring or "")
    text = re.sub(r":(?:class|func|meth|mod|attr|data|exc):`~?([^`]+)`", r"`\1`", text)
    return text.replace("``", "`")


def _cell(text: object) -> str:
    """A value for one Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


# -- hooks ------------------------------------------------------------------------------------


@page("hooks", "Hook reference")
def hooks_page() -> str:
    from carcassonne import hookspecs
    from carcassonne.plugins import all_installed_manager

    pm = all_installed_manager()
    specs = [
        (name, function)
        for name, function in vars(hookspecs).items()
        if name.startswith("carcassonne_") and callable(function)
    ]
    specs.sort(key=lambda item: inspect.getsourcelines(item[1])[1])
    out = [
        "Generated from `carcassonne.hookspecs` when these pages are built: every hook the engine",
        "calls, in the order of the phases of play, with its docstring. [Hooks and the plugin",
        "API](../hooks.md) explains the contract and shows examples; this page is the exact list.",
        "The last column of the summary says which of the plugins shipped in this repository",
        "implement each hook (the base game's three plugins and the installed expansions).",
        "",
        "| hook | firstresult | implemented by |",
        "|---|---|---|",
    ]
    for name, function in specs:
        opts = getattr(function, f"{hookspecs.PROJECT}_spec", {}) or {}
        users = sorted({impl.plugin_name for impl in getattr(pm.hook, name).get_hookimpls()})
        first = "yes" if opts.get("firstresult") else ""
        out.append(f"| [`{name}`](#{name.replace('_', '-')}) | {first} | {', '.join(users)} |")
    out += ["", _module_intro(hookspecs), ""]
    for name, function in specs:
        signature = str(inspect.signature(function)).replace("'", "")
        opts = getattr(function, f"{hookspecs.PROJECT}_spec", {}) or {}
        out += [f"## {name}", "", "```python", f"def {name}{signature}", "```", ""]
        if opts.get("firstresult"):
            out += ["*firstresult*: the first answer that is not `None` wins.", ""]
        out += [_markdown(function.__doc__), ""]
    out += [
        "## Deprecated hook names",
        "",
        "A plugin that implements a hook under an old name keeps working: the engine registers",
        "the implementation under the new name (its parameters renamed) and warns with a",
        "`DeprecationWarning` naming the new one. Implementing both names is a `PluginError`.",
        "The policy: [compatibility](../compatibility.md).",
        "",
        "| old name | new name | since | parameters renamed |",
        "|---|---|---|---|",
    ]
    for entry in hookspecs.DEPRECATED_HOOKS.values():
        params = ", ".join(f"`{old}` → `{new}`" for old, new in entry.params) or "—"
        out.append(f"| `{entry.old}` | `{entry.new}` | {entry.since} | {params} |")
    return "\n".join(out) + "\n"


def _module_intro(module: Any) -> str:
    """A module docstring without its first line (the title is the page's)."""
    text = _markdown(module.__doc__)
    return text.split("\n\n", 1)[1] if "\n\n" in text else ""


# -- command line -----------------------------------------------------------------------------


def _subcommands(parser: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    """Every (command line, parser), depth first, in the order ``--help`` lists them."""
    import argparse

    yield prefix, parser
    for action in parser._actions:  # argparse keeps subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _subcommands(sub, f"{prefix} {name}")


@page("cli", "Command-line reference")
def cli_page() -> str:
    from carcassonne.cli.main import build_parser

    out = [
        "Generated from the command line's own argument parser when these pages are built: the",
        "`--help` of every command, exactly as `carcassonne ... --help` prints it (at 100",
        "columns). [The command line](../cli.md) explains the commands with examples.",
        "",
    ]
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        for command, parser in _subcommands(build_parser(), "carcassonne"):
            heading = "#" * min(4, command.count(" ") + 1)
            help_text = parser.format_help().rstrip()
            out += [f"#{heading} `{command}`", "", "```text", help_text, "```", ""]
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return "\n".join(out)


# -- options ----------------------------------------------------------------------------------


@page("options", "Rule options")
def options_page() -> str:
    from carcassonne import GameConfig
    from carcassonne.cli.expansions_cmd import describe_expansion
    from carcassonne.plugins import installed_expansions

    base = GameConfig(players=2)
    out = [
        "Generated from the options the plugins declare (`carcassonne_rule_options`) when these",
        "pages are built: the base game's and those of every expansion installed with this",
        "repository. Set them with `--option KEY=VALUE` on the command line,",
        '`GameConfig(options={"KEY": VALUE})` in the library or `"options"` in the protocol; an',
        "expansion's options take effect only when the expansion is in the game. The rules they",
        "change: [the rules as implemented](../rules/index.md).",
        "",
        "## Base game",
        "",
    ]
    out += _option_table(
        {
            "key": spec.key,
            "default": spec.default,
            "choices": list(spec.choices),
            "doc": spec.doc,
        }
        for spec in sorted(base.option_specs.values(), key=lambda s: s.key)
    )
    for name in sorted(installed_expansions()):
        info = describe_expansion(name, base)
        out += [f"## {name} ({info['version']})", ""]
        if info.get("error"):
            out += [f"Does not load here: {info['error']}", ""]
            continue
        out += _option_table(info["options"]) if info["options"] else ["No options.", ""]
    return "\n".join(out)


def _option_table(options: Any) -> list[str]:
    def show(value: object) -> str:
        if isinstance(value, bool):
            return "`true`" if value else "`false`"
        return f"`{value}`"

    rows = ["| option | default | allowed values | meaning |", "|---|---|---|---|"]
    for opt in options:
        choices = ", ".join(show(c) for c in opt["choices"]) or "any"
        rows.append(
            f"| `{opt['key']}` | {show(opt['default'])} | {_cell(choices)} | {_cell(opt['doc'])} |"
        )
    return [*rows, ""]


# -- errors -----------------------------------------------------------------------------------


def _all_modules() -> None:
    """Import every engine module, so that every exception class is known. Modules that need
    a library of an extra (the server, the environments, pytest's plugin) are skipped when it is
    not installed: the docs environment has only the ``docs`` extra."""
    import carcassonne
    from carcassonne import CarcassonneError

    for info in pkgutil.walk_packages(carcassonne.__path__, "carcassonne."):
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError as exc:  # pytest, for the pytest plugin
            if (exc.name or "").startswith("carcassonne"):
                raise
        except CarcassonneError:  # an extra's module says which extra it needs
            continue


def _subclasses(cls: type) -> Iterator[tuple[int, type]]:
    for sub in sorted(cls.__subclasses__(), key=lambda c: c.__name__):
        yield 0, sub
        for depth, deeper in _subclasses(sub):
            yield depth + 1, deeper


@page("errors", "Errors and codes")
def errors_page() -> str:
    from carcassonne import CarcassonneError, GameConfig
    from carcassonne.codes import error_codes
    from carcassonne.plugins import installed_expansions
    from carcassonne.protocol import ERROR_TYPES

    _all_modules()
    out = [
        "Generated from the code when these pages are built.",
        "",
        "## Exceptions",
        "",
        "Every error the engine raises on purpose is a `CarcassonneError`; catch the subclass that",
        "fits. A plugin that breaks the hook contract (a hook answering something other than a",
        "list, a parameter the hook does not have, a broken tile file) raises a `PluginError`",
        "or, for its tile files, a `TileSetError`; anything else escaping the engine is a bug.",
        "",
        "| exception | module | what |",
        "|---|---|---|",
        f"| `CarcassonneError` | `carcassonne` | {_cell(_first_line(CarcassonneError))} |",
    ]
    for depth, cls in _subclasses(CarcassonneError):
        if not cls.__module__.startswith("carcassonne"):
            continue  # a test's or a plugin's own subclass
        indent = "↳ " * (depth + 1)
        out.append(f"| {indent}`{cls.__name__}` | `{cls.__module__}` | {_cell(_first_line(cls))} |")
    out += [
        "",
        "## Protocol error types",
        "",
        "The `type` of a failed answer of the stdio protocol ([protocol](../protocol.md#errors)):",
        "",
        "| `type` | when |",
        "|---|---|",
    ]
    out += [f"| `{name}` | {_cell(meaning)} |" for name, meaning in ERROR_TYPES.items()]
    config = GameConfig(players=2, expansions=sorted(installed_expansions()))
    out += [
        "",
        "## Refusal codes",
        "",
        "The stable `code` of an `IllegalActionError` (and of the protocol's `illegal-action`",
        "errors and `why` answers): the core's and those the installed expansions declare",
        "(`carcassonne_error_codes`). Codes never change meaning.",
        "",
        "| code | from | meaning |",
        "|---|---|---|",
    ]
    for code in error_codes(config).values():
        out.append(f"| `{code.code}` | {code.provider} | {_cell(code.meaning)} |")
    return "\n".join(out) + "\n"


def _first_line(cls: type) -> str:
    return _markdown(cls.__doc__).split("\n\n")[0].replace("\n", " ")


# -- writing ----------------------------------------------------------------------------------


def write_pages(folder: Path) -> list[Path]:
    """Write every generated page into ``folder``; only changed files are rewritten, so Sphinx
    rebuilds only what changed."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (title, function) in PAGES.items():
        text = f"# {title}\n\n<!-- generated by docs/_ext/carcassonne_reference.py -->\n\n"
        text += function()
        path = folder / f"{name}.md"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _on_builder_inited(app: Any) -> None:
    write_pages(Path(app.srcdir) / "reference")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _on_builder_inited)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    for path in write_pages(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/reference")):
        print(path)
