"""Shared helpers of the card database tests: the fixture files and databases built from them (the
`use_db` fixture is in conftest.py)."""

from pathlib import Path

from pyengine.carddb import importer

DATA = Path(__file__).parent / "data" / "cards"
ATOMIC = DATA / "atomic-small.json"
# the cards that fixture imports: every record but a token (skipped) and two refused ones
ATOMIC_CARDS = 26
SCRYFALL = DATA / "scryfall-oracle.json"


def build(tmp_path, *files, name="cards.sqlite3", jobs=1):
    """Import files into a new database under tmp_path; (path, summary JSON)."""
    path = tmp_path / name
    summary = importer.import_files([Path(f) for f in files], path, jobs=jobs)
    return path, summary.to_json()
