"""Optional additional costs besides kicker (kb/optional_costs.lp, 118.8b, 601.2b): the real cards of
tests/scenarios/optional_costs.yaml carry no note that concerns `actions` while they are in a hand (the
casts the scenarios check are the whole answer), and what the KB does not carry out stays a note for
the answers it could change. The Oracle text of each card is given here."""
import pytest

from pyengine import cardlib
from pyengine.compiled import concerns
from pyengine.compiler import compile_card

CARDS = {
    "Capsize": ("Instant", "{1}{U}{U}", "Buyback {3} (You may pay an additional {3} as you cast this spell. If you do, "
                "put this card into your hand as it resolves.)\nReturn target permanent to its owner's hand."),
    "Barbed Lightning": ("Instant", "{2}{R}", "Choose one —\n• Barbed Lightning deals 3 damage to target creature.\n"
                         "• Barbed Lightning deals 3 damage to target player or planeswalker.\n"
                         "Entwine {2} (Choose both if you pay the entwine cost.)"),
    "Torch the Tower": ("Instant", "{R}", "Bargain (You may sacrifice an artifact, enchantment, or token as you cast "
                        "this spell.)\nTorch the Tower deals 2 damage to target creature or planeswalker. If this spell "
                        "was bargained, instead it deals 3 damage to that permanent and you scry 1.\nIf a permanent "
                        "dealt damage by Torch the Tower would die this turn, exile it instead."),
    "A Little Chat": ("Instant", "{1}{U}", "Casualty 1 (As you cast this spell, you may sacrifice a creature with power "
                      "1 or greater. When you do, copy this spell.)\nLook at the top two cards of your library. Put one "
                      "of them into your hand and the other on the bottom of your library."),
    "Great Train Heist": ("Instant", "{R}", "Spree (Choose one or more additional costs.)\n+ {2}{R} — Untap all "
                          "creatures you control. If it's your combat phase, there is an additional combat phase after "
                          "this phase.\n+ {2} — Creatures you control get +1/+0 and gain first strike until end of turn."
                          "\n+ {R} — Choose target opponent. Whenever a creature you control deals combat damage to "
                          "that player this turn, create a tapped Treasure token."),
    "Launch the Fleet": ("Sorcery", "{W}", "Strive — This spell costs {1} more to cast for each target beyond the "
                         "first.\nUntil end of turn, any number of target creatures each gain \"Whenever this creature "
                         "attacks, create a 1/1 white Soldier creature token that's tapped and attacking.\""),
    "Dawn's Truce": ("Instant", "{1}{W}", "Gift a card (You may promise an opponent a gift as you cast this spell. If "
                     "you do, they draw a card before its other effects.)\nYou and permanents you control gain hexproof "
                     "until end of turn. If the gift was promised, permanents you control also gain indestructible "
                     "until end of turn."),
    "Joraga Warcaller": ("Creature — Elf Warrior", "{G}", "Multikicker {1}{G} (You may pay an additional {1}{G} any "
                         "number of times as you cast this spell.)\nThis creature enters with a +1/+1 counter on it for "
                         "each time it was kicked.\nOther Elf creatures you control get +1/+1 for each +1/+1 counter on "
                         "this creature."),
    "Zephyrim": ("Creature — Human Warrior", "{3}{W}", "Squad {2} (As an additional cost to cast this spell, you may "
                 "pay {2} any number of times. When this creature enters, create that many tokens that are copies of "
                 "it.)\nFlying, vigilance\nMiracle {1}{W} (You may cast this card for its miracle cost when you draw "
                 "it if it's the first card you drew this turn.)"),
}


def _notes(name):
    type_, cost, text = CARDS[name]
    return compile_card(cardlib.parse_card({"name": name, "type": type_, "mana_cost": cost, "text": text})).not_modelled


@pytest.mark.parametrize("name", sorted(CARDS))
def test_no_note_for_actions_in_a_hand(name):
    assert [n.text for n in _notes(name) if concerns(n.elsewhere, "actions")] == []


def test_what_follows_the_payment_stays_a_note_for_apply():
    """Casualty's copy of the spell (702.153a), the cost of a strive spell's extra targets (601.2f) and
    squad's token copies (702.157a) are not carried out: `apply` says so."""
    for name, line in (("A Little Chat", 1), ("Launch the Fleet", 1), ("Zephyrim", 1)):
        [note] = [n for n in _notes(name) if n.line == line]
        assert note.affects == note.elsewhere == {"apply"}
