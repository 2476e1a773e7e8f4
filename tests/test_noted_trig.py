"""Mana cards whose could-produce/produce notes issue 11 removed on branch noted_trig: the compiler
gives the facts the KB reads (the answers are scenarios, tests/scenarios/noted_trig.yaml). Oracle
text as printed."""

import pytest

from pyengine.cardlib import parse_card
from pyengine.compiler import compile_card
from pyengine.terms import Const, fn

CARDS = {
    "Powerstone Shard": {"type": "Artifact", "mana_cost": "{3}",
                         "text": "{T}: Add {C} for each artifact you control named Powerstone Shard."},
    "Tower Worker": {"type": "Artifact Creature — Assembly-Worker", "mana_cost": "{3}", "power": "1",
                     "toughness": "3", "text": "Reach\n{T}: Add {C}. If you control creatures named Mine Worker "
                                               "and Power Plant Worker, add {C}{C}{C} instead."},
    "Regal Behemoth": {"type": "Creature — Dinosaur", "mana_cost": "{4}{G}{G}", "power": "5", "toughness": "5",
                       "text": "Trample\nWhen this creature enters, you become the monarch.\nWhenever you tap a "
                               "land for mana while you're the monarch, add an additional one mana of any color."},
}
MANA_ANSWERS = {"could-produce", "produce"}


def compiled(name):
    return compile_card(parse_card(dict(CARDS[name], name=name)))


@pytest.mark.parametrize("name", sorted(CARDS))
def test_no_note_for_could_produce_or_produce(name):
    assert [n for n in compiled(name).not_modelled if n.affects & MANA_ANSWERS] == []


def test_named_self_is_the_cards_own_name():
    # 201.2: "named Powerstone Shard" names an object by name (the card's own written out for "~")
    facts = compiled("Powerstone Shard").facts
    f = fn("you_control", fn("and", Const("artifact"), fn("named", "Powerstone Shard")))
    assert any(x[0] == "mana_amount" and x[4] == fn("count", f) for x in facts), facts


def test_creatures_named_a_and_b_is_one_of_each():
    facts = compiled("Tower Worker").facts
    each = [fn("you_control_at_least", fn("and", Const("creature"), fn("named", n)), 1)
            for n in ("Mine Worker", "Power Plant Worker")]
    assert any(x[0] == "mana_if" and x[2] == fn("and", *each) for x in facts), facts


def test_a_trigger_while_you_are_the_monarch():
    facts = compiled("Regal Behemoth").facts
    assert any(x[0] == "mana_trigger_while" and x[2] == Const("monarch") for x in facts)
    assert any(x[0] == "mana_trigger_on" and x[3] == Const("you") for x in facts)


def test_a_trigger_with_a_condition_the_kb_does_not_know_stays_a_note():
    # "while you're the monarch" is the one condition read: another is no mana trigger of the KB
    card = parse_card({"name": "Test Behemoth", "type": "Creature — Dinosaur", "power": "5", "toughness": "5",
                       "text": "Whenever you tap a land for mana while you have the initiative, add an additional "
                               "one mana of any color."})
    notes = compile_card(card).not_modelled
    assert notes and all(n.affects & MANA_ANSWERS for n in notes)
