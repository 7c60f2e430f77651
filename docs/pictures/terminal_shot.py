"""Take the terminal pictures of docs/pictures: ``carcassonne play`` mid-game with every
installed expansion, in a real terminal (tmux) of the given size, captured as text
(``terminal-80x24.txt``) and drawn as a PNG by headless Chromium from an HTML page of the
captured colours (``terminal-80x24.png``).

    python docs/pictures/terminal_shot.py 80 24      # needs tmux and chromium

The game is made here (4 players, seed 3, random moves until 60 tiles are left), so the
picture can be taken again after a change to the screen.
"""

from __future__ import annotations

import html
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from carcassonne import GameConfig, GameState
from carcassonne.actions import Draw, Pass
from carcassonne.plugins import installed_expansions
from carcassonne.record import save_record

HERE = Path(__file__).resolve().parent
#: A terminal's 16 colours (the SGR codes the play screen uses).
COLOURS = {"31": "#d0312d", "32": "#3a9a3a", "33": "#c9a227", "34": "#3f6fd8", "35": "#c04fc0",
           "36": "#2aa1b3", "90": "#8a8a8a"}  # fmt: skip
#: The codes that turn one attribute off, and the styles they end.
OFF = {"22": ("font-weight", "opacity"), "24": ("text-decoration",), "27": ("background", "color"),
       "39": ("color",), "49": ("background",)}  # fmt: skip
#: How long to wait for the screen (a machine under load is slow, never wrong).
DEADLINE = 300


def game(path: Path, tiles_left: int = 60, seed: int = 3) -> None:
    state = GameState.new(
        GameConfig(players=4, expansions=sorted(installed_expansions()), seed=seed)
    )
    rng = random.Random(seed)
    while not (state.tiles_left() <= tiles_left and state.pending.kind == "tile"
               and state.pending.player == 0):  # fmt: skip
        actions = state.legal_actions()
        if Draw() in actions:
            state.apply(Draw())
            continue
        keep = [a for a in actions if type(a) is Pass]
        state.apply(keep[0] if keep and rng.random() < 0.6 else rng.choice(actions))
    save_record(state, path)


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def to_html(ansi: str, columns: int, lines: int) -> str:
    """The captured screen (SGR codes) as a page of coloured monospace text."""
    out = []
    for line in ansi.splitlines()[:lines]:
        spans: list[str] = []
        style: dict[str, str] = {}
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            code = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
            if code:
                for number in (code.group(1) or "0").split(";"):
                    if number in ("0", ""):
                        style = {}
                    elif number == "1":
                        style["font-weight"] = "bold"
                    elif number == "2":
                        style["opacity"] = "0.6"
                    elif number == "4":
                        style["text-decoration"] = "underline"
                    elif number == "7":
                        style["background"], style["color"] = "#ddd", "#111"
                    elif number in COLOURS:
                        style["color"] = COLOURS[number]
                    elif number in OFF:  # tmux ends an attribute by its own code
                        for key in OFF[number]:
                            style.pop(key, None)
                continue
            css = ";".join(f"{k}:{v}" for k, v in style.items())
            text = html.escape(part)
            spans.append(f'<span style="{css}">{text}</span>' if css else text)
        out.append("".join(spans))
    body = "\n".join(out)
    return (
        "<!doctype html><meta charset=utf-8><style>body{margin:0;background:#1e1e1e}"
        "pre{margin:0;padding:8px;color:#e6e6e6;font:15px/1.25 'DejaVu Sans Mono',monospace;"
        f"width:{columns}ch;height:{lines * 1.25}em}}</style><pre>{body}</pre>"
    )


def main(columns: int, lines: int) -> None:
    name = f"terminal-{columns}x{lines}"
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.txt"
        game(record)
        session = f"carcassonne-shot-{columns}x{lines}"
        command = f"{sys.executable} -m carcassonne.cli.main play --load {record} " \
                  "--seats human,greedy,greedy,greedy; sleep 60"  # fmt: skip
        tmux("new-session", "-d", "-s", session, "-x", str(columns), "-y", str(lines), command)
        try:
            deadline = time.monotonic() + DEADLINE
            while "A red >" not in tmux("capture-pane", "-p", "-t", session):
                if time.monotonic() > deadline:
                    raise TimeoutError("no prompt on the screen")
                time.sleep(0.5)
            tmux("send-keys", "-t", session, "hint", "Enter")
            while "hint: " not in tmux("capture-pane", "-p", "-t", session):
                if time.monotonic() > deadline:
                    raise TimeoutError("no hint on the screen")
                time.sleep(0.5)
            text = tmux("capture-pane", "-p", "-t", session)
            ansi = tmux("capture-pane", "-p", "-e", "-t", session)
        finally:
            tmux("kill-session", "-t", session)
        (HERE / f"{name}.txt").write_text(text, encoding="utf-8")
        page = Path(folder) / "screen.html"
        page.write_text(to_html(ansi, columns, lines), encoding="utf-8")
        width, height = int(columns * 9.05) + 16, int(lines * 15 * 1.25) + 16
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={width},{height}", f"--screenshot={HERE / f'{name}.png'}",
             page.as_uri()],
            check=True, capture_output=True, timeout=DEADLINE,
        )  # fmt: skip


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
