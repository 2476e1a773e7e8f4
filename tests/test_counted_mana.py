"""Mana counted on the board: "Add {B} for each Swamp you control." adds one mana for each
permanent its controller controls that matches the description, counted when the ability resolves
(106.3, 608.2h); a description of permanents means permanents on the battlefield (109.2). The
filter terms are read by one interpreter (kb/filters.lp). Real cards, Oracle text as printed."""

import yaml

from helpers import run_cli
from pyengine import cardlib
from pyengine.compiler import compile_card

CARDS = [
    {"name": "Cabal Coffers", "type": "Land", "text": "{2}, {T}: Add {B} for each Swamp you control."},
    {"name": "Elvish Archdruid", "mana_cost": "{1}{G}{G}", "type": "Creature — Elf Druid", "power": "2",
     "toughness": "2", "text": "Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control."},
    {"name": "Watery Grave", "type": "Land — Island Swamp",
     "text": "({T}: Add {U} or {B}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped."},
]


def board(tmp_path, perms):
    snap = {"players": ["alice", "bob"], "active": "alice", "cards": CARDS,
            "battlefield": [dict(zip(("id", "card", "controller"), p)) for p in perms]}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap))
    return str(p)


def produce(snap, pid):
    code, out, err = run_cli(["produce", snap, pid, "--json"])
    assert (code, err) == (0, ""), err
    return out["amounts"]


def test_cabal_coffers_counts_every_swamp_you_control(tmp_path):
    # Swamp (basic land type) and Watery Grave (Island Swamp: a Swamp, 305.6) count; the opponent's
    # Swamp does not ("you control"); Cabal Coffers itself is no Swamp
    s = board(tmp_path, [("coffers", "Cabal Coffers", "alice"), ("s1", "Swamp", "alice"),
                         ("grave", "Watery Grave", "alice"), ("s2", "Swamp", "bob")])
    assert produce(s, "coffers") == [{"B": 2}]
    code, out, _ = run_cli(["could-produce", s, "--json"])
    assert out["coffers"] == ["B"]


def test_no_swamp_adds_no_mana(tmp_path):
    s = board(tmp_path, [("coffers", "Cabal Coffers", "alice"), ("s2", "Swamp", "bob")])
    assert produce(s, "coffers") == [{}]                     # 106.5: no mana
    code, out, _ = run_cli(["could-produce", s, "--json"])
    assert out["coffers"] == []


def test_elvish_archdruid_counts_itself_and_other_elves(tmp_path):
    s = board(tmp_path, [("druid", "Elvish Archdruid", "alice"), ("elves", "Llanowar Elves", "alice"),
                         ("bob_elves", "Llanowar Elves", "bob")])
    assert produce(s, "druid") == [{"G": 2}]


def test_each_other_permanent_is_counted_per_permanent():
    """"each other Goblin" is relative to the ability's permanent (109.2): others(you_control(F)),
    counted per permanent by kb/game_amounts.lp, so only paying with that mana is a note."""
    c = compile_card(cardlib.parse_card({"name": "X", "type": "Creature — Goblin",
                                         "text": "{T}: Add {R} for each other Goblin you control."}))
    [n] = c.not_modelled
    assert "could-produce" not in n.affects and "produce" not in n.affects
    assert ("mana_amount", c.facts[-3][1], 1, c.facts[-3][3], c.facts[-3][4]) in c.facts
    assert c.facts[-3][4].name == "others"
