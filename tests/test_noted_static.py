"""Issue 11, static abilities of mana cards: the lines the compiler now carries out and the notes
made precise. The answers on a board are scenarios: tests/scenarios/noted_static.yaml."""

import pytest

from helpers import compiled, facts_of
from pyengine.compiler.affects import ALL
from pyengine.terms import Const


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


def test_revealing_from_the_opening_hand_is_no_ability_of_the_permanent():
    """103.6b: "You may reveal this card from your opening hand. If you do, at the beginning of your
    first main phase of the game, add {G}." is taken before the first turn; the mana comes from a
    delayed trigger (603.7) at the first main phase, never from an ability of the permanent, so what
    it could produce (106.7) and what it adds for mana (605.1a) are unchanged (Chancellor of the
    Tangle: on the battlefield it has no mana ability)."""
    c = compiled("Chancellor of the Tangle", "Creature — Phyrexian Beast",
                 "Vigilance, reach\nYou may reveal this card from your opening hand. If you do, at the beginning "
                 "of your first main phase of the game, add {G}.")
    assert _notes(c) == {2: {"apply"}}


def test_a_replacement_of_planeswalking_changes_only_performing_actions():
    """701.31, 901.8: planeswalking is done with plane cards and a planar deck, which no snapshot
    holds; a replacement of it (614.1a) changes what an action does, not what the creature adds
    (Susan Foreman, whose "{T}: Add ..." stays modelled)."""
    c = compiled("Susan Foreman", "Legendary Creature — Time Lord",
                 "If you would planeswalk, instead look at the top two cards of your planar deck, put one on "
                 "the bottom of your planar deck and the other on top, then planeswalk.")
    assert _notes(c) == {1: {"apply"}}


@pytest.mark.parametrize("color", ["black", "colorless"])
def test_a_replacement_of_mana_emptying_changes_only_the_end_of_a_step(color):
    """500.4, 106.4: "If you would lose unspent mana, that mana becomes black instead." replaces mana
    emptying from a pool as a step or phase ends: what abilities add, what a permanent could produce
    (106.7) and what a pool holds now are unchanged (Omnath, Locus of All; Horizon Stone)."""
    c = compiled("Horizon Stone", "Artifact", f"If you would lose unspent mana, that mana becomes {color} instead.")
    assert _notes(c) == {1: {"apply"}}


def test_a_limit_on_counters_is_applied_as_counters_are_put():
    """122.1, 614.1a: "~ can't have more than seven dream counters on it" stops counters being put;
    what removing one adds ("Remove a dream counter from ~: Add {C}.") reads the counters the
    snapshot gives, so could-produce and produce are unchanged (Rasputin Dreamweaver)."""
    c = compiled("Rasputin Dreamweaver", "Legendary Creature — Human Wizard",
                 "Rasputin Dreamweaver enters with seven dream counters on it.\n"
                 "Remove a dream counter from Rasputin: Add {C}.\n"
                 "Rasputin can't have more than seven dream counters on it.")
    assert _notes(c)[3] == {"apply"}
    assert not any(a & {"could-produce", "produce"} for a in _notes(c).values())


HAMLET = ("When this land enters, choose a land card name.\n"
          "Activated abilities of sources with the chosen name can't be activated unless they're mana abilities.\n"
          'Lands with the chosen name have "{T}: Add {C}."\n'
          "{T}: Add {C}.")


def test_lands_with_the_chosen_name_are_a_grant_filter():
    """614.12, 613.1f: "Lands with the chosen name have "{T}: Add {C}."" grants the ability to the
    lands named as the card name chosen for the granting permanent (chosen_name(land), read by
    kb/granted_abilities.lp with the snapshot's `chosen: {card_name: N}`); with none recorded each
    land gets it (every choice covered), so the note is for the answers that pay only. "can't be
    activated unless they're mana abilities" restricts activating (602.5), never what a mana
    ability adds (Petrified Hamlet, Pithing Needle)."""
    c = compiled("Petrified Hamlet", "Land", HAMLET)
    assert facts_of(c, "grants_filter") == [
        'grants_filter(ab("Petrified Hamlet",3),chosen_name(land),granted("Petrified Hamlet",3))']
    assert _notes(c) == {1: {"apply"}, 2: {"actions", "apply"}, 3: {"actions", "apply", "cast-free", "show"}}
    revoker = compiled("Phyrexian Revoker", "Artifact Creature — Phyrexian Horror",
                       "Activated abilities of sources with the chosen name can't be activated.")
    assert _notes(revoker) == {1: {"actions", "apply", "produce"}}   # it stops mana abilities too


def test_devotion_increased_by_one_is_a_fact_of_the_kb():
    """700.5: "Your devotion to each color and each combination of colors is increased by one."
    is devotion_increase(Ab,1), which kb/game_amounts.lp adds to its controller's devotion; no
    note is left on the line (Altar of the Pantheon)."""
    c = compiled("Altar of the Pantheon", "Artifact",
                 "Your devotion to each color and each combination of colors is increased by one.")
    assert facts_of(c, "devotion_increase") == ['devotion_increase(ab("Altar of the Pantheon",1),1)']
    assert _notes(c) == {}


# --- abilities had while a state condition holds (611.3a, kb/gates.lp) -----------------------------

MUL_DAYA = ("Play with the top card of your library revealed.\n"
            "As long as the top card of your library is a creature card, this creature gets +3/+3.\n"
            'As long as the top card of your library is a land card, this creature has "{T}: Add two mana of any one color."')


def test_top_card_of_the_library_is_a_state_condition():
    """401.1, 611.3a: "As long as the top card of your library is a land card, this creature has
    "..."" gives the quoted mana ability while top_of_library(land) holds, and "... is a creature
    card, this creature gets +3/+3" the P/T change (613.4c) while top_of_library(creature) does
    (Mul Daya Channelers)."""
    c = compiled("Mul Daya Channelers", "Creature — Elf Druid Shaman", MUL_DAYA)
    assert facts_of(c, "ability_while") == [
        'ability_while(ab("Mul Daya Channelers",2),top_of_library(creature),'
        'granted(ab("Mul Daya Channelers",2),pt_change))',
        'ability_while(ab("Mul Daya Channelers",3),top_of_library(land),granted(ab("Mul Daya Channelers",3),1))']
    assert 2 not in _notes(c) and 3 not in _notes(c)
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


# --- "Choose a player. That player adds ..." (608.2d) ----------------------------------------------

def test_mana_added_by_the_chosen_player_is_the_abilitys():
    """605.1a: no target, so a mana ability; its mana is what the ability produces (106.7), the chosen
    player choosing its color (106.1b). Who gets it is what performing it does: a note for apply;
    produce lists the outcome where another player is chosen (no mana for its controller, 608.2d),
    and the ability stays one its controller may activate (Spectral Searchlight)."""
    c = compiled("Spectral Searchlight", "Artifact",
                 "{T}: Choose a player. That player adds one mana of any color they choose.")
    assert _notes(c) == {1: {"apply"}}
    assert [f[2:] for f in c.facts if f[0] == "mana_option"] == [(1, Const("w"), 1), (2, Const("u"), 1),
                                                                 (3, Const("b"), 1), (4, Const("r"), 1),
                                                                 (5, Const("g"), 1)]
    assert not facts_of(c, "effect_not_modelled")


def test_two_mana_of_any_one_color_they_choose_is_one_color():
    """106.1b: "two mana of any one color they choose" is two mana of the same color."""
    c = compiled("Test Artifact", "Artifact", "{T}: Choose a player. That player adds two mana of any one color they choose.")
    assert sorted(f[2:] for f in c.facts if f[0] == "mana_option")[0] == (1, Const("w"), 2)


# --- the permanent's own types, P/T and keywords while a condition holds ---------------------------

def test_becoming_a_creature_during_other_turns():
    """"During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with flying."
    (Warden of the Wall): while non(your_turn) (500.1), card types artifact and creature and subtype
    Gargoyle (205.1a: the card is an artifact with no subtype, so setting them adds them), base P/T
    2/3 (613.4b) and flying. Nothing left to note."""
    c = compiled("Warden of the Wall", "Artifact",
                 "During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with flying.")
    assert facts_of(c, "self_types_while") == [
        'self_types_while(ab("Warden of the Wall",1),non(your_turn),add,artifact)',
        'self_types_while(ab("Warden of the Wall",1),non(your_turn),add,creature)',
        'self_types_while(ab("Warden of the Wall",1),non(your_turn),add_subtype,"Gargoyle")']
    assert facts_of(c, "sets_base_pt") == ['sets_base_pt(granted(ab("Warden of the Wall",1),pt),2,3)']
    assert _notes(c) == {}


def test_becoming_a_type_that_would_remove_a_printed_one_stays_a_note():
    """205.1a: "is a 2/3 artifact creature" on an enchantment would remove its card type Enchantment,
    which adding types does not do: not read (a note for every answer)."""
    c = compiled("Test Enchantment", "Enchantment",
                 "During turns other than yours, this enchantment is a 2/3 artifact creature.")
    assert _notes(c) == {1: set(ALL)}


def test_creature_in_addition_and_a_keyword_the_kb_lacks():
    """"it's a 0/0 creature in addition to its other types and it has annihilator 2" (Idol of False
    Gods): the type (205.1b) and base P/T (613.4b) while self_counters("+1/+1",8); annihilator is a
    keyword the KB lacks, a note for what it changes (attacking: 702.86a), not for mana."""
    c = compiled("Idol of False Gods", "Kindred Artifact — Eldrazi",
                 "As long as this artifact has eight or more +1/+1 counters on it, it's a 0/0 creature in addition "
                 "to its other types and it has annihilator 2.")
    assert facts_of(c, "self_types_while") == [
        'self_types_while(ab("Idol of False Gods",1),self_counters("+1/+1",8),add,creature)']
    assert _notes(c) == {1: {"show", "actions", "cast-free", "apply"}}


def test_gets_and_is_all_creature_types_while_a_graveyard_condition_holds():
    """"As long as there are two or more creature cards in your graveyard, this creature gets +2/+2
    and is all creature types." (Undercover Skrull): +2/+2 (613.4c) and every creature type (205.3m)
    while graveyard_has(creature,2); the second clause's subject is the first's."""
    c = compiled("Undercover Skrull", "Creature — Skrull Shapeshifter Villain",
                 "As long as there are two or more creature cards in your graveyard, this creature gets +2/+2 "
                 "and is all creature types.")
    assert facts_of(c, "anthem") == ['anthem(granted(ab("Undercover Skrull",1),pt_change),self,2,2)']
    assert facts_of(c, "self_types_while") == [
        'self_types_while(ab("Undercover Skrull",1),graveyard_has(creature,2),add_all_subtypes,creature)']
    assert _notes(c) == {}


def test_an_option_chosen_as_the_permanent_entered_gates_its_ability():
    """614.12: "• Khans — At the beginning of each of your main phases, add {G}{G}." is had while the
    option chosen is Khans (chosen_option("Khans")); its mana counts in what the permanent could
    produce (106.7), so the note is for resolving it and for `show` (Frontier Siege)."""
    c = compiled("Frontier Siege", "Enchantment",
                 "As this enchantment enters, choose Khans or Dragons.\n"
                 "• Khans — At the beginning of each of your main phases, add {G}{G}.")
    assert facts_of(c, "ability_while") == [
        'ability_while(ab("Frontier Siege",2),chosen_option("Khans"),granted("Frontier Siege",2))']
    assert _notes(c) == {1: {"apply"}, 2: {"apply", "show"}}
