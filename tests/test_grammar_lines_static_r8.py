"""Wordings of static, replacement, keyword and activated lines the grammar reads (issue 11,
"lines_static", round 8).

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node (or verb) the rules give it and, where the KB does not carry it out, that the line stays
a note for the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text, parse_line

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 614.9: the damage of the replaced event dealt elsewhere
    ("{1}: The next time a source of your choice would deal damage to target creature this turn, that "
     "source deals that damage to you instead.", "deal_that_damage"),                    # Jade Monolith
    ("If an instant or sorcery spell of the chosen color would deal damage to you, it deals that damage "
     "to its controller instead.", "deal_that_damage"),                                   # Harsh Judgment
    # 701.38
    ("While voting, you may vote an additional time.", "lead_while_voting"),             # Ballot Broker
    ("While voting, you get an additional vote.", "get_additional_vote"),                # Brago's Representative
    # 601.2f: cost changes counted by life or by counters removed
    ("This spell costs {1} less to cast for each 1 life you gained this turn.",
     "cost_for_each_life"),                                                               # Licia, Sanguine Tribune
    ("Creature spells you cast cost {1} less to cast for each 1 life your opponents have lost this turn.",
     "cost_for_each_life"),                                                               # Rakdos, Lord of Riots
    ("Frenzied Metabolism — As an additional cost to cast this spell, you may remove any number of +1/+1 "
     "counters from among creatures you control. This spell costs {2} less to cast for each counter "
     "removed this way.", "cost_for_each_counter_removed"),                               # Hierophant Bio-Titan
    # 118.8: an additional cost of life or of a quoted instruction
    ("Spells your opponents cast that target this creature cost an additional 3 life to cast.",
     "cost_additional"),                                                                  # Terror of the Peaks
    ('Activated abilities of nontoken Rebels cost an additional "Sacrifice a land" to activate.',
     "cost_additional"),                                                                  # Brutal Suppression
    # 506.5
    ("This creature can only attack alone.", "attacks"),                                    # Master of Cruelties
    # 702.166 (bargain)
    ("This spell costs {1} less to cast if it's bargained.", "its_passive"),             # Ice Out
    # 614.1a (Worship)
    ("Damage that would reduce your life total to less than 1 reduces it to 1 instead.",
     "life_total_floor"),                                                                 # Fortune Thief
    # 615
    ("Damage that would be dealt by this creature can't be prevented.", "damage_any"),   # Malignus
    ("Combat damage that would be dealt by creatures you control can't be prevented.",
     "combat_damage_any"),
    # 122, 608.2c
    ("{1}, Remove X ki counters from this creature: For each counter removed, this creature gets +2/+0 "
     "until end of turn.", "lead_for_each_counter_removed"),                              # Blademane Baku
    # 614.1a: a replacement applied each time
    ("Each time target permanent would deal damage to a permanent or player this turn, it deals double "
     "that damage to that permanent or player instead.", "lead_each_time"),               # Overblaze
    # 601.2f: the costs of a keyword
    ("Equip costs you pay cost {1} less.", "keyword_costs"),                             # Auriok Steelshaper
    ("Flashback costs your opponents pay cost {2} more.", "keyword_costs"),              # Catalyst Stone
    # Battlebond friend or foe
    ("For each player, choose friend or foe. Each friend returns a creature card from their graveyard to "
     "their hand. Each foe sacrifices a creature of their choice.", "friend_or_foe"),      # Virtus's Maneuver
    # 613.4b: base P/T then abilities
    ("Sacrifice another creature: Until end of turn, this creature becomes a Dragon with base power and "
     "toughness 4/4, flying, and haste.", "with_base_pt_keywords"),                       # Bogardan Dragonheart
    ("As long as this creature is enchanted by three or more Auras, it has base power and toughness "
     "10/10, vigilance, and trample.", "have_base_pt_keywords"),                          # Timber Paladin
    # 601.2f: when the spell is cast
    ("Spells your opponents cast during your turn cost {1} more to cast.", "cast_during_q"),  # Paladin Class
    ("The first activated ability you activate during your turn that targets a creature you control "
     "costs {2} less to activate.", "cast_during_q"),                                     # Professor Hojo
    ("This spell costs {1} less to cast for each creature you attacked with this turn.",
     "attacked_with_q"),                                                                  # Gnoll Hunting Party
    # relative clauses with "whose"
    ("{T}: The player whose turn it is may end the turn.", "rel_whose_turn"),            # Obeka, Brute Chronologist
    ("{T}: Gain control of target creature whose controller controls an Island for as long as you "
     "control this creature and this creature remains tapped.", "rel_whose_controller_controls"),  # Seasinger
    ("This spell costs {3} less to cast if it targets a creature whose controller has eight or more "
     "cards in their graveyard.", "rel_whose_controller_has"),                            # Lullmage's Domination
    # 122: counters put earlier this turn
    ("As long as you've put one or more +1/+1 counters on a creature this turn, this creature has "
     "trample and lifelink.", "perfect_on"),                                              # Sigardian Paladin
    # 706.2: a row of a die's results naming an ability
    ("• 2 — menace", "result_keyword"),                                                  # Celebr-8000
    # 901.10 (playtest planes)
    ('Chaos: Until end of turn, creatures you control have "This creature gets +1/+1 for each card '
     'you\'ve discarded this turn."', "chaos_ability"),                                   # Bicycle Rack
    # playtest keyword lines
    ("Spell commander", "can_be_commander"),                                             # Gather, the Townsfolk
    ("Commander enchantment", "can_be_commander"),                                       # Taught by Narset
    # 702.19c, 702.43a, 702.16a
    ("Lifelink, protection from mana value 3 or greater", "quality_mana_value"),         # Mistmeadow Skulk
    # 700.2: a mode that is an activated ability
    ("• Whack — {T}: Target player loses 2 life.", "mode_activated"),                    # Buzzing Whack-a-Doodle
    # 702: a keyword line with a period
    ("Enchant nonland permanent.", "keyword_line_period"),                               # Ensoul Ring
    # 119.7
    ("Your life total can't change.", "life_total_cant_change"),                         # Platinum Emperion
    # a turn skipped
    ("If you would begin your turn while this artifact is tapped, you may skip that turn instead. If you "
     "do, untap this artifact.", "begin_step"),                                           # Time Vault
    # 122.1: a list of counters put
    ("{5}, Exile this card from your graveyard: Choose target creature. Put four +1/+1 counters, a flying "
     "counter, a vigilance counter, a trample counter, and a lifelink counter on that creature. Activate "
     "only as a sorcery.", "put_counter_list"),                                           # Scavenged Brawler
    ("[+1]: Create a 3/3 green Beast creature token. Put your choice of a vigilance counter, a reach "
     "counter, or a trample counter on it.", "counters_choice"),                          # Vivien, Monsters' Advocate
    # 611.3a: a count, then its condition
    ("Threshold — ~ gets +1/+0 for each artifact you control as long as seven or more cards are in your "
     "graveyard.", "tail_for_each_as_long_as"),                                           # Nim Mongoose
    # 701.25, 508
    ("As long as you've surveilled this turn, this creature has deathtouch.", "perfect_surveilled"),  # Darkblade Agent
    ("Creatures that attacked during their controller's last turn can't attack.",
     "rel_attacked_during"),                                                              # Halls of Mist
    ("{W}, {T}: Choose target opponent who has more life than you do as you activate this ability. You "
     "gain 3 life.", "have_more_life_than_you"),                                          # Keeper of the Light
    # Unhinged "Gotcha"
    ('Gotcha — If an opponent says "save" or "life," you may say "Gotcha!" When you do, return ~ from '
     'your graveyard to your hand.', "say_words"),                                        # Save Life
    ('Gotcha — If an opponent laughs, you may say "Gotcha!" When you do, return this card from your '
     'graveyard to your hand.', "table_action"),                                          # Laughing Hyena
])
def test_wording_parses_to(text, kind):
    assert_parses_to(text, kind)


def test_a_quoted_word_keeps_the_comma_of_its_sentence():
    # 'says "save" or "life," you may ...': the comma written inside the quotes ends the leading
    # condition; a quoted ability keeps dropping it ('"{T}: Add {C}," and ...')
    assert parse_line('Gotcha — If an opponent says "kill" or "destroy," you may say "Gotcha!" When you '
                      'do, return ~ from your graveyard to your hand.').parsed
    assert parse_line('Equipped creature has "{T}: Add {G}."').parsed


def test_keyword_lines_still_read_their_costs():
    # "Equip {2}", "Flashback {1}{R}": the keywords an object "equip costs you pay" starts with
    for text in ("Equip {2}", "Flashback {1}{R}", "Dash {2}{R}"):
        line = parse_line(text)
        assert line.parsed, (text, line.error)


def test_cost_changes_of_keywords_are_notes_for_payment():
    (line,) = compile_text("Equip costs you pay cost {1} less.")
    assert line.parsed and not line.modelled
    assert {"actions", "apply", "cast-free"} <= set(line.affects)


def test_base_pt_and_keywords_gate_is_a_note_for_every_answer():
    # Timber Paladin: P/T and abilities while a condition the KB does not evaluate holds
    (line,) = compile_text("As long as this creature is enchanted by three or more Auras, it has base "
                           "power and toughness 10/10, vigilance, and trample.")
    assert line.parsed and not line.modelled
    assert {"could-produce", "produce", "actions", "show"} <= set(line.affects)


@pytest.mark.parametrize("text", [
    "Poison Tolerance +2",                   # Burn the Phyresis (playtest): a keyword with a bonus number
    "Trample over planeswalkers",            # Thrasta, Tempest's Roar (702.19c)
    "Modular—Sunburst",                      # Arcbound Wanderer (702.43a)
])
def test_keyword_lines(text):
    line = parse_line(text)
    assert line.parsed, line.error
    assert type(line.ability).__name__ == "Keywords"


def test_a_clause_after_base_pt_is_not_a_keyword():
    # Optimus Prime, Inspiring Leader: "and creatures you control gain trample" is a clause, not the
    # rest of a list of abilities after the P/T
    line = parse_line("{1}: Until end of turn, ~ becomes a Construct with base power and toughness 6/6 "
                      "and creatures you control gain trample.")
    assert line.parsed, line.error
    assert "with_base_pt_keywords" not in str(line.ability)
