"""Drive ``carcassonne play`` through a pseudo-terminal of a given size (stdlib ``pty``).

The process sees a real terminal: ``isatty()`` is true, ``shutil.get_terminal_size`` reads the
window size set here, and resizing sends it SIGWINCH. :meth:`Session.screen` is the text of the
latest screen (after the last clear-screen code), without ANSI codes.

Every wait is for content on the screen, with a deadline generous enough for a machine under
load (``CARCASSONNE_PTY_DEADLINE`` seconds, 300 by default): a wait never decides a test by how
fast the game answers, only by what it shows.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
#: How long a wait for the screen may take before the test fails (a hung game, not a slow one).
DEADLINE = float(os.environ.get("CARCASSONNE_PTY_DEADLINE", "300"))
PROMPT = r"[A-F] \w+ > $"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _controlling_terminal() -> None:
    """In the child: a new session whose controlling terminal is the pty (so Ctrl-C is a
    SIGINT, as in a real terminal)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # A shell without job control starts background commands with SIGINT ignored, and the
    # child would inherit that: a terminal's child starts with the default.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Session:
    def __init__(self, *argv: str, columns: int = 80, lines: int = 24, env: dict | None = None):
        self.master, slave = pty.openpty()
        self.resize(columns, lines, signal_child=False)
        environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        environment.update({"TERM": "xterm-256color", "NO_COLOR": ""})
        environment.update(env or {})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "carcassonne.cli.main", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environment,
            close_fds=True,
            preexec_fn=_controlling_terminal,
        )
        os.close(slave)
        self.output = ""
        # a character cut between two reads (the ellipsis is three bytes) is decoded whole
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def resize(self, columns: int, lines: int, *, signal_child: bool = True) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        if signal_child:
            self.proc.send_signal(signal.SIGWINCH)

    def read_until(self, pattern: str, timeout: float = DEADLINE) -> str:
        """Read output until ``pattern`` (a regex) matches the text read since this call began."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            if regex.search(self.plain(self.output[start:])):
                return self.output[start:]
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {pattern!r} in:\n{self.output[start:][-3000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    data = b""
                if not data:
                    if regex.search(self.plain(self.output[start:])):
                        return self.output[start:]
                    raise EOFError(self.output[start:][-3000:])
                self.output += self.decoder.decode(data)

    def prompt(self, timeout: float = DEADLINE) -> str:
        """Wait for the player's prompt; the screen above it."""
        self.read_until(PROMPT, timeout)
        return self.screen()

    def settled_screen(self, columns: int, lines: int, timeout: float = DEADLINE) -> str:
        """After a resize: wait for a whole screen drawn since this call for ``columns`` x
        ``lines`` (it fits and the prompt ends it), however many redraws the resize caused and
        however slowly they come."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        prompt = re.compile(PROMPT)
        while True:
            screen = self.screen()
            rows = screen.splitlines()
            if (
                self.output.rfind(CLEAR) >= start
                and prompt.search(screen)
                and len(rows) <= lines
                and all(len(row) <= columns for row in rows)
            ):
                return screen
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no screen of {columns}x{lines} in:\n{screen[-3000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                data = os.read(self.master, 65536)
                if not data:
                    raise EOFError(self.output[-3000:])
                self.output += self.decoder.decode(data)

    def screen(self) -> str:
        return self.plain(self.output.rsplit(CLEAR, 1)[-1])

    @staticmethod
    def plain(text: str) -> str:
        return ANSI.sub("", text).replace("\r\n", "\n")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def interrupt(self) -> None:
        os.write(self.master, b"\x03")

    def close(self) -> int:
        """Wait for the game to end; its exit status. A game still running at the deadline
        (a test that failed half way) is killed, so that the failure shows."""
        try:
            status = self.proc.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        finally:
            os.close(self.master)
        return status

    def kill(self) -> None:
        """A test that failed half way: end the game at once (its screen is in the error)."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.close()
