"""Wordings of triggered abilities (603) read by grammar/triggered.lark: trigger events,
intervening "if" conditions (603.4) and the effects these abilities hold.

Each line is the Oracle text of a real card (the card's name written as "~" where the card says
its name). A line the grammar reads is still a note unless the KB carries it out; a triggered
ability acts only once it triggers (603.2), so a note about one concerns ``apply`` only, unless it
adds mana itself (could-produce too) or triggers on mana.
"""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card, compile_text, ir, parse_line
from pyengine.compiler.lower_effects import several_events
from pyengine.terms import Const

from helpers import tree_kinds


@pytest.mark.parametrize("text", [
    # 709.5e rooms: unlocking a door
    "When you unlock this door, create three 1/1 red Devil creature tokens with \"When this token dies, "
    "it deals 1 damage to any target.\"",                                      # Ticket Booth // Tunnel of Hate
    # 716.2a: a class level as an event
    "When this Class becomes level 2, draw two cards.",                       # Wizard Class
    # 120.2b: noncombat damage ("noncombat" is read "non" "combat")
    "Whenever a source you control deals noncombat damage to an opponent, you draw that many cards.",
    # 701.25d, 706.1, 705.3, 606.3, 702.177: events of keyword actions, dice, coins, abilities
    "Whenever you surveil, put a +1/+1 counter on this creature.",            # Dimir Spybug
    "Whenever you roll one or more dice, this creature deals 1 damage to each opponent.",   # Brazen Dwarf
    "Whenever you win a coin flip, put a luck counter on this enchantment.",  # Chance Encounter
    "Whenever you activate a loyalty ability of a Chandra planeswalker, this creature deals 1 damage "
    "to each opponent.",                                                      # Keral Keep Disciples
    "Whenever you activate an exhaust ability, draw a card.",
    # 702.122: a Vehicle becomes crewed; 730.1a day and night
    "Whenever day becomes night or night becomes day, draw a card.",          # Firmament Sage
    # 603.4 intervening ifs: tribute (702.104b), pack tactics (508.1), descended (700.11)
    "When this creature enters, if tribute wasn't paid, you gain 4 life.",    # Snake of the Golden Grove
    "Pack tactics — Whenever this creature attacks, if you attacked with creatures with total power 6 "
    "or greater this combat, put a +1/+1 counter on this creature.",          # Gnoll Hunter
    "At the beginning of your end step, if you descended this turn, scry 1.",
    # effects: counters moved (122.1), distributed, returned face down (708)
    "When this creature dies, put its counters on target creature you control.",   # Star Pupil
    "When this creature dies, you may distribute two +1/+1 counters among one or two target creatures.",
    "Whenever another nontoken creature you control dies, you may return it to the battlefield face "
    "down under its owner's control.",                                        # Yedora, Grave Gardener
    "When this creature enters, you may have target creature get -1/-1 until end of turn.",
    "When this creature enters, investigate twice.",
])
def test_triggered_wordings_are_parsed(text):
    line = parse_line(text)
    assert line.parsed, line.error
    assert isinstance(line.ability, ir.Triggered)


def test_a_relative_clause_with_a_negated_verb():
    """"untapped creatures that player controls that didn't attack this turn" (Angel's Trumpet):
    a relative clause of its object."""
    line = parse_line("At the beginning of each player's end step, tap all untapped creatures that player "
                      "controls that didn't attack this turn. This artifact deals damage to the player equal "
                      "to the number of creatures tapped this way.")
    assert line.parsed, line.error
    assert any(isinstance(y, ir.Node) and y.kind == "rel_negated" for y in ir.walk(line.ability.effect))


def test_at_the_beginning_and_whenever_is_one_trigger_with_both_events():
    """603.2: "At the beginning of your upkeep and whenever you cast a red spell" is one ability
    that triggers on either event: the trigger keeps its time point and its event."""
    t = parse_line("At the beginning of your upkeep and whenever you cast a red spell, put a charge "
                   "counter on this artifact.").ability.trigger
    assert t.word == "at" and t.time is not None
    assert len(t.clauses) == 1 and ("and whenever",) in t.joins
    assert several_events(t)


def test_when_and_when_is_one_trigger_with_both_events():
    """"When you cycle this card and when this creature dies" (702.29a, 603.6c): both events,
    and no matcher may read it as its first event alone."""
    t = parse_line("When you cycle this card and when this creature dies, you may tap or untap target "
                   "permanent.").ability.trigger
    assert len(t.clauses) == 2 and ("and when",) in t.joins
    assert several_events(t)


def test_a_counter_kind_is_not_read_as_a_sticker_kind():
    """Regression: "art" (a sticker kind) must not stop "put an art counter on ~" (122.1)."""
    line = parse_line("Whenever a creature you control dies, put an art counter on this creature.")
    assert line.parsed, line.error


def _card(text, type_line="Creature — Human", **kw):
    return cardlib.parse_card({"name": "Test Card", "type": type_line, "text": text, "mana_cost": "{2}",
                               "power": "1", "toughness": "1", **kw})


def test_a_newly_read_trigger_is_a_note_for_apply_only():
    """603.2: what a triggered ability does happens once it triggers; it cannot change what a
    permanent is or could produce now."""
    c = compile_card(_card("Whenever you roll one or more dice, this creature deals 1 damage to each opponent."))
    (li,) = c.lines
    assert li.parsed and not li.modelled and li.affects == frozenset({"apply"})


def test_a_newly_read_trigger_that_adds_mana_counts_in_could_produce():
    """Mana a triggered ability adds when it resolves is mana the permanent could produce (106.7):
    the KB is given it (triggered, trigger_mana and the mana, kb/ability_mana.lp), so the note
    concerns apply only (resolving it is not modelled)."""
    c = compile_card(_card("Whenever you roll one or more dice, add {R}."))
    (li,) = c.lines
    assert li.parsed and not li.modelled and li.affects == frozenset({"apply"})
    ab = next(f[1] for f in c.facts if f[0] == "trigger_mana")
    assert ("mana_option", ab, 1, Const("r"), 1) in c.facts and ("triggered", ab) in c.facts


def test_his_is_the_possessive_of_the_object_itself():
    """Regression: "return him to his owner's hand" (a card that calls itself "he") was an internal
    error of the compiler once "his" was read as a possessive; it is the object's own ("its")."""
    line = parse_line("Whenever ~ attacks alone, return him to his owner's hand. If you do, each opponent "
                      "loses 2 life and you gain 2 life.")
    assert line.parsed, line.error
    zones = [y for y in ir.walk(line.ability.effect) if isinstance(y, ir.Zone)]
    assert zones and zones[0].owner.possessor == ir.Ref("it")       # "its owner's hand"


@pytest.mark.parametrize("text", [
    "Perfect Illumination — Whenever you roll a die's highest natural result, draw a card.",   # 706.2
    "When ~ dies, return it to the battlefield tapped and transformed under its owner's control.",   # 712
    "At the beginning of each of your postcombat main phases, there is an additional beginning phase "
    "after this phase.",                                                       # Sphinx of the Second Sun
    "When this creature enters, target opponent skips their next combat phase.",   # Stonehorn Dignitary
    "When you attack with exactly two creatures, transform this creature.",   # Alluring Suitor
    "Whenever you discard a nonland card, you may cast it from your graveyard.",   # Oskar
    "Whenever this creature attacks and isn't blocked, it gets +2/+0 until end of combat.",   # Murk Dwellers
    "Whenever ~ attacks, exile up to one other target tapped creature or Vehicle. For as long as that card "
    "remains exiled, its owner may play it.",                                  # Prowl, Stoic Strategist
    "At the beginning of your upkeep, draw a card if you control the creature with the greatest power or "
    "tied for the greatest power.",                                            # Triumph of Ferocity
    "Whenever chaos ensues, reveal the top card of your planar deck. You may put it on the bottom of your "
    "planar deck.",                                                            # Stairs to Infinity
    "When this creature enters, create a Food token, then you may exile three cards from your graveyard. "
    "If you do, repeat this process.",                                         # Insatiable Frugivore
    "Whenever ~ becomes tapped, target player mills cards equal to its power.",   # Neerdiv, Devious Diver
    "Whenever Thrakkus attacks, double the power of each Dragon you control until end of turn.",
    "When this creature enters, creatures your team controls get +1/+1 until end of turn.",   # 810
    "When this creature enters, you may pay {1}{W} any number of times. When you pay this cost one or more "
    "times, put that many valor counters on this creature.",                   # Intrepid Adversary
])
def test_more_triggered_wordings_are_parsed(text):
    line = parse_line(text)
    assert line.parsed, line.error
    assert isinstance(line.ability, ir.Triggered)


@pytest.mark.parametrize("text", [
    # words a new rule reads must not be taken where another rule read them before (lexer: the
    # first candidate the parser state accepts)
    "You may play up to three additional lands this turn.",
    "This spell costs {1} less to cast for each permanent sacrificed this turn.",
    "Draw cards equal to the number of cards target opponent discarded this turn.",
    "Whenever a planeswalker you control enters, if this artifact has loyalty counters on it, you may move "
    "a loyalty counter from this artifact onto that planeswalker.",
])
def test_lines_read_before_are_still_read(text):
    line = parse_line(text)
    assert line.parsed, line.error


def test_a_may_clause_whose_verb_has_no_ir_class_is_a_note_not_an_internal_error():
    """Regression: "You may put a sticker on ..." (a verb phrase without a Verb of its own) reached
    the spend-as matcher, which read its verb as a Verb: an internal error of the compiler."""
    c = compile_card(cardlib.parse_card({"name": "Costume Shop", "type": "Artifact — Attraction",
                                         "text": "Visit — You may put a sticker on a nonland permanent you own."}))
    (li,) = c.lines
    assert li.parsed and not li.modelled
    assert not any("internal error" in n.reason for n in c.not_modelled)


def test_an_energy_cost_is_a_note_not_an_internal_error():
    """Regression: "Pay eight {E}, Exile ~: ..." (an energy cost read by a verb rule of its own,
    107.14) reached the cost lowering, which read its verb as a Verb: an internal error of the
    compiler on 14 real cards (Gonti's Aether Heart, Aetherworks Marvel ...)."""
    c = compile_card(cardlib.parse_card({"name": "Gonti's Aether Heart", "type": "Legendary Artifact",
                                         "text": "Pay eight {E}, Exile Gonti's Aether Heart: Take an "
                                                 "extra turn after this one."}))
    (li,) = c.lines
    assert li.parsed and not li.modelled
    assert not any("internal error" in n.reason for n in c.not_modelled)
    (note,) = c.not_modelled
    assert "actions" in note.affects            # an activation the KB can't carry out is a note


# --- batches 5-8 of grammar/triggered.lark: each line is a real card's Oracle text (name in the
# comment), and the node (a rule's alias) or verb the wording is read as ---------------------------
READ_AS = [
    # 107.3: amounts
    ("When this creature enters, choose an opponent. If that player has more cards in hand than you, "
     "draw cards equal to the difference.", "difference"),                          # Sandstone Oracle
    ("Whenever you crank this Contraption, roll two six-sided dice. This Contraption deals damage to "
     "target player or planeswalker equal to the difference between those results.", "difference"),  # Boomflinger
    ("When this enchantment enters, return up to X target creature cards from your graveyard to the "
     "battlefield, where X is the number of times this enchantment was kicked.", "times_count"),  # Marshal's Anthem
    ("At the beginning of combat on your turn, put X +1/+1 counters on another target creature you "
     "control, where X is the number of experience counters you have.", "count_counters"),  # Ezuri, Claw of Progress
    ("Whenever you gain life, each Advisor, Artificer, and Monk you control gains vigilance and gets "
     "+X/+0 until end of turn, where X is the amount of life you gained.", "life_gained"),  # The Archimandrite
    ("At the beginning of each end step, each opponent loses life equal to the life they lost this "
     "turn.", "life_lost"),                                                         # Wound Reflection
    ("When this creature enters, you may discard your hand and draw cards equal to the damage dealt "
     "to target opponent this turn.", "damage_dealt"),                              # Knollspine Dragon
    # 119: "for each 1 life"
    ("Whenever you gain life, you may pay {1}{W}. If you do, put a +1/+1 counter on target creature "
     "for each 1 life you gained.", "tail_for_each_life"),                          # Cradle of Vitality
    ("Whenever you lose life, for each 1 life you lost, exile a permanent you control or a card from "
     "your hand or graveyard.", "lead_for_each_life"),                              # Lich's Mastery
    # 506.4, 508: attacking and blocking
    ("Whenever enchanted player is attacked, you draw a card. Each opponent attacking that player "
     "does the same.", "attacking_that"),                                           # Curse of Verbosity
    ("Whenever ~ attacks, you may discard your hand. If you do, draw a card for each player being "
     "attacked.", "being_attacked"),                                                # Amber Gristle O'Maul
    ("Whenever this creature becomes blocked, it gets -2/-1 until end of turn for each creature "
     "blocking it beyond the first.", "tail_for_each"),                             # Johtull Wurm
    ("Whenever an opponent draws a card except the first one they draw in each of their draw steps, "
     "create a 1/1 green Snake creature token.", "tail_except_first_draw"),         # Xyris, the Writhing Storm
    # qualifiers and relative clauses
    ("Whenever an Illusion you control dies, you may put a permanent card with mana value less than "
     "or equal to that creature's power from your hand onto the battlefield.", "with_stat"),  # Minn, Wily Illusionist
    ("When this creature enters, search your library for up to X Plains cards, where X is the number "
     "of players who control more lands than you. Reveal those cards, put them into your hand, then "
     "shuffle.", "rel_control_more"),                                               # Oreskos Explorer
    ("Whenever you cast a creature spell that doesn't share a creature type with a creature you "
     "control or a creature card in your graveyard, copy that spell.", "share"),   # Volo, Guide to Monsters
    ("When this creature leaves the battlefield, exile all tokens created with it at the beginning "
     "of the next end step.", "created_with"),                                      # Arcane Artisan
    ("When this Aura enters, draw a card for each Aura you control that's attached to a creature.",
     "rel_attached"),                                                               # Sage's Reverie
    ("When ~ enters, put target legendary permanent card not named ~ from a graveyard onto the "
     "battlefield under your control.", "not_named"),                               # Staff of Eden, Vault's Key
    # conditions (603.4)
    ("When this creature dies, if it's not a token, create a token that's a copy of it, except it's "
     "an artifact in addition to its other types.", "its_clause"),                  # Vaultborn Tyrant
    ("At the beginning of each end step, if this creature dealt damage to an opponent this turn, put "
     "a +1/+1 counter on it.", "past_event"),                                       # Whirling Dervish
    ("At the beginning of your end step, if you had a land enter the battlefield under your control "
     "this turn, venture into the dungeon.", "had_enter"),                          # Wandering Troubadour
    ("Whenever another creature you control dies, draw a card if it was attacking. Otherwise, ~ deals "
     "1 damage to each opponent.", "its_attacking"),                                # Garna, Bloodfist of Keld
    # trigger events
    ("Whenever you clash and win, you may draw a card.", "clash"),                 # Sylvan Echoes
    ("Whenever this creature evolves, create a token that's a copy of it.", "evolves"),   # Watchful Radstag
    ("When the fourth plan counter is put on this enchantment, sacrifice it. When you do, return "
     "target creature card from your graveyard to the battlefield.", "nth_counter"),  # Villainous Syndication
    ("Whenever the final chapter ability of a Saga you control triggers, create a 4/4 white Angel "
     "creature token with flying and vigilance.", "final_chapter"),                 # Historian's Boon
    ("Whenever you cast a spell with an even mana value, convert ~. If you do, create Laserbeak, a "
     "legendary 2/2 blue Robot artifact creature token with flying and hexproof.", "with_parity"),  # Soundwave
    ("Whenever a white instant or sorcery spell causes you to gain life, ~ deals 3 damage to target "
     "creature or player.", "causes"),                                              # Firesong and Sunspeaker
    # effects
    ("Whenever this creature attacks, each instant and sorcery card in your graveyard gains "
     "flashback until end of turn. The flashback cost is equal to its mana cost.", "flashback_cost"),  # Backdraft Hellkite
    ("Whenever ~ deals combat damage to a player, draw a card. Then if you have fewer than three "
     "cards in hand, draw cards equal to the difference.", "you_have"),             # Iymrith, Desert Doom
    ("Whenever this creature deals combat damage to a player, roll a d20. Draw cards equal to the "
     "result. You have no maximum hand size for the rest of the game.", "tail_rest_of_game"),  # Ancient Silver Dragon
    ("When this creature enters, draw a card for each creature it devoured.", "tail_for_each"),  # Skullmulcher
    ("When this creature enters, for each {U}{U} spent to cast it, draw a card.", "lead_for_each"),  # Bladecoil Serpent
    ("Whenever this creature mutates, exile the top card of each opponent's library face down. You "
     "may look at and play those cards for as long as they remain exiled.", "look_at_and_play"),  # Mindleecher
    ("When this creature enters, any number of other target creatures you control phase out.",
     "phases"),                                                                     # Guardian of Faith
    ("When ~ enters, create a 3/3 blue Illusion Villain creature token for each nontoken Villain you "
     "control. Exile those tokens when ~ leaves the battlefield.", "tail_when"),    # Mysterio, Master of Illusion
    ("Whenever a player attacks, add six {R}. Until end of combat, you don't lose this mana as "
     "steps end.", "keep_mana"),                                                    # Avatar Roku, Firebender
    # batches 9-10
    ("When this creature enters, exile the top card of your library. During any turn you attacked "
     "with this creature, you may play that card.", "lead_during"),                # Goblin Researcher
    ("Whenever enchanted player casts a spell other than the first spell they cast each turn or "
     "copies a spell, this Aura deals 2 damage to them.", "copy"),                 # Curse of Shaken Faith
    ("When this creature is turned face up, change the target of target spell or ability with a "
     "single target.", "change_target"),                                            # Willbender
    ("When this creature enters, if it was kicked, search your library for a land card with a basic "
     "land type, reveal it, put it into your hand, then shuffle.", "with_basic_land_type"),  # Sprouting Goblin
    ("When this creature enters, you may return target instant or sorcery card with a cycling "
     "ability from your graveyard to your hand.", "with_keyword_ability"),          # Spellpyre Phoenix
    ("Whenever a player kicks a spell, you create a 1/1 green Saproling creature token.", "kicks"),  # Saproling Infestation
    ("Whenever fortified land becomes tapped, target creature gets +1/+1 until end of turn.",
     "fortified"),                                                                  # Darksteel Garrison
    ("When combat damage is dealt to you, create a 4/4 colorless Scarecrow artifact creature token "
     "with vigilance, then abandon this scheme.", "combat_damage_dealt"),           # I Am Untouchable
    ("When this creature's echo cost is paid, each opponent may draw up to three cards.",
     "echo_cost"),                                                                  # Shah of Naar Isle
    ("Whenever you gain life for the first time during each of your turns, create a 1/1 white Cat "
     "creature token.", "tail_first_time"),                                         # Cat Collector
    ("Whenever this creature enlists a creature, scry 2.", "enlists"),            # Guardian of New Benalia
    ("When this Aura enters attached to a creature, each other nontoken creature you control becomes "
     "a copy of that creature.", "mod_attached"),                                   # Infinite Reflection
    ("Whenever a permanent owned by another player is put into a graveyard from the battlefield, you "
     "draw a card and you lose 1 life.", "owned_by"),                               # Kothophed, Soul Hoarder
    ("Whenever this creature deals combat damage to a player, you may put an artifact card with mana "
     "value less than or equal to that damage from your hand onto the battlefield.", "with_stat"),  # Covert Technician
    ("When ~ leaves the battlefield, the exiled card's owner seeks a nonland card with lesser mana "
     "value than the exiled card.", "with_compared"),                               # Cackling Observer
]


@pytest.mark.parametrize("text,kind", READ_AS)
def test_batch_wordings_are_read_as(text, kind):
    line = parse_line(text)
    assert line.parsed, line.error
    assert isinstance(line.ability, ir.Triggered)
    assert kind in tree_kinds(line.ability)


@pytest.mark.parametrize("text,affects", [
    # 603.2: a triggered ability acts only once it triggers: apply only ...
    ("When this creature enters, choose an opponent. If that player has more cards in hand than you, "
     "draw cards equal to the difference.", {"apply"}),                            # Sandstone Oracle
    ("Whenever enchanted player is attacked, you draw a card. Each opponent attacking that player "
     "does the same.", {"apply"}),                                                  # Curse of Verbosity
    # ... whose mana, an amount the snapshot gives (kb/turn_history.lp), could-produce counts (106.7)
    ("At the beginning of each of your postcombat main phases, add {R} for each 1 life your "
     "opponents have lost this turn.", {"apply"}),                                  # Neheb, the Eternal
])
def test_batch_wordings_stay_notes(text, affects):
    """Parsing is not modelling: these lines are notes for the answers they could change."""
    (li,) = compile_text(text)
    assert li.parsed and not li.modelled
    assert set(li.affects) == affects


def test_and_mana_of_any_type_is_a_clause_not_a_list():
    """", and mana of any type can be spent to cast that spell" joins a clause (the lexer does not
    read "card, and mana" as a list of characteristics)."""
    line = parse_line("When ~ deals combat damage to an opponent, exile the top card of that player's "
                      "library. You may cast that card for as long as it remains exiled, and mana of any "
                      "type can be spent to cast that spell.")            # The Magic Bandit
    assert line.parsed, line.error
    assert "mana_any_type_np" in tree_kinds(line.ability)
