"""Static, replacement and activated lines the grammar now parses (issue 11, "lines_static",
round 6). Each is a real card's Oracle text (the card named in the case); each test checks the
node (or verb) the line is read as, that the KB does not carry it out, and the answers its note
is for."""

import pytest

from helpers import tree_kinds
import helpers
from pyengine.compiler import parse_line
from pyengine.compiler.text import names_of, normalise, replace_names

ALL = {"actions", "apply", "cast-free", "could-produce", "produce", "show", "untap"}
GRANTS = {"actions", "apply", "cast-free", "show"}


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 113.1a: a list of keywords that ends with a quoted ability (it grants abilities that add
    # no mana: not what a permanent could produce)
    ("Draconic Destiny", "Enchantment — Aura",
     'Enchanted creature gets +1/+1 and has flying, haste, and "{1}: This creature gets +1/+0 until end of '
     'turn."', "have_what", GRANTS),
    # (the same) with a keyword with a number inside the list (702.86a annihilator)
    ("Nazgûl Battle-Mace", "Artifact — Equipment",
     'Equipped creature has menace, deathtouch, annihilator 1, and "Whenever an opponent sacrifices a '
     'nontoken permanent, put that card onto the battlefield under your control unless that player pays 3 '
     'life."', "kw_annihilator", GRANTS),
    # 514.3a: damage stays marked "during cleanup steps"
    ("Uthgardt Fury", "Enchantment",
     "Damage isn't removed from creatures your opponents control during cleanup steps.", "turn_ref", ALL),
    # 402.2: another player's maximum hand size
    ("Jin-Gitaxias, Core Augur", "Legendary Creature — Phyrexian Praetor",
     "Each opponent's maximum hand size is reduced by seven.", "max_hand_size", ALL),
    # 702.143a: a granted keyword's cost from the card's mana cost, reduced
    ("Dream Devourer", "Creature — Demon Cleric",
     "Each nonland card in your hand without foretell has foretell. Its foretell cost is equal to its mana cost "
     "reduced by {2}.", "cost_reduced_by", None),
    # 702.138a: the cost of a granted escape: the mana cost plus another action
    ("Underworld Breach", "Enchantment",
     "Each nonland card in your graveyard has escape. The escape cost is equal to the card's mana cost plus exile "
     "three other cards from your graveyard.", "cost_plus", None),
    # 602.5b: "Activate only if A or B": either condition (never read as its first part)
    ("Wall of Forgotten Pharaohs", "Artifact Creature — Wall",
     "{T}: This creature deals 1 damage to target player or planeswalker. Activate only if you control a "
     "Desert or there is a Desert card in your graveyard.", "activation_when", {"actions", "apply"}),
    # 702.179a: a player's speed as an amount
    ("Samut, the Driving Force", "Legendary Creature — Human Warrior Cleric",
     "Other creatures you control get +X/+0, where X is your speed.", "speed", {"apply", "show"}),
    # 702.179a: max speed (speed 4)
    ("Hazoret, Godseeker", "Legendary Creature — God",
     "Hazoret can't attack or block unless you have max speed.", "max_speed", None),
    # 702.16k: protection from each of your opponents (a player with protection)
    ("Absolute Virtue", "Legendary Creature — Avatar Warrior",
     "You have protection from each of your opponents.", "quality_each_opponent", ALL),
    # 603.6a: what entered the battlefield under its controller's control this turn
    ("Kinbinding", "Enchantment",
     "Creatures you control get +X/+X, where X is the number of creatures that entered the battlefield under "
     "your control this turn.", "past_event", {"apply", "show"}),
    # 613.4b, 205.1b: a type change with a base P/T from an amount (every answer)
    ("Opalescence", "Enchantment",
     "Each other non-Aura enchantment is a creature in addition to its other types and has base power and base "
     "toughness each equal to its mana value.", "base_pt_equal", ALL),
    # 201.4: choosing a card name as the permanent enters
    ("Council of the Absolute", "Creature — Human Advisor",
     "As this creature enters, choose a noncreature, nonland card name.", "choose_card_name", None),
    ("Sorcerous Spyglass", "Artifact",
     "As this artifact enters, look at an opponent's hand, then choose any card name.", "choose_card_name", None),
    # 115.4, 113.7: "spells or abilities from red sources" (who may target it: what is cast or
    # activated, never what the permanent could produce)
    ("Suq'Ata Firewalker", "Creature — Human Wizard",
     "This creature can't be the target of red spells or abilities from red sources.", "from_source",
     {"actions", "apply", "cast-free"}),
    # 702.14a: landwalk of the land type chosen as it entered
    ("Traveler's Cloak", "Enchantment — Aura",
     "Enchanted creature has landwalk of the chosen type.", "kw_landwalk_chosen", ALL),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    c = helpers.compiled(name, type, text)
    li = helpers.line_of(c, 1)
    assert li.parsed, li.line.error
    assert kind in tree_kinds(li.line.ability, keywords=True) | {"kw_" + k.name for k in _keywords(li.line.ability)}
    assert not li.modelled
    if affects is not None:
        assert set(li.affects) == affects


def _keywords(ability):
    from pyengine.compiler import ir
    return [y for y in ir.walk(ability) if isinstance(y, ir.Keyword)]


def test_an_activation_condition_of_one_clause_is_still_read():
    """602.5b: "Activate only if you control an artifact." stays you_control(artifact) now that
    the condition may be several clauses joined by "or"."""
    c = helpers.compiled("Test Relic", "Artifact", "{T}: Add {C}. Activate only if you control an artifact.")
    assert helpers.facts_of(c, "activation_condition") == [
        'activation_condition(ab("Test Relic",1),you_control(artifact))']


@pytest.mark.parametrize("name,type,text,kind", [
    # 201.5c: a legendary name's shortened form before its epithet ("Tuvasa the Sunlit")
    ("Tuvasa the Sunlit", "Legendary Creature — Merfolk Shaman",
     "Tuvasa gets +1/+1 for each enchantment you control.", "get"),
    ("Daxos of Meletis", "Legendary Creature — Human Soldier",
     "Daxos can't be blocked by creatures with power 3 or greater.", "passive"),
    # 709.1, 715.1: a card given as one face under the names of its faces: its text names the first
    ("Cut // Ribbons", "Sorcery", "Cut deals 4 damage to target creature.", "deal_damage"),
])
def test_a_card_refers_to_itself_by_its_short_or_half_name(name, type, text, kind):
    c = helpers.compiled(name, type, text)
    li = helpers.line_of(c, 1)
    assert li.parsed, li.line.error
    assert li.line.normalised.startswith("~ ")
    assert kind in tree_kinds(li.line.ability)


def test_only_a_legendary_name_is_shortened_before_its_epithet():
    """201.5c is about a card's shortened name: "Lord of the Pit" is not "Lord", and a
    nonlegendary name with "of" keeps its first word ("Dragon of ..." text names Dragons)."""
    assert names_of("Lord of the Pit") == {"Lord of the Pit"}
    assert replace_names("Tuvasa gets +1/+1", names_of("Tuvasa the Sunlit", legendary=True)) == "~ gets +1/+1"
    assert replace_names("Lord gets +1/+1", names_of("Lord of the Pit")) == "Lord gets +1/+1"
    assert names_of("Jace, the Mind Sculptor", legendary=True) == {"Jace, the Mind Sculptor", "Jace"}
    assert replace_names("Cut deals 4 damage", names_of("Cut // Ribbons")) == "~ deals 4 damage"


def test_a_short_name_before_another_capitalised_word_is_another_card_s_name():
    """201.5c: "Hanweir" of "Hanweir, the Writhing Township" is the card itself, "Hanweir
    Garrison" (Hanweir Battlements' meld partner) another card."""
    assert normalise("exile this land and a creature named Hanweir Garrison", {"Hanweir"}) == \
        "exile this land and a creature named Hanweir Garrison"
    assert normalise("Hanweir deals 3 damage", {"Hanweir"}) == "~ deals 3 damage"


def test_a_quoted_ability_after_a_list_is_the_list_s_last_item():
    """113.1a: 'flying, haste, and "..."': the commas belong to the list of keywords (the
    quoted ability is granted too), so "haste" is a keyword of the list."""
    line = parse_line('Enchanted creature has flying, haste, and "{T}: Add {R}."')
    assert line.parsed, line.error
    assert {k.name for k in _keywords(line.ability)} == {"flying", "haste"}
