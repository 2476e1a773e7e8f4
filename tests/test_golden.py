"""Golden files: real cards, their Oracle text, and what the compiler must make of each line.

Each ``tests/golden/<family>/<card>.yaml`` holds a card's Oracle text (game data, from the card
pool), the rules of the Comprehensive Rules it was reviewed against (``cite``) and why the
expected values follow from them (``review``), then per line its kinds, whether the grammar parses
it and the KB models it, and the answers a note about it could change (``affects``), and the facts
the card compiles to (abilities only; its characteristics are tested elsewhere).

A change of the compiler that changes any of these must change the golden file too, after the
same review.
"""

from pathlib import Path
import re

import pytest
import yaml

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import render_fact

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.yaml"))
CHARACTERISTICS = {"card", "card_layout", "card_type", "card_supertype", "card_subtype", "card_power",
                   "card_toughness", "card_cost", "card_has_mana_cost", "card_ability", "ability_text",
                   "card_face", "card_not_modelled", "card_color_indicator", "card_keyword",
                   "card_spell_targets"}
RULES = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.?\s", (ROOT / "docs" / "MagicCompRules-2025-11-14.txt")
                       .read_text(encoding="utf-8"), re.M))


def load(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def compiled(doc):
    d = {"name": doc["name"], "type": doc["type"], "text": doc["text"]}
    for key in ("mana_cost", "power", "toughness"):
        if key in doc:
            d[key] = doc[key]
    return compile_card(cardlib.parse_card(d))


def test_there_are_a_few_hundred_golden_cards_in_every_family():
    families = {p.parent.name for p in GOLDEN}
    assert len(GOLDEN) >= 200
    assert {"mana_fixed", "mana_choice", "mana_any_color", "mana_reflect", "mana_count", "mana_chosen",
            "mana_restriction", "mana_trigger", "mana_replacement", "type_change", "mana_granted", "ritual",
            "keywords", "triggers", "replacements", "statics", "modal", "sagas", "levels_classes",
            "loyalty", "spells", "station"} <= families


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden(path):
    doc = load(path)
    assert doc["cite"] and all(str(c) in RULES for c in doc["cite"]), doc["cite"]
    assert doc["review"] and doc["review"] != "TODO"
    c = compiled(doc)
    lines = [{"line": li.line.index, "kinds": sorted(li.kinds), "parsed": li.parsed, "modelled": li.modelled,
              "affects": sorted(li.affects)} for li in c.lines]
    assert lines == doc["lines"]
    assert sorted(render_fact(f) for f in c.facts if f[0] not in CHARACTERISTICS) == sorted(doc["facts"])
    # a compiler bug is reported as a note, never silently: none may occur on the golden cards
    assert not any((li.line.error or "").startswith("internal error") for li in c.lines)


def test_a_line_is_a_note_exactly_when_it_is_not_modelled():
    """Every line the KB does not carry out is a note (card_not_modelled), with its answers."""
    for path in GOLDEN:
        doc = load(path)
        c = compiled(doc)
        noted = {n.line for n in c.not_modelled if n.line}
        assert noted == {li.line.index for li in c.lines if not li.modelled}, path.stem
