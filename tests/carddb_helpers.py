"""Shared fixtures of the card database tests: the fixture files and databases built from them."""

from pathlib import Path

import pytest

from pyengine.carddb import importer, store

DATA = Path(__file__).parent / "data" / "cards"
ATOMIC = DATA / "atomic-small.json"
SCRYFALL = DATA / "scryfall-oracle.json"


def build(tmp_path, *files, name="cards.sqlite3", jobs=1):
    """Import files into a new database under tmp_path; (path, summary JSON)."""
    path = tmp_path / name
    summary = importer.import_files([Path(f) for f in files], path, jobs=jobs)
    return path, summary.to_json()


@pytest.fixture
def use_db(monkeypatch):
    """Point MTGKB_CARDS (what snapshots read) at a database for one test."""
    def use(path):
        monkeypatch.setenv("MTGKB_CARDS", str(path))
        return store.open_db(path, must_exist=True)
    return use
