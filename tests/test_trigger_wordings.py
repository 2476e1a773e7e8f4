"""Wordings of triggered abilities (603) read by grammar/triggered.lark: trigger events,
intervening "if" conditions (603.4) and the effects these abilities hold.

Each line is the Oracle text of a real card (the card's name written as "~" where the card says
its name). A line the grammar reads is still a note unless the KB carries it out; a triggered
ability acts only once it triggers (603.2), so a note about one concerns ``apply`` only, unless it
adds mana itself (could-produce too) or triggers on mana.
"""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card, ir, parse_line
from pyengine.compiler.lower_effects import several_events
from pyengine.terms import Const


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
