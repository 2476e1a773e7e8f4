"""`mtgkb cards import`: MTGJSON and Scryfall files, compressed or not, every layout with all its
faces, skipped and refused records, and the atomic replacement of the database."""

import bz2
import gzip
import json
import lzma
import sqlite3
import zipfile

import pytest

from carddb_helpers import ATOMIC, SCRYFALL, build
from helpers import run_cli
from pyengine.carddb import importer, sources, store
from pyengine.errors import InputError

# What the fixture holds (tests/data/cards/atomic-small.json), read off the file itself.
ATOMIC_LAYOUTS = {"normal": 6, "split": 2, "aftermath": 1, "adventure": 1, "flip": 1, "transform": 2,
                  "modal_dfc": 1, "meld": 2, "reversible_card": 1, "leveler": 1, "saga": 1,
                  "class": 1, "case": 1, "prototype": 1, "mutate": 1, "planar": 1, "scheme": 1, "vanguard": 1}


def cards_of(path):
    db = store.open_db(path, must_exist=True)
    return {name: store.card_from_json(card) for name, _, card, _, _ in db.rows()}


def test_atomic_cards_every_layout_keeps_its_faces(tmp_path):
    path, s = build(tmp_path, ATOMIC)
    assert s["by_layout"] == ATOMIC_LAYOUTS
    assert s["skipped"] == {"token": 1}            # a token is no card; a plane, a scheme, a vanguard are
    assert {r["name"] for r in s["refused"]} == {"Broken Record", "Unreadable Cost"}
    assert any("not a run of mana symbols" in r["reason"] for r in s["refused"])
    cards = cards_of(path)
    faced = {n: [f.name for f in c.faces] for n, c in cards.items() if len(c.faces) > 1}
    assert faced == {
        "Fire // Ice": ["Fire", "Ice"],
        "Bottomless Pool // Locker Room": ["Bottomless Pool", "Locker Room"],
        "Dusk // Dawn": ["Dusk", "Dawn"],
        "Bonecrusher Giant // Stomp": ["Bonecrusher Giant", "Stomp"],
        "Budoka Gardener // Dokai, Weaver of Life": ["Budoka Gardener", "Dokai, Weaver of Life"],
        "Huntmaster of the Fells // Ravager of the Fells": ["Huntmaster of the Fells", "Ravager of the Fells"],
        "Invasion of Zendikar // Awakened Skyclave": ["Invasion of Zendikar", "Awakened Skyclave"],
        "Agadeem's Awakening // Agadeem, the Undercrypt": ["Agadeem's Awakening", "Agadeem, the Undercrypt"],
        "Bruna, the Fading Light // Brisela, Voice of Nightmares": ["Bruna, the Fading Light", "Brisela, Voice of Nightmares"],
        "Gisela, the Broken Blade // Brisela, Voice of Nightmares": ["Gisela, the Broken Blade", "Brisela, Voice of Nightmares"],
        "Hallowed Fountain // Hallowed Fountain": ["Hallowed Fountain", "Hallowed Fountain"]}
    # printed characteristics are kept: loyalty (306.5a), defense (310.4a), color indicators (204)
    assert cards["Jace, the Mind Sculptor"].front.loyalty == "3"
    invasion = cards["Invasion of Zendikar // Awakened Skyclave"]
    assert invasion.faces[0].defense == "3" and invasion.faces[1].color_indicator == ("G",)
    assert cards["Student of Warfare"].layout == "leveler"


def test_scryfall_bulk_data(tmp_path):
    path, s = build(tmp_path, SCRYFALL)
    # the two meld fronts each get the melded face; a battle transforms (712); the second Sol
    # Ring is another printing of the same card; tokens, emblems and art series are not cards
    assert s["by_layout"] == {"normal": 2, "split": 1, "transform": 2, "meld": 2}
    assert s["skipped"] == {"token": 1, "emblem": 1, "art_series": 1, "meld_result": 1}
    assert [r["reason"] for r in s["refused"]] == ["a card without a name"]
    cards = cards_of(path)
    bruna = cards["Bruna, the Fading Light // Brisela, Voice of Nightmares"]
    assert [f.name for f in bruna.faces] == ["Bruna, the Fading Light", "Brisela, Voice of Nightmares"]
    assert bruna.faces[1].power == "9" and bruna.faces[1].mana_cost is None
    fire = cards["Fire // Ice"]
    assert [(f.name, f.mana_cost) for f in fire.faces] == [("Fire", "{1}{R}"), ("Ice", "{1}{U}")]
    assert cards["Invasion of Zendikar // Awakened Skyclave"].layout == "transform"
    assert cards["Invasion of Zendikar // Awakened Skyclave"].faces[0].defense == "3"


def test_the_same_cards_from_both_formats(tmp_path):
    """A card reads the same from MTGJSON and from Scryfall."""
    a, s = cards_of(build(tmp_path, ATOMIC)[0]), cards_of(build(tmp_path, SCRYFALL, name="s.sqlite3")[0])
    for name in ("Lim-Dûl's Vault", "Fire // Ice", "Bruna, the Fading Light // Brisela, Voice of Nightmares"):
        assert a[name] == s[name], name


@pytest.mark.parametrize("kind", ["gz", "xz", "bz2", "zip"])
def test_compressed_files(tmp_path, kind):
    raw = ATOMIC.read_bytes()
    f = tmp_path / f"AtomicCards.json.{kind}"
    if kind == "zip":
        with zipfile.ZipFile(f, "w") as z:
            z.writestr("AtomicCards.json", raw)
    else:
        f.write_bytes({"gz": gzip.compress, "xz": lzma.compress, "bz2": bz2.compress}[kind](raw))
    assert cards_of(build(tmp_path, f)[0]) == cards_of(build(tmp_path, ATOMIC, name="plain.sqlite3")[0])


def test_all_printings_and_set_files(tmp_path):
    """AllPrintings: the same cards as AtomicCards, each face of a card a printing of its own,
    reprints and tokens in several sets."""
    atomic = json.loads(ATOMIC.read_text(encoding="utf-8"))["data"]
    printings = [dict(f, setCode="AAA") for faces in atomic.values() if isinstance(faces, list) for f in faces]
    token = {"name": "Wolf", "layout": "token", "type": "Token Creature — Wolf"}
    sets = {"AAA": {"code": "AAA", "cards": printings, "tokens": [token]},
            "BBB": {"code": "BBB", "cards": printings[:5], "tokens": [token]}}
    f = tmp_path / "AllPrintings.json"
    f.write_text(json.dumps({"meta": {}, "data": sets}), encoding="utf-8")
    path, s = build(tmp_path, f)
    want_path, want = build(tmp_path, ATOMIC, name="atomic.sqlite3")
    assert cards_of(path) == cards_of(want_path)
    assert s["skipped"]["token"] == 2          # the sets' Wolf (once) and the fixture's Soldier
    one_set = tmp_path / "AAA.json"
    one_set.write_text(json.dumps({"meta": {}, "data": sets["AAA"]}), encoding="utf-8")
    assert cards_of(build(tmp_path, one_set, name="set.sqlite3")[0]) == cards_of(want_path)


def test_process_pool_gives_the_same_database(tmp_path):
    one = sqlite3.connect(build(tmp_path, ATOMIC, name="one.sqlite3", jobs=1)[0])
    two = sqlite3.connect(build(tmp_path, ATOMIC, name="two.sqlite3", jobs=2)[0])
    q = "SELECT name, layout, card, facts, not_modelled, lines FROM cards ORDER BY name"
    assert one.execute(q).fetchall() == two.execute(q).fetchall()


@pytest.mark.parametrize("content, message", [
    (b"players: [alice]\n", "not a card file"),
    (b'{"meta": {}, "nothing": []}', "no cards found"),
    (b"", "not a card file"),
    (ATOMIC.read_bytes()[:5000], "not valid JSON"),
    (gzip.compress(ATOMIC.read_bytes())[:300], "damaged compressed file"),
])
def test_unreadable_files_are_one_error_and_change_nothing(tmp_path, content, message):
    path, _ = build(tmp_path, ATOMIC)
    before = path.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out, err = run_cli(["cards", "--db", str(path), "import", str(bad)])
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and message in err, err
    assert err.startswith("error: ") and "Traceback" not in err
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_missing_file_and_no_file(tmp_path):
    code, _, err = run_cli(["cards", "--db", str(tmp_path / "c.sqlite3"), "import", str(tmp_path / "nope.json")])
    assert code == 2 and err == f"error: {tmp_path / 'nope.json'}: no such file\n"
    code, _, err = run_cli(["cards", "--db", str(tmp_path / "c.sqlite3"), "import"])
    assert code == 2 and "give one or more card files" in err
    assert not (tmp_path / "c.sqlite3").exists()


def test_an_interrupted_import_leaves_the_old_database(tmp_path, monkeypatch):
    path, _ = build(tmp_path, SCRYFALL)
    before = path.read_bytes()
    real = store.make_row
    calls = []

    def interrupted(card, version=None):
        calls.append(card.name)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real(card, version)
    monkeypatch.setattr(store, "make_row", interrupted)
    with pytest.raises(KeyboardInterrupt):
        importer.import_files([ATOMIC], path, jobs=1)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.sqlite3"]


def test_cli_summary_and_json(tmp_path):
    db = tmp_path / "c.sqlite3"
    code, out, err = run_cli(["cards", "--db", str(db), "import", str(ATOMIC)])
    assert code == 0 and err == ""
    assert out.startswith(f"imported 26 cards into {db}")
    assert "  skipped:   token 1" in out
    assert "    Broken Record: expected a list of faces" in out
    code, out, _ = run_cli(["cards", "--db", str(db), "import", str(ATOMIC), "--json"])
    assert out["cards"] == 26 and out["by_layout"] == ATOMIC_LAYOUTS and out["database"] == str(db)
    # 27 cards read from the file (the token is skipped before); one of them (Unreadable Cost)
    # refused by validation
    assert out["files"][0]["read"] == 27 and len(out["files"][0]["sha256"]) == 64


def test_a_file_that_is_not_a_database(tmp_path):
    bad = tmp_path / "c.sqlite3"
    bad.write_bytes(b"this is not sqlite" * 100)
    code, _, err = run_cli(["cards", "--db", str(bad), "show", "Fyndhorn Elves"])
    assert code == 2 and err.startswith(f"error: card database {bad}: not a card database")


def test_records_are_read_as_a_stream():
    """sources.read yields records one by one (the importer never needs a whole file parsed)."""
    it = sources.read(ATOMIC)
    first = next(it)
    assert first.kind == "card" and first.name == "Agadeem's Awakening // Agadeem, the Undercrypt"
    it.close()
    with pytest.raises(InputError):
        list(sources.read(ATOMIC.parent))


def test_a_database_that_cannot_be_written(tmp_path):
    (tmp_path / "file").write_text("in the way")
    db = tmp_path / "file" / "cards.sqlite3"
    code, out, err = run_cli(["cards", "--db", str(db), "import", str(ATOMIC)])
    assert code == 2 and out == "" and err.startswith(f"error: cannot write the card database {db}")
    assert len(err.splitlines()) == 1
    code, out, err = run_cli(["cards", "--db", str(tmp_path), "import", str(ATOMIC)])   # a directory
    assert code == 2 and err.startswith(f"error: cannot write the card database {tmp_path}")
