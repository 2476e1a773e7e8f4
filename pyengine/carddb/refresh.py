"""Stale compiled facts: a card database built by another compiler version, brought up to date on
first use.

The facts stored for each card are keyed by the compiler version (:mod:`.version`). When the
compiler changes, :func:`current` (called where a command first opens the database) compiles
every card again once and replaces the database atomically (:func:`.importer.recompile`: a new
file replaces the old one only when complete), with a progress bar on a terminal and one line on
standard error saying why. Processes that find it stale at the same time wait for the one that
recompiles (a lock file beside the database) and then read its result. A database that can't be
written is used as it is: the cards a snapshot uses are compiled in memory as they are read
(right, but slower), and one line says so, once per process and database.
"""

from contextlib import contextmanager
import os
from pathlib import Path
import sys

from ..errors import InputError
from ..progress import Bar
from . import store
from .version import compiler_version

_TOLD = set()          # databases whose in-memory fallback was reported in this process


def current(db, every_card=False):
    """The open database DB, or the same database recompiled by the current compiler if DB's facts
    were made by another one (see the module docstring). EVERY_CARD checks each card's version
    (a scan of the table) instead of the database's."""
    if db is None or not stale(db, every_card):
        return db
    path = db.path
    if writable(path):
        try:
            with _locked(path):
                db = store.open_db(path, must_exist=True)      # another process may have done it
                if stale(db, every_card):
                    _say(f"card database {path}: {db.stale():,} of its {db.count():,} cards were compiled by "
                         f"another version of the compiler; compiling them again once (compiler "
                         f"{compiler_version()})")
                    _recompile(path)
                    db = store.open_db(path, must_exist=True)
            return db
        except (InputError, OSError) as e:
            reason = e.problems[0] if isinstance(e, InputError) else str(e)
    else:
        reason = "it can't be written"
    key = str(path)
    if key not in _TOLD:
        _TOLD.add(key)
        _say(f"card database {path}: compiled by another version of the compiler and not recompiled "
             f"({reason}); the cards used are compiled in memory (slower); run 'mtgkb cards import "
             "--recompile' with write access")
    return db


def stale(db, every_card=False):
    """Whether DB was written by another compiler version. Its meta says which (an import or a
    recompile writes every card with one version, and a card whose own version differs anyway is
    compiled in memory when it is read, :meth:`.store.CardDB.load`); EVERY_CARD asks each card."""
    return db.stale() > 0 if every_card else db.meta.get("compiler") != compiler_version()


def writable(path):
    """Whether the database file can be replaced (its folder and the file may be written)."""
    path = Path(path)
    return os.access(path.parent, os.W_OK | os.X_OK) and os.access(path, os.W_OK)


def _recompile(path):
    from .importer import recompile          # the importer's process pool, only when needed
    bar = Bar("recompiling the card database")
    try:
        recompile(path, progress=bar.step, on_read=bar.start)
    finally:
        bar.close()


@contextmanager
def _locked(path):
    """Hold an exclusive lock on PATH's lock file (PATH.lock) while recompiling."""
    try:
        import fcntl
    except ImportError:                        # not POSIX: no lock (the replacement is still atomic)
        yield
        return
    fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _say(line):
    print(" ".join(line.split()), file=sys.stderr, flush=True)
