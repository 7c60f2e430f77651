"""Reading and writing the engine's files: atomic writes, and reads that say what is wrong.

Every file the engine writes (records, positions, ``tiles fmt``, saves at the play prompt,
``simulate --save-dir``, pictures) goes through :func:`write_atomic`: the text is written to a
temporary file in the same folder, flushed and synced, then renamed over the target. A full
disk, a kill or a power cut therefore leaves either the old file or the new one, never a
truncated mix, and an earlier valid save is never lost. Errors are :class:`FileError`, whose
message names the file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from carcassonne.errors import CarcassonneError
from carcassonne.limits import MAX_FILE_CHARS

PathLike = str | os.PathLike[str]


class FileError(CarcassonneError):
    """A file cannot be read or written. ``path`` names it, ``reason`` says why; ``line`` and
    ``column`` (1-based, 0 when unknown) locate a decoding problem."""

    def __init__(self, path: PathLike, reason: str, line: int = 0, column: int = 0) -> None:
        where = f"{os.fspath(path)}:{line}:{column}" if line else os.fspath(path)
        super().__init__(f"{where}: {reason}")
        self.path = os.fspath(path)
        self.reason = reason
        self.line = line
        self.column = column

    def __reduce__(self) -> tuple[type[FileError], tuple[str, str, int, int]]:
        # raised in a worker process (simulate), it must come back whole
        return (FileError, (self.path, self.reason, self.line, self.column))


def _os_reason(exc: OSError | ValueError) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return "the path contains a NUL character" if "null" in str(exc) else str(exc)


def write_atomic(path: PathLike, content: str | bytes) -> None:
    """Write ``content`` (text as UTF-8, or bytes) to ``path`` atomically; raises
    :class:`FileError` naming the file. A replaced file keeps its permissions; a new one gets
    those of any new file (the umask), not the temporary file's private ones."""
    target = Path(path)
    try:
        data = content.encode("utf-8") if isinstance(content, str) else content
    except UnicodeEncodeError as exc:
        raise FileError(path, f"the text cannot be written as UTF-8: {exc.reason}") from None
    tmp = None
    try:
        if target.is_dir():
            raise FileError(path, "is a folder")
        if target.exists() and not os.stat(target).st_mode & 0o222:
            # the rename would replace it: respect the user's read-only mark (even as root)
            raise FileError(path, "cannot write the file: it is read-only")
        folder = target.parent if str(target.parent) else Path(".")
        _remove_leftovers(folder, target.name)
        prefix = f".{target.name}.{os.getpid()}."
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            os.chmod(tmp, _mode_for(target))
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
        tmp = None
    except (OSError, ValueError) as exc:
        raise FileError(path, f"cannot write the file: {_os_reason(exc)}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _sync_folder(target.parent)


def _remove_leftovers(folder: Path, name: str) -> None:
    """Remove the temporary files of earlier writes of ``name`` whose process is gone (killed
    between creating and renaming its file: a ``finally`` never runs after SIGKILL). The
    temporary file's name carries its writer's process id, so a write going on in another
    process is never touched."""
    prefix = f".{name}."
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(prefix)]
    except OSError:
        return
    for entry in entries:
        pid = entry.name[len(prefix) :].split(".", 1)[0]
        if entry.name.endswith(".tmp") and pid.isascii() and pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # another user's process, or not ours to judge: keep its file
    return True


def _mode_for(path: Path) -> int:
    """The permissions of the file being replaced, or those a new file gets (umask)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform allows syncing a folder)."""
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except (OSError, ValueError):
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_text(path: PathLike, limit: int = MAX_FILE_CHARS) -> str:
    """The UTF-8 text of a file; :class:`FileError` naming the file (and, for bytes that are
    not UTF-8, the line and column) when it cannot be read."""
    try:
        if Path(path).is_dir():
            raise FileError(path, "is a folder, not a file")
        with open(path, "rb") as handle:
            data = handle.read(limit * 4 + 1)
    except (OSError, ValueError) as exc:
        raise FileError(path, f"cannot read the file: {_os_reason(exc)}") from None
    if len(data) > limit * 4:
        raise FileError(path, f"larger than {limit} characters")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        before = data[data.rfind(b"\n", 0, exc.start) + 1 : exc.start]
        column = len(before.decode("utf-8", "replace")) + 1
        raise FileError(path, "not UTF-8 text", line, column) from None
    if len(text) > limit:
        raise FileError(path, f"larger than {limit} characters")
    return text
