"""Mana "in any combination" (106.1b): "Add two mana in any combination of colors" adds two
mana, each of any color chosen independently, so the outcomes are every multiset of that size
over the allowed types, and the permanent could produce each allowed type (106.7). Real cards:
Terrarion ({2}, {T}, sacrifice: two mana in any combination of colors), Shaman of Forgotten Ways
({T}: two mana in any combination of colors, spent only on creature spells: 106.6)."""

import yaml

from helpers import run_cli
from pyengine import cardlib
from pyengine.compiler import compile_card

CARDS = [
    {"name": "Terrarion", "mana_cost": "{1}", "type": "Artifact",
     "text": "This artifact enters tapped.\n{2}, {T}, Sacrifice this artifact: Add two mana in any combination of "
             "colors.\nWhen this artifact is put into a graveyard from the battlefield, draw a card."},
    {"name": "Shaman of Forgotten Ways", "mana_cost": "{2}{G}", "type": "Creature — Human Shaman", "power": "2",
     "toughness": "3", "text": "{T}: Add two mana in any combination of colors. Spend this mana only to cast "
                               "creature spells.\nFormidable — {9}{G}{G}, {T}: Each player's life total becomes the "
                               "number of creatures they control. Activate only if creatures you control have total "
                               "power 8 or greater."},
]


def board(tmp_path):
    snap = {"players": ["alice"], "active": "alice", "cards": CARDS,
            "battlefield": [{"id": "t", "card": "Terrarion", "controller": "alice"},
                            {"id": "shaman", "card": "Shaman of Forgotten Ways", "controller": "alice"},
                            {"id": "f", "card": "Forest", "controller": "alice"}]}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap))
    return str(p)


def test_two_mana_in_any_combination_of_colors(tmp_path):
    s = board(tmp_path)
    code, out, err = run_cli(["produce", s, "t", "--json"])
    assert code == 0 and "Terrarion" not in err, err
    # the 15 multisets of two colors: 5 of a color twice, 10 of two different colors
    assert len(out["amounts"]) == 15
    assert {"W": 2} in out["amounts"] and {"U": 1, "B": 1} in out["amounts"]
    assert all(sum(a.values()) == 2 and "C" not in a for a in out["amounts"])
    code, out, _ = run_cli(["could-produce", s, "--json"])
    assert out["t"] == ["B", "G", "R", "U", "W"]


def test_a_combination_with_a_spend_restriction(tmp_path):
    s = board(tmp_path)
    code, out, err = run_cli(["produce", s, "shaman", "--json"])
    assert code == 0 and "Shaman of Forgotten Ways (line 1)" not in err, err
    assert len(out["amounts"]) == 15 and {"G": 1, "R": 1} in out["amounts"]
    assert [r["restriction"] for r in out["spend_only"]] == ["cast(creature)"]
    code, out, _ = run_cli(["could-produce", s, "--json"])
    assert out["shaman"] == ["B", "G", "R", "U", "W"]


def test_an_amount_of_x_stays_a_note():
    """"{X}, {T}, Sacrifice this artifact: Add X mana in any combination of colors." (Wizard's Rockets):
    X paid in the cost is not a number the compiler models here: a note for could-produce and produce.
    (X counters removed by the cost are: tests/test_amounts.py.)"""
    c = compile_card(cardlib.parse_card({"name": "Wizard's Rockets", "type": "Artifact", "text":
                                         "{X}, {T}, Sacrifice this artifact: Add X mana in any combination of "
                                         "colors."}))
    assert [n.line for n in c.not_modelled] == [1]
    assert {"could-produce", "produce"} <= c.not_modelled[0].affects
