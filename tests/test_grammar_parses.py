"""Wordings of statics, spells, activated abilities and modes the grammar reads (issue 11, "parses").

Each wording is real Oracle text (the card is named); the test checks that it parses and what it
is read as (the node or verb of the intermediate form), and, where the frame decides it, which
answers the line could change while the KB does not carry it out.
"""

import pytest

from pyengine.compiler import ir, parse_line
from pyengine.compiler.affects import of_line

from helpers import assert_parses_to, tree_kinds


@pytest.mark.parametrize("text, kind", [
    # 509.1c: a requirement on blockers (Roar of Challenge, Declare Dominance)
    ("All creatures able to block target creature this turn do so.", "block_requirement"),
    ("Target creature gets +3/+3 until end of turn. All creatures able to block it this turn do so.",
     "block_requirement"),
    # 107.3a: the value of X as a sentence of its own (Spoils of War)
    ("X is the number of artifact and/or creature cards in an opponent's graveyard as you cast this spell.",
     "x_is"),
    # 608.2c: repeating a process (Struggle for Sanity, Ad Nauseam)
    ("Target opponent reveals their hand. That player exiles a card from it, then you exile a card from it. "
     "Repeat this process until all cards in that hand have been exiled.", "repeat_process"),
    # 701.12: exchanging life totals (Mirror Universe; Soul Conduit)
    ("{T}, Sacrifice this artifact: Exchange life totals with target opponent. Activate only during your upkeep.",
     "exchange"),
    ("{6}, {T}: Two target players exchange life totals.", "exchange"),
    # 701.10, 614.1a: doubling damage (Mjölnir, Hammer of Thor; Collective Inferno)
    ("Double all damage equipped creature would deal.", "double_damage"),
    ("Double all damage that sources you control of the chosen type would deal.", "double_damage"),
    # 701: a keyword action done X times (Full Flowering; Tromell, Seymour's Butler)
    ("Populate X times.", "keyword_action_times"),
    ("{1}, {T}: Proliferate X times, where X is the number of nontoken creatures you control that entered "
     "this turn.", "keyword_action_times"),
    # 615: prevention to you and your permanents (Safe Passage; Refraction Trap)
    ("Prevent all damage that would be dealt to you and creatures you control this turn.", "prevent_to_you_and"),
    # 602.5: who may activate (Detention Vortex)
    ("{3}: Destroy this Aura. Only your opponents may activate this ability and only as a sorcery.",
     "activate_only_opponents"),
    # 307.1: sorcery timing for another player's spells (Teferi, Time Raveler)
    ("Each opponent can cast spells only any time they could cast a sorcery.", "tail_only_sorcery_timing"),
    # 121.1: "the first card you draw each turn" (Primitive Etchings)
    ("Reveal the first card you draw each turn. Whenever you reveal a creature card this way, draw a card.",
     "draws_phrase"),
    # "exiled from their hand this way" (Unmoored Ego)
    ("That player shuffles, then draws a card for each card exiled from their hand this way.",
     "exiled_from_this_way"),
    # 107.1a: half of a group (Curse of the Cabal; Traumatize keeps its mill)
    ("Target player sacrifices half the permanents they control of their choice, rounded down.", "half_of"),
    ("Target player mills half their library, rounded down.", "mill"),
    # 700.2b: "that aren't of the chosen type" (Kindred Dominance)
    ("Choose a creature type. Destroy all creatures that aren't of the chosen type.", "rel_not_of_chosen_type"),
    # "with the same controller" (Bioshift)
    ("Move any number of +1/+1 counters from target creature onto another target creature with the same "
     "controller.", "with_same_controller"),
    # 400.1: "in the game" (Open the Way)
    ("X can't be greater than the number of players in the game.", "in_game"),
    # 603.6a: "Creatures entering don't cause abilities to trigger." (Torpor Orb)
    ("Creatures entering don't cause abilities to trigger.", "entering_q"),
    # 508.1d: an attack tax (Baird, Steward of Argive)
    ("Creatures can't attack you or planeswalkers you control unless their controller pays {1} for each "
     "of those creatures.", "tail_unless"),
    # 724.1: ending the turn (Time Stop)
    ("End the turn.", "end_the_turn"),
    # 608.2c: "If no one does" (Browbeat)
    ("Any player may have ~ deal 5 damage to them. If no one does, target player draws three cards.",
     "no_one_does"),
    # 700.3: piles (Steam Augury)
    ("Reveal the top five cards of your library and separate them into two piles. An opponent chooses one "
     "of those piles.", "each_of"),
    # 123: stickered permanents (Sanguine Sipper)
    ("This creature has lifelink as long as you control a stickered permanent.", "tail_as_long_as"),
])
def test_wordings(text, kind):
    assert_parses_to(text, kind)


def test_spend_as_though_to_activate_is_a_spending_rule():
    """609.4b (Manascape Refractor's kind of wording): "spend mana as though it were mana of any
    color to activate ..." is the spending verb: a note for every answer (it touches mana)."""
    line = parse_line("You may spend mana as though it were mana of any color to activate abilities of "
                      "creatures you control.")
    assert line.parsed, line.error
    assert "spend_as_any" in tree_kinds(line.ability)
    assert "produce" in of_line(line)


def test_a_mode_that_is_a_triggered_ability():
    """700.2, 603.1 (Citadel Siege): "• Khans — At the beginning of combat on your turn, ..." is the
    triggered ability the permanent has if that option was chosen as it entered (manaparse's
    chosen_option, 614.12); a triggered ability that adds no mana changes only what an action does
    (605.5a): `apply`, never what the Siege could produce."""
    line = parse_line("• Khans — At the beginning of combat on your turn, put two +1/+1 counters on target "
                      "creature you control.")
    assert line.parsed, line.error
    assert "chosen_option" in tree_kinds(line.ability)
    assert of_line(line) == frozenset({"apply"})
    # a mode of a spell stays a mode of sentences (Abzan Charm)
    spell = parse_line("• Exile target creature with power 3 or greater.")
    assert isinstance(spell.ability, ir.Mode) and isinstance(spell.ability.effect, tuple)


@pytest.mark.parametrize("text, kind", [
    ("• Treasure", "mode_named"),                 # Maître Tree: a token named by a mode
    ("• 1/1 green Squirrel", "mode_named"),
    ("• Regrowth", "mode_named"),                 # Growth Charm: a mode naming a card
])
def test_a_mode_that_names_an_object(text, kind):
    """700.2: a mode that names what it is (a token to create, a card whose effect it has): a mode
    like any other, for the answers a mode changes (a spell's: casting it and what it does)."""
    line = parse_line(text)
    assert line.parsed, line.error
    assert isinstance(line.ability, ir.Mode)
    assert kind in tree_kinds(line.ability)


def test_a_die_result_naming_an_object_is_a_note_for_every_answer():
    """706.2 (Goblin Tutor): "3 — An enchantment" names what the rolled result finds; the compiler
    does not read it as an effect, so its note is for every answer."""
    line = parse_line("3 — An enchantment")
    assert line.parsed, line.error
    assert line.ability.kind == "numbered_object"
    assert of_line(line) == frozenset(of_line.__globals__["ALL"])


def test_vanishing_without_a_number_is_a_keyword():
    """702.63a (Tidewalker): "Vanishing" alone is the keyword; a note for the answers of a keyword
    the KB does not carry out, not for what the permanent could produce."""
    line = parse_line("Vanishing")
    assert line.parsed, line.error
    assert [k.name for k in line.ability.items] == ["vanishing"]
    assert "could-produce" not in of_line(line)
