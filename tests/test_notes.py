"""Notes are precise: a line the KB does not carry out is a note only for the answers it could
change (pyengine/compiler/affects.py); a line the grammar does not parse always is.

Each case is a real Oracle wording and the answers the CR says it can change for a permanent
already on the battlefield (could-produce, 106.7, is about abilities resolving now, ignoring
costs; untap, 502.3; show, 613; actions, 117/602; apply performs events)."""

import re
from pathlib import Path

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.compiler.affects import ALL

ROOT = Path(__file__).resolve().parent.parent


def notes(text, type_line="Creature — Elf"):
    card = cardlib.parse_card({"name": "Test Card", "type": type_line, "text": text})
    return compile_card(card).not_modelled


def affects(text, type_line="Creature — Elf"):
    [n] = notes(text, type_line)
    return set(n.affects)


@pytest.mark.parametrize("text,expected", [
    # 614.1c, 614.12: replacing how the permanent enters; it already has
    ("This land enters tapped.", {"apply"}),
    ("This creature enters with two +1/+1 counters on it if you control a Forest.", {"apply"}),
    # 603.2: triggers use the stack when their event happens; none happens while could-produce
    # or show looks at the permanent now
    ("When this creature enters, draw a card.", {"apply"}),
    ("When this creature dies, you gain 2 life.", {"apply"}),
    ("Whenever this creature attacks, scry 1.", {"apply"}),
    ("At the beginning of your upkeep, you lose 1 life.", {"apply"}),
    # 502.3: what untaps in the untap step
    ("This creature doesn't untap during your untap step.", {"untap", "apply"}),
    # 613.4c: power and toughness
    ("Other creatures you control get +1/+1.", {"show", "apply"}),
    # 508.1: whether it may attack
    ("This creature can't attack.", {"actions", "apply"}),
    # 601.2f: costs of spells
    ("Creature spells you cast cost {1} less to cast.", {"actions", "cast-free", "apply"}),
    # 602: an activated ability whose effect is not modelled: whether to list it, and what it does
    ("{2}, {T}: Draw a card.", {"actions", "apply"}),
])
def test_what_a_parsed_line_could_change(text, expected):
    assert affects(text) == expected


@pytest.mark.parametrize("text", [
    "Creatures you control have haste.",                       # 702.10: summoning sickness (302.6)
    "Other creatures you control have haste.",
])
def test_haste_for_others_changes_actions_and_show(text):
    a = affects(text)
    assert {"actions", "show"} <= a


@pytest.mark.parametrize("text", [
    "Nonbasic lands are Mountains.",                           # 305.7: land types
    "Each land is a Swamp in addition to its other land types.",
    'Lands you control have "{T}: Add one mana of any color."',  # 613.1f: a granted mana ability
    "{T}: Add two mana in any combination of colors.",          # mana the KB does not add yet
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",  # 605.1b
])
def test_what_could_change_what_a_permanent_could_produce(text):
    assert {"could-produce", "produce"} <= affects(text)


def test_a_line_the_grammar_does_not_parse_could_change_anything():
    assert affects("Frobnicate the widget with great enthusiasm.") == set(ALL)


def test_a_spend_restriction_is_about_paying_not_about_types():
    """106.6: "Spend this mana only ..." restricts how the mana is spent, not its type: the mana
    is modelled (could-produce is right); the restriction matters for paying (actions, apply) and
    for what `produce` describes."""
    [n] = notes("{T}: Add {G}. Spend this mana only to cast creature spells.")
    assert "could-produce" not in n.affects and {"produce", "actions", "apply"} <= n.affects


def test_every_fact_the_compiler_gives_is_declared_in_the_schema():
    """Every predicate the compiler emits for the bundled library and for the designed mana
    vocabulary is #defined in kb/schema.lp (documented once, tests/test_kb_conventions.py)."""
    schema = (ROOT / "kb" / "schema.lp").read_text(encoding="utf-8")
    declared = set(re.findall(r"#defined (\w+)/(\d+)\.", schema))
    texts = ["{T}: Add two mana in any combination of colors.", "{T}: Add one mana of the chosen color.",
             "{T}: Add {G} for each Elf you control.", "{T}: Add one mana of any color that a basic land you control could produce."]
    cards = list(cardlib.bundled().values()) + [
        cardlib.parse_card({"name": f"T{i}", "type": "Artifact", "text": t}) for i, t in enumerate(texts)]
    emitted = {(f[0], str(len(f) - 1)) for c in cards for f in compile_card(c).facts}
    assert emitted - declared == set()
    assert {("mana_combination", "2"), ("mana_chosen", "3"), ("mana_amount", "4"),
            ("mana_reflect_filter", "4")} <= emitted
