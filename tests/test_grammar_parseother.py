"""Wordings of statics, spells and replacement effects the grammar reads (issue 11, "parseother").

Each wording is real Oracle text; the test checks it parses, with the structure the rules give
it, and that a parse never reads a word of a longer phrase that is not there.
"""

import pytest

from pyengine.compiler import ir, parse_line


def _kinds(x):
    return {y.kind for y in ir.walk(x) if isinstance(y, ir.Node)}


def test_a_literal_with_a_non_word_matches_the_text_it_is_split_into():
    """"noncombat" is read as "non" "combat" (the lexer splits non-words): the grammar's literal
    "all noncombat damage" must match the text the lexer joins back (it did not: a lexer bug)."""
    line = parse_line("Prevent all noncombat damage that would be dealt to you.")
    assert line.parsed, line.error
    assert parse_line("~ deals noncombat damage to you.").parsed



def _parses_to(text, kind):
    """TEXT parses, and its tree has a node of KIND."""
    line = parse_line(text)
    assert line.parsed, line.error
    assert kind in _kinds(line.ability)

@pytest.mark.parametrize("text, kind", [
    # 615.1a: what a prevention names, with a controller or a quality
    ("Prevent all combat damage that would be dealt to attacking creatures you control.", "prevent_to_q"),
    ("Prevent all damage that would be dealt to you by sources you don't control.", "prevent_by_q"),
    ("Prevent all damage that would be dealt this turn to creatures you control.", "prevent_to_q"),
    ("Prevent all damage that would be dealt to enchanted creature by sources of the chosen color.", "prevent_by_q"),
    # the source named before "would deal"
    ("Prevent all combat damage target creature would deal this turn.", "prevent_dealt_by"),
    ("Prevent all damage a source of your choice would deal this turn.", "prevent_dealt_by"),
    # "for each 1 damage prevented this way"
    ("Prevent the next 3 damage that would be dealt to target creature this turn. For each 1 damage "
     "prevented this way, put a +1/+1 counter on that creature.", "lead_for_each_damage"),
    ("Prevent all damage that would be dealt by creatures this turn. You gain life equal to the "
     "damage prevented this way.", "damage_prevented"),
])
def test_prevention_wordings(text, kind):
    _parses_to(text, kind)


@pytest.mark.parametrize("text, kind", [
    # 601.3: when a spell may be cast
    ("Cast this spell only during combat before blockers are declared.", "tail_only_during"),
    ("Cast this spell only before the combat damage step.", "tail_only_before"),
    ("Cast this spell only after combat.", "tail_only_after"),
    ("Cast this spell only during the declare attackers step and only if you've been attacked this step.",
     "tail_only_if_attacked"),
    # 118.8: an additional cost written as the way of casting
    ("You may cast this card from your graveyard by discarding a card in addition to paying its other costs.",
     "tail_by_additional_cost"),
    ("You may cast this card from your graveyard by paying 3 life and discarding a card in addition to "
     "paying its other costs.", "cast_paying_life"),
    # 100.2a and 905.1: before the game
    ("A deck can have any number of cards named ~.", "deck_limit"),
    ("A deck can have up to seven cards named ~.", "deck_limit"),
    ("Draft this card face up.", "draft_face_up"),
])
def test_casting_and_deck_wordings(text, kind):
    _parses_to(text, kind)


@pytest.mark.parametrize("text", [
    "You may cast this spell as though it had flash if you pay {2} more to cast it.",
    "Choose one. If this spell was cast using teamwork, choose both instead.",
    "As long as there is exactly one tide counter on this creature, it gets -1/-1.",
    "This creature gets +3/+3 as long as no opponent controls a creature.",
    "This creature gets +1/+0 as long as any player controls a black permanent.",
])
def test_other_static_and_spell_wordings(text):
    line = parse_line(text)
    assert line.parsed, line.error


@pytest.mark.parametrize("text", [
    # phrases of this family must not swallow words other rules read one by one
    "Spells your opponents cast cost {1} more to cast.",
    "~ deals 2 damage to each attacking creature and 1 damage to you and each creature you control.",
    "When this creature enters, you may search your library for up to three cards named ~, reveal "
    "them, put them into your hand, then shuffle.",
    "{2}{B}: Return this card from your graveyard to the battlefield. Activate only as a sorcery and "
    "only if you have one or fewer cards in hand.",
])
def test_lines_read_before_still_parse(text):
    assert parse_line(text).parsed, parse_line(text).error


@pytest.mark.parametrize("text, kind", [
    ("Change the text of target spell or permanent by replacing all instances of one color word with "
     "another.", "change_text"),                                                     # 612.2
    ("Change the text of target permanent by replacing all instances of one color word with another or "
     "one basic land type with another.", "change_text"),
    ("Distribute two +1/+1 counters among one or two target creatures.", "distribute_counters"),
    ("Switch target creature's power and toughness until end of turn.", "switch_pt"),  # 613.4d
    ("{G}: This creature becomes the color of your choice until end of turn.", "become_color_choice"),
    ("If you would gain life, you gain that much life plus 1 instead.", "gain_life_plus"),
    ("If you would gain life, you gain twice that much life instead.", "gain_life_twice"),
    ("• Cross-Slash — {0} — Destroy target tapped creature.", "tiered_mode"),           # 702.183
    ("Choose one. If you control a commander as you cast this spell, you may choose both instead.",
     "tail_as_you_cast"),
    ("~ deals 2 damage to target creature. Then create a Treasure token if you weren't the starting "
     "player.", "starting_player"),                                                  # 103.1
    ("This creature can't be blocked as long as it's attacking alone.", "attacking_alone"),
    ("Destroy target creature if it has mana value 2 or less.", "have_stat"),
])
def test_more_static_and_spell_wordings(text, kind):
    _parses_to(text, kind)


@pytest.mark.parametrize("text", [
    "~'s power is equal to the number of creature cards in all graveyards and its toughness is equal "
    "to that number plus 1.",
    "No more than one creature can attack each combat.",
    "Legendary creatures you control enter with an additional +1/+1 counter on them.",
    "Put target creature into its owner's library second from the top. Its controller gains 3 life.",
    "{T}: This creature deals 1 damage to any target and 1 damage to any target of an opponent's choice.",
    # these phrases must not swallow words that other rules read: "basic land type", "has loyalty counters"
    "Lands you control are every basic land type in addition to their other types.",
    "As long as enchanted creature is attacking alone, it can't be blocked.",
    "Whenever a planeswalker you control enters, if this artifact has loyalty counters on it, you may "
    "move a loyalty counter from this artifact onto that planeswalker.",
])
def test_more_lines_parse(text):
    assert parse_line(text).parsed, parse_line(text).error
