"""Mana cards whose could-produce/produce notes issue 11 removed on branch noted_b: the compiler gives
the facts the KB reads (the answers are scenarios, tests/scenarios/noted_b.yaml). Oracle text as
printed, but for the made-up lines that check a shape's limits."""

from pyengine.cardlib import parse_card
from pyengine.compiler import compile_card
from pyengine.terms import Const, fn

MANA_ANSWERS = {"could-produce", "produce"}


def compiled(text, type_line="Artifact", name="Test Card"):
    return compile_card(parse_card({"name": name, "type": type_line, "text": text}))


def facts_of(c, pred):
    return [f for f in c.facts if f[0] == pred]


def test_an_intervening_if_on_the_permanents_own_status_is_a_resolve_condition():
    # 603.4: checked as the ability resolves; 106.7: the status now (the ability has no {T} cost)
    c = compiled("At the beginning of your upkeep, if this artifact is untapped, add {C}.")
    assert [f[2] for f in facts_of(c, "resolve_if")] == [Const("self_untapped")]
    assert not [n for n in c.not_modelled if n.affects & MANA_ANSWERS]


def test_a_mana_ability_never_reads_its_own_status():
    # its {T} cost taps it before it resolves: "if ~ is untapped" is not a condition of a mana ability
    c = compiled("{T}: Add {C}. If this artifact is untapped, add {C}{C} instead.")
    assert not facts_of(c, "mana_if")


def test_a_mana_trigger_gated_on_its_permanent_being_tapped():
    c = compiled("Whenever a player taps a land for mana, if this creature is tapped, that player adds one mana of "
                 "any type that land produced. Then that land deals 1 damage to that player.",
                 "Creature — Gremlin")
    assert [f[2] for f in facts_of(c, "mana_trigger_while")] == [Const("self_tapped")]
    assert all(n.affects == {"apply"} for n in c.not_modelled)       # the damage


def test_if_they_do_after_a_counter_on_itself_counts_that_counter():
    c = compiled("At the beginning of each player's first main phase, that player may put a +1/+1 counter on this "
                 "creature. If they do, they add {C} for each counter on it.", "Creature — Human Citizen")
    assert facts_of(c, "counters_before_mana") and facts_of(c, "mana_amount")
    assert facts_of(c, "mana_amount")[0][4] == fn("counters", Const("any"))


def test_if_you_do_after_another_choice_stays_a_note():
    # "you may sacrifice another creature": possible only with one; its amount is not the KB's
    c = compiled("Whenever this creature attacks, you may sacrifice another creature. If you do, add an amount of "
                 "{R} equal to the sacrificed creature's power.", "Creature — Human")
    assert [n for n in c.not_modelled if "could-produce" in n.affects]


def test_target_opponent_is_a_target_requirement():
    c = compiled("Whenever you cast an instant or sorcery spell, this creature deals 1 damage to target opponent. "
                 "Add {R}.", "Creature — Phyrexian Praetor")
    assert [f[2] for f in facts_of(c, "target_requirement")] == [Const("opponent")]


def test_modes_of_choose_one_or_more_are_not_read():
    # 700.2d: several modes may be chosen, so several modes' mana may be added at once
    c = compiled("Whenever this creature attacks, choose one or more —\n• Add {R}.\n• Add {G}.", "Creature — Elf")
    assert not facts_of(c, "trigger_mana")
