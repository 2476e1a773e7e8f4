"""The coverage report: each source sentence and each cited CR rule -> KB rules -> tests.

Sources are ``docs/sources/*.txt`` (copies of the seed documents; every sentence is a
requirement). A sentence maps to CR rule numbers through the sentences it cites ("See rule 302.6")
and through ``docs/sources/sentence-map.yaml``; to KB rules through the ``@cr`` / ``@ruling`` tags
of ``kb/*.lp`` and ``queries/*.lp``; and to tests that quote a distinctive part of it (scenario
``source:`` fields, test docstrings and strings) or cite one of its rule numbers (scenario
``cite:`` fields, ``CR N`` / ``rule N`` / ``(N)`` in test text; tests/test_coverage*.py, the tests
of this report, quote sentences as data and are not counted). A sentence without a KB rule or without a test is a gap.
"""

import ast as pyast
from dataclasses import dataclass, field
from pathlib import Path
import re

import yaml

from .asp import kbmodel
from .asp.driver import kb_root
from .errors import InputError

# the scenario files are read with libyaml's loader where PyYAML has it (the same data, ~8x faster)
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MIN_QUOTE = 30          # characters of a sentence a test must quote to count as quoting it


def _repo():
    """Where docs/ and tests/ are: the KB root if it has them, else this checkout."""
    root = kb_root()
    return root if (root / "docs" / "sources").is_dir() else Path(__file__).resolve().parent.parent


def normalise(text):
    """Text for matching: lower case, curly quotes straightened, punctuation and spacing unified."""
    text = text.lower().replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"[^a-z0-9{}/+'\-. ]+", " ", text)
    return " ".join(text.split())


def split_sentences(text):
    """The sentences of a source document (the page header 'Search' is not a sentence)."""
    out = []
    for para in re.split(r"\n\s*\n", text):
        para = " ".join(para.split())
        if not para or para == "Search":
            continue
        # split after a sentence end; keep a closing quote with its sentence
        parts = re.split(r"(?<=[.!?][”\"’)])\s+(?=[A-Z“\"(])|(?<=[.!?])\s+(?=[A-Z“\"(])", para)
        out += [p.strip() for p in parts if p.strip()]
    return out


@dataclass
class Sentence:
    text: str
    documents: list = field(default_factory=list)
    cr: list = field(default_factory=list)


def sentences():
    """Every distinct sentence of docs/sources/*.txt, in order of first appearance, with the
    documents it appears in."""
    by = {}
    for path in sorted((_repo() / "docs" / "sources").glob("*.txt")):
        for s in split_sentences(path.read_text(encoding="utf-8")):
            key = normalise(s)
            if key not in by:
                by[key] = Sentence(s)
            if path.name not in by[key].documents:
                by[key].documents.append(path.name)
    return list(by.values())


def outside_model():
    """{normalised sentence: reason} for sentences that describe the physical game or hidden
    information, which a game snapshot cannot represent (docs/sources/sentence-map.yaml,
    key `outside_model`). They are listed apart, never counted as covered."""
    path = _repo() / "docs" / "sources" / "sentence-map.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else []
    return {normalise(e["sentence"]): str(e["outside_model"]) for e in data or []
            if isinstance(e, dict) and e.get("outside_model")}


def sentence_map():
    """{normalised sentence: [CR numbers]} from docs/sources/sentence-map.yaml."""
    path = _repo() / "docs" / "sources" / "sentence-map.yaml"
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    out = {}
    for i, entry in enumerate(data):
        if not isinstance(entry, dict) or "sentence" not in entry:
            raise InputError(f"{path.name}[{i}]: expected a mapping with 'sentence' and 'cr'")
        out[normalise(entry["sentence"])] = [str(n) for n in (entry.get("cr") or [])]
    return out


CITED = re.compile(r"\b(?:rule|rules|CR|see)\s+(\d{3}(?:\.\d+[a-z]?)?)", re.I)


def cr_of(sentence, mapping):
    """CR numbers a sentence cites ("See rule 302.6") plus those the map assigns."""
    nums = list(mapping.get(normalise(sentence.text), []))
    for n in CITED.findall(sentence.text):
        if n not in nums:
            nums.append(n)
    return nums


def encodes(tag, number):
    """A KB tag (e.g. '702.10c') encodes CR NUMBER if it is that rule or one of its subrules."""
    if tag == number:
        return True
    rest = tag[len(number):] if tag.startswith(number) else None
    if rest is None:
        return False
    if "." in number:                      # 106.12 covers 106.12a, not 106.120
        return bool(re.fullmatch(r"[a-z]", rest))
    return rest.startswith(".")            # a section (605) covers its rules (605.1a)


# --- tests ------------------------------------------------------------------------------------------

@dataclass
class TestText:
    """One test: its id, the texts it quotes, and the CR numbers it cites."""

    id: str
    quotes: list
    cites: set


TEST_CITE = re.compile(r"(?:\bCR\s+|\brule\s+|\bcite:\s*|\(|^|[\s\"'])(\d{3}\.\d+[a-z]?)(?=[\s).,:;\"'—-]|$)")


def _cites(text):
    return set(TEST_CITE.findall(text))


def tests():
    """Every test the coverage report knows: scenario cases and pytest functions."""
    out = []
    tdir = _repo() / "tests"
    for path in sorted((tdir / "scenarios").glob("*.yaml")):
        for case in yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER) or []:
            if not isinstance(case, dict):
                continue
            src = str(case.get("source", ""))
            cite = str(case.get("cite", ""))
            out.append(TestText(f"tests/scenarios/{path.name}::{case.get('name')}", [src],
                                _cites(src) | _cites(cite) | set(re.findall(r"\d{3}\.\d+[a-z]?", cite))))
    for path in sorted(tdir.glob("test_*.py")):
        if path.name.startswith("test_coverage"):     # tests of this report quote sentences as data
            continue
        try:
            tree = pyast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        for node in pyast.walk(tree):
            if isinstance(node, (pyast.FunctionDef, pyast.AsyncFunctionDef)) and node.name.startswith("test"):
                strings = [n.value for n in pyast.walk(node)
                           if isinstance(n, pyast.Constant) and isinstance(n.value, str)]
                out.append(TestText(f"tests/{path.name}::{node.name}", strings,
                                    set().union(*[_cites(s) for s in strings]) if strings else set()))
    return out


def quote_pieces(test):
    """The pieces of TEST's texts that can quote a sentence, normalised: what stands between quote
    marks in a text, and the whole text, of at least MIN_QUOTE characters."""
    out = []
    for q in test.quotes:
        for piece in re.findall(r"[\"“]([^\"”]{%d,})[\"”]" % MIN_QUOTE, q) + [q]:
            p = normalise(piece).strip(" .")
            if len(p) >= MIN_QUOTE:
                out.append(p)
    return out


def quotes(test, sentence_norm, pieces=None):
    """Does TEST quote the sentence: a piece of at least MIN_QUOTE characters of the sentence
    (between quote marks in the test text, or the whole test string) appears in it? PIECES:
    quote_pieces(TEST), when the caller has them already (the report asks of every sentence)."""
    return any(p in sentence_norm or sentence_norm in p
               for p in (quote_pieces(test) if pieces is None else pieces))


# --- the report -------------------------------------------------------------------------------------

def _ruling_matches(tag, sentence_norm):
    """An '@ruling Card: first words' tag encodes the sentence that begins with those words."""
    words = normalise(tag.split(":", 1)[-1]).strip(" .")
    return len(words.split()) >= 3 and sentence_norm.startswith(words)


def _rule_ref(r):
    return {"source": r.source, "cr": list(r.cr), "rulings": list(r.rulings),
            "head": r.text.split(":-")[0].strip().rstrip(".")}


def report():
    """The coverage report as a dict (the --json answer)."""
    mapping = sentence_map()
    outside = outside_model()
    all_tests = tests()
    all_pieces = [quote_pieces(t) for t in all_tests]
    seen_rules = set()
    uniq = []
    # one entry per source rule (unpooled copies merged); the KB, and the helper rules of queries
    root = kb_root()
    for r in kbmodel.kb(root).rules + kbmodel.queries(root).rules:
        if (r.file, r.line) not in seen_rules:
            seen_rules.add((r.file, r.line))
            uniq.append(r)
    rows = []
    for s in sentences():
        nums = cr_of(s, mapping)
        norm = normalise(s.text)
        rules = [r for r in uniq if any(encodes(t, n) for t in r.cr for n in nums)
                 or any(_ruling_matches(x, norm) for x in r.rulings)]
        tst = [t.id for t, pieces in zip(all_tests, all_pieces)
               if quotes(t, norm, pieces) or any(encodes(c, n) for c in t.cites for n in nums)]
        row = {"sentence": s.text, "documents": s.documents, "cr": nums,
               "mapped": norm in mapping,
               "rules": [_rule_ref(r) for r in rules], "tests": tst,
               "gap": [g for g, bad in (("no rule", not rules), ("no test", not tst),
                                        ("not mapped", norm not in mapping)) if bad]}
        if norm in outside and not (rules and tst):
            row["gap"], row["outside_model"] = [], outside[norm]
        rows.append(row)
    cited = sorted({n for r in uniq for n in r.cr}, key=_crkey)
    crs = []
    for n in cited:
        rules = [r for r in uniq if n in r.cr]
        tst = [t.id for t in all_tests if n in t.cites]
        crs.append({"cr": n, "rules": [_rule_ref(r) for r in rules], "tests": tst,
                    "gap": [] if tst else ["no test"]})
    totals = {"sentences": len(rows),
              "covered": sum(not r["gap"] and "outside_model" not in r for r in rows),
              "outside_model": sum("outside_model" in r for r in rows),
              "gaps": sum(bool(r["gap"]) for r in rows),
              "without_rule": sum("no rule" in r["gap"] for r in rows),
              "without_test": sum("no test" in r["gap"] for r in rows),
              "unmapped": sum("not mapped" in r["gap"] for r in rows),
              "cr_rules_cited": len(crs), "cr_rules_tested": sum(not c["gap"] for c in crs)}
    return {"sentences": rows, "cr_rules": crs, "totals": totals}


def _crkey(n):
    m = re.match(r"(\d+)(?:\.(\d+)([a-z]?))?", n)
    return (int(m.group(1)), int(m.group(2) or 0), m.group(3) or "")
