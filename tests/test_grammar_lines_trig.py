"""Wordings of triggered abilities the grammar reads (issue 11, round 6, "lines_trig": unparsed lines
of cards that add no mana starting "When", "Whenever" or "At").

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to the
node (or verb) the rules give it and, as the KB does not carry these effects out, that the line
stays a note for exactly the answers it could change (603.2, 605.5a: a triggered ability that adds
no mana acts once it has triggered and resolved: `apply`).
"""

import pytest

from pyengine.compiler import compile_text, ir, parse_line

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 702.179: a player's speed is an amount
    ("At the beginning of your end step, you draw X cards and lose X life, where X is your speed.",
     "speed"),                                                                          # The Speed Demon
    ("At the beginning of your end step, if an opponent lost life this turn, you may draw cards equal to "
     "your speed. If you do, discard two cards.", "speed"),                             # Gomif, Fast Racer
    # 608.2d: a tie among the objects an effect names
    ("At the beginning of your upkeep, destroy the creature with the least power. It can't be regenerated. "
     "If two or more creatures are tied for least power, you choose one of them.", "tied_for"),  # Drop of Honey
    ("At the beginning of your upkeep, the player with the lowest life total gains control of this creature. "
     "If two or more players are tied for lowest life total, you choose one of them, and that player gains "
     "control of this creature.", "tied_for"),                                         # Loxodon Peacekeeper
    # 122.1: "that many" counters a player gets
    ("Whenever ~ deals combat damage to a player, they get that many poison counters.", "get_count"),
    # (Etali, Primal Sickness)
    ("Whenever this creature deals combat damage to a player, they get that many rad counters.",
     "get_count"),                                                                      # Infesting Radroach
    # 122.1, 614.1c: additional counters as a card returns to the battlefield
    ("When ~ enters, return target creature card from your graveyard to the battlefield with two additional "
     "+1/+1 counters on it.", "mod_with_counters"),                                    # Rakdos Joins Up
    # 111.4, 702.6: a token with an ability in quotes and equip with its cost
    ("When this Class enters, create a colorless Equipment artifact token named Sword with \"Equipped "
     "creature gets +1/+1\" and equip {2}.", "with_quoted_and_equip"),                 # Blacksmith's Talent
    # 700.2: a choice among counters, among tokens
    ("At the beginning of combat on your turn, put your choice of a +1/+1, first strike, vigilance, or "
     "menace counter on ~.", "counters_choice"),                                       # Me, the Immortal
    ("When you planeswalk to ~ and at the beginning of your upkeep, put your choice of a vigilance, menace, "
     "or trample counter on target creature you control.", "counters_choice"),         # Ketria
    ("When ~ enters, create your choice of a Clue token, a Food token, or a Treasure token.",
     "create_choice"),                                                                  # The Third Doctor
    # what the player or the object did: the tail is the clause's
    ("At the beginning of each end step, create X 1/1 white Spirit creature tokens with flying, where X is "
     "the number of tokens you created this turn.", "rel_contact"),                    # Thalisse, Reverent Medium
    ("Whenever ~ deals combat damage to a player, surveil X, where X is the amount of damage it dealt to "
     "that player.", "damage_dealt_by"),                                               # Desmond Miles
    # 603.4: the first time something happened this turn
    ("Whenever a creature you control becomes tapped during your turn, if it's the first time that creature "
     "has become tapped this turn, untap it.", "first_time"),                          # Captain America, Living Legend
    ("Whenever one or more counters are put on a creature you control, if it's the first time counters have "
     "been put on that creature this turn, put a +1/+1 counter on that creature.", "counters_were_put"),
    # (Stalwart Successor)
    # 202.3: a characteristic of the spell the trigger names
    ("Whenever you cast a Spirit or Arcane spell, destroy all permanents with that spell's mana value.",
     "with_stat_of"),                                                                   # Celestial Kirin
    # 109.2: the objects an effect leaves out
    ("When this creature enters, if it was kicked, return all creatures to their owners' hands except for "
     "Merfolk, Krakens, Leviathans, Octopuses, and Serpents.", "tail_except_for"),    # Slinn Voda, the Rising Deep
    # 608.2d: a random choice among the objects named before
    ("At the beginning of your upkeep, choose target nonland permanent you control and up to two target "
     "nonland permanents you don't control. Destroy one of them at random.", "one_of_them_at_random"),
    # (Capricious Efreet)
    # 208: comparing power and toughness
    ("Whenever another creature you control enters, if it has greater power or toughness than ~, put a +1/+1 "
     "counter on ~.", "have_greater"),                                                 # Hulkling, Burgeoning Bruiser
    ("Whenever a creature dies, if it had power greater than ~'s power, put a number of +1/+1 counters on ~ "
     "equal to the difference.", "have_stat"),                                         # Drizzt Do'Urden
    ("Whenever a creature you control dies, put X +1/+1 counters on target creature you control, where X is "
     "the power of the creature that died.", "stat_of"),                               # Death's Presence
    # 701.24: a spell or ability that makes a player shuffle
    ("Whenever a spell or ability causes its controller to shuffle their library, that player puts a card "
     "from their hand on top of their library.", "shuffle"),                           # Widespread Panic
    # 608.2c: the cards an effect did not cast
    ("When this creature dies, reveal cards from the top of your library until you reveal a nonland card "
     "with mana value 3 or less. You may cast that card without paying its mana cost. Put all revealed cards "
     "not cast this way on the bottom of your library in a random order.", "not_this_way"),  # Treasure Keeper
    # 613.4b: a token's base power and toughness set by an amount
    ("Whenever one or more nontoken creatures you control die, create a green Fungus Dinosaur creature token "
     "with base power and toughness each equal to the total power of those creatures.",
     "with_base_pt_equal"),                                                             # The Skullspore Nexus
    # 208.1: the power of an object the effect names
    ("At the beginning of your end step, you may gain life equal to the power of target creature you "
     "control.", "stat_of"),                                                           # Wall of Reverence
    # 108.3, 108.4: owned and controlled
    ("When ~ enters, exile any number of other nonland permanents you own and control. Return them to the "
     "battlefield at the beginning of the next end step.", "owns_phrase"),             # Yorion, Sky Nomad
    # 701.30b: whether the player won the clash
    ("Whenever you clash, you may pay {R}. If you do, create a 1/1 red Elemental Shaman creature token. If "
     "you won, that token gains haste until end of turn.", "won_clash"),              # Rebellion of the Flamekin
])
def test_wordings_are_read_as(text, kind):
    assert_parses_to(text, kind)


def test_the_first_time_reads_the_event_as_a_clause():
    """603.4: "if it's the first time that creature has become tapped this turn": the condition holds a
    clause whose verb is the perfect of "become" with the status."""
    line = parse_line("Whenever a creature you control becomes tapped during your turn, if it's the first time "
                      "that creature has become tapped this turn, untap it.")          # Captain America, Living Legend
    assert isinstance(line.ability, ir.Triggered)
    (lead,) = line.ability.effect[0].leads
    (cond,) = [x for x in ir.walk(lead) if isinstance(x, ir.Node) and x.kind == "first_time"]
    assert any(isinstance(v, ir.Node) and v.kind == "perfect_become" for v in ir.walk(cond))
    assert line.ability.effect[0].clauses[0].verb_name == "untap"


def test_a_choice_of_counters_keeps_each_kind():
    """700.2: "your choice of a +1/+1, first strike, vigilance, or menace counter": the four kinds."""
    line = parse_line("At the beginning of combat on your turn, put your choice of a +1/+1, first strike, "
                      "vigilance, or menace counter on ~.")                             # Me, the Immortal
    kinds = [x for x in ir.walk(line.ability) if isinstance(x, ir.Node) and x.kind == "counter_kind"]
    assert len(kinds) == 4


@pytest.mark.parametrize("text, type_line", [
    ("At the beginning of your end step, you draw X cards and lose X life, where X is your speed.",
     "Creature"),                                                                       # The Speed Demon
    ("Whenever ~ deals combat damage to a player, they get that many poison counters.", "Creature"),
    # (Etali, Primal Sickness)
    ("When this Class enters, create a colorless Equipment artifact token named Sword with \"Equipped "
     "creature gets +1/+1\" and equip {2}.", "Enchantment"),                           # Blacksmith's Talent
    ("Whenever you cast a Spirit or Arcane spell, destroy all permanents with that spell's mana value.",
     "Creature"),                                                                       # Celestial Kirin
])
def test_parsed_triggers_stay_notes_for_apply(text, type_line):
    """603.2, 605.5a: a triggered ability that adds no mana changes what `apply` gives once it has
    triggered and resolved, never what a permanent could produce (106.7)."""
    (li,) = compile_text(text, "Nameless", type_line)
    assert li.parsed and not li.modelled
    assert set(li.affects) == {"apply"}


def test_a_clash_trigger_that_keeps_a_creature_tapped_is_a_note_for_untap():
    """502.3: "that creature doesn't untap during its controller's next untap step" changes what the
    untap step untaps (`untap`) once the ability has resolved (`apply`)."""
    (li,) = compile_text("Whenever you clash, tap target creature an opponent controls. If you won, that "
                         "creature doesn't untap during its controller's next untap step.",
                         "Nameless", "Enchantment")                                    # Entangling Trap
    assert li.parsed and not li.modelled
    assert set(li.affects) == {"apply", "untap"}
