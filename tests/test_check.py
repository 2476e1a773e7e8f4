"""`mtgkb check`: bounded search for counterexamples, planted bugs, and snapshot violations."""

from pathlib import Path
import re
import shutil

import pytest
import yaml

from helpers import run_cli
from pyengine import check as check_mod

ROOT = Path(__file__).resolve().parent.parent
PROPERTIES = sorted(p.stem for p in (ROOT / "properties").glob("*.lp"))


def kb_copy(tmp_path, monkeypatch, edit):
    """A copy of the KB (rules.lp, kb/, queries/, properties/) with EDIT applied ({file: (regex,
    replacement)}, exactly one match), in use through MTGKB_HOME for the rest of the test."""
    home = tmp_path / "kb-copy"
    home.mkdir()
    shutil.copy(ROOT / "rules.lp", home / "rules.lp")
    for d in ("kb", "queries", "properties"):
        shutil.copytree(ROOT / d, home / d)
    for rel, (old, new) in edit.items():
        path = home / rel
        text, n = re.subn(old, new, path.read_text(encoding="utf-8"), flags=re.M)
        assert n == 1, f"the rule to weaken is not (or not once) in {rel}: {old}"
        path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("MTGKB_HOME", str(home))
    return home


def test_planted_bug_reflector_without_anchor(tmp_path, monkeypatch):
    """Weaken 106.7 so a reflector of your lands reflects every type of mana, whatever your lands
    could produce; the least-fixpoint property must find it with the smallest state: the
    reflector alone. 106.7: "If that permanent wouldn't produce any mana under these conditions,
    or no type of mana can be defined this way, there's no type of mana it could produce." """
    old = r"^(reflected\(P,lands_you_control,T\) :-[^.]*)land_could_produce\(P,T\)\."
    kb_copy(tmp_path, monkeypatch, {"kb/mana.lp": (old, r"\1mana_type(T).")})
    out = tmp_path / "out"
    code, ans, err = run_cli(["check", "--property", "could_produce_anchored", "--bound", "2",
                              "--out", str(out), "--json"])
    assert code == 1, err
    [r] = ans["results"]
    assert not r["holds"]
    snap = r["counterexample"]
    # smallest: one permanent, one player, no effect
    assert len(snap["battlefield"]) == 1 and snap["players"] == ["alice"] and "effects" not in snap
    perm = snap["battlefield"][0]
    # the reflectors of "lands you control" in the bundled library (Oracle text)
    assert perm["card"] in {"Reflecting Pool", "Naga Vitalist", "Harvester Druid"}
    assert r["witness"] and "could_produce_unanchored_type" in r["witness"][0]
    written = out / "counterexample-could_produce_anchored.yaml"
    assert yaml.safe_load(written.read_text(encoding="utf-8")) == snap
    # the counterexample is a snapshot the other commands accept: on the weakened KB the lone
    # reflector produces mana, on the real KB nothing
    code, weak, _ = run_cli(["could-produce", str(written), "--json"])
    assert code == 0 and weak[perm["id"]]
    monkeypatch.delenv("MTGKB_HOME")
    code, real, _ = run_cli(["could-produce", str(written), "--json"])
    assert code == 0 and real == {perm["id"]: []}


def test_planted_bug_counter_not_modified(tmp_path, monkeypatch):
    """Remove the counter case of 700.9 from a copy of kb/modified.lp: the 700.9 property finds a
    single permanent with a single counter ("A creature with a counter on it is considered modified
    no matter what kind of counter it is or which player put it on that creature")."""
    kb_copy(tmp_path, monkeypatch, {"kb/modified.lp": (r"^\w+\(X\) :- in_play\(X\), counter\(X,_,N\), N > 0\.$", "")})
    code, ans, err = run_cli(["check", "-p", "modified_700_9", "--bound", "3", "--out", str(tmp_path), "--json"])
    assert code == 1, err
    [r] = ans["results"]
    snap = r["counterexample"]
    assert len(snap["battlefield"]) == 1
    [perm] = snap["battlefield"]
    assert sum(perm["counters"].values()) == 1
    # "Only creatures can be modified" (ruling): the smallest state is a creature with one counter
    assert r["witness"] == [f'property_violated(not_modified_but_700_9_says_so("{perm["id"]}"))']
    code, shown, _ = run_cli(["show", str(tmp_path / "counterexample-modified_700_9.yaml"), perm["id"], "--json"])
    assert code == 0 and shown["modified"] is False      # the weakened KB indeed gets it wrong
    assert "Creature" in shown["types"]


@pytest.mark.parametrize("name", PROPERTIES)
def test_real_kb_properties_hold(name, tmp_path):
    """Every shipped property holds on the real KB: the search went through every size up to the
    default bound and found no counterexample, and it was a real search, not one the grounder
    settled alone (a property whose violation can't even be grounded has 0 choices and conflicts).
    Each search is made once per test session and its result shared with the `$ mtgkb check`
    examples of the documents (tests/conftest.py)."""
    # no time limit: under a loaded machine a limit would make the answer 'inconclusive'
    code, ans, err = run_cli(["check", "-p", name, "--time-limit", "0", "--out", str(tmp_path), "--json"])
    assert code == 0, err
    [r] = ans["results"]
    assert r["holds"] is True, r.get("witness") or r.get("unavailable")
    assert "counterexample" not in r and list(tmp_path.iterdir()) == []
    [prop] = [p for p in check_mod.properties() if p.name == name]
    cap = dict(prop.caps).get("permanents", check_mod.DEFAULT_BOUND)     # a '% @max permanents=N' line
    assert r["reached"] == r["bounds"]["permanents"] == min(cap, check_mod.DEFAULT_BOUND)
    assert r["search"]["models"] == 0
    assert r["search"]["choices"] > 0 and r["search"]["conflicts"] > 0


def test_property_over_a_missing_query_is_reported_not_failed(tmp_path, monkeypatch):
    """A property that needs a query file the KB does not have (here queries/produce.lp, removed
    from a copy of the KB) is listed as not checkable, with what it needs; exit status 0."""
    home = kb_copy(tmp_path, monkeypatch, {})
    (home / "properties" / "over_produce.lp").write_text(
        "% @uses queries/produce.lp\n%*! property: a property over the produce query's choices *%\n"
        "property_violated(x) :- could_produce(X,T), not could_produce(X,T).\n", encoding="utf-8")
    (home / "queries" / "produce.lp").unlink()
    code, ans, err = run_cli(["check", "-p", "over_produce", "--out", str(tmp_path), "--json"])
    assert code == 0, err
    [r] = ans["results"]
    assert r["holds"] is None and r["unavailable"] == "needs queries/produce.lp, which this KB does not have"
    code, out, _ = run_cli(["check", "-p", "over_produce", "--out", str(tmp_path)])
    assert code == 0 and "n/a   over_produce: not checked: needs queries/produce.lp" in out


def test_human_output_reports_bound_and_search(tmp_path):
    code, out, _ = run_cli(["check", "-p", "untap_consistent", "--bound", "2", "--out", str(tmp_path)])
    assert code == 0
    assert "untap_consistent: holds in every legal state up to 2 permanents" in out
    assert "choices" in out and "conflicts" in out and "bound 2" in out


def test_snapshot_violations(tmp_path):
    """303.4c: an Aura that is not attached to anything is an illegal state; 301.5c: an Equipment
    can't equip a non-creature. check --snapshot reports them (exit 0) instead of failing."""
    snap = tmp_path / "s.yaml"
    snap.write_text(yaml.safe_dump({
        "players": ["alice"],
        "battlefield": [{"id": "aura", "card": "Test Aura", "controller": "alice"},
                        {"id": "mantle", "card": "Umbral Mantle", "controller": "alice", "attached_to": "forest"},
                        {"id": "forest", "card": "Forest", "controller": "alice"}],
        "cards": [{"name": "Test Aura", "mana_cost": "{W}", "type": "Enchantment — Aura", "text": ""}]}))
    code, ans, err = run_cli(["check", "--snapshot", str(snap), "--json"])
    assert code == 0, err
    kinds = {v["kind"]: v for v in ans["violations"]}
    assert kinds["aura_not_attached"]["cr"] == ["303.4c"]
    assert kinds["equipment_attached_to_noncreature"]["cr"] == ["301.5c"]
    code, out, _ = run_cli(["check", "--snapshot", str(snap)])
    assert code == 0 and 'violation(aura_not_attached,"aura")' in out


def test_unknown_property_is_bad_input():
    code, _, err = run_cli(["check", "-p", "no_such_property"])
    assert code == 2 and "unknown property" in err


def test_the_violation_rules_are_those_of_the_whole_kb():
    """check --snapshot reads the CR rules of the violation kinds from the KB files whose text
    mentions violation/2 only: every rule of the whole KB with a violation/2 head is among them."""
    from pyengine.asp import kbmodel
    from pyengine.asp.driver import kb_root
    heads = lambda rules: sorted((r.file, str(r.ast)) for r in rules if any(h[0] == "violation" for h in r.heads))
    assert heads(check_mod._violation_rules(kb_root())) == heads(kbmodel.kb(kb_root()).rules) != []
