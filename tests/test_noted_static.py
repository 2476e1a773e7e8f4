"""Issue 11, static abilities of mana cards: the lines the compiler now carries out and the notes
made precise. The answers on a board are scenarios: tests/scenarios/noted_static.yaml."""

import pytest

from helpers import compiled, facts_of
from pyengine.compiler.affects import ALL


def _notes(c):
    return {n.line: set(n.affects) for n in c.not_modelled}


# --- notes made precise ---------------------------------------------------------------------------

def test_boasting_twice_changes_only_how_often_a_boast_ability_is_activated():
    """702.142a: a boast ability may be activated only once each turn; "can boast twice" changes
    that (602.5b), not what any ability adds (Birgi, God of Storytelling)."""
    c = compiled("Birgi, God of Storytelling", "Legendary Creature — God",
                 "Creatures you control can boast twice during each of your turns rather than once.")
    assert _notes(c) == {1: {"actions", "apply"}}


def test_teamwork_is_an_additional_cost_of_the_spell():
    """Teamwork's reminder text: "As an additional cost to cast this spell, you may tap any number
    of creatures you control with total power 2 or more" (118.8, 601.2b): it changes casting, never
    what a permanent could produce or a mana ability adds (Crossover Collaboration)."""
    c = compiled("Crossover Collaboration", "Instant", "Teamwork 2")
    assert not _notes(c)[1] & {"could-produce", "produce"}
    assert _notes(c)[1] >= {"cast-free", "apply"}


def test_starting_intensity_of_a_spell_is_read_by_the_spell_only():
    """An instant's intensity is read by its own text ("Add X {U} and X {R}, where X is this
    spell's intensity"): what the spell does (cast-free, apply), never a permanent's mana
    (Summitfest Closing Ceremony). On a permanent, whose own mana may read it, every answer."""
    assert _notes(compiled("Summitfest Closing Ceremony", "Instant", "Starting intensity 3")) == \
        {1: {"cast-free", "apply"}}
    assert _notes(compiled("Runaway Growth", "Enchantment — Aura", "Starting intensity 1")) == {1: set(ALL)}


# --- abilities had while a state condition holds (611.3a, kb/gates.lp) -----------------------------

MUL_DAYA = ("Play with the top card of your library revealed.\n"
            "As long as the top card of your library is a creature card, this creature gets +3/+3.\n"
            'As long as the top card of your library is a land card, this creature has "{T}: Add two mana of any one color."')


def test_top_card_of_the_library_is_a_state_condition():
    """401.1, 611.3a: "As long as the top card of your library is a land card, this creature has
    "..."" gives the quoted mana ability while top_of_library(land) holds (Mul Daya Channelers)."""
    c = compiled("Mul Daya Channelers", "Creature — Elf Druid Shaman", MUL_DAYA)
    assert facts_of(c, "ability_while") == [
        'ability_while(ab("Mul Daya Channelers",3),top_of_library(land),granted(ab("Mul Daya Channelers",3),1))']
    assert 3 not in _notes(c)
    assert not any(a & {"could-produce", "produce"} for a in _notes(c).values())


def test_a_condition_after_the_clause_gates_a_keyword():
    """"This creature has firebending 2 as long as there's a Lesson card in your graveyard."
    (611.3a): firebending (702.189a) while graveyard_has(subtype("Lesson"),1); a triggered ability,
    so the note is for resolving it only (Fire Nation Cadets)."""
    c = compiled("Fire Nation Cadets", "Creature — Human Soldier",
                 "This creature has firebending 2 as long as there's a Lesson card in your graveyard.")
    assert facts_of(c, "ability_while") == [
        'ability_while(ab("Fire Nation Cadets",1),graveyard_has(subtype("Lesson"),1),'
        'granted(ab("Fire Nation Cadets",1),firebending))']
    assert _notes(c) == {1: {"apply"}}


@pytest.mark.parametrize("lead,term", [
    ("As long as there are two or more creature cards in your graveyard", "graveyard_has(creature,2)"),
    ("As long as there are fewer than three land cards in your graveyard", "non(graveyard_has(land,3))"),
    ("As long as there are seven or more cards in your graveyard", "graveyard_at_least(7)"),
])
def test_graveyard_conditions(lead, term):
    """404.1: the cards of a given kind in its controller's graveyard."""
    c = compiled("Test Elf", "Creature — Elf", lead + ', this creature has "{T}: Add {G}."')
    assert facts_of(c, "ability_while") == [f'ability_while(ab("Test Elf",1),{term},granted(ab("Test Elf",1),1))']
