"""Conventions of the face-down area's kb files (DESIGN.md, "Conventions for the knowledge base"):
every rule is tagged on the line directly above, every CR number exists in the 2025-11-14 CR, every
@ruling quotes the start of an official ruling of that card, every defined predicate is documented."""

import json
from pathlib import Path
import re

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = ["kb/face_down.lp", "kb/turn_face_up.lp", "kb/modified.lp", "kb/dies_triggers.lp",
         "kb/lose_abilities.lp", "kb/attached_statics.lp"]
CR_TEXT = (ROOT / "docs" / "MagicCompRules-2025-11-14.txt").read_text(encoding="utf-8-sig")
CR_NUMBERS = set(re.findall(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", CR_TEXT, flags=re.M))
# the official rulings of the reference cards, copied into the repository: {card: [ruling, ...]}
RULINGS = Path(__file__).parent / "data" / "rulings.json"


def statements(path):
    """(first line number, text, the line directly above) of every rule in a kb file."""
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    out, start, in_doc = [], None, False
    for i, line in enumerate(lines):
        code = line.split("%")[0].strip() if not in_doc else ""
        if line.lstrip().startswith("%*"):
            in_doc = "*%" not in line
            continue
        if in_doc:
            in_doc = "*%" not in line
            continue
        if not code:
            continue
        if start is None:
            start = i
        if code.endswith("."):
            text = " ".join(l.split("%")[0].strip() for l in lines[start:i + 1])
            if not text.startswith("#"):
                out.append((start + 1, text, lines[start - 1] if start else ""))
            start = None
    return out


RULES = [(f, n, t, above) for f in FILES for n, t, above in statements(f)]


@pytest.mark.parametrize("f,n,text,above", RULES, ids=[f"{f}:{n}" for f, n, _, _ in RULES])
def test_every_rule_is_tagged_directly_above(f, n, text, above):
    assert re.match(r"^% @(cr|ruling) \S", above), f"{f}:{n} {text}"


def test_cr_tags_exist():
    for f in FILES:
        for m in re.finditer(r"^% @cr (.+)$", (ROOT / f).read_text(encoding="utf-8"), flags=re.M):
            for num in m.group(1).split():
                assert num in CR_NUMBERS, f"{f}: CR {num} is not in the 2025-11-14 CR"


def test_ruling_tags_quote_a_ruling_of_that_card():
    rulings = json.loads(RULINGS.read_text(encoding="utf-8"))
    for f in FILES:
        for m in re.finditer(r"^% @ruling ([^:]+): (.+)$", (ROOT / f).read_text(encoding="utf-8"), flags=re.M):
            card, words = m.group(1), m.group(2)
            assert any(r.startswith(words) for r in rulings[card]), f"{f}: {card}: {words}"


def test_every_defined_predicate_is_documented():
    kb = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "kb").glob("*.lp"))
    documented = {n for line in re.findall(r"%\*! ([^\n]*)", kb)          # "%*! p(X) / q(X)   text"
                  for n in re.findall(r"(?:^|/ )([a-z_][A-Za-z0-9_]*)", line.split("   ")[0])}
    for f in FILES:
        for _, text, _ in statements(f):
            head = text.split(":-")[0]
            name = re.match(r"\s*([a-z_][A-Za-z0-9_]*)", head).group(1)
            assert name in documented, f"{f}: {name} is not documented with %*!"
