"""Wordings of triggered abilities and of "If ..." lines the grammar reads (issue 11, "parset":
lines of cards that add no mana starting "When", "Whenever", "At" or "If").

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node (or verb) the rules give it and, where the KB does not carry it out, that the line stays
a note for exactly the answers it could change.
"""

import pytest

from pyengine.compiler import compile_text, ir, parse_line

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 107.1: "twice that much" is an amount
    ("If a creature you control that entered this turn would deal damage, it deals twice that much damage "
     "instead.", "twice_that_much"),                                                   # Neriv, Heart of the Storm
    # 614.1c: entering with counters and with abilities
    ("If this creature was kicked with its {1}{U} kicker, it enters with two +1/+1 counters on it and with "
     "flying.", "mod_with_abilities"),                                                 # Anavolver
    ("If this creature was kicked with its {B} kicker, it enters with a +1/+1 counter on it and with \"Pay 3 "
     "life: Regenerate this creature.\"", "mod_with_abilities"),                       # Anavolver
    ("If you control five or more untapped lands, this creature enters with two +1/+1 counters and a "
     "lifelink counter on it.", "mod_with_counters"),                                  # Dust Animus
    # 603.4: conditions of an intervening "if"
    ("At the beginning of your end step, if two or more artifacts entered under your control this turn, "
     "conjure a card named Thieving Magpie onto the battlefield.", "past_event"),      # Landlore Navigator
    ("When this creature dies, if it wasn't a Demon, return it to the battlefield under its owner's control "
     "with two +1/+1 counters on it. It's a Demon in addition to its other types.", "is"),  # Infernal Vessel
    ("When this creature enters, if evidence was collected, put a +1/+1 counter on target creature and you "
     "gain 2 life.", "evidence_collected"),                                            # Vitu-Ghazi Inspector
    ("When this creature dies, if 4 or more damage was dealt to it this turn, draw three cards.",
     "damage_dealt_clause"),                                                           # Rushing-Tide Zubera
    # 601.2: the trigger event's condition
    ("When you cast this spell while you control your commander, copy this spell. You may choose a new "
     "target for the copy.", "cast_while"),                                            # Ancestral Communion
    # 603.7: a delayed trigger's time right after the trigger
    ("When this creature attacks or blocks, at end of combat, sacrifice it and it deals 5 damage to you.",
     "lead_at"),                                                                       # Time Elemental
    # 111.2, 603.2e, 603.6a: replacement effects on tokens and on triggers
    ("If an effect would create one or more tokens under your control, it creates twice that many of those "
     "tokens instead.", "under_your_control"),                                         # Doubling Season
    ("If an artifact or creature entering causes a triggered ability of a permanent you control to trigger, "
     "that ability triggers an additional time.", "entering_q"),                       # Panharmonicon
    ("If a creature dying causes a triggered ability of a permanent you control to trigger, that ability "
     "triggers an additional time.", "dying_q"),                                       # Teysa Karlov
    # 120, 615: damage that would be dealt
    ("If combat damage would be dealt to this creature, prevent that damage and exile that many cards from "
     "the top of your library.", "combat_damage_dealt"),                               # Gloom Surgeon
    ("If noncombat damage would be dealt to you, prevent that damage. You gain life equal to the damage "
     "prevented this way.", "damage_kind_np"),                                            # Purity
    # 504.1, 500.4
    ("If you would draw a card except the first one you draw in each of your draw steps, draw two cards "
     "instead.", "tail_except_first_draw"),                                            # Alhammarret's Archive
    ("If you would lose unspent mana, that mana becomes colorless instead.", "lose_unspent_mana"),  # Horizon Stone
    # 500.7
    ("If a player would begin an extra turn, that player skips that turn instead.", "begin_extra_turn"),  # Ugin's Nexus
    # a relative clause without "that": the player or the object did it
    ("When this creature enters, create a number of 2/2 white Knight creature tokens with vigilance equal to "
     "the number of opponents you attacked this turn.", "rel_contact"),               # Militant Angel
    ("When ~ enters, each opponent reveals their hand. For each opponent, exile a creature card they revealed "
     "this way until ~ leaves the battlefield.", "rel_contact"),                      # Valki, God of Lies
    ("When this creature enters, it fights target creature an opponent controls chosen at random.",
     "at_random"),                                                                     # Scab-Clan Giant
    # 120: an amount of damage dealt
    ("Whenever this creature is dealt 3 or more damage, investigate.", "passive"),     # Innocent Bystander
    # 603.4: what an opponent had enter (an alternative cost, 118.9)
    ("If an opponent had two or more lands enter the battlefield under their control this turn, you may pay "
     "{3}{R}{R} rather than pay this spell's mana cost.", "had_enter"),               # Lavaball Trap
    # 122.1: the Nth counter put on a permanent
    ("When the tenth +1/+1 counter is put on Shang-Chi, you draw five cards and gain 5 life.", "nth_counter"),  # Shang-Chi and the Ten Rings
    # 601.2b: cast for a keyword's alternative cost
    ("Whenever you cast a spell for its spectacle cost, put a +1/+1 counter on ~.", "tail_for_keyword_cost"),  # Falko, Showoff Pilot
    # 119.5
    ("When you planeswalk to ~ and at the beginning of your upkeep, you may exchange life totals with target "
     "player.", "exchange"),                                                           # Cliffside Market
    # 508.1, 509.1, 702.76: what happened as it was cast or in combat
    ("At the beginning of each end step, if this creature attacked or blocked this turn, its owner shuffles "
     "it into their library.", "attacked_or_blocked"),                                # Inferno Hellion
    ("When this creature enters, if its prowl cost was paid, draw a card.", "keyword_cost_paid"),  # Latchkey Faerie
    ("When this creature enters, put a +1/+1 counter on each creature that convoked it.", "rel_convoked"),  # Venerated Loxodon
    ("Whenever this creature attacks while saddled, put a +1/+1 counter on target creature that saddled it "
     "this turn.", "rel_saddled"),                                                     # Giant Beaver
    # 110.2, 101.4
    ("When ~ dies, put all cards exiled with it onto the battlefield under their owner's control. Conjure four "
     "cards named Volcanic Geyser into your library.", "mod_under_owner_control"),    # Caldera Breaker
    ("At the beginning of your end step, goad target creature controlled by the player to your left.",
     "controlled_by"),                                                                 # Bowie Base One
    # 613.4b: base power
    ("Whenever ~ deals combat damage to a player, draw cards equal to its base power.", "base_stat_of"),  # Curie, Emergent Intelligence
    ("Whenever another creature you control with base power 1 enters, it gains haste until end of turn.",
     "with_base_stat"),                                                                # Rapid Augmenter
    # 603.2e
    ("If a creature you control attacking causes a triggered ability of a permanent you control to trigger, "
     "that ability triggers an additional time.", "attacking_q"),                     # Wulfgar of Icewind Dale
    # 107.1: twice that many, twice that much
    ("If an opponent would mill one or more cards, they mill twice that many cards instead.", "mill"),  # Bruvac the Grandiloquent
    ("If an opponent would lose life during your turn, they lose twice that much life instead.",
     "lose_life"),                                                                     # Bloodletter of Aclazotz
    # 118.9: an alternative cost after its condition
    ("If you control a Forest, rather than pay this spell's mana cost, you may have an opponent gain 3 "
     "life.", "lead_rather_than_pay"),                                                 # Invigorate
    # the trigger half of an augment host card (Unstable): no effect of its own
    ("Whenever this creature blocks,", "trigger_without_effect"),                     # Rhino-
])
def test_wordings_are_read_as(text, kind):
    assert_parses_to(text, kind)


def test_a_delayed_time_after_the_trigger_leads_the_first_sentence():
    """603.7: "at end of combat" is when the first instruction is done, not a second trigger."""
    line = parse_line("When this creature attacks or blocks, at end of combat, sacrifice it and it deals 5 "
                      "damage to you.")                                                # Time Elemental
    assert isinstance(line.ability, ir.Triggered)
    first = line.ability.effect[0]
    assert [lead.kind for lead in first.leads] == ["lead_at"]
    assert first.clauses[0].verb_name == "sacrifice"


@pytest.mark.parametrize("text, type_line, affects", [
    # 614.1c: entering with flying: as it enters, and what a creature with flying may do (613.1f)
    ("If this creature was kicked with its {1}{U} kicker, it enters with two +1/+1 counters on it and with "
     "flying.", "Creature", {"show", "actions", "cast-free", "apply"}),               # Anavolver
    # a replacement of what happens as the effect resolves
    ("If an effect would create one or more tokens under your control, it creates twice that many of those "
     "tokens instead.", "Enchantment", {"apply"}),                                    # Doubling Season
    # 603.2: a triggered ability acts once it triggers
    ("When this creature dies, if 4 or more damage was dealt to it this turn, draw three cards.", "Creature",
     {"apply"}),                                                                       # Rushing-Tide Zubera
    ("When this creature attacks or blocks, at end of combat, sacrifice it and it deals 5 damage to you.",
     "Creature", {"apply"}),                                                           # Time Elemental
    # 118.9: an alternative cost of an instant: whether and how it may be cast now, casting it
    ("If you control a Forest, rather than pay this spell's mana cost, you may have an opponent gain 3 "
     "life.", "Instant", {"actions", "cast-free", "apply"}),                          # Invigorate
    # what happens to unspent mana as a step ends (500.4): only performing a step's end (apply); the
    # snapshot's mana pool is the mana of the step it is in
    ("If you would lose unspent mana, that mana becomes colorless instead.", "Artifact", {"apply"}),  # Horizon Stone
])
def test_parsed_lines_stay_notes(text, type_line, affects):
    (li,) = compile_text(text, "X", type_line)
    assert li.parsed and not li.modelled
    assert set(li.affects) == affects
