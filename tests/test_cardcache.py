"""The compiled-card cache (pyengine.cardcache): a card compiled in one run is read back in the next,
exactly as compiling it again would give, and a query on cached cards imports no compiler."""

import json
from pathlib import Path
import subprocess
import sys

import pytest

from pyengine import cardcache, cardfacts, cardlib, precompiled
from pyengine.carddb.version import compiler_version

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _user_cache_only(monkeypatch):
    """These tests are about the user's cache: the precompiled bundled library behind it
    (tests/test_precompiled.py) is switched off, so a miss there is a miss. The grammar's parser
    is loaded first, from the session's cache (tests/conftest.py): a test that points
    MTGKB_CACHE_DIR at an empty folder and compiles would otherwise build the parse table again
    in that folder (~25 s of CPU), the same table (tests/test_compile_memo.py)."""
    from pyengine.compiler.parser import lark_parser
    lark_parser()
    monkeypatch.setattr(precompiled, "entry", lambda name: None)


def test_every_bundled_card_reads_back_as_compiled(tmp_path, monkeypatch):
    """Facts and notes read from the cache equal those of a fresh compile, card by card (the cache
    keeps no line infos)."""
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path))
    for card in cardlib.bundled().values():
        fresh = cardfacts.compile_fresh(card)
        assert cardcache.load(card) is None
        cardcache.store(card, fresh)
        back = cardcache.load(card)
        assert back is not None and back.name == card.name
        assert back.facts == fresh.facts and back.not_modelled == fresh.not_modelled
    assert (tmp_path / f"cards-{compiler_version()}").is_dir()


def test_a_file_for_another_card_or_a_broken_file_is_a_miss(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path))
    forest, island = cardlib.bundled()["Forest"], cardlib.bundled()["Island"]
    cardcache.store(island, cardfacts.compile_fresh(island))
    path = cardcache.path(forest)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(cardcache.path(island).read_text(encoding="utf-8"), encoding="utf-8")
    assert cardcache.load(forest) is None                 # Island's facts are never Forest's
    for junk in ("", "{", "[]", '{"card": %s, "facts": "[[1]]", "notes": "[]"}' % json.dumps(repr(forest)),
                 '{"card": %s, "facts": "[]", "notes": "[[\\"x\\"]]"}' % json.dumps(repr(forest))):
        path.write_text(junk, encoding="utf-8")
        assert cardcache.load(forest) is None


def test_a_changed_card_is_another_entry(tmp_path, monkeypatch):
    """The key is every field of the card: the same name with other text is not the cached card."""
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path))
    forest = cardlib.bundled()["Forest"]
    cardcache.store(forest, cardfacts.compile_fresh(forest))
    other = cardlib.parse_card({"name": "Forest", "mana_cost": None, "type": "Basic Land — Forest",
                                "text": "Forest enters tapped."})
    assert cardcache.path(other) != cardcache.path(forest) and cardcache.load(other) is None


def test_an_unwritable_cache_is_only_slower(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(blocker))
    forest = cardlib.bundled()["Forest"]
    cardcache.store(forest, cardfacts.compile_fresh(forest))       # no error
    assert cardcache.load(forest) is None


def _seed_parse_table(cache):
    """Copy the grammar's parse table (built or loaded in this process) into the cache folder
    CACHE: the subprocess under test loads it instead of building it again (~30 s)."""
    import os
    import shutil
    from pyengine.compiler import parser
    parser.lark_parser()
    src = parser.cache_path()
    old = os.environ["MTGKB_CACHE_DIR"]
    os.environ["MTGKB_CACHE_DIR"] = str(cache)
    try:
        dst = parser.cache_path()
    finally:
        os.environ["MTGKB_CACHE_DIR"] = old
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def test_a_query_on_cached_cards_imports_no_compiler(tmp_path):
    """The first run compiles a card the snapshot defines (not one of the bundled library, which
    ships precompiled) and imports the compiler; the second reads it from the cache, imports
    neither the compiler nor Lark, and answers the same."""
    snap = tmp_path / "elves.json"
    snap.write_text(json.dumps({"players": ["alice"], "battlefield": [
        {"id": "e", "card": "Grove Elf", "controller": "alice"}],
        "cards": [{"name": "Grove Elf", "mana_cost": "{G}", "type": "Creature — Elf Druid",
                   "text": "{T}: Add {G}."}]}))
    code = ("import sys\nfrom pyengine.cli import main\n"
            f"try:\n    main(['could-produce', {str(snap)!r}, '--json'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in ('lark', 'pyengine.compiler')))")
    env = dict(__import__("os").environ, MTGKB_CACHE_DIR=str(tmp_path / "cache"))
    _seed_parse_table(tmp_path / "cache")
    runs = []
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        runs.append(r.stdout.strip().splitlines()[-2:])
    assert runs[0][1] == "['lark', 'pyengine.compiler']"
    assert runs[1][1] == "[]"
    # "{T}: Add {G}."
    assert json.loads(runs[0][0]) == json.loads(runs[1][0]) == {"e": ["G"]}
