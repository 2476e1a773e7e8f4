"""A card database built by another compiler version (issue 10: "an automatic rebuild when the
compiler's version changes"): recompiled once, atomically, on first use when it can be written,
with one line on standard error saying why; else used as it is, its cards compiled in memory, with
one line saying so."""

import sqlite3

import pytest

from carddb_helpers import ATOMIC, ATOMIC_CARDS, build
from helpers import run_cli
from pyengine.carddb import refresh, store
from pyengine.carddb.version import compiler_version
from pyengine.errors import InputError

SNAP = '{"players": ["alice"], "battlefield": [{"id": "ring", "card": "Sol Ring", "controller": "alice"}]}'


def made_stale(path):
    """Mark every card and the database as compiled by an older compiler."""
    with sqlite3.connect(path) as c:
        c.execute("UPDATE cards SET compiler = 'old'")
        c.execute("UPDATE meta SET value = 'old' WHERE key = 'compiler'")
    c.close()
    assert store.open_db(path).stale() == ATOMIC_CARDS


def could_produce(path, monkeypatch):
    monkeypatch.setenv("MTGKB_CARDS", str(path))
    monkeypatch.setattr(refresh, "_TOLD", set())
    return run_cli(["could-produce", "-", "--json"], input=SNAP)


def test_a_stale_database_is_recompiled_once_on_first_use(tmp_path, monkeypatch):
    path, _ = build(tmp_path, ATOMIC)
    made_stale(path)
    inode = path.stat().st_ino
    code, out, err = could_produce(path, monkeypatch)
    # Sol Ring: "{T}: Add {C}{C}." (106.7: the types it could produce)
    assert (code, out) == (0, {"ring": ["C"]})
    assert err.splitlines() == [f"card database {path}: {ATOMIC_CARDS} of its {ATOMIC_CARDS} cards were compiled by another version "
                                f"of the compiler; compiling them again once (compiler {compiler_version()})"]
    db = store.open_db(path)
    assert db.stale() == 0 and db.meta["compiler"] == compiler_version() and db.count() == ATOMIC_CARDS
    assert path.stat().st_ino != inode                 # a new file replaced the old one whole
    assert not list(tmp_path.glob(".cards.sqlite3.*.tmp"))
    code, out, err = could_produce(path, monkeypatch)  # current now: nothing to say
    assert (code, out, err) == (0, {"ring": ["C"]}, "")


def test_a_stale_database_that_cannot_be_written_is_compiled_in_memory(tmp_path, monkeypatch):
    path, _ = build(tmp_path, ATOMIC)
    made_stale(path)
    monkeypatch.setattr(refresh, "writable", lambda p: False)
    code, out, err = could_produce(path, monkeypatch)
    assert (code, out) == (0, {"ring": ["C"]})
    assert err.splitlines() == [
        f"card database {path}: compiled by another version of the compiler and not recompiled (it can't "
        "be written); the cards used are compiled in memory (slower); run 'mtgkb cards import "
        "--recompile' with write access"]
    assert store.open_db(path).stale() == ATOMIC_CARDS           # left as it was


def test_a_failed_recompile_leaves_the_database_and_falls_back(tmp_path, monkeypatch):
    path, _ = build(tmp_path, ATOMIC)
    made_stale(path)

    def full_disk(*a, **kw):
        raise InputError(f"cannot write the card database {path} (No space left on device); it is unchanged")
    monkeypatch.setattr(store, "write", full_disk)
    code, out, err = could_produce(path, monkeypatch)
    assert (code, out) == (0, {"ring": ["C"]})
    lines = err.splitlines()
    assert len(lines) == 2 and "compiling them again once" in lines[0]
    assert "not recompiled (cannot write the card database" in lines[1] and "in memory" in lines[1]
    assert store.open_db(path).stale() == ATOMIC_CARDS


def test_the_fallback_is_said_once_per_process(tmp_path, monkeypatch):
    path, _ = build(tmp_path, ATOMIC)
    made_stale(path)
    monkeypatch.setattr(refresh, "writable", lambda p: False)
    monkeypatch.setattr(refresh, "_TOLD", set())
    told = []
    monkeypatch.setattr(refresh, "_say", told.append)
    for _ in range(3):
        assert refresh.current(store.open_db(path)) is store.open_db(path)
    assert len(told) == 1


def test_a_current_database_is_not_scanned(tmp_path, monkeypatch):
    """Opening a current database reads its version from meta, not from every card."""
    path, _ = build(tmp_path, ATOMIC)
    db = store.open_db(path)
    monkeypatch.setattr(store.CardDB, "stale", lambda self: pytest.fail("scanned every card"))
    assert refresh.current(db) is db
