"""Wordings of effect, spell and modal lines the grammar reads (issue 11, round 7, "lines_spell"):
excess damage, counters among permanents, mana symbols in mana costs (Chroma), a mode chosen by
another player, later sentences ("After this main phase, ...", "Round up each time."), skipped
steps, relatives of what happened this way or this turn, and objects joined to the previous one
("each creature and each player instead").

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node (or verb) the rules give it and, where the KB does not carry it out, that the line stays
a note for the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 700.2: another player chooses the mode
    ("An opponent chooses one —", "choose_count"),                                        # a modal header
    # 608.2c: an object joined to the previous one, then the clause's tail
    ("If this spell was kicked, it deals 4 damage to each creature with flying and each player instead.",
     "object_conj_instead"),                                                              # Fiery Cannonade-like (kicker)
    ("Destroy X target Mountains. ~ deals damage to each creature and each player equal to the number of "
     "Mountains put into a graveyard this way.", "object_conj_equal_to"),                # Rolling Earthquake-like
    # 120.4a: excess damage
    ("~ deals 4 damage to target creature. If excess damage was dealt this way, draw a card.",
     "dealt_this_way"),                                                                   # Fire Magic-like
    ("~ deals 3 damage to target attacking or blocking creature. You gain life equal to the excess damage "
     "dealt this way.", "excess_damage"),                                                 # Bitter Triumph-like
    # 122: counters among permanents
    ("• Creatures you control get +1/+1 until end of turn for each lore counter among Sagas you control.",
     "tail_for_each_counter_among"),                                                      # Urza's Saga-like
    ("When ~ enters, create a number of 1/1 green Saproling creature tokens equal to the number of "
     "counters among permanents you control.", "count_counters_among"),
    ("As long as there are four or more lore counters among Sagas you control, ~ gets +2/+2.",
     "counters_among_clause"),
    # 202.2: mana symbols in mana costs (Chroma)
    ("Chroma — ~'s power and toughness are each equal to the number of black mana symbols in the mana "
     "costs of permanents you control.", "count_mana_symbols"),                           # Umbra Stalker
    ("Chroma — Each creature you control gets +1/+1 for each white mana symbol in its mana cost.",
     "tail_for_each_mana_symbol"),                                                        # Light from Within
    # 505.1a, 500.8: a later sentence of the line
    ("Untap all creatures that attacked this turn. After this main phase, there is an additional combat "
     "phase followed by an additional main phase.", "lead_after_this_phase"),              # Relentless Assault
    ("Untap target creature. After this phase, there is an additional combat phase.",
     "lead_after_this_phase"),
    # 107.1a: how halves are rounded
    ("Each player loses half their life, then discards half the cards in their hand. Round up each time.",
     "round_clause"),                                                                      # Pox-like
    # 603.7: a delayed trigger of this turn
    ("Choose target creature. At this turn's next end of combat, destroy all creatures that blocked or "
     "were blocked by it this turn.", "lead_at"),                                          # Aether Storm-like
    # 614.10: skipped steps
    ("Skip your untap step.", "skip"),                                                     # Stasis-like
    ("Target player skips all combat phases of their next turn.", "skip"),                # Empty City Ruse-like
    # 105.2: the most common color
    ("This creature gets -2/-2 as long as white is the most common color among all permanents or is tied "
     "for most common.", "most_common_color"),                                             # Bog Elemental-like
    ("Return target permanent to its owner's hand if that permanent shares a color with the most common "
     "color among all permanents or a color tied for most common.", "share_most_common"),  # Barl's Cage-like
    # 400.7: what was put into a graveyard this turn
    ("Destroy all artifacts, then ~ deals damage to each creature equal to the number of artifacts that "
     "were put into graveyards from the battlefield this turn.", "rel_put_this_turn"),
    # 608.2c: instead of a number
    ("Search your library for a basic land card, reveal it, put it into your hand, then shuffle. If this "
     "spell was kicked, search your library for two basic land cards instead of one.",
     "tail_instead_of_number"),                                                            # Verdant Force-like
    # 118.1, 119: "plus an additional"
    ("Counter target spell unless its controller pays {2} plus an additional {1} for each Faerie you "
     "control.", "pay_plus"),                                                             # Spellstutter-like
    ("Target player loses 2 life plus 2 life for each Spirit sacrificed this way.", "lose_life_plus"),
    # 400.1: in either zone
    ("This spell costs {1} less to cast for each card you own in exile and in your graveyard.", "in_zones"),
    # 706: dice
    ("Roll two d6.", "roll_dice"),
    # 608.2c: who did something this way
    ("{T}: Each player may draw a card, then each player who drew a card this way gains 1 life.",
     "rel_who_this_way"),
    # 406: a face-down pile
    ("Exile the top three cards of your library in a face-down pile.", "exile"),
    # 118.9: an alternative cost as a way of casting
    ("You may cast the copy by paying {1} rather than paying its mana cost.", "tail_rather_than_pay"),
    # 509: blocked or was blocked by
    ("Exile target creature that blocked or was blocked by a Zombie this turn.", "rel_blocked_or_blocked_by"),
    # 702.16: one of two qualities
    ("Target permanent you control gains protection from artifacts or from the color of your choice until "
     "end of turn.", "kw_from_either"),
    # 105: of the chosen color
    ("Return all permanents of the color of your choice to their owners' hands.", "of_chosen_color"),
    # 707.10: the copies
    ("You may cast any number of the copies without paying their mana costs.", "the_copies"),
    # 601.3: from either zone
    ("Spells you cast from your graveyard or from exile cost {2} less to cast.", "from_zones"),
    # 401.4: either end of the library
    ("Counter target spell. If that spell is countered this way, put that card on your choice of the top "
     "or bottom of its owner's library.", "put"),
    # 102.3
    ("~ deals 3 damage to each of your opponents and you gain 3 life.", "each_opponent"),
    # 119
    ("X can't be greater than the amount of life you lost this turn.", "life_lost_this_turn"),
])
def test_wording_parses_to(text, kind):
    assert_parses_to(text, kind)


def test_parsed_effect_line_stays_a_note():
    # the KB does not carry out a Chroma count: the parsed line is still a note for what it could change
    (line,) = compile_text("Chroma — Each creature you control gets +1/+1 for each white mana symbol in its "
                           "mana cost.")
    assert line.parsed
    assert not line.modelled
    assert line.affects
