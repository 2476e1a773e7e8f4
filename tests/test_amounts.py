"""Amounts that count (issue 11): what the compiler gives for filters on keywords and power (read over
final characteristics only, kb/final_filters.lp), for X chosen by a "Remove X counters" cost (107.3,
601.2b), for the sacrificed permanent's mana value or power (701.21a, 608.2h), and which lines stay
notes. The answers are in tests/scenarios/amounts.yaml and conditional_mana.yaml."""

import re
from pathlib import Path

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import Const, fn

KB = Path(__file__).resolve().parent.parent / "kb"


def compiled(text, type_line="Creature — Druid", name="Foo"):
    return compile_card(cardlib.parse_card({"name": name, "type": type_line, "power": "1", "toughness": "1",
                                            "text": text}))


def facts_of(c, pred):
    return [f for f in c.facts if f[0] == pred]


def answers(c):
    """The answers some note of the card could change."""
    return set().union(*(n.affects for n in c.not_modelled)) if c.not_modelled else set()


def test_with_defender_and_power_are_filters_read_by_mana_amounts():
    c = compiled("{T}: Add {G} for each creature you control with defender.")
    [(_, _, _, t, a)] = facts_of(c, "mana_amount")
    assert a == fn("count", fn("you_control", fn("and", Const("creature"), fn("keyword", Const("defender")))))
    assert not c.not_modelled
    c = compiled("{T}: Add {G} for each creature with power 4 or greater you control.")
    [(_, _, _, t, a)] = facts_of(c, "mana_amount")
    assert a == fn("count", fn("you_control", fn("and", Const("creature"),
                                                 fn("stat_at_least", Const("power"), 4))))
    assert not c.not_modelled


def test_a_layer_effect_filtered_by_a_keyword_stays_a_note_naming_613_8():
    # a grant to permanents chosen by a keyword would need 613.8 dependencies: not modelled
    c = compiled('Creatures you control with defender have "{T}: Add {G}."', "Enchantment")
    [n] = c.not_modelled
    assert "613.8" in n.reason and "could-produce" in n.affects


def test_x_counters_removed_by_the_cost():
    c = compiled("{1}, Remove X storage counters from this land: Add X mana in any combination of {B} and/or {R}.",
                 "Land")
    assert ("ability_cost", fn("ab", "Foo", 1), fn("remove_counters_chosen", "storage", 0)) in c.facts
    assert facts_of(c, "mana_combination") == [("mana_combination", fn("ab", "Foo", 1), fn("removed", "storage", 0))]
    assert {f[2] for f in facts_of(c, "mana_combination_type")} == {Const("b"), Const("r")}
    # could-produce and produce read it; choosing X and paying with it are not modelled
    assert answers(c) and not answers(c) & {"could-produce", "produce"}
    c = compiled("{T}, Remove X charge counters from this artifact: Add an amount of {C} equal to X plus one.",
                 "Artifact")
    assert [f[4] for f in facts_of(c, "mana_amount")] == [fn("removed", "charge", 1)]


def test_x_without_a_cost_that_chooses_it_stays_a_note():
    c = compiled("{X}, {T}, Sacrifice this artifact: Add X mana in any combination of colors.", "Artifact")
    assert {"could-produce", "produce"} <= answers(c)


def test_sacrificed_permanent_of_one_kind():
    c = compiled("{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed artifact's mana value.")
    assert [f[4] for f in facts_of(c, "mana_amount")] == [fn("sacrificed", Const("mana_value"))]
    assert not answers(c) & {"could-produce", "produce"}
    # "another creature" depends on the ability's own permanent: keyed by it (kb/game_amounts.lp:
    # other_than(Ab,X)), a note only for the answers that pay (tests/test_amounts_more.py)
    c = compiled("{T}, Sacrifice another creature: Add an amount of {B} equal to the sacrificed creature's mana value.")
    assert [f[4] for f in facts_of(c, "mana_amount")] == [fn("sacrificed", Const("mana_value"))]
    assert not answers(c) & {"could-produce", "produce"}


def test_descriptions_sharing_one_noun():
    # "a black or artifact creature" is a creature that is black or an artifact (not a black permanent
    # of any kind); "an artifact or creature" names two kinds
    c = compiled("{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the sacrificed "
                 "creature's mana value.")
    assert ("ability_cost", fn("ab", "Foo", 1), fn("sacrifice", fn("and", fn("or", fn("color", Const("b")),
                                                                            Const("artifact")),
                                                                   Const("creature")))) in c.facts
    c = compiled("{T}, Sacrifice an artifact or creature: Add {C}.")
    assert ("ability_cost", fn("ab", "Foo", 1), fn("sacrifice", fn("or", Const("artifact"), Const("creature")))) \
        in c.facts


def test_amounts_the_snapshot_cannot_tell_stay_notes():
    # cards drawn and life gained this turn are snapshot fields (kb/turn_history.lp); creatures that
    # died this turn are not, and spells cast this turn (a field read by surge, 702.117a) is no amount
    # a mana ability reads
    for text in ("{T}: Add {C} for each creature that died this turn.",
                 "{T}: Add X mana of any one color, where X is the number of spells you've cast this turn."):
        assert {"could-produce", "produce"} <= answers(compiled(text))


def test_no_layer_effect_reads_final_characteristics():
    """final_matches/2 is read only where a mana ability's amount or condition is evaluated: the KB stays
    stratified (no layer effect depends on what it changes through a filter, 613.8 not modelled)."""
    readers = {p.name for p in KB.glob("*.lp")
               if re.search(r"final_matches\(|final_filter_known\(", p.read_text(encoding="utf-8"))}
    # removed_counters.lp: the permanents a cost may sacrifice or tap for X (x_cost_count/3), a mana amount;
    # ability_mana.lp: the permanents of the opponents counted by a triggered/targeted ability's amount;
    # cost_modifiers.lp: the permanents a spell's cost change counts (affinity, 702.41a; "for each ... you
    # control", "if you control ...", 601.2f), which no layer effect reads; alternative_costs.lp and
    # optional_costs.lp: the permanents a cast's cost may sacrifice, return or tap (casualty N's "power N or
    # greater", 702.153a; 601.2h), read by casting only
    assert readers == {"final_filters.lp", "mana.lp", "game_amounts.lp", "conditional_mana.lp", "removed_counters.lp",
                       "ability_mana.lp", "cost_modifiers.lp", "alternative_costs.lp", "optional_costs.lp"}


def test_x_chosen_by_a_cost_that_sacrifices_or_taps_permanents():
    # 107.3a, 601.2b: X is chosen as the cost is paid; could-produce and produce read it
    # (tests/scenarios/amounts.yaml: springjack-*, hazel-*), activating and paying stay notes
    pasture = compiled("{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life.", "Land")
    assert facts_of(pasture, "x_cost_count") == [("x_cost_count", fn("ab", "Foo", 1), Const("sacrifice"),
                                                  fn("subtype", "Goat"))]
    assert {f[4] for f in facts_of(pasture, "mana_amount")} == {Const("cost_x")}
    assert not {"could-produce", "produce"} & answers(pasture)
    hazel = compiled("{T}, Pay 2 life, Tap X untapped tokens you control: Add X mana in any combination of colors.")
    assert facts_of(hazel, "x_cost_count") == [("x_cost_count", fn("ab", "Foo", 1), Const("tap_untapped"),
                                                fn("status", Const("token")))]
    assert facts_of(hazel, "mana_combination") == [("mana_combination", fn("ab", "Foo", 1), Const("cost_x"))]
    assert not {"could-produce", "produce"} & answers(hazel)
    assert {"actions", "apply"} <= answers(hazel)
    # a mana X ({X} in the cost, Wizard's Rockets) is bounded by what the player could pay: still a note
    rockets = compiled("{X}, {T}, Sacrifice this artifact: Add X mana in any combination of colors.", "Artifact")
    assert {"could-produce", "produce"} <= answers(rockets)
    assert not facts_of(rockets, "x_cost_count")
