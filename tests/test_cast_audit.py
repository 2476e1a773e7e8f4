"""Casting a card from a hand: no silent wrong answer (601.2).

An instant's or sorcery's text is mostly what it does as it resolves (608.2), which cannot change
whether it may be cast now; but a line about casting it can: an alternative cost (118.9), an
additional cost (118.8, 601.2b), a change of its cost (601.2f), a permission to cast it as though
it had flash (702.8a) or from another zone (601.3), a static ability that functions while it is on
the stack (113.6: "spells that target it cost {2} more"). Such a line that the KB does not carry
out is a note for `actions`.

A spell with targets (601.2c: an instant or sorcery whose instructions name a target, 115.1a; an
Aura, 303.4a, 115.1b) is listed with ``not_checked: targets (601.2c)``: the KB does not check that
it has legal targets. The cards are real (tests/data/cast_audit_cards.json, Oracle text).
"""

import json
from pathlib import Path

import pytest

from pyengine import api, cardlib, snapshot
from pyengine.compiler import affects, compile_card, parse_line
from pyengine.facts import not_modelled

CARDS = {d["name"]: d for d in json.loads(
    (Path(__file__).resolve().parent / "data" / "cast_audit_cards.json").read_text(encoding="utf-8"))}


def line_of(name, n):
    return CARDS[name]["text"].split("\n")[n - 1]


@pytest.mark.parametrize("name,n,casting", [
    ("Gush", 1, True),                  # 118.9: an alternative cost
    ("Fireblast", 1, True),             # 118.9
    ("Force of Will", 1, True),         # 118.9
    ("Toxic Deluge", 1, True),          # 118.8, 601.2b: an additional cost
    ("Mutual Destruction", 2, True),    # 118.8
    ("Mutual Destruction", 1, True),    # 702.8a: it may have flash (307.1 timing no longer applies)
    ("Wizard's Retort", 1, True),       # 601.2f: its total cost
    ("Kaervek's Torch", 1, True),       # 113.6, 601.2f: other spells' total cost while it is on the stack
    ("Ertai's Meddling", 1, True),      # 107.3, 601.2b: "X can't be 0." (actions casts with X = 0)
    ("Gush", 2, False),                 # 608.2: "Draw two cards." is done as it resolves
    ("Opt", 2, False),
    ("Toxic Deluge", 2, False),
    ("Tragic Slip", 1, False),          # its target: not_checked, not a note (below)
])
def test_a_line_about_casting_an_instant_or_sorcery_concerns_actions(name, n, casting):
    got = affects.of_ability(parse_line(line_of(name, n)).ability, spell=True)
    assert ("actions" in got) is casting
    assert {"cast-free", "apply"} <= got            # what casting it for free and resolving it do


@pytest.mark.parametrize("name,n", [
    ("Supernatural Rescue", 1),         # 702.8a: "This spell has flash as long as you control a Spirit."
    ("Teferi, Mage of Zhalfir", 2),     # 702.8a: "Creature cards you own that aren't on the battlefield have flash."
    ("Goremand", 1),                    # 118.8, 601.2b: "As an additional cost to cast this spell, sacrifice a creature."
])
def test_a_permanent_cards_line_about_casting_concerns_actions(name, n):
    # when a card with flash may be cast (702.8a, 307.1), an additional cost it can't pay (118.8):
    # such a line that the KB does not carry out could change which casts are legal now
    assert "actions" in affects.of_ability(parse_line(line_of(name, n)).ability)


@pytest.mark.parametrize("name,targets", [
    ("Tragic Slip", True),          # "Target creature gets -1/-1" (115.1a; a capital T)
    ("Lightning Bolt", True),       # "any target" (115.4)
    ("Fireblast", True),
    ("Identity Crisis", True),      # "target player's hand and graveyard"
    ("Rancor", True),               # 303.4a: an Aura spell targets
    ("Chant of the Skifsang", True),
    ("Supernatural Rescue", True),  # an Aura (303.4a); its cast trigger's targets are the trigger's (603.3d)
    ("Gush", False), ("Opt", False), ("Toxic Deluge", False),
    ("Flametongue Kavu", False),    # 115.1: its enters trigger targets, not the creature spell
    ("Grizzly Bears", False),
])
def test_which_spells_require_targets(name, targets):
    facts = compile_card(cardlib.parse_card(CARDS[name])).facts
    assert (("card_spell_targets", name) in facts) is targets


def board(hand, battlefield, **more):
    names = set(hand) | {p["card"] for p in battlefield}
    return snapshot.validate({
        "players": ["alice", "bob"], "active": "alice", "battlefield": battlefield,
        "hand": {"alice": hand}, "cards": [CARDS[n] for n in sorted(names) if n in CARDS], **more})


def test_tragic_slip_without_a_creature_says_its_target_is_not_checked():
    # 601.2c: with no creature on the battlefield Tragic Slip has no legal target; the KB does
    # not check targets, so the cast it lists says so
    snap = board(["Tragic Slip"], [{"id": "s1", "card": "Swamp", "controller": "alice"}])
    [slip] = [a for a in api.actions(snap, "alice")["actions"] if a.get("card") == "Tragic Slip"]
    assert slip["not_checked"] == ["targets (601.2c)"]


def test_a_refusal_for_the_mana_cost_is_qualified_by_the_alternative_cost():
    # 118.9: Gush may be cast by returning two Islands instead of paying {4}{U}: its refusal for its
    # mana cost (118.3) stands beside the alternative cast, which is listed (kb/alternative_costs.lp);
    # Invigorate's "If you control a Forest, rather than pay ..., you may have an opponent gain 3
    # life" is not modelled, so refusing it for its mana cost is qualified by a note for actions
    islands = [{"id": f"i{k}", "card": "Island", "controller": "alice"} for k in (1, 2)]
    snap = board(["Gush"], islands)
    got = api.actions(snap, "alice")
    assert any(r.get("card") == "Gush" and r["reason"] == "cannot_pay_mana_cost" for r in got["refused"])
    assert any(a.get("card") == "Gush" and a.get("alternative_cost") == "rather_than" for a in got["actions"])
    snap = board(["Invigorate"], [{"id": "f1", "card": "Forest", "controller": "alice"}])
    refused = any(r.get("card") == "Invigorate" and r["reason"] == "cannot_pay_mana_cost"
                  for r in api.actions(snap, "alice")["refused"])
    assert refused and ("Invigorate", 1) in {(n.card, n.line) for n in not_modelled(snap, "actions")}


def test_a_card_with_no_mana_cost_is_not_cast_by_paying_it():
    # 202.1b, 118.6: no mana symbols where the mana cost would appear is an unpayable cost:
    # `actions` (casting by paying the mana cost) refuses it, whatever mana is available; a land
    # card is refused as a land (305.9); a card with a mana cost of {0} is cast for {0}
    snap = board(["Evermind", "Ancestral Vision", "Forest"],
                 [{"id": "i1", "card": "Island", "controller": "alice"}])
    got = api.actions(snap, "alice")
    refused = {(r["card"], r["rule"], r["reason"]) for r in got["refused"] if r["kind"] == "cast"}
    assert {("Evermind", "118.6", "no_mana_cost"), ("Ancestral Vision", "118.6", "no_mana_cost")} <= refused
    assert ("Forest", "305.9", "land_card") in refused and not any(r[0] == "Forest" and r[1] == "118.6" for r in refused)
    assert not [a for a in got["actions"] if a["kind"] == "cast"]
