"""Processes that start cold at once (a parallel batch, the test workers) build the Oracle
grammar's parse table once: the one that builds it holds a lock (pyengine/cachedir.py ``lock``),
the others wait for it and load what it wrote (pyengine/compiler/parser.py ``lark_parser``)."""
import os
import shutil
import subprocess
import sys
import threading

from pyengine import cachedir
from pyengine.compiler import parser

TRY_LOCK = ("import fcntl, os, sys\nfd = os.open(sys.argv[1], os.O_RDWR)\n"
            "try:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept BlockingIOError:\n    sys.exit(3)\n")


def test_the_lock_is_held_while_the_block_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "cache"))
    lockfile = tmp_path / "cache" / "oracle-grammar-v1.lock"
    with cachedir.lock("oracle-grammar", "v1"):
        held = subprocess.run([sys.executable, "-c", TRY_LOCK, str(lockfile)])
    free = subprocess.run([sys.executable, "-c", TRY_LOCK, str(lockfile)])
    assert (held.returncode, free.returncode) == (3, 0)
    # an entry written is kept with its lock file; the lock file of another version is pruned
    # with its entry (cachedir.prune)
    assert cachedir.write("oracle-grammar", "v1", b"table")
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["oracle-grammar-v1", "oracle-grammar-v1.lock"]


def test_an_unwritable_cache_locks_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(blocker))
    with cachedir.lock("oracle-grammar", "v1"):
        pass


def test_the_parser_waits_for_the_table_another_process_builds(tmp_path, monkeypatch):
    """While another holder of the lock builds the table, lark_parser neither builds it nor fails:
    it waits, then loads the table written (a flock conflicts between two opens of the file, so a
    thread stands for the other process)."""
    parser.lark_parser()                                  # the session's table, built or loaded
    built = parser.cache_path()
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "cache"))
    parser.lark_parser.cache_clear()
    monkeypatch.setattr(parser, "build_parser", lambda: (_ for _ in ()).throw(AssertionError("built twice")))
    holding, done = threading.Event(), threading.Event()

    def other_builder():
        with cachedir.lock("oracle-grammar", parser._cache_version()):
            holding.set()
            done.wait(0.5)                                # "building": the other waits meanwhile
            target = parser.cache_path()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(built, target)
    t = threading.Thread(target=other_builder)
    t.start()
    try:
        holding.wait()
        p = parser.lark_parser()
    finally:
        done.set()
        t.join()
        parser.lark_parser.cache_clear()                  # later tests load the session's table again
    assert p.parser.parser._parse_table.states           # the table written, loaded whole
    assert os.path.exists(parser.cache_path())
