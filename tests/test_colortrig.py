"""Mana triggers on the color of the mana (issue 11, branch colortrig): the compiler gives the facts
kb/mana_triggers.lp reads (the answers are scenarios, tests/scenarios/colortrig.yaml). Oracle text as
printed."""

from pyengine.cardlib import parse_card
from pyengine.compiler import compile_card
from pyengine.terms import Const

CARDS = {
    "Gauntlet of Power": {"type": "Artifact", "mana_cost": "{5}",
                          "text": "As this artifact enters, choose a color.\nCreatures of the chosen color get +1/+1.\n"
                                  "Whenever a basic land is tapped for mana of the chosen color, its controller adds "
                                  "an additional one mana of that color."},
    "Caged Sun": {"type": "Artifact", "mana_cost": "{6}",
                  "text": "As this artifact enters, choose a color.\nCreatures you control of the chosen color get "
                          "+1/+1.\nWhenever a land's ability causes you to add one or more mana of the chosen color, "
                          "add an additional one mana of that color."},
}
MANA_ANSWERS = {"could-produce", "produce"}


def compiled(name):
    return compile_card(parse_card(dict(CARDS[name], name=name)))


def test_gauntlet_of_power_is_a_chosen_color_trigger_of_any_player():
    card = compiled("Gauntlet of Power")
    assert [n for n in card.not_modelled if n.affects & MANA_ANSWERS] == []
    facts = card.facts
    assert any(f[0] == "mana_trigger_chosen" for f in facts), facts
    assert any(f[0] == "mana_trigger_on" and f[3:] == (Const("any"), Const("its_controller")) for f in facts)
    assert any(f[0] == "mana_chosen" and f[2:] == (1, 1) for f in facts)


def test_caged_sun_is_carried_out_and_stays_a_note():
    # 106.12a: "a land's ability causes you to add" also fires on a land's mana ability that does not
    # tap it (storage lands), which the KB does not tell apart: the line stays a note for produce
    card = compiled("Caged Sun")
    assert any(f[0] == "mana_trigger_chosen" for f in card.facts)
    assert any(f[0] == "mana_trigger_on" and f[3:] == (Const("you"), Const("you")) for f in card.facts)
    assert any("produce" in n.affects for n in card.not_modelled)


def test_a_chosen_color_trigger_on_an_unknown_filter_stays_a_note():
    card = compile_card(parse_card({"name": "Test Gauntlet", "type": "Artifact", "text":
                                    "Whenever a land named Foo Bar Baz with flying is tapped for mana of the chosen "
                                    "color, its controller adds an additional one mana of that color."}))
    assert any(n.affects & MANA_ANSWERS for n in card.not_modelled)
