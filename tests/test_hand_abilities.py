"""Notes of cards off the battlefield name exactly the zones where they could change an answer
(113.6; compiler/off_battlefield.py, compiled.concerns_in), and abilities activated from a hand
(702.29a cycling, 702.29e typecycling, 702.53a transmute; kb/hand_abilities.lp) are no `actions`
note. Real cards with their Oracle text; the scenarios (tests/scenarios/hand_abilities.yaml) check
what `actions` and `apply activate_hand` answer."""

import pytest

from pyengine import facts, snapshot

CARDS = {
    "Censor": ("{1}{U}", "Instant", "Counter target spell unless its controller pays {1}.\n"
               "Cycling {U} ({U}, Discard this card: Draw a card.)"),
    "Dimir House Guard": ("{3}{B}", "Creature — Skeleton",
                          "Fear (This creature can't be blocked except by artifact creatures and/or black creatures.)\n"
                          "Sacrifice a creature: Regenerate this creature.\n"
                          "Transmute {1}{B}{B} ({1}{B}{B}, Discard this card: Search your library for a card with the "
                          "same mana value as this card, reveal it, put it into your hand, then shuffle. Transmute only "
                          "as a sorcery.)"),
    "Grapeshot": ("{1}{R}", "Sorcery", "Grapeshot deals 1 damage to any target.\nStorm (When you cast this spell, "
                  "copy it for each spell cast before it this turn. You may choose new targets for the copies.)"),
    "Sudden Shock": ("{1}{R}", "Instant", "Split second (As long as this spell is on the stack, players can't cast "
                     "spells or activate abilities that aren't mana abilities.)\nSudden Shock deals 2 damage to any target."),
    "Staggershock": ("{2}{R}", "Instant", "Staggershock deals 2 damage to any target.\nRebound (If you cast this "
                     "spell from your hand, exile it as it resolves. At the beginning of your next upkeep, you may "
                     "cast this card from exile without paying its mana cost.)"),
    "Hidden Strings": ("{1}{U}", "Sorcery", "You may tap or untap target permanent, then you may tap or untap another "
                       "target permanent.\nCipher (Then you may exile this spell card encoded on a creature you "
                       "control. Whenever that creature deals combat damage to a player, its controller may cast a "
                       "copy of the encoded card without paying its mana cost.)"),
    "Fiery Temper": ("{1}{R}{R}", "Instant", "Fiery Temper deals 3 damage to any target.\nMadness {R} (If you "
                     "discard this card, discard it into exile. When you do, cast it for its madness cost or put it "
                     "into your graveyard.)"),
    "Terminus": ("{4}{W}{W}", "Sorcery", "Put all creatures on the bottom of their owners' libraries.\nMiracle {W} "
                 "(You may cast this card for its miracle cost when you draw it if it's the first card you drew this "
                 "turn.)"),
    "Shark Typhoon": ("{5}{U}", "Enchantment", "Whenever you cast a noncreature spell, create an X/X blue Shark "
                      "creature token with flying, where X is that spell's mana value.\nCycling {X}{1}{U} ({X}{1}{U}, "
                      "Discard this card: Draw a card.)\nWhen you cycle this card, create an X/X blue Shark creature "
                      "token with flying."),
    "Reassembling Skeleton": ("{1}{B}", "Creature — Skeleton Warrior",
                              "{1}{B}: Return this card from your graveyard to the battlefield tapped."),
}


def _notes(zone, card, answer):
    cost, type_line, text = CARDS[card]
    d = {"name": card, "mana_cost": cost, "type": type_line, "text": text}
    if "Creature" in type_line:
        d.update(power="2", toughness="2")
    data = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
            "battlefield": [{"id": "m", "card": "Mountain", "controller": "alice"}],
            zone: {"alice": [card]}, "cards": [d]}
    return [n.text.split(" (")[0] for n in facts.not_modelled(snapshot.load(data), answer)]


@pytest.mark.parametrize("card, keyword", [
    # 702.40a storm and 702.61a split second act once the spell is cast or on the stack; 702.88a
    # rebound and 702.99a cipher as it resolves (113.6: a spell's abilities function on the stack)
    ("Grapeshot", "Storm"), ("Sudden Shock", "Split second"), ("Staggershock", "Rebound"),
    ("Hidden Strings", "Cipher"),
    # 702.35a madness acts as the card is discarded, 702.94a miracle as it is drawn: events (`apply`)
    ("Fiery Temper", "Madness {R}"), ("Terminus", "Miracle {W}"),
])
def test_a_keyword_that_acts_once_cast_or_on_an_event_is_no_actions_note_in_a_hand(card, keyword):
    assert _notes("hand", card, "actions") == []
    assert keyword in _notes("hand", card, "apply")           # what casting it does: still noted


def test_a_graveyard_ability_is_noted_only_in_a_graveyard():
    # 113.6b, 113.6m: "Return this card from your graveyard" functions only from a graveyard
    line = "{1}{B}: Return this card from your graveyard to the battlefield tapped."
    for answer in ("actions", "apply", "cast-free"):
        assert _notes("hand", "Reassembling Skeleton", answer) == []
        assert _notes("library", "Reassembling Skeleton", answer) == []
    assert _notes("graveyard", "Reassembling Skeleton", "actions") == [line]
    assert _notes("graveyard", "Reassembling Skeleton", "apply") == [line]


def test_cycling_is_no_note_and_transmute_only_for_what_resolving_it_does():
    # 702.29a: activating cycling and what it does are the KB's (kb/hand_abilities.lp)
    assert _notes("hand", "Censor", "actions") == []
    assert "Cycling {U}" not in _notes("hand", "Censor", "apply")
    # 702.53a: whether it may be activated is the KB's; finding a card of the same mana value is not
    assert _notes("hand", "Dimir House Guard", "actions") == []
    assert "Transmute {1}{B}{B}" in _notes("hand", "Dimir House Guard", "apply")


def test_cycling_with_x_in_its_cost_stays_a_note():
    # 107.3: the value of X is chosen as the ability is activated, which `actions` does not ask for
    assert _notes("hand", "Shark Typhoon", "actions") == ["Cycling {X}{1}{U}"]
