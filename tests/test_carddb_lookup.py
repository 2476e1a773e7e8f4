"""Card names in snapshots resolved against the card database: every kind of name, resolution
order, "did you mean", the stored facts (never recompiled), recompilation when the compiler
changes, and answers on cards that only the database knows."""

import sqlite3

import pytest

from carddb_helpers import ATOMIC, ATOMIC_CARDS, build
from helpers import problems, run_cli
from pyengine import api, cardfacts, cardlib, snapshot
from pyengine.carddb import store, version
from pyengine.cardnames import Suggester, fold, suggest


@pytest.fixture(scope="module")
def atomic_db(tmp_path_factory):
    return build(tmp_path_factory.mktemp("db"), ATOMIC)[0]


def snap(*perms, hand=(), cards=()):
    return {"players": ["alice", "bob"],
            "battlefield": [{"id": f"p{i}", "card": c, "controller": "alice"} for i, c in enumerate(perms)],
            "hand": {"alice": list(hand)}, "cards": list(cards)}


@pytest.mark.parametrize("name, card", [
    ("Fyndhorn Elves", "Fyndhorn Elves"),                     # the Oracle name
    ("FYNDHORN elves", "Fyndhorn Elves"),                     # any case
    ("Lim-Dul's Vault", "Lim-Dûl's Vault"),                   # without diacritics
    ("lim-dûl’s vault", "Lim-Dûl's Vault"),                   # a typographic apostrophe
    ("Fire // Ice", "Fire // Ice"),                           # a multi-face card by its full name
    ("Fire", "Fire // Ice"),                                  # ... or by a face name
    ("ice", "Fire // Ice"),
    ("Stomp", "Bonecrusher Giant // Stomp"),
    ("Ravager of the Fells", "Huntmaster of the Fells // Ravager of the Fells"),
    ("Hallowed Fountain", "Hallowed Fountain // Hallowed Fountain"),
])
def test_every_kind_of_name_in_a_hand(atomic_db, use_db, name, card):
    use_db(atomic_db)
    s = snapshot.validate(snap(hand=[name]))
    assert s.hand["alice"] == [card] and card in s.cards


def test_order_snapshot_cards_then_bundled_then_database(atomic_db, use_db):
    use_db(atomic_db)
    # the bundled Forest and Gilded Lotus, not the database's
    s = snapshot.validate(snap("Forest", "Gilded Lotus"))
    assert s.cards["Forest"] is cardlib.bundled()["Forest"]
    assert s.cards["Gilded Lotus"] is cardlib.bundled()["Gilded Lotus"]
    # a snapshot's own card of that name comes first
    mine = {"name": "Fyndhorn Elves", "type": "Creature — Elf", "text": "{T}: Add {B}.",
            "mana_cost": "{G}", "power": 1, "toughness": 1}
    s = snapshot.validate(snap("Fyndhorn Elves", cards=[mine]))
    assert api.could_produce(s) == {"p0": ["B"]}


def test_answers_on_database_cards(atomic_db, use_db):
    """Sol Ring adds {C}{C} (106.7: it could produce colorless); Hallowed Fountain has the basic
    land types Plains and Island (305.6); Fyndhorn Elves adds {G}."""
    use_db(atomic_db)
    s = snapshot.validate(snap("sol ring", "Hallowed Fountain", "Fyndhorn Elves"))
    assert api.could_produce(s) == {"p0": ["C"], "p1": ["U", "W"], "p2": ["G"]}
    assert [p.card for p in s.battlefield] == ["Sol Ring", "Hallowed Fountain // Hallowed Fountain",
                                                "Fyndhorn Elves"]
    assert "Sol Ring" not in cardlib.bundled()


def test_command_zone_cards_come_from_the_database(atomic_db, use_db):
    """Planes, schemes and vanguards are imported (a token is not): a snapshot names them in the
    command zone (113.6p) by any spelling, and nowhere else (311.2, 314.2, 313.2)."""
    use_db(atomic_db)
    data = dict(snap("Sol Ring"), command=[{"card": "tazeem", "owner": "alice"},
                                           {"card": "Plots That Span Centuries", "owner": "bob"},
                                           {"card": "ral's vanguard", "owner": "alice"}])
    s = snapshot.validate(data)
    assert [o.card for o in s.command] == ["Tazeem", "Plots That Span Centuries", "Ral's Vanguard"]
    assert api.could_produce(s) == {"p0": ["C"]}
    found = problems(snap("Tazeem"))
    assert found[0].startswith("battlefield[0] (p0): card 'Tazeem': a plane card stays in the command zone")
    assert "311.2" in found[0]
    assert problems(snap("Soldier"))[0].startswith("battlefield[0] (p0): card: unknown card 'Soldier'")


def test_a_back_face_is_not_a_permanent(atomic_db, use_db):
    """The snapshot can't say a permanent has its back face up; the KB would give it the front
    face (712.8d), so a back face's name on the battlefield is refused, not guessed."""
    use_db(atomic_db)
    found = problems(snap("Ravager of the Fells", "Agadeem, the Undercrypt"))
    assert found[0].startswith("battlefield[0] (p0): card: 'Ravager of the Fells' is face 2 of "
                               "'Huntmaster of the Fells // Ravager of the Fells'")
    assert "712.8d" in found[1] and len(found) == 2
    # an adventurer card's Adventure and a split card's half are not other states of a permanent
    s = snapshot.validate(snap("Stomp"))
    assert s.battlefield[0].card == "Bonecrusher Giant // Stomp"


def test_a_meld_back_face_is_ambiguous(atomic_db, use_db):
    use_db(atomic_db)
    assert problems(snap(hand=["Brisela, Voice of Nightmares"])) == [
        "hand[alice][0]: 'Brisela, Voice of Nightmares' is ambiguous: it names "
        "'Bruna, the Fading Light // Brisela, Voice of Nightmares', "
        "'Gisela, the Broken Blade // Brisela, Voice of Nightmares'; use the full name"]
    # both meld fronts in one snapshot share their identical melded face
    s = snapshot.validate(snap("Bruna, the Fading Light", "Gisela, the Broken Blade"))
    assert len(s.cards) == len(cardlib.bundled()) + 2


def test_did_you_mean_from_the_database(atomic_db, use_db):
    use_db(atomic_db)
    assert problems(snap("Fyndorn Elfs", "Islnd")) == [
        "battlefield[0] (p0): card: unknown card 'Fyndorn Elfs'; did you mean 'Fyndhorn Elves'?",
        "battlefield[1] (p1): card: unknown card 'Islnd'; did you mean 'Island'?"]
    assert problems(snap("Zzzzzz")) == ["battlefield[0] (p0): card: unknown card 'Zzzzzz'; define it under 'cards:'"]


def test_snapshots_use_the_stored_facts(atomic_db, use_db, monkeypatch):
    """A snapshot never recompiles a card of the database."""
    use_db(atomic_db)
    monkeypatch.setattr(cardfacts, "_CACHE", {})
    monkeypatch.setattr(cardfacts, "compile_fresh", lambda card: pytest.fail(f"compiled {card.name}"))
    s = snapshot.validate(snap("Sol Ring", hand=["Stomp"]))
    assert api.could_produce(s) == {"p0": ["C"]}


def test_a_card_of_another_compiler_is_compiled_again(tmp_path, use_db, monkeypatch):
    """Stored facts of another compiler are never used: the card is compiled again (in memory;
    `cards import --recompile` stores them)."""
    path, _ = build(tmp_path, ATOMIC)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE cards SET compiler = 'old', facts = '[]' WHERE name = 'Sol Ring'")
    c.close()
    use_db(path)
    monkeypatch.setattr(cardfacts, "_CACHE", {})
    s = snapshot.validate(snap("Sol Ring"))
    assert api.could_produce(s) == {"p0": ["C"]}
    assert store.open_db(path).stale() == 1


def test_recompile_every_card(tmp_path):
    path, first = build(tmp_path, ATOMIC)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE cards SET compiler = 'old'")
    c.close()
    assert store.open_db(path).stale() == ATOMIC_CARDS
    code, out, _ = run_cli(["cards", "--db", str(path), "import", "--recompile", "--json"])
    assert code == 0 and out["cards"] == ATOMIC_CARDS and out["by_layout"] == first["by_layout"]
    assert out["skipped"] == first["skipped"] and out["files"] == first["files"]
    assert store.open_db(path).stale() == 0
    # cards coverage needs every card's lines from the current compiler: it recompiles first
    with sqlite3.connect(path) as c:
        c.execute("UPDATE cards SET compiler = 'old' WHERE name = 'Sol Ring'")
    c.close()
    code, out, _ = run_cli(["cards", "--db", str(path), "coverage", "--json"])
    assert code == 0 and out["cards"]["total"] == ATOMIC_CARDS and store.open_db(path).stale() == 0


def test_the_compiler_version_follows_the_compiler_source(tmp_path, monkeypatch):
    import shutil
    from pyengine.compiler import parser
    pkg = tmp_path / "pyengine"
    shutil.copytree(version._PKG, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(version, "_PKG", pkg)
    version.compiler_version.cache_clear()
    seen = {version.compiler_version()}
    assert version.compiler_version() in parser.cache_path().name      # one fingerprint
    for rel in ("compiler/lower.py", "compiler/grammar/mana.lark"):
        (pkg / rel).write_text((pkg / rel).read_text() + "\n// changed\n")
        version.compiler_version.cache_clear()
        assert version.compiler_version() not in seen
        assert version.compiler_version() in parser.cache_path().name
        seen.add(version.compiler_version())
    monkeypatch.undo()
    version.compiler_version.cache_clear()


def test_no_database_is_the_default_in_tests():
    s = snapshot.validate(snap("Forest"))
    assert store.open_db() is None and "Forest" in s.cards
    assert problems(snap("Fyndhorn Elves")) == [
        "battlefield[0] (p0): card: unknown card 'Fyndhorn Elves'; define it under 'cards:' "
        "(or build a card database: mtgkb cards import --help)"]


def test_fold():
    assert fold("Lim-Dûl's Vault") == fold("lim-dul's vault") == "lim-dul's vault"
    assert fold("Æther Vial") == fold("Aether  Vial") == "aether vial"
    assert fold("Jötun Grunt") == "jotun grunt"
    assert fold("Fire//Ice") == fold("fire / ice") == fold("Fire // Ice") == "fire // ice"


def test_suggestions_are_the_closest_names():
    names = Suggester(["Island", "Forest", "Fyndhorn Elves", "Llanowar Elves", "Lim-Dûl's Vault"])
    assert suggest("Islnd", names) == ["Island"]
    assert suggest("Lim-Dul's Valt", names) == ["Lim-Dûl's Vault"]
    assert suggest("Zzzz", names) == []
    assert suggest("Elves", names) == []                   # too far from every name
    extra = Suggester(["Llanowar Elvish"])
    assert suggest("Llanowar Elves!", names, extra)[0] == "Llanowar Elves"


def test_the_example_of_database_cards(atomic_db, monkeypatch):
    """examples/card-database/real-cards.yaml: Sol Ring adds {C}{C}, Fyndhorn Elves {G}, and
    Hallowed Fountain is a Plains Island (305.6)."""
    from pathlib import Path
    monkeypatch.setenv("MTGKB_CARDS", str(atomic_db))
    example = Path(__file__).parent.parent / "examples" / "card-database" / "real-cards.yaml"
    code, out, _ = run_cli(["could-produce", str(example), "--json"])
    assert (code, out) == (0, {"elves": ["G"], "fountain": ["U", "W"], "ring": ["C"]})


def test_a_damaged_database_is_one_error(tmp_path, monkeypatch):
    bad = tmp_path / "cards.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    monkeypatch.setenv("MTGKB_CARDS", str(bad))
    snap_file = tmp_path / "s.yaml"
    snap_file.write_text("players: [a]\nbattlefield: [{id: x, card: Sol Ring, controller: a}]\n")
    code, out, err = run_cli(["could-produce", str(snap_file)])
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"error: card database {bad}: not a card database")
    # a snapshot of bundled cards never opens it
    snap_file.write_text("players: [a]\nbattlefield: [{id: x, card: Forest, controller: a}]\n")
    assert run_cli(["could-produce", str(snap_file), "--json"])[:2] == (0, {"x": ["G"]})


def test_facts_of_a_tampered_database_are_refused(tmp_path, monkeypatch):
    path, _ = build(tmp_path, ATOMIC)
    with sqlite3.connect(path) as c:
        c.execute("""UPDATE cards SET facts = '[["card", {"x": 1}]]' WHERE name = 'Sol Ring'""")
    c.close()
    monkeypatch.setenv("MTGKB_CARDS", str(path))
    monkeypatch.setattr(cardfacts, "_CACHE", {})
    assert problems(snap("Sol Ring"))[0].startswith(f"card database {path}: damaged")


def test_fact_codec_round_trip_and_refusals():
    from pyengine.carddb import codec
    from pyengine.terms import Const, fn
    facts = [("card", "x). #false :- ."), ("card_cost", "C", Const("generic"), 3),
             ("ability_cost", fn("ab", "C", 1), fn("mana", fn("hybrid", Const("w"), Const("u")), 1)),
             ("pair", ("a", 1), ()), ("neg", -5)]
    assert codec.decode(codec.encode(facts)) == facts
    for bad in ('[["p", true]]', '[["p", 1.5]]', '[["p", null]]', '[["p", {"c": "Not A Const"}]]',
                '[["p", {"c": 1}]]', '[[1]]', '{"p": 1}', '[["p", {"f": []}]]'):
        with pytest.raises(ValueError):
            codec.decode(bad)


def test_note_codec_keeps_answers_qualified_by_a_zone():
    """A line that functions only from a graveyard is a note for "actions@graveyard" (113.6b): the card
    database and the compile cache store it and read it back (they refused it: the card was compiled
    again on every read); an unknown answer or zone is refused."""
    from pyengine.carddb import codec
    from pyengine.compiled import Note
    notes = [Note("C", 2, "Unearth {U}", frozenset({"actions", "apply"}), "not modelled",
                  frozenset({"actions@graveyard", "apply@graveyard", "cast-free"}))]
    assert codec.decode_notes(codec.encode_notes(notes)) == notes
    for bad in ('[["C", 1, "t", ["actions"], "r", ["actions@sideboard"]]]',
                '[["C", 1, "t", ["actions"], "r", ["nothing@graveyard"]]]',
                '[["C", 1, "t", ["actions"], "r", [1]]]'):
        with pytest.raises(ValueError):
            codec.decode_notes(bad)


def test_a_database_card_may_not_reuse_a_name_of_the_snapshot(atomic_db, use_db):
    """The KB keys facts by card and face names: a snapshot card named Stomp and the database's
    Bonecrusher Giant // Stomp can't be used together."""
    use_db(atomic_db)
    mine = {"name": "Stomp", "type": "Instant", "mana_cost": "{R}", "text": "Stomp deals 1 damage to any target."}
    assert problems(snap(hand=["Bonecrusher Giant"], cards=[mine])) == [
        "hand[alice][0]: card 'Bonecrusher Giant // Stomp' of the card database uses the name 'Stomp', "
        "which card 'Stomp' already uses differently; a snapshot can use only one of them"]
