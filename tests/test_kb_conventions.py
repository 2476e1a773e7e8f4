"""Conventions of the knowledge base (DESIGN.md, "Conventions for the knowledge base").

- every rule in kb/*.lp has its source on the line directly above it: ``% @cr N [N...]`` or
  ``% @ruling <Card>: <first words of the ruling>``;
- every cited CR number exists in docs/MagicCompRules-2025-11-14.txt as a rule number at the
  start of a line ("106.7." or "106.12a ");
- every ``@ruling`` names a card of the bundled library, and one of that card's official rulings
  (tests/data/rulings.json, copied from the reference cards.json) starts with the given words;
- every predicate defined in kb/ (it occurs in a rule head) is documented once with a
  ``%*! pred(...)`` docstring: in a file that defines it (a predicate that several files extend,
  such as violation/2, is documented in one of them), or in kb/schema.lp, or next to a
  ``#defined pred/n`` hook declaration (a docstring, or a comment on the same line).

The KB is read through its one model (``pyengine.asp.kbmodel``, clingo's own parser), not with
regexes, so a rule spread over several lines counts at its first line, and every tag line stacked
directly above it is checked. Each check reports every offender at once.
"""

from collections import defaultdict
import json
from pathlib import Path
import re

from pyengine import cardlib
from pyengine.asp import kbmodel
from pyengine.asp.kbmodel import docstring_preds

ROOT = Path(__file__).resolve().parent.parent
KB_FILES = sorted((ROOT / "kb").glob("*.lp"))
CR_TEXT = ROOT / "docs" / "MagicCompRules-2025-11-14.txt"
RULINGS = Path(__file__).parent / "data" / "rulings.json"

_CR_LINE = re.compile(r"^(\d{3}(?:\.\d+)?)\.\s|^(\d{3}\.\d+[a-z])\s")
_CR_TOKEN = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
_RULING = re.compile(r"^([^:]+?)\s*:\s*(.*\S)\s*$")


def cr_numbers(path=CR_TEXT):
    """Every rule number of the CR text (as printed at the start of a line)."""
    out = set()
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        m = _CR_LINE.match(line)
        if m:
            out.add(m.group(1) or m.group(2))
    return out


def _norm(text):
    """Text for "starts with" comparisons: straight quotes, single spaces, no trailing dots."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"\s+", " ", text).strip().rstrip("\u2026").rstrip(".").strip()
    return text.casefold()


def problems(paths, cr=None, rulings=None, library=None):
    """Every convention problem of the given .lp files, one line each."""
    cr = cr_numbers() if cr is None else cr
    rulings = json.loads(RULINGS.read_text(encoding="utf-8")) if rulings is None else rulings
    library = cardlib.bundled() if library is None else library
    paths = [Path(p).resolve() for p in paths]
    root = Path(ROOT if all(p.is_relative_to(ROOT) for p in paths) else paths[0].parent)
    model = kbmodel.read(root, [str(p) for p in paths])
    out = []

    # 1-3: tags above rules
    seen = set()
    for rule in model.rules:
        where = rule.source
        if where in seen:                         # the copies of a pooled rule: checked once
            continue
        seen.add(where)
        if not rule.tags:
            out.append(f"{where}: rule without a '% @cr' or '% @ruling' tag on the line above: "
                       f"{rule.text}")
        for tag in rule.tags:
            if tag.kind == "cr":
                for tok in tag.text.split() or [""]:
                    if not _CR_TOKEN.fullmatch(tok):
                        out.append(f"{where}: '@cr {tag.text}': {tok!r} is not a CR rule number")
                    elif tok not in cr:
                        out.append(f"{where}: CR {tok} does not exist in the 2025-11-14 rules text")
                continue
            m = _RULING.match(tag.text)
            card, words = (m.group(1), m.group(2)) if m else (tag.text, "")
            if card not in library:
                out.append(f"{where}: @ruling names {card!r}, which is not in the bundled card library")
            elif not any(_norm(r).startswith(_norm(words)) for r in rulings.get(card, [])):
                out.append(f"{where}: no official ruling of {card} starts with {words!r}")

    # 4: documentation of every defined predicate
    docs = defaultdict(list)                      # (name, arity) -> [file, ...]
    for d in model.docs:
        for pred in d.preds:
            docs[pred].append(d.file)
    hooked = set()                                # #defined with a comment on the same line
    for d in model.declarations:
        if d.kind == "defined" and (d.comment or any(pred in docs for pred in d.defines)):
            hooked |= d.defines
    schema = {f for f in model.files if Path(f).name == "schema.lp"}
    defined = defaultdict(set)                    # (name, arity) -> files whose rule heads define it
    for rule in model.rules:
        for pred in rule.defines:
            defined[pred].add(rule.file)
    for (name, arity), files in sorted(defined.items()):
        if set(docs[(name, arity)]) & (files | schema) or (name, arity) in hooked:
            continue                              # several defining files: one docstring suffices
        out.append(f"predicate {name}/{arity} is defined in {', '.join(sorted(Path(f).name for f in files))} "
                   f"but has no '%*! {name}(...)' docstring there, in kb/schema.lp or at a #defined hook")
    for (name, arity), files in sorted(docs.items()):
        if len(files) > 1:
            out.append(f"predicate {name}/{arity} is documented {len(files)} times "
                       f"({', '.join(sorted(Path(f).name for f in files))}); document it once")
    return out


def test_kb_rules_are_tagged_and_documented():
    found = problems(KB_FILES)
    assert not found, f"{len(found)} convention problem(s):\n" + "\n".join(found)


def test_cr_numbers_are_read_from_the_rules_text():
    cr = cr_numbers()
    # rule numbers as printed: "106.7. Some abilities...", "106.12a An ability...", "702.10. Haste"
    assert {"106", "106.7", "106.12a", "702.10", "305.6", "613.1f"} <= cr
    assert "106.99" not in cr and "106.7a" not in cr


def test_docstring_signatures():
    assert docstring_preds("%*! could_produce(P,T)\nPermanent P could produce *%") == {("could_produce", 2)}
    assert docstring_preds("%*! power(X,P) / toughness(X,T)   X's power (613.4) *%") == \
        {("power", 2), ("toughness", 2)}
    assert docstring_preds("%*! candidate(P,act(K,X,Y))   an action *%") == {("candidate", 2)}
    assert docstring_preds("%*! done   nothing left (1.1) *%") == {("done", 0)}


def test_the_checker_finds_every_kind_of_offender(tmp_path):
    bad = tmp_path / "bad.lp"
    bad.write_text(
        "%*! a(X)   documented *%\n"
        "% @cr 106.7\n"
        "a(X) :- b(X).\n"                                  # fine
        "untagged(X) :- a(X).\n"                           # no tag, no docstring
        "% @cr 999.1 106.7 x12\n"
        "c(X) :-\n   a(X).\n"                              # unknown CR number, malformed token
        "% @ruling Reflecting Pool: Multiple Reflecting Pools won’t help each other\n"
        "d(X) :- a(X).\n"                                  # a real ruling: fine, but d/1 undocumented
        "% @ruling Reflecting Pool: Pigs can fly\n"
        "a(1).\n"                                          # no such ruling
        "% @ruling Black Lotus: Anything\n"
        "a(2).\n"                                          # not a bundled card
        "%*! a(X)   documented again *%\n",
        encoding="utf-8")
    found = problems([bad])
    joined = "\n".join(found)
    assert "bad.lp:4: rule without" in joined
    assert "CR 999.1 does not exist" in joined and "'x12' is not a CR rule number" in joined
    assert "bad.lp:9" not in joined                      # the real ruling is accepted
    assert "no official ruling of Reflecting Pool starts with 'Pigs can fly'" in joined
    assert "'Black Lotus', which is not in the bundled card library" in joined
    assert "predicate untagged/1 is defined in bad.lp but has no" in joined
    assert "predicate c/1" in joined and "predicate d/1" in joined
    assert "predicate a/1 is documented 2 times" in joined
    assert "predicate b/1" not in joined                 # only heads define predicates
    assert len(found) == 9, joined                       # every offender, each once
