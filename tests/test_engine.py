"""The clingo layer (pyengine/asp/): the driver's facts through the backend, multi-shot questions
on one grounding, the solver time limit, where the KB is found, the codec, the KB model, and that
no other module imports clingo."""

from pathlib import Path
import re
import shutil
import time

import pytest

from pyengine.asp import codec, driver as eng, kbmodel
from pyengine.asp.driver import Engine, SetupError, SolveTimeout
from pyengine.errors import InputError
from pyengine.facts import snapshot_facts
from pyengine import snapshot
from pyengine.terms import Const, fn

ROOT = Path(__file__).resolve().parent.parent


def board(*perms, cards=()):
    return snapshot.validate({"players": ["alice", "bob"], "cards": list(cards), "battlefield": [
        {"id": i, "card": c, "controller": p} for i, c, p in perms]})


def test_facts_go_through_the_backend_as_terms():
    """A fact whose string argument is ASP text stays a string: nothing is parsed from it."""
    facts = [("player", "alice"), ("permanent", "p"), ("perm_card", "p", "x). #false :- ."),
             ("controller", "p", "alice")]
    e = Engine(facts, "could_produce")
    assert e.symbolic_atoms("perm_card", 2) == [("perm_card", "p", "x). #false :- .")]
    assert e.ask([("asked", "p")]) == [[]]           # one model (not UNSAT), nothing produced


def test_term_conversion_round_trip():
    term = fn("f", 1, "s\"\\", Const("c"), (2, "t"), fn("g", Const("h")), -3)
    assert codec.from_symbol(codec.to_symbol(term)) == term
    with pytest.raises(TypeError):
        codec.to_symbol(True)
    assert codec.from_symbol(codec.to_symbol(2**31 - 1)) == 2**31 - 1
    assert codec.from_symbol(codec.to_symbol(-2**31)) == -2**31
    with pytest.raises(InputError, match="too large for the solver"):
        codec.to_symbol(2**31)
    with pytest.raises(InputError, match="too large for the solver"):
        codec.to_symbol(-2**31 - 1)


def test_two_questions_on_one_engine_are_independent():
    """Multi-shot: the externals of one question do not leak into the next."""
    s = board(("f", "Forest", "alice"), ("i", "Island", "bob"), ("pool", "Reflecting Pool", "alice"))
    e = Engine(snapshot_facts(s), "could_produce")
    a = e.ask([("asked", "f")])
    b = e.ask([("asked", "i"), ("asked", "pool")])
    again = e.ask([("asked", "f")])
    nothing = e.ask([])
    assert a == again == [[("could_produce", "f", Const("g"))]]
    assert b == [[("could_produce", "i", Const("u")), ("could_produce", "pool", Const("g"))]]
    assert nothing == [[]]


def test_all_models(tmp_path):
    extra = tmp_path / "choice.lp"
    extra.write_text("{ pick(X) : permanent(X) }.\n#show pick/1.\n", encoding="utf-8")
    s = board(("a", "Forest", "alice"), ("b", "Forest", "alice"))
    e = Engine(snapshot_facts(s), "could_produce", programs=[extra])
    models = e.ask(models=0)
    assert sorted(models) == sorted([[], [("pick", "a")], [("pick", "b")], [("pick", "a"), ("pick", "b")]])
    assert len(e.ask(models=1)) == 1


def test_time_limit(tmp_path):
    """A pathological program is cancelled at the time limit and reported as bad input (exit 2)."""
    hard = tmp_path / "pigeons.lp"           # 13 pigeons, 12 holes: exponential for CDCL solvers
    hard.write_text("pigeon(1..13). hole(1..12).\n1 { at(P,H) : hole(H) } 1 :- pigeon(P).\n"
                    ":- at(P,H), at(Q,H), P < Q.\n", encoding="utf-8")
    e = Engine([], "could_produce", programs=[hard], time_limit=0.05)
    with pytest.raises(SolveTimeout, match="did not finish within 0.05 s") as err:
        e.ask()
    assert isinstance(err.value, InputError)


def test_an_early_wake_of_the_solver_wait_is_not_a_timeout(monkeypatch):
    """clasp's timed wait waits once and answers "not ready" when it wakes before the solve is done
    (the solving thread's start notification can wake it, after milliseconds): the engine waits
    again until the solve is done or the limit of CPU time is used (a trivial could-produce
    failed once in CI with "did not finish within 60 s")."""
    import clingo.solving
    real, early = clingo.solving.SolveHandle.wait, []

    def wait(handle, timeout=None):
        if timeout is not None and timeout > 0 and len(early) < 3:
            early.append(timeout)             # woken before the solve is done: "not ready"
            return False
        return real(handle, timeout)
    monkeypatch.setattr(clingo.solving.SolveHandle, "wait", wait)
    e = Engine(snapshot_facts(board(("f", "Forest", "alice"), ("p", "Reflecting Pool", "alice"))),
               "could_produce")
    assert e.ask([("asked", "p")]) == [[("could_produce", "p", Const("g"))]]
    assert len(early) == 3
    early.clear()                             # the yield-mode solve of explain waits the same way
    whole = Engine(snapshot_facts(board(("f", "Forest", "alice"))), "could_produce", slicing=False)
    with whole.view([("asked", "f")]) as model:
        assert model is not None
    assert len(early) == 3


def test_the_time_limit_counts_cpu_time_not_waiting(monkeypatch):
    """A solve that the machine is too busy to run (wall time passes, no CPU time is used) is
    not stopped by the limit: a loaded machine must not turn an answer into an error."""
    import clingo.solving
    real, waited = clingo.solving.SolveHandle.wait, []

    def wait(handle, timeout=None):
        if len(waited) < 2:                   # 0.2 s of wall time each, over a limit of 0.1 s
            waited.append(timeout)
            time.sleep(0.2)
            return False
        return real(handle, timeout)
    monkeypatch.setattr(clingo.solving.SolveHandle, "wait", wait)
    e = Engine(snapshot_facts(board(("f", "Forest", "alice"))), "could_produce", time_limit=0.1)
    assert e.ask([("asked", "f")]) == [[("could_produce", "f", Const("g"))]]
    assert len(waited) == 2


def test_timings_are_recorded():
    e = Engine(snapshot_facts(board(("f", "Forest", "alice"))), "could_produce")
    e.ask([("asked", "f")])
    assert set(e.timings) == {"load", "ground", "solve"}


def test_kb_root_defaults_to_the_checkout(monkeypatch):
    monkeypatch.delenv("MTGKB_HOME", raising=False)
    assert eng.kb_root() == ROOT


def test_kb_root_from_mtgkb_home(monkeypatch, tmp_path):
    home = tmp_path / "kbcopy"
    shutil.copytree(ROOT / "kb", home / "kb")
    shutil.copytree(ROOT / "queries", home / "queries")
    shutil.copy(ROOT / "rules.lp", home / "rules.lp")
    (home / "queries" / "probe.lp").write_text("#show.\n#show seen(X) : permanent(X).\n", encoding="utf-8")
    monkeypatch.setenv("MTGKB_HOME", str(home))
    assert eng.kb_root() == home
    e = Engine([("permanent", "p")], "probe")         # only the copy has queries/probe.lp
    assert e.ask() == [[("seen", "p")]]


def test_wrong_mtgkb_home_is_one_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGKB_HOME", str(tmp_path))
    with pytest.raises(SetupError, match="rules.lp not found under .*MTGKB_HOME"):
        eng.kb_root()
    from helpers import run_cli
    code, out, err = run_cli(["could-produce", str(ROOT / "examples" / "basic-lands.yaml")])
    assert (code, out) == (2, "") and err.startswith("error: rules.lp not found")


def test_kbmodel_reports_rules_tags_docs_and_declarations(tmp_path):
    """The KB model, read by clingo's parser: a rule spread over lines counts once at its first line,
    a pooled fact once per copy, stacked tags belong to the rule below them, doc comments name the
    predicates they document, #defined declarations keep their section and same-line comment."""
    lp = tmp_path / "t.lp"
    lp.write_text("%%% t.lp -- a test %%%\n%*! a(X) / z(X,Y)   doc *%\n% @cr 106.7\n% @ruling Card: words\n"
                  "a(X) :- b(X).\nc(1;2).\n{ d(X) : b(X) } :- a(X).\ne(X) ; f(X) :- b(X).\n:- a(1).\n"
                  "%%% Inputs %%%\n#defined b/1. % hook\ng(X) :-\n  b(X), not h(X).\n#external x(X) : b(X).\n"
                  "% @parts one two\n#program p.\nk :- g(1).\n", encoding="utf-8")
    m = kbmodel.read(tmp_path, ["t.lp"])
    assert [(r.line, r.end_line, set(r.defines)) for r in m.rules] == [
        (5, 5, {("a", 1)}), (6, 6, {("c", 1)}), (6, 6, {("c", 1)}), (7, 7, {("d", 1)}),
        (8, 8, {("e", 1), ("f", 1)}), (9, 9, set()), (12, 13, {("g", 1)}), (17, 17, {("k", 0)})]
    first = m.rules[0]
    assert first.cr == ("106.7",) and first.rulings == ("Card: words",) and first.source == "t.lp:5"
    assert [t.line for t in first.tags] == [3, 4]
    assert m.rules[1].tags == () and m.rules[3].reads == {("b", 1), ("a", 1)}
    assert m.rules[6].reads == {("b", 1), ("h", 1)}
    assert m.rules[-1].part == "p" and m.rules[0].part == "base"
    [doc] = m.documented()[("z", 2)]
    assert doc.line == 2 and m.documented()[("a", 1)] == [doc] and doc.body == "a(X) / z(X,Y) doc"
    d = m.defined[("b", 1)]
    assert (d.line, d.section, d.comment) == (11, "Inputs", "% hook")
    [x] = [d for d in m.declarations if d.kind == "external"]
    assert x.defines == {("x", 1)} and x.reads == {("b", 1)}
    assert m.banners == {"t.lp": "t.lp -- a test"} and m.annotation("t.lp", "parts") == ["one two"]


def test_only_the_asp_package_imports_clingo():
    """DESIGN.md: one package (pyengine/asp/) owns every clingo call."""
    offenders = []
    for path in sorted((ROOT / "pyengine").rglob("*.py")):
        if path.parent.name == "asp" and path.parent.parent.name == "pyengine":
            continue
        if re.search(r"^\s*(import clingo|from clingo\b)", path.read_text(encoding="utf-8"), re.M):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
