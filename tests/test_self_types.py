"""Static abilities that add types to their own permanent (205.1b, 604.3, 613.1d; kb/self_types.lp).
Real cards, Oracle text as printed; each answer changes what another permanent could produce (106.7)."""


from helpers import cli_json, snapshot_file
from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import Const, fn

SKYCLAVE = {"name": "Awakened Skyclave", "mana_cost": "{3}{G}", "type": "Creature — Elemental", "power": 4,
            "toughness": 4, "text": "Vigilance, haste\nAs long as this creature is on the battlefield, it's a land "
                                    "in addition to its other types.\n{T}: Add one mana of any color."}
NEXUS = {"name": "Planar Nexus", "type": "Land",
         "text": "This land is every nonbasic land type. (Nonbasic land types include Cave, Desert, Gate, Lair, "
                 "Locus, Mine, Power-Plant, Sphere, Tower, and Urza's.)\n{T}: Add {C}.\n{1}, {T}: Add one mana of any color."}
PACKBEAST = {"name": "Stonework Packbeast", "mana_cost": "{1}", "type": "Artifact Creature — Golem", "power": 1,
             "toughness": 1, "text": "Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard.\n"
                                     "{2}: Add one mana of any color."}
GOND_GATE = {"name": "Gond Gate", "type": "Land — Gate",
             "text": "Other Gates you control enter untapped.\n{T}: Add one mana of any color that a Gate you "
                     "control could produce."}
POOL = {"name": "Reflecting Pool", "type": "Land",
        "text": "{T}: Add one mana of any type that a land you control could produce."}


def board(tmp_path, perms):
    snap = {"players": ["alice", "bob"], "cards": [SKYCLAVE, NEXUS, PACKBEAST, GOND_GATE, POOL],
            "battlefield": [dict(zip(("id", "card", "controller"), p)) for p in perms]}
    return snapshot_file(tmp_path, snap)


answer = cli_json


def test_a_creature_that_is_also_a_land_is_reflected_by_reflecting_pool(tmp_path):
    # Awakened Skyclave is a land (and still a creature): a land alice controls that could produce
    # any color, so her Reflecting Pool could too (106.7)
    s = board(tmp_path, [("sky", "Awakened Skyclave", "alice"), ("pool", "Reflecting Pool", "alice")])
    assert answer(["could-produce", s])["pool"] == ["B", "G", "R", "U", "W"]
    shown = answer(["show", s, "sky"])
    assert sorted(shown["types"]) == ["Creature", "Land"] and shown["subtypes"] == ["Elemental"]


def test_every_nonbasic_land_type_makes_planar_nexus_a_gate(tmp_path):
    # 205.3i: Gate is a nonbasic land type; Gond Gate reflects the colors a Gate alice controls could
    # produce: Planar Nexus ({1}, {T}: any color), not colorless (a reflector of colors, 106.7)
    s = board(tmp_path, [("nexus", "Planar Nexus", "alice"), ("gond", "Gond Gate", "alice")])
    assert answer(["could-produce", s])["gond"] == ["B", "G", "R", "U", "W"]
    assert answer(["show", s, "nexus"])["subtypes"] == [
        "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Planet", "Power-Plant", "Sphere", "Tower", "Town", "Urza's"]


def test_is_also_adds_creature_types(tmp_path):
    s = board(tmp_path, [("beast", "Stonework Packbeast", "alice")])
    assert answer(["show", s, "beast"])["subtypes"] == ["Cleric", "Golem", "Rogue", "Warrior", "Wizard"]


def test_the_lines_are_no_longer_notes_and_their_facts_are_read_as_types():
    facts = {c["name"]: compile_card(cardlib.parse_card(c)) for c in (SKYCLAVE, NEXUS, PACKBEAST)}
    assert all(not c.not_modelled for c in facts.values())
    kinds = {f[0] for c in facts.values() for f in c.facts}
    assert {"self_adds_type", "self_adds_subtype", "self_adds_land_types"} <= kinds


def test_a_type_that_replaces_the_others_under_a_counter_condition():
    # Arixmethes: "it's a land. (It's not a creature.)" replaces its card types (205.1a) while it has a
    # slumber counter (611.3a): self_types_while(Ab,self_counters(slumber,1),set,land) (kb/gates.lp)
    c = compile_card(cardlib.parse_card({"name": "Arixmethes, Slumbering Isle", "type": "Legendary Creature — Kraken",
                                         "mana_cost": "{2}{G}{U}", "power": 12, "toughness": 12, "text":
                                         "As long as Arixmethes has a slumber counter on it, it's a land. (It's not a creature.)"}))
    assert not c.not_modelled
    assert ("self_types_while", c.facts[-1][1], fn("self_counters", "slumber", 1), Const("set"), Const("land")) in c.facts


def test_a_type_that_replaces_the_others_on_other_turns_stays_a_note():
    # "During turns other than yours, ..." is a condition the KB reads (500.1, kb/gates.lp; Warden of
    # the Wall, tests/test_noted_static.py), but new card types that would replace a printed one
    # (205.1a: this enchantment would stop being an enchantment) are not read
    c = compile_card(cardlib.parse_card({"name": "Test Wall", "type": "Enchantment", "mana_cost": "{3}", "text":
                                         "During turns other than yours, this enchantment is a 2/3 Gargoyle artifact "
                                         "creature with flying."}))
    [note] = c.not_modelled
    assert "could-produce" in note.affects
