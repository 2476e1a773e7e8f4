"""Issue 11, activated mana abilities whose amount, kind or condition the compiler now gives the KB
(noted_a): cards of the graveyard by color and supertype, a color among them, a filter on N or more
counters, different powers, creatures sharing a creature type, creatures of the chosen type. The answers on a board are scenarios:
tests/scenarios/noted_mana_a.yaml."""

import pytest

from helpers import compiled, facts_of

MANA_ANSWERS = {"could-produce", "produce"}


def _mana_notes(c):
    return [n for n in c.not_modelled if set(n.affects) & MANA_ANSWERS]


@pytest.mark.parametrize("name,type,text,pred,fact", [
    ("Crypt of Agadeem", "Land", "{2}, {T}: Add {B} for each black creature card in your graveyard.",
     "mana_amount", 'mana_amount(ab("Crypt of Agadeem",1),1,b,count(graveyard_cards(and(color(b),creature))))'),
    ("The Grey Havens", "Legendary Land",
     "{T}: Add one mana of any color among legendary creature cards in your graveyard.",
     "mana_color_among",
     'mana_color_among(ab("The Grey Havens",1),1,graveyard_cards(and(supertype(legendary),creature)))'),
    ("Corrupted Grafstone", "Artifact",
     "{T}: Choose a color of a card in your graveyard. Add one mana of that color.",
     "mana_color_among", 'mana_color_among(ab("Corrupted Grafstone",1),1,graveyard_cards(card))'),
    ("Brood Astronomer", "Creature — Insect Scientist",
     "{T}: Add one mana of any color. If you control a Planet with twelve or more charge counters on it, "
     "add three mana of any one color instead.",
     "mana_if", 'mana_if(ab("Brood Astronomer",1),you_control_at_least(and(subtype("Planet"),'
                'with_counters("charge",12)),1))'),
    ("Selvala, Eager Trailblazer", "Legendary Creature — Elf Scout",
     "{T}: Choose a color. Add one mana of that color for each different power among creatures you control.",
     "mana_amount", 'mana_amount(ab("Selvala, Eager Trailblazer",1),5,g,different(power,you_control(creature)))'),
    ("White Lotus Tile", "Artifact",
     "{T}: Add X mana of any one color, where X is the greatest number of creatures you control that have "
     "a creature type in common.",
     "mana_amount", 'mana_amount(ab("White Lotus Tile",1),1,w,most_in_common(you_control(creature)))'),
    ("Three Tree City", "Legendary Land",
     "{2}, {T}: Choose a color. Add an amount of mana of that color equal to the number of creatures you "
     "control of the chosen type.",
     "mana_amount", 'mana_amount(ab("Three Tree City",1),2,u,chosen_type(you_control(creature)))'),
    ("Ugin's Labyrinth", "Land", "{T}: Add {C}. If a card is exiled with this land, add {C}{C} instead.",
     "mana_if", 'mana_if(ab("Ugin\'s Labyrinth",1),card_exiled_with)'),
])
def test_mana_line_is_given_to_the_kb(name, type, text, pred, fact):
    """608.2h: the amount or colors are read from the game as the ability resolves; the KB has the
    line, so no note for what the permanent could produce or adds (the conditional case of Brood
    Astronomer is still a note for the answers that pay, as for every "instead" case)."""
    c = compiled(name, type, text)
    assert fact in facts_of(c, pred)
    assert not _mana_notes(c), c.not_modelled


def test_a_negated_or_unknown_graveyard_kind_stays_a_note():
    """Only card types, permanent, colors and supertypes are kinds the KB reads in a graveyard: a
    nonblack creature card (a negation) is not, so the line stays a note for the mana answers."""
    c = compiled("Test Crypt", "Land", "{T}: Add {B} for each nonblack creature card in your graveyard.")
    assert _mana_notes(c)


def test_counters_filter_needs_a_number():
    """with_counters("K",N) is "N or more K counters on it"; "a K counter on it" stays with_counter."""
    from pyengine.compiler.mana_ir import known_filter
    from pyengine.terms import fn
    assert known_filter(fn("with_counters", "charge", 12))
    assert not known_filter(fn("with_counters", "charge", 0))
