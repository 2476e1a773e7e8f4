"""Wordings of spell and modal lines the grammar reads (issue 11, "lines_spell": effect lines
starting with an instruction or a subject, modes, and the names a card's text uses for itself).

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node (or verb) the rules give it and, where the KB does not carry it out, that the line stays
a note for the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text, ir, parse_line
from pyengine.compiler.text import names_of, normalise

from helpers import assert_parses_to, tree_kinds


@pytest.mark.parametrize("text, kind", [
    # 113.7: where an ability comes from (its source)
    ("Counter target activated ability from an artifact source.", "from_source"),        # Rust
    ("Enchanted creature can't be the target of abilities from artifact sources.", "from_source"),  # Artifact Ward
    ("This creature can't be the target of red spells or abilities from red sources.", "from_source"),  # Suq'Ata Firewalker
    # the objects an instruction leaves out
    ("Destroy all creatures and planeswalkers except for commanders.", "tail_except_for"),    # Slash the Ranks
    ("~ deals 2 damage to each creature except for creatures you control with flying.", "tail_except_for"),  # Flame Sweep
    # 107.3a, 601.2b: X counted as the spell is cast
    ("~ deals X damage divided as you choose among any number of targets, where X is the number of "
     "Mountains you control as you cast this spell.", "tail_where_on_cast"),              # Jaws of Stone
    ("Return up to X target cards from your graveyard to your hand, where X is the number of black "
     "permanents target opponent controls as you cast this spell.", "tail_where_on_cast"),  # Reap
    # 700.2d: how many modes are chosen
    ("Choose one. If this spell was kicked, choose any number instead.", "choose_count_instead"),  # Inscription of Ruin
    ("Choose one. If there are four or more card types among cards in your graveyard, choose one or more "
     "instead.", "choose_count_instead"),                                                 # Let's Play a Game
    ("Choose one. If you control a Wizard as you cast this spell, you may choose two instead.",
     "choose_count_instead"),                                                             # Flame of Anor
    # 700.x: objects that share a creature type, then where they are
    ("• Return two target creature cards that share a creature type from your graveyard to your hand.",
     "rel_share_q"),                                                                      # Unbury
    # 700.2: a mode naming an object
    ("• 1/1 black Rat with lifelink.", "mode_object"),                                   # Genku, Future Shaper
    ("• Target artifact card.", "mode_object"),                                          # Call Damage Control
    ("• Lord of Atlantis", "mode_named"),                                                # The Scholar of Seas
    # 601.2: cast from anywhere other than a zone
    ("If this spell was cast from anywhere other than your hand, put a +1/+1 counter on that creature.",
     "cast_from_other_than"),                                                             # Otterball Antics
    # what happened to an object, as a participle, and counters put on it this way
    ("Create a 3/3 green Beast creature token for each creature put into your graveyard from the "
     "battlefield this turn.", "put_into_q"),                                             # Fresh Meat
    ("Draw a card for each card returned to your hand this way.", "returned_to_q"),     # Paradoxical Outcome
    ("Put a double strike counter on target creature, then goad each creature that had a double strike "
     "counter put on it this way.", "have_counters_put_this_way"),                        # Spectacular Showdown
    # 122.1: returned with additional counters
    ("Return target creature card from your graveyard to the battlefield with two additional +1/+1 "
     "counters on it.", "mod_with_counters"),                                            # Evil Reawakened
    # 702.34a, 702.143a: a granted keyword's cost
    ("Its flashback cost is equal to its mana cost.", "keyword_cost_is"),                # Return the Past
    ("Its foretell cost is equal to its mana cost reduced by {2}.", "keyword_cost_is"),  # Dream Devourer
    # 608.2c: a later instruction with its own condition
    ("If it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it "
     "instead.", "conditional_part"),                                                     # Disintegrate
])
def test_wording_parses_to(text, kind):
    assert_parses_to(text, kind)


@pytest.mark.parametrize("text, clauses", [
    # Boundless Realms: X told after the first instruction, before the others (107.3a)
    ("Search your library for up to X basic land cards, where X is the number of lands you control, put "
     "them onto the battlefield tapped, then shuffle.", ["search", "put", "shuffle"]),
    # Ugin's Insight
    ("Scry X, where X is the greatest mana value among permanents you control, then draw three cards.",
     ["scry", "draw"]),
])
def test_where_x_before_the_last_instructions(text, clauses):
    line = parse_line(text)
    assert line.parsed, line.error
    (sentence,) = line.ability.effect
    assert [c.verb.name for c in sentence.clauses] == clauses
    assert sentence.tail.kind == "tail_where_mid"
    assert any(isinstance(a, ir.Node) and a.kind in ("count_of", "greatest") for a in sentence.tail.args)


def test_additional_is_checked():
    # Evil Reawakened: only "additional" may stand between the number and the counter kind (122.1)
    assert_parses_to("Return target creature card from your graveyard to the battlefield with two additional "
                     "+1/+1 counters on it.", "mod_with_counters")
    line = parse_line("Return target creature card from your graveyard to the battlefield with two tapped "
                      "+1/+1 counters on it.")
    assert not line.parsed


def test_protection_from_each_quality():
    # Oversoul of Dusk: one protection ability per quality (702.16g)
    line = parse_line("Protection from blue, from black, and from red")
    assert line.parsed, line.error
    (kw,) = line.ability.items
    assert kw.name == "protection"
    assert [o.groups for o in kw.param] == [((ir.Char("color", c),),) for c in ("blue", "black", "red")]


def test_from_needs_a_source():
    # Rust: "from an artifact source" names the ability's source (113.7); Disarm's "Unattach all
    # Equipment from target creature." does not, and is not read as one
    assert_parses_to("Counter target activated ability from an artifact source.", "from_source")
    line = parse_line("Unattach all Equipment from target creature.")
    assert not line.parsed or "from_source" not in tree_kinds(line.ability)


def test_choose_instead_is_a_note_for_the_spell():
    # Inscription of Insight: the number of modes is chosen as the spell is cast (700.2d)
    (first, second) = compile_text("Choose one. If this spell was kicked, choose any number instead.\n"
                                   "• Return up to two target creatures to their owners' hands.",
                                   type_line="Sorcery")[:2]
    assert first.parsed and second.parsed
    assert first.affects == {"cast-free", "apply"}


@pytest.mark.parametrize("name, legendary, text, expected", [
    # 201.5c: a legendary card's shortened name
    ("Oketra the True", True, "Oketra can't attack or block unless you control at least three other creatures.",
     "~ can't attack or block unless you control at least three other creatures."),
    ("Daxos of Meletis", True, "Daxos can't be blocked by creatures with power 3 or greater.",
     "~ can't be blocked by creatures with power 3 or greater."),
    # a card named by its faces (709.1): each face's text uses its own name
    ("Cut // Ribbons", False, "Cut deals 4 damage to target creature.", "~ deals 4 damage to target creature."),
    # not a shortened name: "Wall of Fortune" is not legendary, "Sliver" is a subtype
    ("Wall of Fortune", False, "You may tap an untapped Wall you control.", "You may tap an untapped Wall you control."),
    ("Sliver Queen", True, "Create a 1/1 colorless Sliver creature token.", "Create a 1/1 colorless Sliver creature token."),
])
def test_names_a_card_uses_for_itself(name, legendary, text, expected):
    assert normalise(text, names_of(name, legendary)) == expected
