"""Opening the store a ``--db`` URL names (SQLite or PostgreSQL)."""

from __future__ import annotations

from carcassonne.errors import CarcassonneError
from carcassonne.server.storage import Store, StoreError

#: The schemes a ``--db`` URL may have.
SCHEMES = ("sqlite", "postgresql", "postgres")
#: The forms a ``--db`` value may take, for messages.
FORMS = (
    "accepted: postgresql://USER@HOST:PORT/DATABASE, postgres://..., sqlite:///relative/path.db, "
    "sqlite:////absolute/path.db or a file path"
)


async def check_store(url: str) -> None:
    """Open and close the store once, so that a bad ``--db`` is one clear error at start-up."""
    store = open_store(url)
    try:
        await store.open()
    except CarcassonneError:
        raise
    except Exception as exc:  # noqa: BLE001 - drivers raise many kinds; all mean "cannot open"
        raise StoreError(f"cannot open the store {redact(url)}: {exc}") from None
    finally:
        try:
            await store.close()
        except Exception:  # noqa: BLE001 - it was never open
            pass


def redact(url: str) -> str:
    """A store URL without its password, for messages."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.split(':')[0]}@{tail}"


def open_store(url: str) -> Store:
    """The store a ``--db`` URL names: ``postgresql://...`` (or ``postgres://``), or SQLite:
    ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///path?sync=full``
    or a bare file path. Any other ``scheme://`` is refused (``postgress://`` is a typo, not a
    file to create), and so is a known scheme without its ``//`` (``postgresql:x`` is a URL
    mistyped, not a SQLite file of that name)."""
    scheme, sep, _ = url.partition("://")
    if sep and scheme not in SCHEMES:
        known = ", ".join(f"{s}://" for s in SCHEMES)
        raise StoreError(f"--db {redact(url)}: unknown scheme {scheme!r} (known: {known})")
    head, colon, _ = url.partition(":")
    if not sep and colon and head in SCHEMES:
        # the rest is not echoed: without '//' it cannot be told apart from a password
        raise StoreError(f"--db {head}:...: {head}: needs '//' after it ({FORMS})")
    if url.startswith(("postgresql://", "postgres://")):
        from carcassonne.server.postgres_store import PostgresStore

        return PostgresStore(url)
    from carcassonne.server.sqlite_store import SqliteStore

    path, _, query = url.removeprefix("sqlite://").partition("?")
    if url.startswith("sqlite://"):
        path = path.removeprefix("/")
    sync = "full" if "sync=full" in query else "normal"
    return SqliteStore(path or "carcassonne.db", sync=sync)
