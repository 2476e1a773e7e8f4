"""613.1f: one static ability that grants an ability and removes all others ("All lands have "{T}: Add
one mana of any color" and lose all other abilities.", Toxicrene; kb/lose_other_abilities.lp). A basic
land loses its intrinsic mana ability too (305.6 abilities are abilities of the land). Real Oracle text."""


from helpers import cli_json, snapshot_file
from pyengine import cardlib
from pyengine.compiler import compile_card

TOXICRENE = {"name": "Toxicrene", "mana_cost": "{5}{G}{G}{G}", "type": "Creature — Plant Horror", "power": 8,
             "toughness": 8, "text": "Reach, deathtouch\nHypertoxic Miasma — All lands have \"{T}: Add one mana "
                                     "of any color\" and lose all other abilities."}
COFFERS = {"name": "Cabal Coffers", "type": "Land", "text": "{2}, {T}: Add {B} for each Swamp you control."}


def board(tmp_path, perms):
    snap = {"players": ["alice", "bob"], "cards": [TOXICRENE, COFFERS],
            "battlefield": [dict(zip(("id", "card", "controller"), p)) for p in perms]}
    return snapshot_file(tmp_path, snap)


answer = cli_json


def test_every_land_has_only_the_granted_ability(tmp_path):
    s = board(tmp_path, [("tox", "Toxicrene", "alice"), ("swamp", "Swamp", "bob"), ("coffers", "Cabal Coffers", "bob"),
                         ("elves", "Llanowar Elves", "bob")])
    # the lands of both players; Llanowar Elves is no land and keeps its ability
    assert answer(["could-produce", s]) == {"coffers": ["B", "G", "R", "U", "W"], "elves": ["G"],
                                            "swamp": ["B", "G", "R", "U", "W"], "tox": []}
    # Cabal Coffers lost "Add {B} for each Swamp": one mana of any color, not one {B} per Swamp
    assert answer(["produce", s, "coffers"])["amounts"] == [{"B": 1}, {"G": 1}, {"R": 1}, {"U": 1}, {"W": 1}]
    swamp = answer(["show", s, "swamp"])
    assert swamp["abilities"] == ["{T}: Add one mana of any color"] and swamp["subtypes"] == ["Swamp"]
    assert sorted(answer(["show", s, "tox"])["keywords"]) == ["deathtouch", "reach"]


def test_without_toxicrene_the_lands_keep_their_abilities(tmp_path):
    s = board(tmp_path, [("swamp", "Swamp", "bob"), ("coffers", "Cabal Coffers", "bob")])
    assert answer(["produce", s, "coffers"])["amounts"] == [{"B": 1}]


def test_the_line_is_modelled():
    c = compile_card(cardlib.parse_card(TOXICRENE))
    assert c.not_modelled == []
    assert ("loses_other_abilities", "land") in {(f[0], str(f[2])) for f in c.facts if f[0] == "loses_other_abilities"}
