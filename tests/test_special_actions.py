"""Suspend, foretell and plot lines of a card (116.2f, 116.2h, 116.2k): the compiler gives the
keyword, its cost and time counters (kb/special_actions.lp offers the special action in `actions`;
tests/scenarios/special_actions.yaml), and the line stays a note only for what follows the action
(the card in exile, cast later: 702.62a, 702.143a, 702.170d), which `apply` reports; a shape the KB
does not read keeps its note for every answer off the battlefield. Real Oracle wordings."""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import Const, fn

RIFT_BOLT = ("Suspend 1—{R} (Rather than cast this card from your hand, you may pay {R} and exile it with a time "
             "counter on it. At the beginning of your upkeep, remove a time counter. When the last is removed, "
             "you may cast it without paying its mana cost.)")
DEMON_BOLT = ("Foretell {R} (During your turn, you may pay {2} and exile this card from your hand face down. Cast "
              "it on a later turn for its foretell cost.)")
LOCK_AND_LOAD = ("Plot {3}{U} (You may pay {3}{U} and exile this card from your hand. Cast it as a sorcery on a "
                 "later turn without paying its mana cost. Plot only as a sorcery.)")
KELDON_HALBERDIER = ("Suspend 4—{R} (Rather than cast this card from your hand, you may pay {R} and exile it with "
                     "four time counters on it. At the beginning of your upkeep, remove a time counter. When the "
                     "last is removed, you may cast it without paying its mana cost. It has haste.)")


def compiled(text, type_line):
    card = cardlib.parse_card({"name": "Test Card", "type": type_line, "mana_cost": "{2}{R}", "text": text,
                               **({"power": "1", "toughness": "1"} if "Creature" in type_line else {})})
    return compile_card(card)


def facts_of(c, *names):
    return sorted(((f[0], *f[2:]) for f in c.facts if f[0] in names), key=str)


G, R, U = Const("generic"), Const("r"), Const("u")


@pytest.mark.parametrize("text,type_line,facts,affects", [
    # 702.62a: "Suspend N—[cost]": pay [cost], exile it with N time counters
    (RIFT_BOLT, "Sorcery", [("keyword", Const("suspend")), ("keyword_cost", fn("mana", R, 1)),
                            ("suspend_counters", 1)], {"apply"}),
    # 702.143a: foretelling costs {2} (kb/special_actions.lp); the foretell cost is paid only later
    (DEMON_BOLT, "Instant", [("keyword", Const("foretell"))], {"apply"}),
    # 702.170a: "Plot [cost]"
    (LOCK_AND_LOAD, "Sorcery", [("keyword", Const("plot")), ("keyword_cost", fn("mana", G, 3)),
                                ("keyword_cost", fn("mana", U, 1))], {"apply"}),
    # 702.62a: a creature spell cast with suspend gains haste, which a permanent of the snapshot does
    # not record: on the battlefield the note is for what it may do and has
    (KELDON_HALBERDIER, "Creature — Human Warrior", [("keyword", Const("suspend")), ("keyword_cost", fn("mana", R, 1)),
                                                     ("suspend_counters", 4)], {"actions", "show", "apply"}),
])
def test_special_action_keywords_are_read_and_noted_for_apply_in_a_hand(text, type_line, facts, affects):
    c = compiled(text, type_line)
    assert facts_of(c, "keyword", "keyword_cost", "suspend_counters") == sorted(facts, key=str)
    [note] = c.not_modelled
    assert set(note.affects) == affects
    assert set(note.elsewhere) == {"apply"}          # in a hand: the special action is carried out


@pytest.mark.parametrize("type_line", ["Creature — Avatar", "Sorcery"])
def test_suspend_x_keeps_its_note_for_actions(type_line):
    # {X} in the suspend cost and as the number of time counters ("X can't be 0"): not read
    c = compiled("Suspend X—{X}{3}{U}. X can't be 0.", type_line)
    assert not [f for f in c.facts if f[0] == "keyword"]
    [note] = c.not_modelled
    assert "actions" in note.elsewhere


def test_granted_foretell_is_no_action_of_the_granting_card():
    # 613.1f: a keyword an effect grants to other cards is no special action of this card; on the
    # battlefield it changes what its controller may do with the cards in their hand
    c = compiled("Each nonland card in your hand without foretell has foretell. Its foretell cost is equal to its "
                 "mana cost reduced by {2}.", "Creature — Demon Cleric")
    assert not [f for f in c.facts if f[0] == "keyword"]
    [note] = c.not_modelled
    assert "actions" in note.affects
