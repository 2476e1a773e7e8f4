"""`mtgkb coverage`: every seed sentence -> CR rules -> KB rules -> tests, and the gaps."""

from pathlib import Path
import re

import pytest
import yaml

from helpers import run_cli
from pyengine import coverage, explain

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "docs" / "sources"


@pytest.fixture(scope="module")
def ans():
    """The coverage report, built once for the module (it reads every test and KB file)."""
    code, report, err = run_cli(["coverage", "--json"])
    assert code == 0, err
    return report


def test_every_sentence_listed_once_with_its_documents(ans):
    """Every sentence of the three source documents appears, identical ones once."""
    texts = [r["sentence"] for r in ans["sentences"]]
    assert len(texts) == len({coverage.normalise(t) for t in texts}) == ans["totals"]["sentences"]
    for path in sorted(SOURCES.glob("*.txt")):
        body = " ".join(path.read_text(encoding="utf-8").split())
        for t in texts:
            row = next(r for r in ans["sentences"] if r["sentence"] == t)
            assert (t in body) == (path.name in row["documents"]), (path.name, t)
    row = next(r for r in ans["sentences"] if r["sentence"].startswith("If an ability would produce one or more mana"))
    assert len(row["documents"]) == 3                     # the shared CR 106 paragraph
    # nothing is lost: a document's sentences put back together are the document (less the page
    # header), and each of them is in the report
    listed = {coverage.normalise(t) for t in texts}
    for path in sorted(SOURCES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        parts = coverage.split_sentences(text)
        assert "".join(parts).replace(" ", "") == "".join(text.split()).removeprefix("Search")
        assert {coverage.normalise(p) for p in parts} <= listed


def test_sentence_map_is_complete_and_cites_real_rules(ans):
    """docs/sources/sentence-map.yaml maps every source sentence (no stale entries) to rule
    numbers of the 2025-11-14 CR."""
    entries = yaml.safe_load((SOURCES / "sentence-map.yaml").read_text(encoding="utf-8"))
    sentences = {coverage.normalise(s.text) for s in coverage.sentences()}
    mapped = {coverage.normalise(e["sentence"]) for e in entries}
    assert mapped == sentences
    rules = explain.cr_rules()
    for e in entries:
        for n in e["cr"]:
            assert n in rules, (n, e["sentence"])
        if not e["cr"]:
            assert e.get("note") or e.get("outside_model"), e["sentence"]
    assert ans["totals"]["unmapped"] == 0


def test_106_7_sentence_has_rules_and_tests(ans):
    """106.7 sentences are encoded in kb/mana.lp and checked by the contract scenario."""
    row = next(r for r in ans["sentences"] if r["sentence"].startswith("Ignore whether any costs of the ability"))
    assert row["cr"] == ["106.7"] and not row["gap"]
    assert any(r["source"].startswith("kb/mana.lp:") and "106.7" in r["cr"] for r in row["rules"])
    assert "tests/scenarios/contract.yaml::reflecting-pool-reflects-own-lands" in row["tests"]


def test_quoting_test_counts_and_cited_rule_numbers_map(ans):
    """A test that quotes a sentence checks it ("A creature with a counter on it is considered
    modified no matter what kind of counter it is or which player put it on that creature.");
    "See rule 302.6." maps to 302.6 by its own citation."""
    row = next(r for r in ans["sentences"] if r["sentence"].startswith("A creature with a counter on it"))
    assert "tests/test_check.py::test_planted_bug_counter_not_modified" in row["tests"]
    assert any(r["source"].startswith("kb/modified.lp:") and "700.9" in r["cr"] for r in row["rules"])
    row = next(r for r in ans["sentences"] if r["sentence"] == "See rule 302.6.")
    assert "302.6" in row["cr"] and any("302.6" in r["cr"] for r in row["rules"])


def test_cr_rules_table_is_every_tag_of_the_kb(ans):
    """Every CR number tagged on a rule of kb/*.lp or queries/*.lp has a row."""
    tags = set()
    for path in [*(ROOT / "kb").glob("*.lp"), *(ROOT / "queries").glob("*.lp")]:
        for m in re.finditer(r"^%\s*@cr\s+(.*)$", path.read_text(encoding="utf-8"), re.M):
            tags.update(m.group(1).split())
    assert {c["cr"] for c in ans["cr_rules"]} == tags
    c = next(c for c in ans["cr_rules"] if c["cr"] == "303.4c")
    assert "tests/test_check.py::test_snapshot_violations" in c["tests"] and not c["gap"]


def test_totals_and_human_table(ans):
    t = ans["totals"]
    assert t["covered"] + t["outside_model"] + t["gaps"] == t["sentences"]
    assert t["covered"] == sum(not r["gap"] and "outside_model" not in r for r in ans["sentences"])
    code, out, _ = run_cli(["coverage"])
    assert code == 0
    assert (f"sentences: {t['sentences']}, covered: {t['covered']}, "
            f"outside the model: {t['outside_model']}, gaps: {t['gaps']}") in out
    code, gaps, _ = run_cli(["coverage", "--gaps", "--json"])
    assert all(r["gap"] for r in gaps["sentences"]) and len(gaps["sentences"]) == t["gaps"]


def test_sentence_splitting():
    parts = coverage.split_sentences("Search\n\nTap it. See rule 605, “Mana Abilities.” Then (This too.)\n")
    assert parts == ["Tap it.", "See rule 605, “Mana Abilities.”", "Then (This too.)"]


def test_outside_model_sentences_are_listed_apart_with_a_reason(ans):
    """Sentences about the physical game or hidden information (708.6; Master of Predicaments'
    hidden choice) are listed with the reason, and counted neither as covered nor as gaps."""
    rows = [r for r in ans["sentences"] if "outside_model" in r]
    assert any(r["sentence"].startswith("You must ensure that your face-down spells") for r in rows)
    assert all(r["outside_model"] and not r["gap"] for r in rows)
    assert ans["totals"]["outside_model"] == len(rows)
