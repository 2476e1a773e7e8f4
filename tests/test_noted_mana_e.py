"""Issue 11 (noted_e): what the compiler now gives the KB for cards exiled with a permanent (406.6,
607.2a), mana counted on the permanent a cost exiles (601.2h, 608.2h), a characteristic-defining
power and toughness (604.3, 208.2a) and spend restrictions produce shows exactly but payment does not
evaluate (106.6). Each card below is real (Oracle text as printed); its lines are notes only for the
answers they could still change, never for could-produce or produce. The answers on a board are
scenarios: tests/scenarios/noted_mana_e.yaml."""

import pytest
import yaml

from helpers import compiled, facts_of, run_cli

MANA_ANSWERS = {"could-produce", "produce"}
SPENDING = {"actions", "apply"}
PAYMENT = {"actions", "cast-free", "apply"}

CHROME_MOX = ("Chrome Mox", "Artifact", "Imprint — When this artifact enters, you may exile a nonartifact, nonland "
              "card from your hand.\n{T}: Add one mana of any of the exiled card's colors.")
PIT = ("Pit of Offerings", "Land — Cave", "This land enters tapped.\nWhen this land enters, exile up to three target "
       "cards from graveyards.\n{T}: Add {C}.\n{T}: Add one mana of any of the exiled cards' colors.")
FOOD_CHAIN = ("Food Chain", "Enchantment", "Exile a creature you control: Add X mana of any one color, where X is 1 "
              "plus the exiled creature's mana value. Spend this mana only to cast creature spells.")
KARN = ("Karn, Legacy Reforged", "Legendary Artifact Creature — Golem",
        "Karn's power and toughness are each equal to the greatest mana value among artifacts you control.\nAt the "
        "beginning of your upkeep, add {C} for each artifact you control. This mana can't be spent to cast "
        "nonartifact spells. Until end of turn, you don't lose this mana as steps and phases end.")
JEWELED_LOTUS = ("Jeweled Lotus", "Artifact", "{T}, Sacrifice this artifact: Add three mana of any one color. Spend "
                 "this mana only to cast your commander.")
WATERMARKET = ("Watermarket", "Land", "{T}: Add {C}{C}. Spend this mana only to cast spells with watermarks.")
UNDERDOME = ("Underdome", "Land", "{T}: Add one mana of any color. Spend this mana only to pay Un-costs.")
SECRET_BASE = ("Secret Base", "Land", "{T}: Add one mana of any color. Spend this mana only to cast a spell that "
               "shares a watermark with this land.")


def _card(name, type, text, **extra):
    from pyengine import cardlib
    from pyengine.compiler import compile_card
    return compile_card(cardlib.parse_card({"name": name, "type": type, "text": text, **extra}))


def _mana_notes(c):
    return [n for n in c.not_modelled if set(n.affects) & MANA_ANSWERS]


@pytest.mark.parametrize("card,pred,fact", [
    (CHROME_MOX, "mana_exiled_colors", 'mana_exiled_colors(ab("Chrome Mox",2),1)'),
    (PIT, "mana_exiled_colors", 'mana_exiled_colors(ab("Pit of Offerings",4),1)'),
    (FOOD_CHAIN, "exile_cost_choice", 'exile_cost_choice(ab("Food Chain",1),creature)'),
    (FOOD_CHAIN, "mana_amount", 'mana_amount(ab("Food Chain",1),1,w,exiled(mana_value,1))'),
    (JEWELED_LOTUS, "mana_spend_restriction", 'mana_spend_restriction(ab("Jeweled Lotus",1),cast(commander))'),
    (WATERMARKET, "mana_spend_restriction", 'mana_spend_restriction(ab("Watermarket",1),cast(watermark))'),
    (UNDERDOME, "mana_spend_restriction", 'mana_spend_restriction(ab("Underdome",1),un_cost)'),
    (SECRET_BASE, "mana_spend_restriction", 'mana_spend_restriction(ab("Secret Base",1),cast(shares_watermark))'),
])
def test_the_line_is_given_to_the_kb_and_no_mana_answer_is_noted(card, pred, fact):
    c = compiled(*card)
    assert fact in facts_of(c, pred)
    assert _mana_notes(c) == []


def test_a_restriction_payment_does_not_evaluate_is_a_note_for_paying_only():
    """106.6: produce shows cast(commander) with the mana (the restriction is stated exactly); which card
    is a player's commander (903.3) a snapshot does not say, so paying with it is not decided: a note
    for actions and apply, not for produce."""
    for card in (JEWELED_LOTUS, WATERMARKET, UNDERDOME, SECRET_BASE):
        [n] = compiled(*card).not_modelled
        assert set(n.affects) == SPENDING, card[0]


def test_exiled_colors_is_a_note_for_paying_only():
    """607.2a: could-produce and produce read the exiled cards' colors; paying with that mana is not
    modelled yet (as for "any of this creature's colors")."""
    c = compiled(*CHROME_MOX)
    assert {n.line: set(n.affects) for n in c.not_modelled} == {1: {"apply"}, 2: PAYMENT}


def test_karn_power_and_toughness_are_no_longer_unknown():
    """604.3, 208.2a: the '*' of Karn's P/T box is defined by its characteristic-defining ability, which
    the KB carries out (kb/pt_cda.lp): no note for its power and toughness, nor for the ability."""
    c = _card(*KARN, mana_cost="{5}", power="*", toughness="*")
    assert 'cda_pt(ab("Karn, Legacy Reforged",1),greatest(mana_value,you_control(artifact)))' in facts_of(c, "cda_pt")
    assert [n.line for n in c.not_modelled] == [2]
    assert set(c.not_modelled[0].affects) == {"apply"}


def test_a_star_without_a_cda_the_kb_reads_stays_a_note():
    """208.2a: Tarmogoyf's '*' (card types among cards in all graveyards) is not read: its P/T notes stay."""
    c = _card("Tarmogoyf", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types among "
              "cards in all graveyards and its toughness is equal to that number plus 1.", mana_cost="{1}{G}",
              power="*", toughness="1+*")
    assert {n.text for n in c.not_modelled if n.line == 0} == {"power '*' (characteristic-defining)",
                                                              "toughness '1+*' (characteristic-defining)"}


def _snap(tmp_path, perms, cards, **extra):
    d = {"players": ["alice", "bob"], "battlefield": perms, "cards": cards, **extra}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(d, allow_unicode=True))
    return str(p)


def _card_dict(card, **extra):
    name, type, text = card
    return {"name": name, "type": type, "text": text, **extra}


def test_strict_could_produce_and_produce_answer_for_these_cards(tmp_path):
    """--strict refuses exactly when a note could change the answer: none does for these cards' mana."""
    s = _snap(tmp_path, [{"id": "mox", "card": "Chrome Mox", "controller": "alice", "exiled_with": ["Lightning Bolt"]},
                         {"id": "chain", "card": "Food Chain", "controller": "alice"},
                         {"id": "lotus", "card": "Jeweled Lotus", "controller": "alice"},
                         {"id": "karn", "card": "Karn, Legacy Reforged", "controller": "alice"}],
              [_card_dict(CHROME_MOX, mana_cost="{0}"), _card_dict(FOOD_CHAIN, mana_cost="{2}{G}"),
               _card_dict(JEWELED_LOTUS, mana_cost="{0}"),
               _card_dict(KARN, mana_cost="{5}", power="*", toughness="*")])
    code, out, err = run_cli(["--strict", "could-produce", s, "--json"])
    assert (code, err) == (0, "")
    assert out == {"chain": ["B", "G", "R", "U", "W"], "karn": ["C"], "lotus": ["B", "G", "R", "U", "W"], "mox": ["R"]}
    for pid in ("mox", "lotus"):
        code, _, err = run_cli(["--strict", "produce", s, pid, "--json"])
        assert (code, err) == (0, ""), pid


def test_jeweled_lotus_mana_is_not_spent_where_its_restriction_is_not_known(tmp_path):
    """106.6: the Lotus's mana may be spent only to cast its controller's commander, which a snapshot
    does not name: paying Grizzly Bears' {1}{G} with it is not decided (payable null), never refused."""
    s = _snap(tmp_path, [{"id": "lotus", "card": "Jeweled Lotus", "controller": "alice"}],
              [_card_dict(JEWELED_LOTUS, mana_cost="{0}")], hand={"alice": ["Grizzly Bears"]})
    code, out, _ = run_cli(["pay", s, "{1}{G}", "--for", "Grizzly Bears", "--json"])
    assert code == 0 and out["payable"] is None


def test_elemental_resonance_is_a_note_for_apply_only():
    """605.1b: a trigger on the beginning of a phase is no mana ability; could-produce counts the types
    of the enchanted permanent's mana cost (kb/game_amounts.lp), resolving it is apply's."""
    c = compiled("Elemental Resonance", "Enchantment — Aura",
                 "Enchant permanent\nAt the beginning of your first main phase, add mana equal to enchanted "
                 "permanent's mana cost. (Mana cost includes color. If a mana symbol has multiple colors, "
                 "choose one.)")
    assert 'mana_attached_cost(ab("Elemental Resonance",2))' in facts_of(c, "mana_attached_cost")
    assert _mana_notes(c) == []
