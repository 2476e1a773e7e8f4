"""Wordings of triggered abilities the grammar reads (issue 11, round 8, "lines_trig": unparsed
triggered lines of the whole pool, grouped by the construct where the parse stopped).

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to the
node (or verb) the rules give it and, as the KB does not carry these effects out, that the line
stays a note for the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 119.4, 118.3: mana and life paid together, or either
    ("At the beginning of your upkeep, you may pay {4} and 2 life. If you do, return a card exiled with this "
     "enchantment to the battlefield.", "life_conj"),                                  # Purgatory
    ("At the beginning of the upkeep of enchanted land's controller, destroy that land unless that player "
     "pays {1} or 1 life.", "life_conj"),                                               # Erosion
    # 119.4: paying life as an event
    ("Whenever you pay life, put that many blood counters on this enchantment.", "pay_life_event"),   # Font of Agonies
    # comparisons with "than they do"
    ("At the beginning of each player's upkeep, that player chooses target player who controls more lands "
     "than they do and is their opponent. The first player may search their library for a basic land card, "
     "put that card onto the battlefield, then shuffle.", "rel_control_more"),        # Oath of Lieges
    ("At the beginning of each player's upkeep, that player chooses target player who has more life than "
     "they do and is their opponent. The first player may have this enchantment deal 1 damage to the second "
     "player.", "have_more"),                                                             # Oath of Mages
    # 119.5: a life total that becomes a number
    ("Whenever chaos ensues, you may have your life total become 20.", "have_life_total"),   # Sanctum of Serra
    # 700.3: piles
    ("When this creature enters, look at the top five cards of your library and separate them into a "
     "face-down pile and a face-up pile. An opponent chooses one of those piles. Put that pile into your "
     "hand and the other into your graveyard.", "separate_piles"),                       # Curator of Destinies
    ("When this creature deals combat damage to a player, exile it and the top card of your library in a "
     "face-down pile, shuffle that pile, then manifest those cards.", "object_conj_pile"),   # Jeskai Infiltrator
    # 601.2: what was revealed or controlled as the spell was cast
    ("When this creature enters, if you revealed a Dragon card or controlled a Dragon as you cast this "
     "spell, draw a card.", "past_clause"),                                              # Orator of Ojutai
    # 122.1: a counter chosen on a permanent
    ("Whenever you cast a noncreature spell, choose a counter on target permanent. Put an additional "
     "counter of that kind on that permanent.", "choose_counter"),                        # Ichormoon Gauntlet
    # 118.9: life paid instead of the mana cost
    ("Whenever ~ attacks, you may cast an artifact spell from your hand or graveyard by paying life equal "
     "to its mana value rather than paying its mana cost.", "cast"),                      # Anrakyr the Traveller
    # fewest; a negated sacrifice
    ("At the beginning of your end step, each player who controls the fewest creatures creates a 4/3 "
     "blue Salamander Warrior creature token.", "rel_control_more"),                     # Gor Muldrak, Amphinologist
    ("When you set this scheme in motion, each opponent sacrifices a creature of their choice. Then each "
     "opponent who didn't sacrifice a creature discards two cards.", "rel_negated"),     # Only Blood Ends Your Nightmares
    # 903: the first upkeep of a Commander game
    ("When ~ enters and at the beginning of the first upkeep in a game where it's your commander, shuffle "
     "three Gunk cards into each opponent's library.", "step_ref"),           # The Gunky Runner
    # 705: a coin flipped for each creature
    ("When ~ enters, flip a coin for each creature that isn't a Demon, Devil, or Imp. Destroy each creature "
     "whose coin comes up tails.", "whose_coin"),                                       # Rakdos, the Showstopper
    # 707.10: a spell copied for each other object it could target
    ("Whenever you cast an instant or sorcery spell that targets only ~, copy that spell for each other "
     "creature you control that the spell could target. Each copy targets a different one of those "
     "creatures.", "could_target"),                                                     # Zada, Hedron Grinder
    ("Whenever a player casts an instant or sorcery spell that targets only a single Golem, that player "
     "copies that spell for each other Golem that spell could target. Each copy targets a different one of "
     "those Golems.", "copies_target_each"),                                            # Precursor Golem
    # 207.2c (adamant): mana of one color
    ("Adamant — When this creature enters, if at least three mana of the same color was spent to cast it, "
     "draw a card.", "same_color_spent"),                                               # Clockwork Servant
    # a negated "control" in a relative clause
    ("Whenever this creature attacks, each opponent who doesn't control an Elf loses 1 life.",
     "rel_negated"),                                                                    # Thornbow Archer
    # 122.1: the same counters again
    ("Whenever an opponent puts one or more counters on a creature they control, they put the same number "
     "and kind of counters on this creature.", "put_same_counters"),                    # Bold Plagiarist
    ("Whenever a nontoken creature you control enters, if ~ has counters on it, put the same number of each "
     "kind of counter on that creature.", "put_same_counters"),                          # Denry Klin, Editor in Chief
    # 122.1: one more counter of a kind
    ("When this creature enters or dies, for each kind of counter on target permanent or player, give that "
     "permanent or player another counter of that kind.", "give_another_counter"),    # Maulfist Revolutionary
    # 506.4: what an attacking creature attacks
    ("Whenever a creature you control with power 2 or less attacks, this enchantment deals 1 damage to the "
     "player or planeswalker that creature is attacking.", "attacked_by"),           # Raid Bombardment
])
def test_triggered_wordings_parse(text, kind):
    assert_parses_to(text, kind)


def test_exactly_that_much_life_lost():
    assert_parses_to("Whenever one or more opponents each lose exactly 1 life, put a +1/+1 counter on ~.",
                     "lose_life")                                                       # Ob Nixilis, Captive Kingpin


@pytest.mark.parametrize("text", [
    "At the beginning of your upkeep, you may pay {4} and 2 life. If you do, return a card exiled with this "
    "enchantment to the battlefield.",
    "Whenever you pay life, put that many blood counters on this enchantment.",
    "When ~ enters, flip a coin for each creature that isn't a Demon, Devil, or Imp. Destroy each creature "
    "whose coin comes up tails.",
])
def test_parsed_triggers_stay_notes(text):
    """A parsed trigger whose effect the KB does not carry out is still a note (603.2)."""
    (li,) = compile_text(text, "Nameless", "Enchantment")
    assert li.parsed and not li.modelled
    assert li.affects
