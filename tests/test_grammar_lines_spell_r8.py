"""Wordings of effect, spell and modal lines the grammar reads (issue 11, round 8, "lines_spell"):
a player repeating the process, dice results chosen, damage divided evenly, losing all counters,
piles, "twice X", the top X plus one cards, a third of, extra turns, draws "as many as"/"minus".

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node (or verb) the rules give it and, where the KB does not carry it out, that the line stays
a note for the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 608.2c: a player repeats the instructions above
    ("Reveal the top card of your library and put that card into your hand. You lose life equal to its "
     "mana value. You may repeat this process any number of times.", "aux_repeat_process"),   # Ad Nauseam
    ("Target opponent draws two cards, then you draw up to four cards. That opponent may repeat this "
     "process as many times as they choose.", "aux_repeat_process"),                          # Trade Secrets
    # 706.2: two dice, one result chosen
    ("Roll two d6 and choose one result. Destroy each creature with power greater than or equal to that "
     "result. Then create a number of 2/2 white Knight creature tokens with vigilance equal to the other "
     "result.", "roll_choose_result"),                                                          # Valiant Endeavor
    ("Roll two d12 and choose one result. ~ deals damage equal to that result to each creature. Then "
     "create a number of Treasure tokens equal to the other result.", "other_die_result"),     # Reckless Endeavor
    ("Roll two d20 and ignore the lower roll.", "roll_dice"),                                   # Berserker's Frenzy
    # 601.2d: divided evenly
    ("~ deals X damage divided evenly, rounded down, among any number of targets.",
     "deal_divided_evenly"),                                                                    # Fireball
    # 122: all counters lost; none gotten
    ("Target player loses all poison counters. ~ deals that much damage to that player.",
     "lose_counters"),                                                                          # Leeches
    ("• Each opponent loses all counters.", "lose_counters"),                                   # Final Act
    ("You can't get poison counters.", "get_counters_any"),                                     # Melira
    # 700.3: piles
    ("Look at the top four cards of your library and separate them into a face-down pile and a face-up "
     "pile. An opponent chooses one of the piles. Put that pile into your hand and the other into your "
     "graveyard.", "separate_piles"),                                                           # Riddles in the Dark
    ("Starting with you, each player separates all permanents they control into three piles. Then each "
     "player chooses one of their piles at random and sacrifices those permanents.", "separate_piles"),
    # 107.1: twice X; the top X plus one; a third of
    ("Look at twice X cards from the top of your library. Put X cards from among them into your hand and "
     "the rest into your graveyard. You lose X life.", "look_at"),                             # Stargaze
    ("Tap target creature. Put twice X stun counters on it.", "put_counters"),                  # Procrastinate
    ("Reveal the top X plus one cards of your library and separate them into two piles. An opponent "
     "chooses one of those piles. Put that pile into your hand and the other into your graveyard.",
     "top_of_zone_plus"),                                                                       # Epiphany at the Drownyard
    ("Each player loses a third of their life, then discards a third of the cards in their hand, then "
     "sacrifices a third of the creatures they control of their choice, then sacrifices a third of the "
     "lands they control of their choice. Round up each time.", "each_of"),                     # Pox
    # 500.7, 500: turns and steps
    ("Target player takes two extra turns after this one.", "take_turn"),                       # Time Stretch
    ("Players skip their upkeep steps.", "skip"),                                               # Eon Hub
    # 121: how many are drawn
    ("Target player discards two cards, then draws as many cards as they discarded this way.",
     "draw_as_many"),                                                                           # Forget
    ("Each player discards all the cards in their hand, then draws that many cards minus one.",
     "draw_minus"),                                                                             # Dark Deal
    # others
    ("Return all artifacts target player owns to their hand.", "return"),                      # Hurkyl's Recall
    ("Look at the top three cards of target player's library, then put them back in any order. You may "
     "have that player shuffle.", "have_do"),                                                   # Portent
    ("Choose another player. You gain 5 life. At the beginning of the first upkeep in your next game "
     "with that player, you gain 5 life.", "next_game_upkeep"),                                 # Double Dip
])
def test_wording_parses_to(text, kind):
    assert_parses_to(text, kind)


def test_parsed_effect_line_stays_a_note():
    # the KB does not carry out a chosen die result: the parsed line is still a note
    (line,) = compile_text("Roll two d4 and choose one result. Create a number of 3/3 green Beast creature "
                           "tokens equal to that result.")
    assert line.parsed
    assert not line.modelled
    assert line.affects


@pytest.mark.parametrize("text, kind", [
    # 615: "to you and/or" other objects
    ("Prevent the next X damage that would be dealt to you and/or permanents you control this turn. If "
     "damage is prevented this way, ~ deals that much damage to any target.", "prevent_to_you_and"),   # Divine Deflection
    ("The next 2 damage that a source of your choice would deal to you and/or permanents you control this "
     "turn is dealt to any target instead.", "prevent_to_you_and"),                             # Harm's Way
    # 407: ante
    ("Each player antes the top card of their library.", "ante"),                               # Demonic Attorney
    ("Discard your hand, ante the top card of your library, then draw seven cards.", "ante"),  # Contract from Below
    # 500.4
    ("Players don't lose unspent mana as steps and phases end.", "keep_mana"),                  # Upwelling
    # 706.2: a leading "for each" over dice results
    ("Choose target creature. Roll X six-sided dice. For each even result, put two -1/-1 counters on that "
     "creature. For each odd result, put a +1/+1 counter on that creature.", "lead_for_each_result"),
    # 700.3: the piles chosen
    ("Each opponent separates the creatures they control into two piles. For each opponent, you choose one "
     "of their piles. Each opponent sacrifices the creatures in their chosen pile.", "in_pile"),  # Make an Example
    ("Exile the top five cards of your library. An opponent separates those cards into two piles. You may "
     "play lands and cast spells from one of those piles. If you cast a spell this way, you cast it "
     "without paying its mana cost.", "from_pile"),                                             # Brilliant Ultimatum
    # 400.11a: the sideboard
    ("Look at target opponent's sideboard. You may cast a card from that sideboard without paying its mana "
     "cost.", "look_at"),                                                                       # Command the Chaff
    # 109.2: each of the objects
    ("Domain — Search your library for up to two land cards that each have a basic land type, put them "
     "onto the battlefield tapped, then shuffle.", "rel_that_each"),                           # Slimefoot's Survey-like
])
def test_wording_parses_to_2(text, kind):
    assert_parses_to(text, kind)


@pytest.mark.parametrize("text, kind", [
    # 107.1: "equal to 1 plus" an amount
    ("Search your library for a creature card with mana value equal to 1 plus the sacrificed creature's "
     "mana value, put that card onto the battlefield, then shuffle.", "equal_to_plus"),       # Neoform
    # 107.1: "twice X" as an amount still
    ("You gain twice X life.", "twice"),                                                       # Sanguine Sacrament
    ("~ deals twice X damage to target creature.", "twice"),                                   # Torch the Witness-like
    # 601.2f (Dragons of Tarkir)
    ("~ deals 3 damage to target creature. If you revealed a Dragon card or controlled a Dragon as you "
     "cast this spell, ~ deals 3 damage to that creature's controller.", "past_clause"),   # Draconic Roar
    # 406: piles in exile
    ("Exile target nontoken creature you own and the top two cards of your library in a face-down pile, "
     "shuffle that pile, then cloak those cards.", "object_conj_pile"),                       # Become Anonymous-like
    # 611.2: until the end of another player's next turn
    ("Exile target nonland permanent and the top card of your library. For each of those cards, its owner "
     "may play it until the end of their next turn.", "tail_duration"),                       # Suspend Aggression
    # 122: counters removed this way
    ("{X}{B/P}: Remove up to X counters from target permanent. For each counter removed this way, this "
     "creature gets +1/+0 until end of turn.", "lead_for_each_counter_removed"),              # Hex Parasite
    # 614.1a: that damage dealt to another instead
    ("If an instant or sorcery spell of the chosen color would deal damage to you, it deals that damage to "
     "its controller instead.", "deal_that_damage"),                                           # Harsh Judgment
    # 107.14: energy paid or had
    ("{T}: You get {E}, then you may pay one or more {E}. If you do, create an X/X black Aetherborn "
     "creature token, where X is the amount of {E} paid this way.", "energy_amount"),         # Aether Refinery
    # 400.1
    ("If a black or red permanent, spell, or card not on the battlefield would be put into a graveyard, "
     "exile it instead.", "not_on_battlefield"),                                               # Sanctifier en-Vec
])
def test_wording_parses_to_3(text, kind):
    assert_parses_to(text, kind)


def test_twice_x_is_the_same_amount_either_way():
    # "twice X" is one word of the lexer (a quantity: "Look at twice X cards"); as an amount it is the
    # node "twice" of the number X, as "twice" followed by any other amount
    from pyengine.compiler import parse_line
    from pyengine.compiler import ir
    verb = parse_line("You gain twice X life.").ability.effect[0].clauses[0].verb
    assert ir.Node("twice", ("twice", ir.Number("x"))) in verb.args
