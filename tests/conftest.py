"""Test configuration: make the checkout importable without installing it."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import os
import tempfile

# No test reads or writes the user's card database: by default there is none (a path in a
# temporary folder that nothing creates); tests that need one build it and point MTGKB_CARDS at it.
_NO_DB = tempfile.mkdtemp(prefix="mtgkb-test-")
os.environ["MTGKB_CARDS"] = os.path.join(_NO_DB, "no-card-database.sqlite3")
# Nor the user's cache: the parse table of the Oracle grammar is built once per test session in a
# temporary folder (pyengine.compiler.parser.cache_path).
os.environ["MTGKB_CACHE_DIR"] = os.path.join(_NO_DB, "cache")

import pytest  # noqa: E402


@pytest.fixture
def use_db(monkeypatch):
    """Point MTGKB_CARDS (what snapshots read) at a database for one test."""
    from pyengine.carddb import store

    def use(path):
        monkeypatch.setenv("MTGKB_CARDS", str(path))
        return store.open_db(path, must_exist=True)
    return use
