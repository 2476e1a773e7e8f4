"""Wordings of statics, activated abilities, spells and replacement effects the grammar reads
(issue 11, "parseB": the lines that do not start with When/Whenever/At).

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node the rules give it, and, where the KB does not carry it out, that the line stays a note
for exactly the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text, parse_line

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 702: a keyword with a cost or a number inside a list of keywords
    ("Slivers you control have devoid and annihilator 1.", "kw_number"),           # Slivdrazi Monstrosity
    ("{U}{B}: Until end of turn, ~ becomes an Equipment artifact with equip {2}.", "kw_cost"),  # Domesticated Watercourse
    # 613.4c: one of two changes of power and toughness
    ("{1}: This creature gets +1/-1 or -1/+1 until end of turn.", "get_either"),   # Aphetto Alchemist-like shifters
    ("[−3]: Target creature gets +X/+X or -X/-X until end of turn, where X is the number of Swamps you control.",
     "get_either"),                                                                 # Liliana of the Dark Realms
    # 105.3: a choice of colors
    ("{1}: Target creature becomes the color or colors of your choice until end of turn.",
     "become_color_choice"),                                                        # Scuttlemutt
    # 122: every kind of counter
    ("• Double the number of each kind of counter on target permanent.", "double_each_kind"),  # Aetheric Amplifier
    # 700.2, 614.12: choices
    ("As this enchantment enters, choose a nonbasic land card name.", "choice"),    # Alpine Moon
    ("As this creature enters, choose a number between 0 and 7.", "choice"),
    ("For each player, choose friend or foe.", "choice"),
    # 701.50: connive with a number
    ("{1}, {T}: Target creature you control connives X.", "keyword_action"),
    # 402.2, 104.3b
    ("You have no maximum hand size for the rest of the game.", "tail_rest_of_game"),
    ("You don't lose the game for having 0 or less life.", "tail_for_having_life"),  # Platinum Angel-like
])
def test_keywords_stats_and_choices(text, kind):
    assert_parses_to(text, kind, keywords=True)


@pytest.mark.parametrize("text, kind", [
    ("Exile target creature with power or toughness 1 or less.", "with_stat"),   # Warping Wail
    ("Choose two target creatures controlled by different players.", "controlled_by"),
    ("~ deals X damage to target player or planeswalker and each creature that player or that "
     "planeswalker's controller controls.", "controls_phrase"),
    ("{T}: Tap target creature without flying that's attacking you.", "rel_attacking_you"),
    ("Draw a card for each creature that died under your control this turn.", "rel_died_under_control"),
    ("Change the target of target spell with a single target.", "change_target"),      # Deflection
])
def test_object_qualifiers(text, kind):
    assert_parses_to(text, kind, keywords=True)


@pytest.mark.parametrize("text, kind", [
    # 614.9: redirection of damage
    ("All damage that would be dealt to you is dealt to enchanted creature instead.", "damage_redirect"),
    ("{1}{W}: The next 1 damage that would be dealt to this creature this turn is dealt to target creature "
     "instead.", "next_damage"),
    # 601.2f: limits of a cost reduction
    ("Legendary spells you cast cost {R}{G} less to cast. This effect reduces only the amount of colored "
     "mana you pay.", "cost_reduction_limit"),
    ("Enchanted artifact's activated abilities cost {2} less to activate. This effect can't reduce the mana "
     "in that cost to less than one mana.", "cost_reduction_limit"),
    # 702.34a: a granted keyword's cost
    ("Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is equal "
     "to its mana cost.", "flashback_cost"),
    # 118.9, 601.2f
    ("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.", "tail_rather_than_pay"),
    ("As long as you've discarded a card this turn, you may pay {B/R} to cast this spell.", "pay_to_cast"),
    ("If this spell's additional cost was paid, you gain 1 life.", "additional_cost_paid"),
    ("If the {1}{B} cost was paid, an opponent draws a card.", "additional_cost_paid"),
    # 730.1: day and night
    ("If it's neither day nor night, it becomes day as this creature enters.", "become_day_night"),
    ("{3}, {T}: If it's night, it becomes day. Otherwise, it becomes night. Activate only as a sorcery.",
     "day_night"),
    # 702.14: landwalk ignored
    ("Creatures with plainswalk can be blocked as though they didn't have plainswalk.", "tail_as_though"),
    ("As long as there are five or more mana values among cards in your graveyard, this creature gets "
     "+2/+2 and has deathtouch.", "distinct_count"),
])
def test_replacements_costs_and_statics(text, kind):
    assert_parses_to(text, kind, keywords=True)


def test_next_damage_needs_the_word_next():
    """"the next 1 damage" is read through a status word; any other status word is not read."""
    assert not parse_line("The tapped 1 damage that would be dealt to you is dealt to ~ instead.").parsed


@pytest.mark.parametrize("text, affects", [
    # a redirection of damage (614.9) is an effect on events: only what happens next
    ("All damage that would be dealt to you is dealt to enchanted creature instead.", {"apply"}),
    # 601.2f: a limit of a cost reduction: what may be cast or activated, and paying
    ("Legendary spells you cast cost {R}{G} less to cast. This effect reduces only the amount of colored "
     "mana you pay.", {"actions", "cast-free", "apply"}),
    # 407.1: done before the game begins
    ("Remove this card from your deck before playing if you're not playing for ante.", set()),
    # an activated ability whose effect is not carried out: what may be activated and what follows
    ("{1}: This creature gets +1/-1 or -1/+1 until end of turn.", {"actions", "apply"}),
    # 614.12: a choice as the permanent enters
    ("As this enchantment enters, choose a nonbasic land card name.", {"apply"}),
])
def test_parsed_lines_stay_notes(text, affects):
    (li,) = compile_text(text)
    assert li.parsed and not li.modelled
    assert set(li.affects) == affects


@pytest.mark.parametrize("text, kind", [
    ("You may have this creature assign its combat damage as though it weren't blocked.", "assign_damage"),  # Thorn Elemental
    ("{1}, {T}: You may copy target instant spell you control and may choose a new target for the copy.",
     "choose_new_target"),
    ("If an opponent would draw a card except the first one they draw in each of their draw steps, instead "
     "you create a Treasure token.", "tail_except_first_draw"),                                 # Hullbreacher
    ("~ deals 5 damage to target attacking or blocking creature. If a Dragon was beheld, you gain 2 life.",
     "passive_beheld"),
    ("Exile target creature that dealt damage to you this turn.", "past_event"),
    ("Each opponent who controls more creatures than you can't cast creature spells.", "rel_control_more"),
    ("{4}: Remove a doom counter from this artifact. Any player may activate this ability but only during "
     "any upkeep step.", "activate_but_only"),
    ("{T}: Choose two target blocking creatures controlled by the same opponent.", "controlled_by"),
    ("All creatures get -X/-X until end of turn, where X is the greatest mana value of a commander you own "
     "on the battlefield or in the command zone.", "on_battlefield_or_command"),
    ("~ is all colors.", "all_colors"),
    ("If one or more tokens would be created under your control, twice that many of those tokens are "
     "created instead.", "twice_that_many_of"),                                                    # Parallel Lives-like
    ("If one or more tokens would be created under your control, those tokens plus that many 1/1 green "
     "Squirrel creature tokens are created instead.", "tokens_plus"),                              # Chatterfang
    ("If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it becomes "
     "sacrifices it at the beginning of the next cleanup step.", "controller_of_permanent_it_becomes"),
    ("If you're on the Mirran team, ~ has lifelink.", "team_clause"),
    ("Those spells cost {W} less to cast if you paid life this way.", "paid_life_this_way"),
    ("The same is true for first strike, double strike, deathtouch, haste, hexproof, indestructible, "
     "lifelink, menace, protection, reach, trample, and vigilance.", "same_is_true"),
    ("Destroy target artifact. If its mana value was 1 or less, draw a card.", "amount_clause"),
    ("You control target player during that player's next turn.", "tail_during"),                 # Mindslaver
    ("~ gets +X/+0, where X is the amount of life you've lost this turn.", "life_lost_this_turn"),
    ("Create a number of Blood tokens equal to the amount of excess damage dealt to that creature this way.",
     "excess_damage"),
    ("Spend only black mana on X.", "spend_only_color"),
])
def test_more_statics_and_spells(text, kind):
    assert_parses_to(text, kind, keywords=True)


def test_a_longer_phrase_never_takes_words_it_does_not_have():
    """"for each different Universe among ..." keeps its reading as an object ("for each" NP):
    no phrase "for each different" takes the word "different" from it."""
    assert_parses_to("Each creature gets +1/+1 for each different Universe among permanents its controller "
                     "controls.", "tail_for_each", keywords=True)


@pytest.mark.parametrize("text, kind", [
    ("{1}{W}, {T}, Sacrifice this land: Create a 1/1 colorless Pilot creature token with \"This token saddles "
     "Mounts and crews Vehicles as though its power were 2 greater.\" Activate only as a sorcery.",
     "crews_as_though"),                                                                          # Country Roads
    ("[0]: Discard all the cards in your hand, then draw that many cards plus one.", "draw"),
    ("You may cast this card from your graveyard using its warp ability.", "tail_using_keyword"),
    ("This creature enters with your choice of a flying counter or a first strike counter on it.",
     "mod_with_counter_choice"),
    ("Prevent the next 5 damage that would be dealt this turn to any number of targets, divided as you "
     "choose.", "prevent_divided"),
    ("{1}: Add {B}. If this ability has been activated four or more times this turn, sacrifice this "
     "creature at the beginning of the next end step.", "activated_times"),                       # Initiates of the Ebon Hand
    ("{T}: This land deals 1 damage to target attacking creature. Activate only during the end of combat "
     "step.", "activation_when"),                                                                # Desert
    ("This land enters tapped unless it's your first, second, or third turn of the game.", "its_turn"),  # Starting Town
    ("This spell costs {X} less to cast, where X is the number of differently named lands you control.",
     "count_named"),
    ("Creatures you control can boast twice.", "boast_twice"),                                    # Birgi
    ("Tiered", "kw_plain"),                                                                       # 702.183
])
def test_activated_abilities_and_mana_card_lines(text, kind):
    assert_parses_to(text, kind, keywords=True)


def test_a_mana_ability_with_a_rider_the_kb_lacks_is_a_note_for_activating_it_only():
    """Initiates of the Ebon Hand: the sacrifice is a delayed trigger (603.7) the KB does not carry
    out; it cannot change what the ability adds ({B}, 605.3b), so the note concerns activating it
    and what follows, not what it produces."""
    (li,) = compile_text("{1}: Add {B}. If this ability has been activated four or more times this turn, "
                         "sacrifice this creature at the beginning of the next end step.")
    assert li.parsed and not li.modelled
    assert set(li.affects) == {"actions", "apply"}


# --- round 3 (issue 11): statics, activated abilities and spells of non-mana cards -----------

@pytest.mark.parametrize("text, kind", [
    # 702.11d, 702.16a: one quality that is a list of characteristics
    ("Hexproof from artifacts and enchantments", "kw_from"),                          # Jaheira, Harper Emissary
    ("Hexproof from artifacts, creatures, and enchantments", "kw_from"),
    ("{TK}{TK}{TK} — Protection from even mana values", "quality_parity"),             # sticker sheet
    # 702.24a: one of two costs
    ("Cumulative upkeep {W} or {U}", "kw_cost_or"),                                   # Jötun Owl Keeper-like
    # 702.47a: a splice cost that is not mana
    ("Splice onto Arcane—Exile four cards from your graveyard.", "kw_filter_cost_clauses"),  # Evermind-like
    # 702.139a: a companion's condition on the starting deck
    ("Companion — Your starting deck contains only cards with even mana values.", "deck_condition"),  # Gyruda
    ("Companion — Each permanent card in your starting deck has mana value 2 or less.", "have_stat"),  # Lurrus
    # stickers: a ticket cost before a keyword or an ability word
    ("{TK}{TK} — Vigilance", "ticket_ability"),
    ("{TK}{TK} — Hellbent — This creature gets +3/+3 as long as you have no cards in hand.", "ticket_ability"),
    # 701.38: votes for named options
    ("Will of the council — Starting with you, each player votes for time or knowledge. If time gets more "
     "votes, take an extra turn after this one. If knowledge gets more votes or the vote is tied, draw three "
     "cards.", "vote_options"),                                                        # Plea for Power
    ("Will of the council — Starting with you, each player votes for a nonland permanent you don't control. "
     "Exile each permanent with the most votes or tied for most votes.", "with_most_votes"),  # Coercive Portal-like
    ("Council's dilemma — Starting with you, each player votes for death or taxes. Each opponent sacrifices a "
     "creature of their choice for each death vote and discards a card for each taxes vote.",
     "tail_for_each_vote"),                                                            # Capital Punishment
    ("Tempting offer — Put a +1/+1 counter on each creature you control. Each opponent may put a +1/+1 counter "
     "on each creature they control. For each opponent who does, put a +1/+1 counter on each creature you "
     "control.", "rel_does"),                                                          # Tempt with Bunnies-like
    # 603.2, 603.6a: entering objects and the triggers they cause
    ("Creatures entering the battlefield don't cause abilities to trigger.", "entering_q"),  # Torpor Orb
    ("If a permanent entering the battlefield causes a triggered ability of a permanent you control to "
     "trigger, that ability triggers an additional time.", "causes"),                  # Yarok, the Desecrated
    # 601.2f: equip abilities
    ("Equip abilities you activate cost {1} less to activate.", "equip_abilities"),    # Puresteel Paladin-like
    ("Equip abilities you activate that target ~ cost {2} less to activate.", "equip_abilities"),
    ("Equip abilities you activate of other Equipment cost {1} less to activate.", "equip_abilities"),
    # 107.14: energy paid by number
    ("{T}, Pay eight {E}: This creature deals 6 damage to target player or planeswalker.", "pay_energy_number"),
    ("Enchanted artifact has \"At the beginning of your upkeep, sacrifice this artifact unless you pay its "
     "mana cost.\"", "pay_mana_cost"),                                                 # Power Artifact-like
    ("[−7]: Mill seven cards. Return all non-Aura enchantment cards from your graveyard to the battlefield, "
     "then do the same for Aura cards.", "do_same_for"),                               # Calix, Destiny's Hand-like
    ("Counter target spell. If that spell is countered this way, put it on top of its owner's library instead "
     "of into that player's graveyard.", "tail_instead_of_zone"),                      # Memory Lapse
    ("Creatures your opponents control lose flying and can't have or gain flying.", "have"),  # Gravity Sphere-like
    ("Until end of turn, creatures you control get +2/+0 and gain all creature types.", "gain_ability"),
    ("This creature can't have counters put on it.", "have_counters_put"),             # Melira's Keepers
    ("{1}: Regenerate this creature. When it regenerates this way, put a -1/-1 counter on it.", "regenerate"),
    ("If a player would draw a card, that player skips that draw instead.", "skip_draw"),
    ("Reveal a card in your hand, then put that card onto the battlefield if it has the same name as a "
     "permanent.", "have_same_name"),                                                  # Mitotic Manipulation-like
    ("As long as you have at least 7 life more than your starting life total, creatures you control get "
     "+2/+2.", "have_life_over_start"),                                                # Serra Ascendant-like
    ("X can't be greater than the number of snow lands you control.", "x_limit"),
    ("Tap X creatures, where X is a number from 0 to 5 chosen at random.", "random_number"),
    ("Join forces — Starting with you, each player may pay any amount of mana. Each player draws X cards, "
     "where X is the total amount of mana paid this way.", "mana_paid_this_way"),     # Minds Aglow
    ("Draw a card for each different mana value among nonland cards in your graveyard.", "distinct_mana_values"),
    ("{T}: The next time a source of your choice would deal damage this turn, that damage is dealt to ~ "
     "instead.", "passive"),                                                           # Jade Monolith-like
    ("This creature has double strike as long as you've committed a crime this turn.", "committed_crime"),
    ("Reveal this card as you draft it.", "draft_reveal"),                             # Cogwork Spy
    ("Reveal this card as you draft it and note how many cards you've drafted this draft round, including "
     "this card.", "draft_reveal"),                                                    # Cogwork Tracker-like
    ("As you draft a card, you may reveal it, note its name, then turn this card face down.",
     "lead_as_you_draft"),                                                             # Cogwork Librarian-like
])
def test_round3_wordings(text, kind):
    assert_parses_to(text, kind, keywords=True)


@pytest.mark.parametrize("text, affects", [
    # 905.2, 905.2b: abilities that function during the draft, before any game
    ("Reveal this card as you draft it.", set()),
    ("As you draft a card, you may reveal it, note its name, then turn this card face down.", set()),
    # 702.139a: companion functions outside the game
    ("Companion — Your starting deck contains only cards with even mana values.", set()),
    # 601.2f: a cost change of equip abilities: what may be activated, and paying
    ("Equip abilities you activate cost {1} less to activate.", {"actions", "cast-free", "apply"}),
    # 601.2b: the value chosen for X as a spell is cast or an ability activated
    ("X can't be greater than the number of snow lands you control.", {"actions", "cast-free", "apply"}),
    # 614.1a, 121: a draw replaced: only what happens next
    ("If a player would draw a card, that player skips that draw instead.", {"apply"}),
])
def test_round3_parsed_lines_stay_notes(text, affects):
    (li,) = compile_text(text)
    assert li.parsed and not li.modelled
    assert set(li.affects) == affects


def test_round3_phrases_never_take_words_from_other_lines():
    """A longer literal must not take words other lines read one by one (docs/compiler.md)."""
    # "that target" and "of other" stay words of their own
    assert_parses_to("Spells your opponents cast that target this creature cost {2} more to cast.", "cost_mod",
                     keywords=True)
    # "chosen at random" stays "chosen" "at random"
    assert parse_line("{T}: This creature deals 2 damage to any target chosen at random.").parsed
    # "additional" in "draw two additional cards" is not a counter's
    assert parse_line("At the beginning of your draw step, draw two additional cards.").parsed
    # a sticker's ability word is read only after its ticket cost
    assert not parse_line("Hellbent {TK} — This creature gets +3/+3.").parsed


@pytest.mark.parametrize("text, kind", [
    ("Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
     "tapped and the other into your hand, then shuffle.", "put_one"),                 # Cultivate
    ("Search your library for two cards. Put one into your hand and the other into your graveyard. Then "
     "shuffle.", "put_one"),                                                           # Buried Alive-like
    ("Discard two cards, Sacrifice this creature: Choose target opponent. Return this creature to the "
     "battlefield under that player's control at the beginning of their next upkeep.", "mod_under_control"),
    ("Choose target creature. When that creature dies this turn, return a creature card from its owner's "
     "graveyard to the battlefield under the control of that creature's owner.", "mod_under_control"),
    ("Exchange control of two target permanents that share a card type.", "rel_share"),  # Shifting Loyalties
    ("Reveal the top five cards of your library. An opponent separates those cards into two piles. Put one "
     "pile into your hand and the other into your graveyard.", "separate_piles"),      # Fact or Fiction
    ("{2}: Target player discards a card. Any player may activate this ability but only as a sorcery.",
     "activate_but_only"),                                                             # Volrath's Dungeon-like
    ("This Equipment can be attached only to a creature with power 3 or greater.", "passive"),
    ("Your life total becomes equal to your starting life total.", "life_total_clause"),
    ("~ deals X damage to target creature and 5 minus X damage to that creature's controller, where X is the "
     "chosen number.", "chosen_number"),
    ("You draw cards and lose life equal to the number of counters removed this way.", "count_counters_removed"),
    ("Each creature with mana value of the chosen quality has haste.", "with_chosen_parity"),
    ("You lose 2 life for each creature that died this way.", "past_event"),
    ("Distribute X +1/+1 counters among any number of creatures you control, where X is the amount of {S} "
     "spent to cast this spell.", "mana_spent_amount"),                                 # Blessing of Frost
])
def test_round3_more_wordings(text, kind):
    assert_parses_to(text, kind, keywords=True)


def test_put_one_needs_the_word_one():
    """"put one ..." is read through a number word; any other number is not read that way."""
    assert not parse_line("Put two into your hand and the other into your graveyard.").parsed
