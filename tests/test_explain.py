"""`mtgkb explain`: derivation trees with CR citations, --all, --why-not, and bad ATOM input."""

from pathlib import Path

import pytest
import yaml

from helpers import run_cli
from pyengine import explain, snapshot
from pyengine.asp import codec
from pyengine.patterns import show_atom
from pyengine.terms import Const

ROOT = Path(__file__).resolve().parent.parent

POOL_PLAINS = {"players": ["alice", "bob"], "battlefield": [
    {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
    {"id": "plains", "card": "Plains", "controller": "alice"}]}
CHAIN = {"players": ["alice", "bob"], "battlefield": [
    {"id": "pool1", "card": "Reflecting Pool", "controller": "alice"},
    {"id": "pool2", "card": "Reflecting Pool", "controller": "alice"},
    {"id": "plains", "card": "Plains", "controller": "alice"}]}
ELF = {"players": ["alice", "bob"], "battlefield": [
    {"id": "elf", "card": "Llanowar Elves", "controller": "alice", "controlled_since_turn_start": False},
    {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "counters": {"+1/+1": 2}}]}


def write(tmp_path, snap, name="snap.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(snap), encoding="utf-8")
    return str(path)


def nodes(tree):
    """Every node of an explanation tree (premises, aggregate elements, derivations)."""
    yield tree
    for key in ("premises", "elements"):
        for c in tree.get(key, []):
            yield from nodes(c)
    for d in tree.get("derivations", []):
        for c in d["premises"]:
            yield from nodes(c)


def well_founded(tree):
    """Each derived node's derived premises have a lower level; leaves are facts or negations."""
    for n in nodes(tree):
        if "rule" in n and not n.get("shown_above") and "premises" in n:
            for c in n["premises"] + [e for p in n["premises"] for e in p.get("elements", [])]:
                if "level" in c:
                    assert c["level"] < n["level"], (n["atom"], c["atom"])
        if "atom" in n and n.get("holds") and not n.get("negated") and "rule" not in n:
            assert "fact" in n, n


def test_reflecting_pool_bottoms_out_at_the_plains(tmp_path):
    """106.7: "Some abilities produce mana based on the type of mana another permanent or
    permanents could produce." Reflecting Pool could produce W because the Plains could."""
    code, ans, err = run_cli(["explain", write(tmp_path, POOL_PLAINS), 'could_produce("pool",w)', "--json"])
    assert code == 0, err
    tree = ans["explanation"]
    assert ans["holds"] and tree["atom"] == 'could_produce("pool",w)'
    assert "106.7" in tree["rule"]["cr"]
    assert tree["rule"]["text"]["106.7"].startswith("106.7. Some abilities produce mana")
    leaves = {n["atom"]: n["fact"] for n in nodes(tree) if "fact" in n}
    for atom in ('permanent("plains")', 'perm_card("plains","Plains")', 'controller("plains","alice")'):
        assert leaves[atom] == "snapshot fact"
    assert leaves['card_subtype("Plains","Plains")'] == "card fact"      # 305.6: its basic land type
    assert any(n.get("atom") == 'could_produce("plains",w)' for n in nodes(tree))
    well_founded(tree)
    code, out, _ = run_cli(["explain", write(tmp_path, POOL_PLAINS), 'could_produce("pool",w)'])
    assert code == 0
    first, second = out.splitlines()[:2]
    rule_line = next(i for i, line in enumerate((ROOT / "kb" / "mana.lp").read_text().splitlines(), 1)
                     if line.startswith("could_produce(X,T) :-"))
    assert first == f'could_produce("pool",w)  <- CR 106.7  [kb/mana.lp:{rule_line}]'
    assert second.startswith("  | 106.7. Some abilities produce mana based on the type of mana")
    assert 'permanent("plains")  [snapshot fact]' in out
    assert 'not phased_out("plains")  (true: phased_out("plains") does not hold)' in out


def test_chain_of_reflectors_is_finite_and_shortest(tmp_path):
    """A chain of Reflecting Pools resolves as a least fixpoint: every step of the tree is of a
    strictly lower level, so the tree is finite; the shortest derivation of "a land alice
    controls could produce W" is through the Plains itself, --all lists all three lands."""
    snap = write(tmp_path, CHAIN)
    code, ans, _ = run_cli(["explain", snap, 'could_produce("pool2",w)', "--json"])
    assert code == 0
    well_founded(ans["explanation"])
    code, ans, _ = run_cli(["explain", snap, 'land_could_produce("alice",w)', "--json"])
    lcp = ans["explanation"]
    through = [p["atom"] for p in lcp["premises"] if p.get("atom", "").startswith("could_produce")]
    assert through == ['could_produce("plains",w)']
    code, ans, _ = run_cli(["explain", snap, 'land_could_produce("alice",w)', "--all", "--json"])
    derivs = ans["explanation"]["derivations"]
    lands = sorted(p["atom"] for d in derivs for p in d["premises"] if p.get("atom", "").startswith("could_produce"))
    assert lands == ['could_produce("plains",w)', 'could_produce("pool1",w)', 'could_produce("pool2",w)']
    for d in derivs:
        for p in d["premises"]:
            well_founded(p)


def test_two_reflecting_pools_alone_why_not(tmp_path):
    """106.7: "If that permanent wouldn't produce any mana under these conditions, or no type of
    mana can be defined this way, there's no type of mana it could produce." Two Reflecting Pools
    alone produce nothing; --why-not follows the failing premises down to the missing land."""
    snap = write(tmp_path, {"players": ["alice"], "battlefield": [
        {"id": "a", "card": "Reflecting Pool", "controller": "alice"},
        {"id": "b", "card": "Reflecting Pool", "controller": "alice"}]})
    code, out, _ = run_cli(["explain", snap, 'could_produce("a",w)'])
    assert code == 1 and "does not hold" in out
    code, ans, _ = run_cli(["explain", snap, 'could_produce("a",w)', "--why-not", "--json", "--depth", "8"])
    assert code == 0 and ans["holds"] is False
    atoms = set()

    def walk(node):
        atoms.add(node["atom"])
        for r in node.get("rules", []):
            for f in r["failed"]:
                if "why_not" in f:
                    walk(f["why_not"])
    walk(ans["explanation"])
    assert {'reflected("alice",lands_you_control,w)', 'land_could_produce("alice",w)'} <= atoms


def test_why_not_summoning_sick(tmp_path):
    """302.6: "A creature's activated ability with the tap symbol in its activation cost can't be
    activated unless the creature has been under its controller's control continuously since
    their most recent turn began." The refusal names 302.6, and the tree shows why the elf is
    sick: controlled_since_turn_start does not hold and it has no haste."""
    atom = 'legal_action("alice",act(activate,"elf",ab("Llanowar Elves",1)))'
    code, ans, err = run_cli(["explain", write(tmp_path, ELF), atom, "--why-not", "--json"])
    assert code == 0, err
    [rule] = ans["explanation"]["rules"]
    assert rule["rule"]["cr"] == ["117.1"]
    [fail] = rule["failed"]
    assert fail["premise"].startswith("not blocked(")
    assert fail["reason"] == 'blocked("alice",act(activate,"elf",ab("Llanowar Elves",1)),"302.6",summoning_sick) holds'
    tree = fail["holds"]
    assert tree["rule"]["cr"] == ["302.6"]
    negs = {n["atom"] for n in nodes(tree) if n.get("negated")}
    assert {'controlled_since_turn_start("elf")', 'has_haste("elf")'} <= negs
    code, out, _ = run_cli(["explain", write(tmp_path, ELF), atom, "--why-not"])
    assert 'not controlled_since_turn_start("elf")  (true: controlled_since_turn_start("elf") does not hold)' in out
    assert "302.6" in out


def test_power_with_counters_explains_aggregate(tmp_path):
    """613.4c: counters that modify power apply in layer 7c; Grizzly Bears with two +1/+1
    counters has power 4, and the explanation shows the counters it summed."""
    code, ans, _ = run_cli(["explain", write(tmp_path, ELF), 'power("bears",4)', "--json"])
    assert code == 0
    tree = ans["explanation"]
    assert tree["rule"]["cr"] == ["613.4c"]
    aggs = [n for n in nodes(tree) if "aggregate" in n]
    assert any(e.get("atom") == 'counter("bears","+1/+1",2)' and e["fact"] == "snapshot fact"
               for a in aggs for e in a["elements"])
    code, _, _ = run_cli(["explain", write(tmp_path, ELF), 'power("bears",2)'])
    assert code == 1


@pytest.mark.parametrize("snap", [POOL_PLAINS, CHAIN, ELF], ids=["pool", "chain", "elf"])
def test_every_derived_atom_has_a_well_founded_tree(snap):
    """Generic over the KB: every atom the KB derives on these boards (including every public
    query's answers: could_produce, legal_action/refused, has_name, power ...) explains down to
    facts, each derived step tagged with a rule that has a CR number or a ruling.

    And explain grounds provenance only for what the asked atom depends on: its tree (levels, the
    shortest derivation, ties) is the one computed from the provenance of every atom (on every
    twelfth derived atom). One test for both: the trees of every atom, the costliest part, are
    computed once (they were two tests computing them each)."""
    s = snapshot.load(snap)
    derived, trees = explain.Explainer(s).run(every_tree)
    assert any(a[0] == "could_produce" for a in derived) and any(a[0] == "has_name" for a in derived)
    for atom, tree in zip(derived, trees):
        assert tree["rule"]["cr"] or tree["rule"]["rulings"], atom
        well_founded(tree)
    everything = dict(zip(derived, trees))
    for atom in derived[::max(1, len(derived) // 12)]:
        alone = explain.explain(s, show_atom(atom))
        assert alone["explanation"] == everything[atom], atom


def every_tree(ex):
    """Every derived (not input) atom of the answer set, and its tree."""
    derived = sorted((a for a in ex.view.all_atoms() if a not in ex.inputs), key=str)
    return derived, [ex.tree(a) for a in derived]


@pytest.mark.parametrize("text", ['could_produce("pool",w', "X", "1+2", '"pool"', "foo(1)",
                                  'could_produce("pool",w). #show.', "-could_produce(\"pool\",w)", "",
                                  # constants clingo accepts but the KB's terms cannot hold (was a traceback)
                                  "could_produce(a',b)", "could_produce(__any,b)", "p(__any)",
                                  # the solver's #inf and #sup, at any depth (were a traceback)
                                  "p(#inf)", 'could_produce("pool",#sup)', "p(f(#inf))"])
def test_bad_atom_is_exit_2(tmp_path, text):
    code, out, err = run_cli(["explain", write(tmp_path, POOL_PLAINS), "--", text])
    assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1


def test_why_not_of_an_atom_that_holds_shows_its_tree(tmp_path):
    code, ans, _ = run_cli(["explain", write(tmp_path, POOL_PLAINS), 'could_produce("plains",w)', "--why-not", "--json"])
    assert code == 0 and ans["holds"] and ans["explanation"]["rule"]["cr"] == ["106.7"]


def test_trim_and_cr_text():
    assert explain.cr_text("302.6").startswith("302.6. A creature’s activated ability with the tap symbol")
    assert explain.cr_text("999.99") is None
    assert len(explain.trim("x" * 500)) < 200


def test_why_not_computed_value_names_the_derived_one(tmp_path):
    """613.4c: with two +1/+1 counters a 2/2 has power 4, not 3: --why-not says the rule's body
    holds but it derives power("bears",4)."""
    code, ans, _ = run_cli(["explain", write(tmp_path, ELF), 'power("bears",3)', "--why-not", "--json"])
    assert code == 0
    [rule] = ans["explanation"]["rules"]
    assert rule["rule"]["cr"] == ["613.4c"]
    assert rule["note"] == 'its body holds, but it derives power("bears",4) instead'


def test_outcomes_of_every_permanent_only_for_atoms_that_need_them():
    """The amounts of every mana ability's outcomes (asked with outcome_asked/1 for every permanent)
    are grounded only when the explained atom depends on them: a basic land's could_produce atom
    does not (the types are read in base), mana_outcome/4 does. Mana Reflection's ruling "if you
    have three Mana Reflections ... eight times": with one, the Plains' {W} becomes {W}{W}."""
    s = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "plains", "card": "Plains", "controller": "alice"},
        {"id": "r", "card": "Mana Reflection", "controller": "alice"}]})
    plain = explain.Explainer(s, ("could_produce", "plains", Const("w")))
    assert plain.engine.symbolic_atoms("outcome_asked", 1) == []
    assert plain.engine.symbolic_atoms("mana_outcome", 4) == []
    atom = 'mana_outcome("alice",1,amounts(1,0,0,0,0,0),amounts(2,0,0,0,0,0))'
    assert explain.explain(s, atom)["holds"] is True
    assert explain.explain(s, 'could_produce("plains",w)')["holds"] is True


def test_a_premise_with_anonymous_variables_follows_one_designated_match():
    """106.7/106.12: a Forest could produce G because its ability's production key (its controller,
    the ability, its scope signature) adds G; replaced_type/2 reads the key through
    production_key(_,Ab,K), a premise any Forest of alice's satisfies. The explanation follows one
    designated match (the least, "f1"), so the cone does not hold the production key of every
    Forest sharing it, nor its scope signature (it did: the cost of explaining a land grew with the
    board). (Each Forest's mana ability is in the cone: player_mana_ability/2 is a projection, and
    every derivation of an atom is.)"""
    s = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in (1, 2, 3)]})
    atom = ("could_produce", "f3", Const("g"))
    ex = explain.Explainer(s, atom)
    heads, tree = ex.run(lambda e: ({h for _, h, _ in e.instances}, e.tree(atom)), seeds=[atom])
    keys = {h.split(",")[0] for h in heads if h.startswith(("production_key(", "scope_signature("))}
    assert keys == {'production_key("f1"', 'production_key("f3"', 'scope_signature("f1"', 'scope_signature("f3"'}
    well_founded(tree)
    shown = {n["atom"] for n in nodes(tree) if "atom" in n}
    assert 'could_produce("f3",g)' in shown and not any('"f2"' in a for a in shown)
    assert any(a.startswith('production_key("f1",') for a in shown)


def test_only_the_parts_an_atom_depends_on_are_grounded():
    """Explaining could_produce grounds the base program only (as could-produce does), not the
    combat part (508.1: declaring attackers), which legal_action atoms depend on."""
    s = snapshot.validate({"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "forest", "card": "Forest", "controller": "alice"}]})
    mana = explain.Explainer(s, ("could_produce", "forest", Const("g")))
    assert mana.engine.symbolic_atoms("may_be_declared", 2) == []
    attack = 'legal_action("alice",act(attack,"bears",plain))'
    actions = explain.Explainer(s, codec.parse_atom(attack))
    assert actions.engine.symbolic_atoms("may_be_declared", 2) == [("may_be_declared", "alice", "bears")]
    assert explain.explain(s, attack)["holds"] is True
    assert explain.explain(s, 'could_produce("forest",g)')["holds"] is True


def test_the_engine_holds_only_what_the_asked_atom_depends_on():
    """Issue 9: an explanation needs the derivation of one atom, not the whole board. Explaining a
    Forest's could_produce (106.7) grounds only the rules that can fire and that could_produce/2
    depends on (as could-produce does): not the names of the permanents (has_name/2, 201.2), which
    the same board derives and which explain derives when asked about them. The trees are those
    of the whole program (test_demand_driven_trees_are_those_of_the_whole_program)."""
    s = snapshot.validate({"players": ["alice", "bob"], "battlefield": [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "forest", "card": "Forest", "controller": "alice"}]})
    atom = ("could_produce", "forest", Const("g"))
    mana = explain.Explainer(s, atom)
    assert mana.engine.sliced
    assert mana.engine.symbolic_atoms("has_name", 2) == []
    assert mana.run(lambda e: e.tree(atom), seeds=[atom])["rule"]["cr"] == ["106.7"]
    named = explain.explain(s, 'has_name("bears","Grizzly Bears")')
    assert named["holds"] is True and named["explanation"]["rule"]["source"].startswith("kb/")


def test_a_warm_explanation_reads_no_kb_model(monkeypatch):
    """What an explanation needs from the KB model (the rules an atom's predicate depends on, their
    provenance rules, texts and tags) is kept between runs (pyengine/asp/rulebook.py): asked again,
    explain parses no KB model and generates no provenance rule, and answers the same."""
    from pyengine.asp import kbmodel, provenance, rulebook
    s = snapshot.validate(POOL_PLAINS)
    first = explain.explain(s, 'could_produce("pool",w)')
    rulebook._BOOKS.clear()
    rulebook._TEXTS.clear()

    def refuse(*args):
        raise AssertionError("the KB model was read")
    monkeypatch.setattr(kbmodel, "kb", refuse)
    monkeypatch.setattr(provenance, "rules", refuse)
    assert explain.explain(s, 'could_produce("pool",w)') == first
    assert first["explanation"]["rule"]["cr"] == ["106.7"]
