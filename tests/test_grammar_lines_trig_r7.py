"""Wordings of triggered abilities the grammar reads (issue 11, round 7, "lines_trig": unparsed lines
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
    # 122.1: counters spread over several objects
    ("When ~ enters, create a number of 1/1 green Saproling creature tokens equal to the number of counters "
     "among creatures target player controls.", "count_counters_among"),               # Ferrafor, Young Yew
    ("At the beginning of each combat, ~ gets +1/+1 until end of turn for each shield counter among other "
     "creatures you control.", "tail_for_each_counter_among"),                          # Spara's Bodyguard
    # 119: a life total among players
    ("When this creature enters, each player's life total becomes the highest life total among all players.",
     "life_total_among"),                                                               # Arbiter of Knollridge
    ("When you set this scheme in motion, choose an opponent with the highest life total among your "
     "opponents. That player loses 7 life.", "with_most_life"),                        # The Mighty Will Fall
    # 608.2d: a tie for the greatest value
    ("At the beginning of your upkeep, if you control the artifact with the greatest mana value or tied for "
     "the greatest mana value, draw a card.", "with_greatest"),                        # Padeem, Consul of Innovation
    # 400.3: the destination before the object
    ("Whenever this creature dies or another artifact you control is put into a graveyard from the "
     "battlefield, return to your hand target artifact card in your graveyard with lesser mana value.",
     "return_to_np"),                                                                   # Scrap Trawler
    ("At the beginning of each player's upkeep, return to its owner's hand each creature that player controls "
     "with power greater than the number of cards in their hand.", "return_to_np"),    # Noetic Scales
    # 120.3, 601.2d: damage divided among targets
    ("When ~ dies, it deals damage equal to its power divided as you choose among any number of targets.",
     "deal_damage_divided"),                                                            # Orca, Siege Demon
    # 700.2: a random choice
    ("When ~ enters, for each land on the battlefield, choose a basic land type at random. Those lands become "
     "the land types chosen this way.", "choose_at_random"),                           # Lydari Druid
    # 102.3: the opponents as one object
    ("Whenever a player attacks with five or more creatures, ~ deals 3 damage to each of your opponents and "
     "you gain 3 life.", "each_opponent"),                                    # Aurelia, the Law Above
    # 406.1: cards from the top of a library, counted by a characteristic
    ("Whenever you sacrifice another creature, exile cards equal to its mana value from the top of target "
     "player's library. Until your next end step, you may play those cards, and mana of any type can be "
     "spent to cast those spells.", "exile_cards_equal"),                              # Rakdos, the Muscle
    # 122.1: counters whose number is the tail's
    ("Whenever this creature or another creature you control is turned face up, put +1/+1 counters on that "
     "creature equal to its power.", "tail_equal_to"),                                 # Experiment Twelve
    # 708.2: face up
    ("Whenever a permanent you control is turned face up, you may return this card from your graveyard to the "
     "battlefield face up or face down.", "mod_face_up"),                              # Deathmist Raptor
    # 301.5: an Equipment that remains attached
    ("Whenever this Equipment becomes attached to a creature, for as long as this Equipment remains attached "
     "to it, that creature becomes a copy of a creature card exiled with this Equipment.", "remain"),
    # (Assimilation Aegis)
    # 709.5: a locked door
    ("Whenever this creature deals combat damage to a player, unlock a locked door of up to one target Room "
     "you control.", "unlock"),                                                         # Ghostly Keybearer
    # 701.16: "investigate once for each ..."
    ("Whenever ~ attacks, investigate once for each nontoken attacking creature.", "tail_once"),
    # (Sophina, Spearsage Deserter)
    # 122.1: the last counter of a kind ("last" is a status word)
    ("When the last ore counter is removed from this Aura, destroy enchanted land and this Aura deals 2 damage "
     "to that land's controller.", "nth_counter"),                                      # Orcish Mine
    ("At the beginning of your upkeep, remove a cage counter from this creature. When the last cage counter "
     "is removed this way, destroy target creature an opponent controls.", "nth_counter"),  # Seer of the Bright Side
    # 400.1: either of two zones
    ("At the beginning of your upkeep, if ~ is in your graveyard or on the battlefield, you may gain 1 life.",
     "in_zone_or_battlefield"),                                                         # Firemane Angel
    # 608.2d: a player chooses among tied objects
    ("At the beginning of your end step, put a doom counter on this scheme, then this scheme deals damage equal "
     "to the number of doom counters on it to the opponent with the highest life total among your opponents. If "
     "two or more players are tied for highest life total, you choose one.", "subject_chooses"),
    # (Your Inescapable Doom)
    # 601.2: where a spell was cast from
    ("Whenever ~ or another creature you control enters, if you cast it from anywhere other than your hand, it "
     "gets +2/+0 and gains haste until end of turn.", "casts_phrase"),                 # Alex Wilder, Runaway
    # 107.1a: rounding each half (the clause of lines_spell's round_clause)
    ("When you cast this spell, you gain half X life and draw half X cards. Round down each time.",
     "round_clause"),                                                                # Hydroid Krasis
])
def test_wordings_are_read_as(text, kind):
    assert_parses_to(text, kind)


@pytest.mark.parametrize("text, type_line", [
    ("Whenever this creature dies or another artifact you control is put into a graveyard from the "
     "battlefield, return to your hand target artifact card in your graveyard with lesser mana value.",
     "Artifact Creature"),                                                              # Scrap Trawler
    ("When ~ dies, it deals damage equal to its power divided as you choose among any number of targets.",
     "Creature"),                                                                       # Orca, Siege Demon
    ("Whenever ~ or another creature you control with mana value five or greater becomes untapped, put "
     "+1/+1 counters on it equal to its power.", "Creature"),                          # The Roaring Toeclaws
    ("Whenever ~ attacks, investigate once for each nontoken attacking creature.", "Creature"),
    # (Sophina, Spearsage Deserter)
])
def test_parsed_triggers_stay_notes_for_apply(text, type_line):
    """603.2, 605.5a: a triggered ability that adds no mana changes what `apply` gives once it has
    triggered and resolved, never what a permanent could produce (106.7); a trigger on becoming
    untapped that adds no mana is no mana ability either (605.1b)."""
    (li,) = compile_text(text, "Nameless", type_line)
    assert li.parsed and not li.modelled
    assert set(li.affects) == {"apply"}


def test_the_object_after_its_destination_keeps_its_qualifiers():
    """400.3: "return to your hand target artifact card in your graveyard with lesser mana value": the
    object keeps its zone and its comparison."""
    line = parse_line("Whenever this creature dies or another artifact you control is put into a graveyard "
                      "from the battlefield, return to your hand target artifact card in your graveyard with "
                      "lesser mana value.")                                              # Scrap Trawler
    assert isinstance(line.ability, ir.Triggered)
    (node,) = [x for x in ir.walk(line.ability.effect) if isinstance(x, ir.Node) and x.kind == "return_to_np"]
    kinds = {y.kind for y in ir.walk(node) if isinstance(y, ir.Node)}
    assert {"in_zone", "with_compared"} <= kinds, kinds
