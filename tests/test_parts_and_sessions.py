"""`#program` parts and sessions: a query grounds base plus the parts it declares (`% @parts` in
queries/<q>.lp), and a shared engine answers several queries of one snapshot from one clingo
Control, refusing (so that the caller builds another) every step that would make an answer wrong."""

from pathlib import Path

import pytest

from pyengine import api, snapshot, transitions
from pyengine.asp import driver, kbmodel, layout
from pyengine.asp.driver import Engine
from pyengine.facts import snapshot_facts

ROOT = Path(__file__).resolve().parent.parent
QUERIES = sorted(p.stem for p in (ROOT / "queries").glob("*.lp"))


@pytest.mark.parametrize("query", QUERIES)
def test_each_query_declares_exactly_the_parts_it_needs(query):
    """A query that misses a part would answer from rules never grounded; one that declares a part
    it does not need grounds for nothing."""
    kb = kbmodel.kb(ROOT)
    assert driver.query_parts(ROOT, query) == kbmodel.required_parts(kb, kbmodel.query(ROOT, query))


def test_every_part_is_grounded_by_some_query():
    used = {p for q in QUERIES for p in driver.query_parts(ROOT, q)}
    assert set(driver.kb_parts(ROOT)) == used


BOARD = {"players": ["alice", "bob"], "step": "declare_attackers",
         "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"},
                         {"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
                         {"id": "fd", "card": "Hooded Hydra", "controller": "alice", "face_down": "morph"},
                         {"id": "i", "card": "Island", "controller": "bob", "tapped": True}],
         "hand": {"alice": ["Grizzly Bears"]}, "library": {"alice": ["Forest"]}}


def board():
    return snapshot.validate(BOARD)


def test_a_query_grounds_only_base_and_its_parts():
    """could-produce grounds nothing of casting (queries/cast_free.lp declares it) nor of combat."""
    facts = snapshot_facts(board())
    plain = Engine(facts, "could_produce")
    assert plain.symbolic_atoms("hand_card", 2) == [] and plain.symbolic_atoms("declaring_attackers", 1) == []
    cast = Engine(facts, "cast_free")
    assert cast.symbolic_atoms("hand_card", 2) == [("hand_card", "alice", "Grizzly Bears")]


def answers(s):
    return {"could_produce": api.could_produce(s), "show": api.show(s, "fd"), "untap": api.untap(s, "bob"),
            "cast_free": api.cast_free(s, "Grizzly Bears", "alice"), "actions": api.actions(s, "alice"),
            "show_bear": api.show(s, "bear")}


def test_a_session_answers_from_one_control_what_separate_engines_answer():
    s = board()
    alone = answers(s)
    with api.session(s, "could_produce", "untap", "cast_free") as session:
        shared = answers(s)
    assert shared == alone
    # one shared Control; show's question fact name_compared(fd) is its own step; show about
    # another permanent needs another fact (an engine of its own: facts are for one question);
    # so does actions: its question fact asked_player/1 is read by the payment part, which must
    # be grounded with it (kb/mana_payment.lp), and the shared Control grounded candidate/2 before
    assert session.controls == 3


def test_a_question_with_facts_asked_first_shares_the_control():
    """The payment part grounded with actions' question fact (the first step) serves the questions
    without facts that follow."""
    s = board()
    with api.session(s) as session:
        shared = {"actions": api.actions(s, "alice"), "could_produce": api.could_produce(s),
                  "cast_free": api.cast_free(s, "Grizzly Bears", "alice")}
    assert session.controls == 1
    assert shared == {"actions": api.actions(s, "alice"), "could_produce": api.could_produce(s),
                      "cast_free": api.cast_free(s, "Grizzly Bears", "alice")}


def test_a_step_that_would_change_what_is_grounded_gets_an_engine_of_its_own():
    """produce gives outcome_asked/1 as a fact and grounds the parts that define candidate/2, which
    rules of base grounded for could-produce read (they would miss the new atoms): produce gets a
    Control of its own."""
    s = board()
    with api.session(s) as session:
        first = api.could_produce(s, ["i"])
        produced = api.produce(s, "f")
        again = api.could_produce(s, ["i"])
    assert first == again == {"i": ["U"]} and produced["options"] == [["G"]]
    assert session.controls == 2


TOY = {
    "rules.lp": '#include "kb/toy.lp".\n',
    "kb/toy.lp": "% @cr 106.7\nbase_atom(X) :- item(X).\n#program extra.\n% @cr 106.7\nextra_atom(X) :- item(X).\n"
                 "#program base.\n% @cr 106.7\nreads_flag(X) :- item(X), flag(X).\n",
    "queries/one.lp": "#show.\n#show base_atom/1.\n1 { pick(X) : item(X) } 1.\n#show pick/1.\n",
    "queries/two.lp": "% @parts extra\n#show.\n#show extra_atom/1.\n:- item(X), not extra_atom(X).\n",
    "queries/flags.lp": "#show.\n#show reads_flag/1.\n",
    "queries/defines_flag.lp": "#show.\nflag(X) :- item(X).\n#show flag/1.\n",
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    for name, text in TOY.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv("MTGKB_HOME", str(tmp_path))
    return tmp_path


def test_shared_engine_gates_each_query(toy):
    """Query one's choice rule and #show are off while query two is asked, and two's part is
    grounded only when two is."""
    e = Engine([("item", 1), ("item", 2)], shared=True)
    assert e.ground("one")
    assert e.symbolic_atoms("extra_atom", 1) == []
    assert sorted(map(tuple, e.ask(query="one", models=0))) == [
        (("base_atom", 1), ("base_atom", 2), ("pick", 1)), (("base_atom", 1), ("base_atom", 2), ("pick", 2))]
    assert e.ground("two")
    assert e.ask(query="two", models=0) == [[("extra_atom", 1), ("extra_atom", 2)]]


def test_shared_engine_refuses_a_step_that_defines_what_is_grounded(toy):
    e = Engine([("item", 1)], shared=True)
    assert e.ground("flags")                         # reads_flag/1 :- flag/1 grounded, with no flag
    assert not e.ground("defines_flag")              # would define flag/1, read above
    assert not e.ground("one", facts=[("flag", 1)])  # so would a question's fact
    assert e.ask(query="flags") == [[]]


def test_shared_engine_refuses_a_step_that_reads_a_questions_facts(toy):
    e = Engine([("item", 1)], shared=True)
    assert e.ground("one", facts=[("flag", 1)])      # flag(1) is one question's fact
    assert not e.ground("flags")                     # reads_flag/1 would read it


def count_controls(monkeypatch):
    made = []
    init = Engine.__init__

    def counting(self, *a, **kw):
        made.append(kw.get("shared", False))
        init(self, *a, **kw)
    monkeypatch.setattr(Engine, "__init__", counting)
    return made


def test_turn_face_up_asks_the_kb_from_fewer_controls(monkeypatch):
    """One shared Control answers the payment (pay, asked first: its fact paying/1 is grounded with
    the payment part) and turn_face_up questions on the input state; the attachments after it
    are about a new state (was: three Controls)."""
    made = count_controls(monkeypatch)
    s = snapshot.validate({**BOARD, "battlefield": BOARD["battlefield"] + [
        {"id": f"m{i}", "card": "Forest", "controller": "alice"} for i in range(5)]})
    r = transitions.perform(s, "turn_face_up", pid="fd")
    assert any(e["event"] == "turned_face_up" for e in r["events"])
    assert len(made) == 2 and made[0] is True


def test_cast_free_asks_enters_once_for_one_state(monkeypatch):
    """A permanent that enters with no counters is asked about once (was: twice, same state)."""
    made = count_controls(monkeypatch)
    r = transitions.perform(board(), "cast_free", card="Grizzly Bears", player="alice")
    assert [e["event"] for e in r["events"]] == ["cast", "enters"]
    assert len(made) == 2                         # cast_free on the input, enters on the new state



def test_activate_asks_what_paying_costs_from_the_shared_control(monkeypatch):
    """apply activate: actions (the first question, with the payment part) and the effects of paying
    the costs (the activate_effects part, grounded later: nothing before reads doing/1) share one
    Control; produce and pay give facts the payment and outcomes parts read, so each has its own
    (was: four Controls)."""
    made = count_controls(monkeypatch)
    r = transitions.perform(board(), "activate", pid="f")
    assert r["events"] == [{"event": "activate", "permanent": "f", "ability": "{T}: Add {G}."},
                           {"event": "add_mana", "player": "alice", "mana": ["G"]}]
    assert made == [True, False, False]


def test_the_file_layout_read_from_text_agrees_with_the_kb_model():
    """The driver loads only the KB files with statements in the parts it grounds, reading the
    parts from the files' text (pyengine/asp/layout.py); clingo's parse (kbmodel) must agree, file
    by file, and on the parts each query declares."""
    model = kbmodel.kb(ROOT)
    expected = {}
    for s in list(model.rules) + list(model.declarations):
        expected.setdefault(s.file, set()).add(s.part)
    assert dict(layout.kb_files(str(ROOT))) == expected
    # the parts a check grounds (all but base and parameterised ones), in the model's order
    assert layout.kb_parts(str(ROOT)) == [p for p, params in model.parts.items() if p != "base" and not params]
    for q in QUERIES:
        declared = [p for v in kbmodel.query(ROOT, q).annotation(f"queries/{q}.lp", "parts") for p in v.split()]
        assert layout.query_parts(str(ROOT), q) == list(dict.fromkeys(declared))


def test_file_parts_skips_comments_and_strings():
    text = ('%* #program a. *%\n% #program b.\nfoo("#program c.").\n#program d.\n%*! x(Y) doc *%\n'
            '#program e(n).\nbar.\n')
    assert layout.file_parts(text) == {"base", "e"}
    assert layout.file_parts("% only comments\n#program x.\n% still none\n") == set()
    assert layout.file_parts("% no directive: base, without looking further\n") == {"base"}


def test_a_process_parses_each_kb_file_once_and_again_when_it_changes(tmp_path, monkeypatch):
    """Batch workers answer many snapshots: from a file's second load on, the driver hands the
    Control the statements parsed before (ASTs) instead of parsing the text again; a file changed
    on disk is parsed again (its answers change with it). produce loads its files whole (its
    program has choices, so it is not sliced: pyengine/asp/slicing.py); could-produce is sliced,
    and follows the change too."""
    import shutil
    for name in ("rules.lp", "kb", "queries"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, tmp_path / name)
    monkeypatch.setenv("MTGKB_HOME", str(tmp_path))
    snap = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice"}]})
    produced = lambda: api.produce(snap, "f")["options"]
    assert produced() == [["G"]]                                   # 305.6: {T}: Add {G}
    assert api.could_produce(snap) == {"f": ["G"]}
    misses = driver._statements.cache_info().misses
    for _ in range(3):
        assert produced() == [["G"]]
    after = driver._statements.cache_info()
    assert after.misses - misses <= len(layout.files_for(tmp_path, ["base", *layout.query_parts(str(tmp_path), "produce")])) + 1
    assert after.hits > 0
    mana = tmp_path / "kb" / "mana.lp"
    mana.write_text(mana.read_text() + "\n% @cr 106.7\ncould_produce(X,c) :- permanent(X).\n")
    assert api.could_produce(snap) == {"f": ["C", "G"]}
