"""Wordings of static, replacement, ability-word and activated lines the grammar reads (issue 11,
"lines_static", round 7).

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node (or verb) the rules give it and, where the KB does not carry it out, that the line stays
a note for the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text, parse_line

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 606, 113.1a: a loyalty ability in quotes
    ('Enchanted planeswalker has "[+1]: Create three 1/1 white Soldier creature tokens."',
     "quoted_loyalty"),                                                                   # Elspeth's Talent
    # 114.1: an emblem with two abilities
    ('[−4]: You get an emblem with "Artifact creatures you control get +1/+1" and "Artifact spells you '
     'cast cost {1} less to cast."', "quoted_and"),                                        # Saheeli, Filigree Master
    # 122.1: a limit on the counters an ability puts
    ("{X}, {T}: Put up to X +1/+0 counters on this creature. This ability can't cause the total number "
     "of +1/+0 counters on this creature to be greater than four. Activate only during your upkeep.",
     "counter_cap"),                                                                      # Clockwork Avian
    # 506.5
    ("{B}: Target creature that's attacking alone gets +1/+1 until end of turn.",
     "rel_attacking_alone"),                                                              # Viper, Cruel Conspirator
    # 118.9: a keyword's cost paid another way
    ("You may pay {0} rather than pay the cycling cost of the first card you cycle each turn.",
     "tail_rather_than_pay"),                                                             # Gavi, Nest Warden
    # 500: "during your last turn"
    ("This creature doesn't untap during your untap step if it attacked during your last turn.",
     "tail_if"),                                                                          # Goblin Rock Sled
    # 105.2: the most common color
    ("This creature gets -2/-2 as long as black is the most common color among all permanents or is "
     "tied for most common.", "most_common_color"),                                       # Goham Djinn
    ("Return target permanent to its owner's hand if that permanent shares a color with the most common "
     "color among all permanents or a color tied for most common.", "share_most_common"),  # Barrin's Unmaking
    # 122.1, 614.1a: counter doublers and halvers
    ("If you would put one or more counters on a permanent or player, put twice that many of each of "
     "those kinds of counters on that permanent or player instead.", "put_counters"),      # Innkeeper's Talent
    ("If an opponent would put one or more counters on a permanent or player, they put half that many "
     "of each of those kinds of counters on that permanent or player instead.", "put_counters"),  # Vorinclex
    # what happened to a card earlier this turn
    ("{T}: Put target creature card in a graveyard that was milled this turn onto the battlefield under "
     "your control.", "rel_milled_this_turn"),                                            # (The Master, Transcendent)
    # 305.2
    ("Each player may play an additional land on each of their turns.",
     "tail_each_of_your_turns"),                                                          # Rites of Flourishing
    # 613.1f: an ability in quotes lost
    ('{3}: Until end of turn, this creature loses "Prevent all damage that would be dealt to this '
     'creature." Any player may activate this ability.', "lose_quoted"),                  # Glittering Lion
    # chroma: mana symbols in mana costs (202.1)
    ("~'s power and toughness are each equal to the number of black mana symbols in the mana costs of "
     "cards in your graveyard.", "count_mana_symbols"),                                   # Umbra Stalker
    ("Each creature you control gets +1/+1 for each white mana symbol in its mana cost.",
     "tail_for_each_mana_symbol"),                                                             # Light from Within
    # 601.2f: cost changes counted by counters
    ("Angel spells and Human spells you cast cost {1} less to cast for each +1/+1 counter on this "
     "creature.", "cost_mod"),                                                            # Herald of War
    ("Instant and sorcery spells you cast cost {1} less to cast for each experience counter you have.",
     "cost_mod"),                                                                         # Mizzix of the Izmagnus
    ("This creature gets +1/+1 for each poison counter your opponents have.",
     "tail_for_each_counter"),                                                            # Mycosynth Fiend
    ("~ gets +1/+1 for each time counter on it.", "tail_for_each_counter"),              # Rose Tyler
    # 614.12
    ("As this artifact enters, choose a color and a creature type.", "choice"),          # Riptide Replicator
    # 702.16a: protection from one of two qualities, or from a color chosen
    ("Target permanent you control gains protection from artifacts or from the color of your choice "
     "until end of turn.", "kw_from_either"),                                             # Razor Barrier
    # 702.16a, 615: a color chosen
    ("{1}{W}: Prevent all damage that would be dealt to another target creature this turn by sources of "
     "the color of your choice.", "of_chosen_color"),                                     # Avacyn, Guardian Angel
    # 609.4b, 510.1c
    ("You may have ~ assign his combat damage as though he weren't blocked.", "tail_as_though"),  # Wolverine, Claws Out
    # 601.3, 602.5
    ("During your turn, your opponents can't cast spells or activate abilities of artifacts, creatures, "
     "or enchantments.", "cast_or_activate"),                                             # Grand Abolisher
    # 107.14
    ("If you would get one or more {E}, you get twice that many {E} instead.", "get"),   # Aether Refinery
    # 702.122
    ("Enchanted creature can't attack, block, or crew Vehicles.", "crews"),              # Revoke Privileges
    # 505.1
    ("Players can cast spells only during their own turns.", "tail_only_during"),       # Dosan the Falling Leaf
    # 508.1
    ("Creatures attacking your opponents have double strike.", "attacking_q"),           # Blast-Furnace Hellkite
    ("This creature can't attack a player it has already attacked this turn.", "already_attacked_q"),  # Bloodthirster
    # 702.106
    ("Sacrifice this enchantment, Reveal the creature type you chose: If target attacking creature token "
     "is the chosen type, put three +1/+1 counters on it and it gains deathtouch until end of turn.",
     "you_chose_q"),                                                                      # A Killer Among Us
    # 614.1a: a replacement applied the first time an event would happen each turn
    ("The first time you would create one or more tokens each turn, you may instead create that many "
     "tokens that are copies of enchanted permanent.", "lead_first_time"),                 # Moonlit Meditation
    # 706.2, 614.1a
    ("Grant an Advantage — If you would roll one or more dice, instead roll that many dice plus one and "
     "ignore the lowest roll.", "roll_extra"),                                                  # Pixie Guide
    # 400.1
    ("This spell costs {1} less to cast for each creature card you own in exile and in your graveyard.",
     "in_zones"),                                                           # Huskburster Swarm
    # 108.4
    ("Reveal the player you chose: Exile target creature that's attacking you if it's controlled by the "
     "chosen player. Activate only once.", "its_controlled_by"),                          # Stalking Leonin
])
def test_wording_parses_to(text, kind):
    assert_parses_to(text, kind)


def test_costs_is_still_the_verb():
    # a literal "costs" would take the word from "This spell costs {1} less ..." (the -s form of "cost")
    for text in ("This spell costs {1} less to cast for each creature you control.",
                 "This spell costs {2} more to cast."):
        line = parse_line(text)
        assert line.parsed, line.error


def test_granted_loyalty_ability_is_a_note_for_every_answer():
    # Elspeth's Talent: a granted ability the KB does not carry out
    (line,) = compile_text('Enchanted planeswalker has "[+1]: Create three 1/1 white Soldier creature tokens."')
    assert line.parsed and not line.modelled
    assert {"could-produce", "produce", "actions"} <= set(line.affects)


def test_most_common_color_gate_is_a_note_for_every_answer():
    # Goham Djinn: P/T changed while a condition the KB does not evaluate holds
    (line,) = compile_text("This creature gets -2/-2 as long as black is the most common color among all "
                           "permanents or is tied for most common.")
    assert line.parsed and not line.modelled
    assert "show" in line.affects


def test_cost_of_a_keyword_paid_another_way_is_a_note_for_payment():
    # Gavi, Nest Warden: an alternative cost of the cycling ability (118.9): what paying takes
    (line,) = compile_text("You may pay {0} rather than pay the cycling cost of the first card you cycle "
                           "each turn.")
    assert line.parsed and not line.modelled
    assert {"actions", "apply"} <= set(line.affects)
