"""Mana cards whose could-produce/produce notes issue 11 removed on branch noted_f: the compiler gives the
facts the KB reads (the answers are scenarios, tests/scenarios/noted_f.yaml). Oracle text as printed, but
for the made-up lines that check a shape's limits."""

from pyengine.cardlib import parse_card
from pyengine.compiler import compile_card
from pyengine.terms import Const, fn

MANA_ANSWERS = {"could-produce", "produce"}


def compiled(text, type_line="Artifact", name="Test Card"):
    return compile_card(parse_card({"name": name, "type": type_line, "text": text}))


def facts_of(c, pred):
    return [f for f in c.facts if f[0] == pred]


def mana_notes(c):
    return [n for n in c.not_modelled if n.affects & MANA_ANSWERS]


def test_colors_circled_as_the_deck_is_built_are_no_note_for_any_answer():
    # 103: done before the game begins; the snapshot records the colors (chosen: colors)
    c = compiled("As you create your deck, circle two of the colors below.\n"
                 "{T}: Add one mana of either of the circled colors.", "Land", "Cryptic Spires")
    assert [n.affects for n in c.not_modelled if n.line == 1] == [frozenset()]
    assert facts_of(c, "mana_chosen_colors")[0][2] == 1
    assert not mana_notes(c)


def test_a_color_chosen_while_building_the_deck_feeds_the_chosen_color():
    c = compiled("When building your deck, choose white, blue, black, red, or green (Circle it to indicate your "
                 "selection.)\n{T}: Add one mana of the chosen color.", "Land", "Unknown Event Shores")
    assert not mana_notes(c)
    assert facts_of(c, "mana_chosen")


def test_colors_chosen_in_the_draft_are_no_note():
    c = compiled("Reveal this card as you draft it. The player to your right chooses a color, you choose another "
                 "color, then the player to your left chooses a third color.\n{T}: Add one mana of any color chosen "
                 "as you drafted cards named Paliano, the High City.", "Legendary Land", "Paliano, the High City")
    assert not mana_notes(c)


def test_a_deckbuilding_line_that_does_more_than_choose_colors_stays_a_note():
    c = compiled("During deckbuilding, write two different colors on this artifact. Draw a card.")
    assert mana_notes(c)


def test_a_coin_flip_gives_the_mana_of_a_won_flip_and_no_mana():
    c = compiled("{1}: Flip a coin. If you win the flip, add {C}{C}. Activate only as an instant.", name="Mana Screw")
    ab = fn("ab", "Mana Screw", 1)
    assert facts_of(c, "mana_option") == [("mana_option", ab, 1, Const("c"), 2)]
    assert facts_of(c, "mana_unknown_result") == [("mana_unknown_result", ab, Const("coin_flip"))]
    assert facts_of(c, "mana_result_none") == [("mana_result_none", ab)]
    assert not mana_notes(c)
    assert all(n.affects == {"actions", "cast-free", "apply"} for n in c.not_modelled)


def test_a_lost_flip_that_adds_mana_stays_a_note():
    # only "If you win the flip" is the shape: another condition is not read
    c = compiled("{1}: Flip a coin. If you lose the flip, add {C}{C}.")
    assert mana_notes(c)


def test_unless_any_player_pays_is_any_color_or_none():
    c = compiled("{T}: Choose a color. Add one mana of that color unless any player pays {1}. Activate only as an "
                 "instant.", "Land", "Rhystic Cave")
    assert sorted(f[3].name for f in facts_of(c, "mana_option")) == ["b", "g", "r", "u", "w"]
    assert facts_of(c, "mana_result_none") and not mana_notes(c)


def test_the_color_last_chosen_at_random():
    c = compiled("When Gem Bazaar comes into play, choose a random color.\n{T}: Add to your mana pool one mana of the "
                 "color last chosen. Then choose a random color.", "Land", "Gem Bazaar")
    assert [f[2] for f in facts_of(c, "mana_unknown_result")] == [Const("random_color")]
    assert not mana_notes(c)


def test_revealed_cards_kinds():
    c = compiled("{T}: Reveal any number of creature cards with power 5 or greater from your hand. Add {G} for each "
                 "card revealed this way.", "Creature — Elf Druid", "Sacellum Godspeaker")
    ab = fn("ab", "Sacellum Godspeaker", 1)
    assert facts_of(c, "reveal_from_hand") == [("reveal_from_hand", ab, fn("and", Const("creature"),
                                                                          fn("power_at_least", 5)))]
    assert facts_of(c, "mana_amount") == [("mana_amount", ab, 1, Const("g"), fn("revealed", 1))]
    assert not mana_notes(c)
    c = compiled("{T}: Reveal any number of cards with {X} in their mana cost in your hand. Add {C}{C} for each card "
                 "revealed this way. Spend this mana only on costs that contain {X}.")
    assert [f[2] for f in facts_of(c, "reveal_from_hand")] == [Const("cost_has_x")]
    assert [f[4] for f in facts_of(c, "mana_amount")] == [fn("revealed", 2)]


def test_revealed_cards_of_another_zone_or_mana_of_two_types_stay_a_note():
    assert mana_notes(compiled("{T}: Reveal any number of artifact cards in your graveyard. Add {C} for each card "
                               "revealed this way."))
    assert mana_notes(compiled("{T}: Reveal any number of artifact cards in your hand. Add {R}{G} for each card "
                               "revealed this way."))


def test_a_die_roll_with_the_indicated_effect_reads_the_result_lines():
    text = ("{T}: Roll a six-sided die. This ability has the indicated effect.\n1 — Sacrifice this artifact and you "
            "lose 5 life.\n2 — Add {W}.\n3 — Add {U}.\n4 — Add {B}.\n5 — Add {R}.\n6 — Add {G}.")
    c = compiled(text, name="Jack-in-the-Mox")
    ab = fn("ab", "Jack-in-the-Mox", 1)
    assert sorted((f[2], f[3].name) for f in facts_of(c, "mana_option")) == [(1, "w"), (2, "u"), (3, "b"), (4, "r"),
                                                                               (5, "g")]
    assert facts_of(c, "mana_unknown_result") == [("mana_unknown_result", ab, Const("die_roll"))]
    assert facts_of(c, "mana_result_none") == [("mana_result_none", ab)]
    assert not mana_notes(c)


def test_a_die_result_that_adds_mana_and_does_more_stays_a_note():
    c = compiled("{T}: Roll a six-sided die. This ability has the indicated effect.\n1 — Add {W}.\n"
                 "2 — Add {G}. Draw a card.")
    assert [ln.parsed for ln in c.lines] == [True, True, True]
    assert mana_notes(c) and not facts_of(c, "mana_unknown_result")
