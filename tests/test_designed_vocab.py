"""The designed mana vocabulary (kb/schema.lp, "designed for the KB's next step"): mana wordings
the KB does not carry out yet still compile to a fixed set of facts, each line staying a note
for the answers it could change. Expected facts follow the CR rule each wording falls under;
the wordings are real Oracle text."""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import render_fact

AB = 'ab("Test Card",1)'
CONSUMED = {"mana_option", "mana_each", "mana_reflect", "mana_trigger", "mana_replacement",
            "sets_land_subtype", "grants"}


def compiled(text, type_line="Creature — Elf"):
    return compile_card(cardlib.parse_card({"name": "Test Card", "type": type_line, "text": text}))


def facts(card, preds):
    return {render_fact(f) for f in card.facts if f[0] in preds}


def designed(text, preds, type_line="Creature — Elf"):
    """The facts of these predicates; the line must be a note that could change could-produce
    (or, for a spell, cast-free), and no fact the KB consumes may stand for the unmodelled mana."""
    c = compiled(text, type_line)
    [note] = c.not_modelled
    assert ("could-produce" in note.affects) or ("cast-free" in note.affects)
    return facts(c, preds)


@pytest.mark.parametrize("text,expected", [
    # 106.1, 106.3: the amount depends on the game in a way the KB does not count (107.3a)
    ("{T}: Add X mana of any one color, where X is the number of spells you've cast this turn.",
     {f"mana_amount({AB},{o},{t},not_modelled)" for o, t in enumerate("wubrg", 1)}),
    # 106.1b: several mana, each of any of the types (two to five is carried out: kb/mana.lp)
    ("{1}, {T}: Add X mana in any combination of colors.",
     {f"mana_combination({AB},x)"} | {f"mana_combination_type({AB},{t})" for t in "wubrg"}),
])
def test_mana_beyond_the_kb(text, expected):
    preds = {"mana_amount", "mana_chosen", "mana_combination", "mana_combination_type"}
    assert designed(text, preds | CONSUMED) == expected


@pytest.mark.parametrize("text,expected", [
    # 107.3a, 608.2h: "the number of" permanents you control, counted as it resolves (kb/mana.lp)
    ("{T}: Add X mana of any one color, where X is the number of Allies you control.",
     {f'mana_amount({AB},{o},{t},count(you_control(subtype("Ally"))))' for o, t in enumerate("wubrg", 1)}),
    # 700.5: devotion (kb/game_amounts.lp)
    ("{T}: Add an amount of {B} equal to your devotion to black.", {f"mana_amount({AB},1,b,devotion(b))"}),
    # 107.3a: permanents on the battlefield, anyone's
    ("{T}: Add {G} for each Elf on the battlefield.", {f'mana_amount({AB},1,g,count(subtype("Elf")))'}),
    # 208.1, 608.2h: the greatest power among them; 119.1: its controller's life total
    ("{T}: Add X mana of any one color, where X is the greatest power among creatures you control.",
     {f"mana_amount({AB},{o},{t},greatest(power,you_control(creature)))" for o, t in enumerate("wubrg", 1)}),
    ("{T}: Add X mana of any one color, where X is your life total.",
     {f"mana_amount({AB},{o},{t},life)" for o, t in enumerate("wubrg", 1)}),
])
def test_mana_whose_amount_the_kb_counts_is_modelled(text, expected):
    """No note: the KB counts these amounts as the ability resolves (608.2h)."""
    c = compiled(text)
    assert not c.not_modelled
    assert facts(c, {"mana_amount"}) == expected


@pytest.mark.parametrize("text,expected", [
    # 614.12, 607.2d: a color chosen as the permanent entered; its other option is a plain option
    ("{T}: Add {G} or one mana of the chosen color.", {f"mana_option({AB},1,g,1)", f"mana_chosen({AB},2,1)"}),
    ("{T}: Add one mana of the chosen color.", {f"mana_chosen({AB},1,1)"}),
    # 122.1: counters on the permanent itself, also as "the number of ... counters on ~"
    ("{T}: Add {C} for each charge counter on this creature.", {f'mana_amount({AB},1,c,counters("charge"))'}),
    ("{T}: Add X mana of any one color, where X is the number of petal counters on this creature.",
     {f'mana_amount({AB},{o},{t},counters("petal"))' for o, t in enumerate("wubrg", 1)}),
    # 208.1: its own power
    ("{T}: Add an amount of {G} equal to this creature's power.", {f"mana_amount({AB},1,g,stat(power))"}),
])
def test_mana_keyed_by_its_own_permanent_is_a_note_only_for_paying(text, expected):
    """kb/chosen_mana.lp and kb/game_amounts.lp key what the ability adds by its own permanent (the
    snapshot's chosen color, its counters, its power) for could-produce and produce; payment does
    not read that yet, so the line is a note for the answers that pay."""
    c = compiled(text)
    [note] = c.not_modelled
    assert note.affects == {"actions", "cast-free", "apply"}
    assert facts(c, {"mana_option", "mana_chosen", "mana_amount"}) == expected


def test_a_spend_restriction_keeps_the_mana_and_names_what_it_may_pay():
    """106.6: the mana is added as usual (mana_option), the restriction travels with it."""
    c = compiled("{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells.")
    assert facts(c, {"mana_option", "mana_spend_restriction"}) == {
        f"mana_option({AB},1,c,3)", f"mana_spend_restriction({AB},cast(artifact))"}
    c = compiled("{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell.")
    assert f"mana_spend_restriction({AB},cast(status(multicolored)))" in facts(c, {"mana_spend_restriction"})


def test_an_activation_restriction_is_named():
    """602.5d: "Activate only as a sorcery"."""
    c = compiled("{T}: Add {G}. Activate only as a sorcery.")
    assert facts(c, {"activation_restriction"}) == {f"activation_restriction({AB},sorcery)"}


def test_mana_that_replaces_the_first_mana_is_given_case_by_case():
    """106.7, 614.1a: "Add {C}. If you control creatures named Mine Worker and Power Plant Worker, add
    {C}{C}{C} instead." (Tower Worker): the ability adds {C}{C}{C} where the condition holds and {C}
    otherwise, never both. The condition is one creature of each name (201.2, kb/final_filters.lp's
    named filter), so each case is given with it: could-produce and produce read it, and the line
    is a note only for paying with that mana (actions, cast-free, apply)."""
    c = compiled("{T}: Add {C}. If you control creatures named Mine Worker and Power Plant Worker, "
                 "add {C}{C}{C} instead.", "Artifact Creature — Assembly-Worker")
    assert facts(c, {"mana_option", "mana_if"}) == {
        f"mana_if({AB},and(you_control_at_least(and(creature,named(\"Mine Worker\")),1),"
        f"you_control_at_least(and(creature,named(\"Power Plant Worker\")),1)))",
        f"mana_option(case({AB},instead),1,c,3)", f"mana_option(case({AB},otherwise),1,c,1)"}
    [note] = c.not_modelled
    assert note.affects == {"actions", "cast-free", "apply"}


def test_mana_replaced_by_a_condition_the_kb_evaluates():
    """608.2c: "If this land has a luck counter on it, instead add one mana of any color": both cases,
    the condition (kb/conditional_mana.lp); the note is only for the answers that pay."""
    c = compiled("{T}: Add {C}. If this land has a luck counter on it, instead add one mana of any color.",
                 "Legendary Land")
    assert facts(c, {"mana_if"}) == {f'mana_if({AB},self_has_counter("luck"))'}
    assert facts(c, {"mana_option"}) == {f"mana_option(case({AB},otherwise),1,c,1)"} | {
        f"mana_option(case({AB},instead),{o},{t},1)" for o, t in enumerate("wubrg", 1)}
    [note] = c.not_modelled
    assert note.affects == frozenset({"actions", "cast-free", "apply"})


@pytest.mark.parametrize("text,cond", [
    # Sarevok's Tome (725.1) and Undermountain Adventurer (309.7): conditions the snapshot tells
    ("{T}: Add {C}. If you have the initiative, add {C}{C} instead.", "has_initiative"),
    ("{T}: Add {G}{G}. If you've completed a dungeon, add six {G} instead.", "completed_dungeon"),
])
def test_a_designation_of_the_player_is_a_condition_the_kb_evaluates(text, cond):
    c = compiled(text, "Artifact")
    assert facts(c, {"mana_if"}) == {f"mana_if({AB},{cond})"}
    [note] = c.not_modelled
    assert note.affects == frozenset({"actions", "cast-free", "apply"})


@pytest.mark.parametrize("text,expected", [
    # 605.1b, 106.12a: triggered mana abilities; "enchanted Forest" is what the Aura enchants
    ("Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the chosen color.",
     {f'mana_trigger_on({AB},attached(subtype("Forest")),any,its_controller)', f"mana_chosen({AB},1,1)"}),
])
def test_mana_triggers(text, expected):
    assert designed(text, {"mana_trigger_on", "mana_amount", "mana_chosen"} | CONSUMED,
                    "Enchantment — Aura") == expected


@pytest.mark.parametrize("text,expected", [
    # 305.7: setting a basic land type replaces the others; "in addition" keeps them
    ("Nonbasic lands are Mountains.", {f'land_types({AB},and(non(supertype(basic)),land),"Mountain",set)'}),
    ("Each land is a Swamp in addition to its other land types.", {f'land_types({AB},land,"Swamp",add)'}),
    ("Lands you control are every basic land type in addition to their other types.",
     {f"land_types({AB},you_control(land),all_basic,add)"}),
])
def test_land_types(text, expected):
    """Lands selected by card types and supertypes: kb/land_types.lp carries the effect out, so the
    line is no note."""
    c = compiled(text, "Enchantment")
    assert not c.not_modelled
    assert facts(c, {"land_types"}) == expected


def test_land_types_of_lands_selected_by_subtype_stay_a_note():
    """613.8a: "All Mountains are Plains" selects lands by the subtype it changes; the KB does not
    decide that dependency, so the line is still a note (with its designed facts)."""
    assert designed("All Mountains are Plains.", {"land_types"} | CONSUMED, "Enchantment") == {
        f'land_types({AB},subtype("Mountain"),"Plains",set)'}


def test_a_granted_mana_ability_is_compiled_as_its_own_ability():
    """613.1f: the quoted ability is an ability of each permanent in scope; grants/3 (which the
    KB reads) is not given for a scope it does not know."""
    c = compiled('Creatures you control have "{T}: Add one mana of any color."', "Enchantment")
    g = 'granted("Test Card",1)'
    assert facts(c, {"grants_filter", "grants"}) == {f"grants_filter({AB},you_control(creature),{g})"}
    assert facts(c, {"ability_cost"}) == {f"ability_cost({g},tap)"}
    assert len(facts(c, {"mana_option"})) == 5


def test_a_ritual():
    """A spell that adds mana is not a mana ability (605.1a): spell_mana, never mana_option."""
    c = compiled("Add {B}{B}{B}.", "Instant")
    assert facts(c, {"spell_mana", "mana_amount", "mana_option", "activated"}) == {
        f"spell_mana({AB})", f"mana_amount({AB},1,b,3)"}
    [note] = c.not_modelled
    assert note.affects == {"cast-free", "apply"}


def test_a_spend_restriction_on_a_list_of_spells():
    """Real wording (Chandra's Embercat) that once crashed the lowering: a list of two spells."""
    c = compiled("{T}: Add {R}. Spend this mana only to cast an Elemental spell or a Chandra planeswalker spell.")
    assert not any("internal error" in n.reason for n in c.not_modelled)
    assert facts(c, {"mana_option"}) == {f"mana_option({AB},1,r,1)"}
