"""Conventions of the face-down area's kb files (DESIGN.md, "Conventions for the knowledge base"):
every rule is tagged on the line directly above, every CR number exists in the 2025-11-14 CR, every
@ruling quotes the start of an official ruling of that card, every defined predicate is documented."""

import json
from pathlib import Path
import re

import pytest

from pyengine.asp import kbmodel

ROOT = Path(__file__).resolve().parent.parent
FILES = ["kb/face_down.lp", "kb/turn_face_up.lp", "kb/modified.lp", "kb/dies_triggers.lp",
         "kb/lose_abilities.lp", "kb/attached_statics.lp"]
CR_TEXT = (ROOT / "docs" / "MagicCompRules-2025-11-14.txt").read_text(encoding="utf-8-sig")
CR_NUMBERS = set(re.findall(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", CR_TEXT, flags=re.M))
# the official rulings of the reference cards, copied into the repository: {card: [ruling, ...]}
RULINGS = Path(__file__).parent / "data" / "rulings.json"


KB = kbmodel.kb(ROOT)                                 # the KB read by clingo's parser


def statements(path):
    """(first line number, text, the tag line directly above) of every rule in a kb file."""
    out = {}
    for r in KB.rules:
        if r.file == path and r.line not in out:
            above = f"% @{r.tags[-1].kind} {r.tags[-1].text}" if r.tags else ""
            out[r.line] = (r.line, r.text, above)
    return list(out.values())


def tags(path, kind):
    """The texts of the @cr or @ruling tags of the rules of a kb file."""
    return [t.text for r in KB.rules if r.file == path for t in r.tags if t.kind == kind]


RULES = [(f, n, t, above) for f in FILES for n, t, above in statements(f)]


@pytest.mark.parametrize("f,n,text,above", RULES, ids=[f"{f}:{n}" for f, n, _, _ in RULES])
def test_every_rule_is_tagged_directly_above(f, n, text, above):
    assert re.match(r"^% @(cr|ruling) \S", above), f"{f}:{n} {text}"


def test_cr_tags_exist():
    for f in FILES:
        for text in tags(f, "cr"):
            for num in text.split():
                assert num in CR_NUMBERS, f"{f}: CR {num} is not in the 2025-11-14 CR"


def test_ruling_tags_quote_a_ruling_of_that_card():
    rulings = json.loads(RULINGS.read_text(encoding="utf-8"))
    for f in FILES:
        for text in tags(f, "ruling"):
            card, words = text.split(": ", 1)
            assert any(r.startswith(words) for r in rulings[card]), f"{f}: {card}: {words}"


def test_every_defined_predicate_is_documented():
    documented = {name for name, _ in KB.documented()}
    for f in FILES:
        for r in KB.rules:
            if r.file == f:
                for name, _ in r.defines:
                    assert name in documented, f"{f}: {name} is not documented with %*!"
