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

Rules are found with clingo's own parser (``pyengine.engine.parse_kb``), not with regexes, so a
rule spread over several lines or a pooled fact counts once, at its first line. Each check
reports every offender at once.
"""

from collections import Counter, defaultdict
import json
from pathlib import Path
import re

from pyengine import cardlib
from pyengine.engine import parse_kb

ROOT = Path(__file__).resolve().parent.parent
KB_FILES = sorted((ROOT / "kb").glob("*.lp"))
CR_TEXT = ROOT / "docs" / "MagicCompRules-2025-11-14.txt"
RULINGS = Path(__file__).parent / "data" / "rulings.json"

_CR_LINE = re.compile(r"^(\d{3}(?:\.\d+)?)\.\s|^(\d{3}\.\d+[a-z])\s")
_CR_TOKEN = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
_TAG_CR = re.compile(r"^%\s*@cr\s+(.*\S)\s*$")
_TAG_RULING = re.compile(r"^%\s*@ruling\s+([^:]+?)\s*:\s*(.*\S)\s*$")
_SIG = re.compile(r"([a-z_][A-Za-z0-9_]*)\s*(?:\(([^()]*(?:\([^()]*\)[^()]*)*)\))?")


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


def _arity(args):
    if args is None or not args.strip():
        return 0
    depth, n = 0, 1
    for ch in args:
        depth += ch == "("
        depth -= ch == ")"
        n += ch == "," and depth == 0
    return n


def docstring_preds(text):
    """(name, arity) of each predicate a ``%*! ... *%`` docstring documents: its signature part
    (up to a run of two spaces or the end of the first line) may list several, separated by '/'."""
    body = text[3:] if text.startswith("%*!") else text
    sig = re.split(r"\n| {2,}|\t", body.strip(), maxsplit=1)[0]
    out = set()
    for part in sig.split(" / "):
        m = _SIG.match(part.strip())
        if m:
            out.add((m.group(1), _arity(m.group(2))))
    return out


def problems(paths, cr=None, rulings=None, library=None):
    """Every convention problem of the given .lp files, one line each."""
    cr = cr_numbers() if cr is None else cr
    rulings = json.loads(RULINGS.read_text(encoding="utf-8")) if rulings is None else rulings
    library = cardlib.bundled() if library is None else library
    statements = parse_kb(paths)
    lines = {str(p): Path(p).read_text(encoding="utf-8").splitlines() for p in paths}
    out = []

    # 1-3: tags above rules
    for st in statements:
        if st.kind != "rule":
            continue
        where = f"{Path(st.file).relative_to(ROOT) if Path(st.file).is_relative_to(ROOT) else st.file}:{st.line}"
        above = lines[st.file][st.line - 2].strip() if st.line >= 2 else ""
        m_cr, m_ru = _TAG_CR.match(above), _TAG_RULING.match(above)
        if m_cr:
            for tok in m_cr.group(1).split():
                if not _CR_TOKEN.fullmatch(tok):
                    out.append(f"{where}: '@cr {m_cr.group(1)}': {tok!r} is not a CR rule number")
                elif tok not in cr:
                    out.append(f"{where}: CR {tok} does not exist in the 2025-11-14 rules text")
        elif m_ru:
            card, words = m_ru.group(1), m_ru.group(2)
            if card not in library:
                out.append(f"{where}: @ruling names {card!r}, which is not in the bundled card library")
            elif not any(_norm(r).startswith(_norm(words)) for r in rulings.get(card, [])):
                out.append(f"{where}: no official ruling of {card} starts with {words!r}")
        else:
            out.append(f"{where}: rule without a '% @cr' or '% @ruling' tag on the line above: "
                       f"{lines[st.file][st.line - 1].strip()}")

    # 4: documentation of every defined predicate
    docs = defaultdict(list)                      # (name, arity) -> [file, ...]
    for st in statements:
        if st.kind == "comment" and st.text.startswith("%*!"):
            for pred in docstring_preds(st.text):
                docs[pred].append(st.file)
    hooked = set()                                # #defined with a comment on the same line
    for st in statements:
        if st.kind == "defined":
            line = lines[st.file][st.line - 1]
            if "%" in line.split("#defined", 1)[-1] or any(pred in docs for pred in st.preds):
                hooked |= st.preds
    schema = {str(p) for p in paths if Path(p).name == "schema.lp"}
    defined = defaultdict(set)                    # (name, arity) -> files whose rule heads define it
    for st in statements:
        if st.kind == "rule":
            for pred in st.preds:
                defined[pred].add(st.file)
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
