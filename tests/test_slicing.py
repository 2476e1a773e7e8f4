"""Slicing (pyengine/asp/slicing.py): a one-query engine loads only the KB rules that can fire on
its facts, when its program has at most one answer set; the answers and the ground atoms are
those of the whole program; the statement tables are cached and follow every change of a file;
the cache's entries of other versions are pruned (pyengine/cachedir.py)."""

import os
from pathlib import Path
import time

import clingo
import pytest

from pyengine import cachedir, filestamps, snapshot
from pyengine.asp import codec, layout, slicing
from pyengine.asp.driver import Engine, kb_root
from pyengine.facts import snapshot_facts
from pyengine.terms import Const, Fn

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.yaml"))
SLICED = ("could_produce", "show", "untap", "cast_free", "enters", "attachments")


def _shape(term):
    """What tells rules apart in a fact's argument: its kind, a constant's name, a function's name
    and the shapes of its arguments (a name or a number is only its kind)."""
    if isinstance(term, Const):
        return ("const", term.name)
    args = getattr(term, "args", None)
    if args is not None:
        return (getattr(term, "name", None), tuple(_shape(a) for a in args))
    return type(term).__name__


_COVER = []


def covering_examples():
    """The example snapshots that together have every (predicate, argument shapes) of fact that any
    example has (greedily, the one adding most first): the slicing tests run the whole program on
    these, which meet every rule the examples' facts can make fire, rather than on all twenty."""
    if not _COVER:
        features = {path: {(f[0], tuple(map(_shape, f[1:])))
                           for f in snapshot_facts(snapshot.load(str(path)))} for path in EXAMPLES}
        left = set().union(*features.values())
        while left:
            best = max(EXAMPLES, key=lambda p: len(features[p] & left))
            _COVER.append(best)
            left -= features[best]
    return _COVER


def true_atoms(engine, externals):
    with engine.view(externals) as view:
        return sorted(map(str, view.all_atoms()))


def forward_atoms(query, parts, facts, externals):
    """The true atoms of the program without the rules that can't fire, by predicates and by shapes
    (no cone)."""
    text = slicing.program(kb_root(), query, parts, {(f[0], len(f) - 1) for f in facts}, cone=False,
                           facts=facts)
    ctl = clingo.Control(["--warn=none"], logger=codec.quiet)
    ctl.add("base", [], text)
    with ctl.backend() as backend:
        for f in facts:
            backend.add_rule([backend.add_atom(codec.fact_symbol(f))])
    ctl.ground([(p, []) for p in parts])
    for e in externals:
        ctl.assign_external(codec.fact_symbol(e), True)
    models = []
    ctl.solve(on_model=lambda m: models.append(sorted(
        str(codec.atom_tuple(a)) for a in m.symbols(atoms=True) if not a.name.startswith("__"))))
    return models


@pytest.mark.parametrize("query", SLICED)
def test_a_sliced_program_gives_the_answers_of_the_whole(query):
    """Leaving out the rules that can't fire changes no true atom; leaving out, too, those no shown
    atom depends on changes no answer (the example snapshots that cover every fact shape, every
    permanent asked); and rules are left out."""
    for path in covering_examples():
        snap = snapshot.load(str(path))
        facts = snapshot_facts(snap)
        parts = ["base", *layout.query_parts(str(kb_root()), query)]
        table = slicing._table(str(kb_root()), query, tuple(parts))
        firing = slicing.fires(table, {(f[0], len(f) - 1) for f in facts})
        assert len(slicing.needed(table, firing)) < len(firing) < len(table["statements"]), path.name
        asked = [("asked", p.id) for p in snap.battlefield]
        sliced, whole = Engine(facts, query), Engine(facts, query, slicing=False)
        assert sliced.sliced and not whole.sliced
        answers = whole.ask(asked, models=0)
        assert len(answers) == 1 and sliced.ask(asked, models=0) == answers, path.name
        assert forward_atoms(query, parts, facts, asked) == [true_atoms(whole, asked)], path.name
        with pytest.raises(ValueError):
            true_atoms(sliced, asked)


@pytest.mark.parametrize("query", ("produce", "pay", "check_states"))
def test_programs_with_choices_are_not_sliced(query):
    """Several answer sets could come in another order: such programs load their files whole
    (unless the query reads any optimal answer set, below)."""
    parts = ["base", *layout.query_parts(str(kb_root()), query)]
    assert not layout.any_optimal(str(kb_root()), query)
    assert slicing.program(kb_root(), query, parts, {("permanent", 1)}) is None


# the atoms of `actions` that say which payment of a paid question was chosen: any valid one
PAYMENT_CHOICE = ("tap_count", "phyrexian_by_life")


def test_actions_reads_any_optimal_answer_set_and_is_sliced_with_the_same_answers():
    """`actions` declares @any-optimal: its program has choices (payments) and a #maximize, and is
    stratified otherwise, so it is sliced; on the example snapshots that cover every fact shape, for
    every player, the optimal
    answer set of the sliced program has the atoms of the whole program's, but for which payment
    of a paid question it chose, and the same optimum."""
    root = str(kb_root())
    parts = ("base", *layout.query_parts(root, "actions"))
    table = slicing._table(root, "actions", parts)
    assert layout.any_optimal(root, "actions") and table["stratified"] and not table["deterministic"]
    for path in covering_examples():
        snap = snapshot.load(str(path))
        for player in snap.players:
            facts = snapshot_facts(snap) + [("asked_player", player)]
            sliced, whole = Engine(facts, "actions"), Engine(facts, "actions", slicing=False)
            assert sliced.sliced and not whole.sliced
            [a], [b] = sliced.ask(optimize=True), whole.ask(optimize=True)
            decided = lambda model: [x for x in model if x[0] not in PAYMENT_CHOICE]
            assert decided(a) == decided(b), (path.name, player)
            paid = [x for x in a if x[0] == "paid"]
            assert {x[1] for x in a if x[0] in PAYMENT_CHOICE} <= {x[1] for x in paid}, path.name
            # the same optimum: every optimal answer set pays the same questions (no cost to compare
            # beyond them), and a paid question has a payment in both
            assert ({x[1] for x in a if x[0] == "tap_count"} == {x[1] for x in b if x[0] == "tap_count"}
                    or not paid), path.name


def table(tmp_path, text):
    (tmp_path / "p.lp").write_text(text, encoding="utf-8")
    return slicing.build(str(tmp_path), ["p.lp"], {"base"})


def test_what_makes_a_program_deterministic(tmp_path):
    assert table(tmp_path, "a(X) :- b(X). c :- not a(1).")["deterministic"]
    assert not table(tmp_path, "{ a(X) } :- b(X).")["deterministic"]          # a choice
    assert not table(tmp_path, "a ; b :- c.")["deterministic"]                 # a disjunction
    assert not table(tmp_path, "a :- not b. b :- not a.")["deterministic"]     # two answer sets
    assert not table(tmp_path, "a(X) :- b(X), not c(X). c(X) :- a(X).")["deterministic"]
    assert not table(tmp_path, ":~ a(X). [1@1,X]")["deterministic"]            # optimisation
    assert not table(tmp_path, "#minimize { 1,X : a(X) }.")["deterministic"]
    # stratified term by term: every `not p` reads a part of the head's arguments
    assert table(tmp_path, "m(X,non(F)) :- f(non(F)), o(X), not m(X,F).\n"
                           "m(X,and(F,G)) :- f(and(F,G)), m(X,F), m(X,G).")["deterministic"]
    assert not table(tmp_path, "m(X,F) :- f(non(F)), o(X), not m(X,non(F)).")["deterministic"]
    assert not table(tmp_path, "m(X,non(F)) :- f(non(F)), o(X), not m(_,F).")["deterministic"]
    assert not table(tmp_path, "m(f(X)) :- m(X), n(X). m(X) :- o(X), not m(f(X)).")["deterministic"]


def test_what_makes_a_program_stratified(tmp_path):
    """Stratified: deterministic but for choice rules and optimization statements (a query that
    reads any optimal answer set may then be sliced); a disjunction or a cycle through `not` is
    neither."""
    for text in ("{ a(X) } :- b(X).", "#minimize { 1,X : a(X) }.", ":~ a(X). [1@1,X]",
                 "{ a(X) } :- b(X). c(X) :- b(X), not a(X). #maximize { 1,X : c(X) }."):
        t = table(tmp_path, text)
        assert t["stratified"] and not t["deterministic"], text
    assert table(tmp_path, "a(X) :- b(X). c :- not a(1).")["stratified"]
    for text in ("a ; b :- c.", "a :- not b. b :- not a.", "{ a } . b :- not c. c :- not b.",
                 "#heuristic a. [1,true]"):
        assert not table(tmp_path, text)["stratified"], text


def test_an_optimization_statement_keeps_what_it_reads(tmp_path):
    """A choice rule and a #maximize are roots: the rules defining what they read are kept, the
    others (normal rules nothing kept reads) are left out."""
    t = table(tmp_path, "#show.\n#show s/1.\ns(X) :- in(X).\n{ c(X) } :- d(X).\nd(X) :- in(X).\n"
                        "w(X) :- c(X).\n#maximize { 1,X : w(X) }.\nu(X) :- c(X).\n")
    kept = [t["statements"][i][1] for i in sorted(slicing.needed(t, slicing.fires(t, {("in", 1)})))]
    assert "w(X) :- c(X)." in kept and "d(X) :- in(X)." in kept and "{ c(X) } :- d(X)." in kept
    assert "u(X) :- c(X)." not in kept


def test_rules_that_cannot_fire_are_left_out(tmp_path):
    """Positive body literals of predicates without atoms block a rule; `not`, aggregates and
    conditions don't; what a rule that fires defines can have atoms; externals can."""
    t = table(tmp_path, "#external e(X) : d(X).\n"
                        "a(X) :- in(X).\nb(X) :- a(X), gone(X).\nc(X) :- a(X), not gone(X).\n"
                        "d(X) :- c(X), #count { Y : gone(Y) } = 0.\nf(X) :- e(X).\ng :- b(_).\n")
    slicing._TABLES.clear()
    (tmp_path / "rules.lp").write_text('#include "p.lp".\n', encoding="utf-8")
    (tmp_path / "queries").mkdir()
    (tmp_path / "queries" / "q.lp").write_text("#show c/1.\n", encoding="utf-8")
    assert t["deterministic"]
    text = slicing.program(tmp_path, "q", ["base"], {("in", 1)})
    kept = [line for line in text.splitlines() if not line.startswith("#program")]
    assert kept == ["#external e(X) : d(X). [false]", "a(X) :- in(X).", "c(X) :- a(X); not gone(X).",
                    "d(X) :- c(X); 0 = #count { Y: gone(Y) }.", "f(X) :- e(X).", "#show c/1."]
    assert "b(X)" in slicing.program(tmp_path, "q", ["base"], {("in", 1), ("gone", 1)})


def test_only_what_a_shown_atom_or_a_constraint_depends_on_is_kept(tmp_path):
    """With `#show.`, a rule is kept if a #show, an external's condition or a constraint reads
    what it defines, directly or through kept rules; without it every atom is shown."""
    t = table(tmp_path, "#show.\n#show s/1.\n#external e(X) : d(X).\n"
                        "a(X) :- in(X).\nb(X) :- a(X).\ns(X) :- b(X), not c(X).\nc(X) :- in(X), x(X).\n"
                        "d(X) :- in(X).\nu(X) :- a(X).\nv(X) :- u(X).\n:- v(X), w(X).\nw(X) :- in(X).\n"
                        "n(X) :- in(X).\n")
    firing = slicing.fires(t, {("in", 1), ("x", 1)})
    texts = lambda keep: [t["statements"][i][1] for i in sorted(keep)]
    assert "n(X) :- in(X)." in texts(firing)
    kept = texts(slicing.needed(t, firing))
    assert [k for k in kept if ":-" in k and not k.startswith(("#show", "#external"))] == [
        "a(X) :- in(X).", "b(X) :- a(X).", "s(X) :- b(X); not c(X).", "c(X) :- in(X); x(X).",
        "d(X) :- in(X).", "u(X) :- a(X).", "v(X) :- u(X).", "#false :- v(X); w(X).", "w(X) :- in(X)."]
    assert t["hides"] and not table(tmp_path, "#show s/1.\ns(X) :- in(X).")["hides"]


def test_the_table_follows_every_change_of_a_file(tmp_path, monkeypatch):
    """A changed KB or query file is a new table (in this process and in the cache); a broken
    cache file is rebuilt."""
    import shutil
    for name in ("rules.lp", "kb", "queries"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, tmp_path / name)
    monkeypatch.setenv("MTGKB_HOME", str(tmp_path))
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "cache"))
    snap = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice"}]})
    facts = snapshot_facts(snap)
    new_process()       # nothing an earlier test of this worker kept in memory for the same files
    ask = lambda: Engine(facts, "could_produce").ask([("asked", "f")])
    assert ask() == [[("could_produce", "f", Const("g"))]]      # 305.6
    folder = cachedir.path(slicing.KIND, slicing.version())
    assert len(list(folder.iterdir())) == 1
    query = tmp_path / "queries" / "could_produce.lp"
    query.write_text(query.read_text() + "\n#show tapped/1.\n")
    assert ask() == [[("could_produce", "f", Const("g"))]]
    assert len(list(folder.iterdir())) == 2
    land = tmp_path / "kb" / "land_types.lp"
    land.write_text(land.read_text() + "\ncould_produce(X,c) :- permanent(X).\n")
    assert ask() == [[("could_produce", "f", Const("c")), ("could_produce", "f", Const("g"))]]
    assert len(list(folder.iterdir())) == 3
    for f in folder.iterdir():
        f.write_text("[1, 2]")
    new_process()
    shutil.rmtree(cachedir.path(slicing.PROGRAMS_KIND, slicing.version()))   # so the table is read
    assert len(ask()[0]) == 2


def new_process():
    """Forget what this process read or made (tables, summaries, programs, file digests)."""
    for kept in (slicing._TABLES, slicing._SUMMARIES, slicing._PROGRAMS, filestamps._KEPT):
        kept.clear()


def test_a_program_is_read_back_by_its_table_predicates_and_shapes(tmp_path, monkeypatch):
    """The sliced program of a table, the facts' predicates and the shapes that tell rules apart is
    kept in the cache (kind kb-programs) beside the table's summary: a new process reads it back,
    byte for byte the program it would make, without reading the table or the files; facts of
    another shape or predicate are another program, and so is a changed file, even of the same
    size (by its stamps); a broken entry is made again."""
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(filestamps, "SETTLED", -60.0)        # as if the files were written long ago
    (tmp_path / "p.lp").write_text("t(X) :- cost(X,tap).\ns(X) :- cost(X,sac(_)).\n", encoding="utf-8")
    (tmp_path / "rules.lp").write_text('#include "p.lp".\n', encoding="utf-8")
    (tmp_path / "queries").mkdir()
    (tmp_path / "queries" / "q.lp").write_text("#show t/1.\n#show s/1.\n", encoding="utf-8")
    preds = {("cost", 2)}
    tap, sac = [("cost", "a", Const("tap"))], [("cost", "a", Fn("sac", (Const("x"),)))]
    ask = lambda facts, preds=preds: slicing.program(tmp_path, "q", ["base"], preds, facts=facts)
    first = ask(tap)
    assert "t(X) :- cost(X,tap)." in first and "sac" not in first
    new_process()
    with monkeypatch.context() as m:
        m.setattr(slicing, "_table", lambda *a: 1 / 0)
        m.setattr(filestamps, "_contents", lambda path: 1 / 0)
        assert ask(tap) == first
        with pytest.raises(ZeroDivisionError):
            ask(sac)                                             # another shape of cost/2
        with pytest.raises(ZeroDivisionError):
            ask(tap, preds | {("in", 1)})                        # another set of predicates
    new_process()
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "empty"))
    assert ask(tap) == first                                     # made again: the same text
    assert "s(X) :- cost(X,sac(_))." in ask(sac)
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "cache"))
    new_process()
    for f in cachedir.path(slicing.PROGRAMS_KIND, slicing.version()).iterdir():
        f.write_text('{"program": 1}' if f.name.startswith("table-") else "[")
    assert ask(tap) == first
    (tmp_path / "p.lp").write_text("t(X) :- cost(X,tab).\ns(X) :- cost(X,sac(_)).\n", encoding="utf-8")
    new_process()
    assert "cost(X,tap)" not in ask(tap) and "t(X)" not in ask(tap)


def test_entries_of_other_versions_are_pruned_once_a_day_old(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path))
    old = tmp_path / "cards-old"
    old.mkdir()
    (old / "x.json").write_text("{}")
    recent = tmp_path / "cards-recent"
    recent.mkdir()
    grammar = tmp_path / "oracle-grammar-old.lark"
    grammar.write_text("")
    day = time.time() - cachedir.MAX_AGE - 60
    os.utime(old, (day, day))
    os.utime(grammar, (day, day))
    assert cachedir.write("cards", "new", b"{}", "y.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards-new", "cards-recent", "oracle-grammar-old.lark"]
    assert cachedir.write("oracle-grammar", "new.lark", b"table")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards-new", "cards-recent", "oracle-grammar-new.lark"]
    assert (tmp_path / "cards-new" / "y.json").read_bytes() == b"{}"


def test_one_walker_serves_the_slicer_and_the_kb_model():
    """The cone of a predicate: every predicate it reaches through the rules defining what it
    reads (a cycle ends), and each defining rule once, even when it defines two reached
    predicates; a rule defining nothing reached is not in it."""
    from pyengine.asp.cone import cone
    rules = {"r1": ({"a"}, {"b", "c"}), "r2": ({"b", "c"}, {"d"}), "r3": ({"d"}, {"a"}),
             "r4": ({"e"}, {"a"})}
    seen, found = cone(["a"], rules, lambda r: rules[r][0], lambda r: rules[r][1])
    assert seen == {"a", "b", "c", "d"}
    assert sorted(found) == ["r1", "r2", "r3"]
    assert cone(["z"], rules, lambda r: rules[r][0], lambda r: rules[r][1]) == ({"z"}, [])
    # the KB model's closure walks the same way: could_produce/2 reaches the rules defining it
    from pyengine.asp import kbmodel
    kb = kbmodel.kb(kb_root())
    depends, defining = kbmodel.closure([kb], {("could_produce", 2)})
    assert ("could_produce", 2) in depends
    assert defining and all(r.defines & depends for r in defining)
    assert len(set(map(id, defining))) == len(defining)


def test_a_sliced_program_used_again_is_added_from_its_parsed_statements():
    """A process that asks a query again adds the sliced program from the statements it parsed the
    first time (driver.add_program): the same answers."""
    from pyengine.asp import driver
    snap = snapshot.load(str(ROOT / "examples" / "cast.yaml"))
    facts = snapshot_facts(snap) + [("asked_player", snap.active)]
    driver._added.clear()
    first = Engine(facts, "actions").ask(optimize=True)
    text = next(iter(driver._added))
    again = Engine(facts, "actions")
    assert again.sliced and driver._added[text] == 2
    assert again.ask(optimize=True) == first


def test_rules_whose_literals_no_atom_matches_by_shape_are_left_out(tmp_path):
    """A positive body literal with a function symbol or constant that no atom of its predicate can
    have (the facts' shapes, and those the rules give their heads, a variable taking the shapes a
    body literal binds it to) blocks its rule: shapes.py. What is left out derives nothing: the
    ground atoms are those of the whole program."""
    from pyengine.asp import shapes
    text = ("cost(a,tap). cost(b,mana(g)).\n"
            "t(X) :- cost(X,tap).\n"                       # fires: a fact has the shape
            "s(X) :- cost(X,sacrifice(_)).\n"              # no cost/2 atom has sacrifice(...)
            "w(F) :- cost(_,mana(F)).\n"
            "k(X,act(cast,X)) :- t(X).\n"
            "c(X) :- k(_,act(cast,X)).\n"                  # a head's shape: act(cast,_)
            "d(X) :- k(_,act(attack,X)).\n"                # no k/2 atom has act(attack,_)
            "r(M) :- w(M).\n"
            "g :- r(g).\n"                                 # w(F) takes F from mana(F): any term
            "h(Y) :- e(Y).\n"                              # an external: any term
            "h2 :- h(foo(_)).\n"
            "#external e(X) : t(X).\n")
    (tmp_path / "p.lp").write_text(text, encoding="utf-8")
    t = slicing.build(str(tmp_path), ["p.lp"], {"base"})
    facts = [("in", Fn("f", (1,)))]
    firing = slicing.fires(t, {("in", 1)})
    kept = {t["statements"][i][1] for i in shapes.refine(t, firing, facts, {("in", 1)})}
    assert "t(X) :- cost(X,tap)." in kept and "c(X) :- k(_,act(cast,X))." in kept
    assert "g :- r(g)." in kept and "h2 :- h(foo(_))." in kept
    assert "s(X) :- cost(X,sacrifice(_))." not in kept and "d(X) :- k(_,act(attack,X))." not in kept
    # a fact's shape counts (of a predicate some rule reads with a function symbol: in(f(_)); the
    # others' facts are taken as any terms): with in(sacrifice(x)) read as cost, the rule is kept
    (tmp_path / "p.lp").write_text(text + "cost(Z,Y) :- in(Y), z(Z).\nz(q).\nu :- in(f(_)).\n",
                                   encoding="utf-8")
    t = slicing.build(str(tmp_path), ["p.lp"], {"base"})
    for fact, keeps in (((("in", Fn("sacrifice", (Const("x"),))),), True), ((("in", Fn("f", (1,))),), False)):
        firing = slicing.fires(t, {("in", 1)})
        kept = {t["statements"][i][1] for i in shapes.refine(t, firing, fact, {("in", 1)})}
        assert ("s(X) :- cost(X,sacrifice(_))." in kept) == keeps, fact
    # the same ground atoms as the whole program
    ctl = clingo.Control(["--warn=none"], logger=codec.quiet)
    ctl.add("base", [], "\n".join(sorted(kept - {"#external e(X) : t(X). [false]"})) + "\n#external e(X) : t(X).")
    ctl.ground([("base", [])])
    whole = clingo.Control(["--warn=none"], logger=codec.quiet)
    whole.add("base", [], text + "cost(Z,Y) :- in(Y), z(Z).\nz(q).\nu :- in(f(_)).\nin(f(1)).")
    ctl.add("base", [], "in(f(1)).")
    ctl.ground([("base", [])])
    whole.ground([("base", [])])
    atoms = lambda c: sorted(str(a.symbol) for a in c.symbolic_atoms)
    assert atoms(ctl) == atoms(whole)


def test_actions_on_a_board_without_those_shapes_grounds_fewer_rules():
    """`actions` on a board of basic lands and a hand of creatures: the rules about attacking,
    turning face up, sacrifice and tap costs, kicker and the like read shapes no atom has and are
    left out (by predicates alone, they can fire)."""
    snap = snapshot.validate({"players": ["alice", "bob"], "battlefield": [
        {"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(3)],
        "hand": {"alice": ["Grizzly Bears"]}})
    facts = snapshot_facts(snap) + [("asked_player", "alice")]
    root, parts = str(kb_root()), ["base", *layout.query_parts(str(kb_root()), "actions")]
    preds = {(f[0], len(f) - 1) for f in facts}
    by_predicates = slicing.program(root, "actions", parts, preds)
    by_shapes = slicing.program(root, "actions", parts, preds, facts=facts)
    assert "act(attack," in by_predicates and "act(attack," not in by_shapes
    assert "sacrifice(" in by_predicates and "sacrifice(" not in by_shapes
    # more than those two: every rule about a shape the board lacks (a share of the KB that shrinks as
    # the KB grows, so counted in lines: 168 of 1,347 when this was written)
    assert by_predicates.count("\n") - by_shapes.count("\n") >= 100


def test_facts_no_kept_rule_can_read_are_left_out():
    """A query that shows only what its #show statements name needs no fact that no rule it keeps
    can read (shapes.facts_read): a Forest's could-produce (305.6) reads the land types of 205.3i
    (land_type/1 reads subtype_of_type(S,land)), not kb/subtypes.lp's creature types (205.3m), which
    were three quarters of its program; the answer is the whole program's."""
    snap = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice"}]})
    facts = snapshot_facts(snap)
    text = slicing.program(kb_root(), "could_produce", ["base"], {(f[0], len(f) - 1) for f in facts},
                           facts=facts)
    assert 'subtype_of_type("Forest",land).' in text.splitlines()
    assert 'subtype_of_type("Elf",creature).' not in text.splitlines()
    whole = slicing.program(kb_root(), "could_produce", ["base"], {(f[0], len(f) - 1) for f in facts},
                            cone=False, facts=facts)
    assert 'subtype_of_type("Elf",creature).' in whole.splitlines()
    engine = Engine(facts, "could_produce")
    assert engine.sliced
    assert engine.ask([("asked", "f")]) == [[("could_produce", "f", Const("g"))]]


def test_the_covering_examples_have_every_fact_shape_of_the_examples():
    """The examples the slicing tests run on have, together, every fact shape of all of them."""
    every = {(f[0], tuple(map(_shape, f[1:]))) for path in EXAMPLES
             for f in snapshot_facts(snapshot.load(str(path)))}
    covered = {(f[0], tuple(map(_shape, f[1:]))) for path in covering_examples()
               for f in snapshot_facts(snapshot.load(str(path)))}
    assert covered == every and len(covering_examples()) < len(EXAMPLES)


def test_the_check_programs_are_sliced_with_the_answers_of_the_whole():
    """A property check's engine (the KB's every part, the violations query and a group of property
    files, none with a query's choices, as check.state_witnesses groups them) is sliced on the
    example snapshots that cover every fact shape, and for every shipped group has one answer set
    with the violations and witnesses that every answer set of the whole program shows."""
    from pyengine import check
    from pyengine.asp.driver import kb_parts
    parts = kb_parts(kb_root())
    groups = check._groups(tuple(p for p in check.properties() if not p.uses))
    assert sum(map(len, groups)) >= 5
    for path in covering_examples():
        facts = snapshot_facts(snapshot.load(str(path)))
        for group in groups:
            programs = [p.path for p in group]
            sliced = Engine(facts, "violations", programs=programs, parts=parts)
            whole = Engine(facts, "violations", programs=programs, parts=parts, slicing=False)
            assert sliced.sliced and not whole.sliced, (path.name, group)
            [answer] = sliced.ask(models=0)
            assert {tuple(m) for m in whole.ask(models=0)} == {tuple(answer)}, (path.name, group)
            assert sliced.statistics()["rules"] < whole.statistics()["rules"] / 2


def test_a_false_property_is_found_when_sliced(false_property_kb):
    """A planted false property (a Forest could produce green, 305.6) is broken by a Forest board
    in the sliced check as in the whole one, and check.state_witnesses attributes it."""
    from pyengine import check
    from pyengine.asp.driver import kb_parts
    snap = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice"}]})
    facts = snapshot_facts(snap)
    [prop] = check.select(["no_green_forest"])
    found = []
    for slice_it in (True, False):
        engine = Engine(facts, "violations", programs=[prop.path], parts=kb_parts(kb_root()),
                        slicing=slice_it)
        assert engine.sliced == slice_it
        found.append(engine.ask())
    assert found[0] == found[1] == [[("property_violated", Fn("forest_could_produce_green", ("f",)))]]
    broken, _ = check.state_witnesses(facts, check.properties())
    assert broken == {"no_green_forest": ['property_violated(forest_could_produce_green("f"))']}


def firing_slice(tmp_path, text, facts=("in", 1)):
    """The statements _firing_slice keeps of the program TEXT (shown: its #show statements) on facts
    of the predicate FACTS, as texts, or None."""
    t = table(tmp_path, text)
    firing = slicing.fires(t, {facts})
    keep = slicing._firing_slice(t, firing, True, {facts})
    return None if keep is None else sorted(t["statements"][i][1] for i in keep)


def test_what_a_program_with_choices_may_leave_out_on_its_facts(tmp_path):
    """An assembled program with choices is sliced on its facts when the choices, the optimization
    statements and the constraints whose literals need a chosen atom are left out with everything
    only they read, and what is kept is deterministic; else it is loaded whole."""
    shown = "#show.\n#show s/1.\ns(X) :- in(X), not t(X).\nt(X) :- in(X), x(X).\n"   # t can't fire
    choices = ("{ c(X) } :- in(X).\nd(X) :- c(X).\n:- d(X), not in(X).\n#edge (X,Y) : d(X), d(Y).\n"
               "#minimize { 1,X : d(X) }.\n")
    assert firing_slice(tmp_path, shown + choices) == [
        "#show s/1.", "#show.", "s(X) :- in(X); not t(X)."]
    # a constraint on what no choice gates keeps what it reads: here, a choice
    assert firing_slice(tmp_path, shown + choices + ":- c(X), in(X).\n") is not None
    assert firing_slice(tmp_path, shown + choices + ":- in(X), not d(X).\n") is None
    assert firing_slice(tmp_path, shown + "{ t(X) } :- in(X).\n") is None       # a shown atom reads it
    # a bounded choice can rule every answer set out; so can an odd loop through `not`
    assert firing_slice(tmp_path, shown + "1 { c(X) } 1 :- in(X).\n") is None
    assert firing_slice(tmp_path, shown + "{ c(X) } :- in(X).\nu(X) :- in(X), not u(X).\n") is None
    # without #show. every atom is shown: what fires must be deterministic itself
    assert firing_slice(tmp_path, "s(X) :- in(X).\n{ c(X) } :- in(X).\n") is None
    assert firing_slice(tmp_path, "s(X) :- in(X).\n{ c(X) } :- gone(X).\n") == ["s(X) :- in(X)."]


def test_gated_predicates_have_no_atom_when_nothing_is_chosen(tmp_path):
    t = table(tmp_path, "{ c(X) } :- in(X).\nd(X) :- c(X), in(X).\ne(X) :- d(X).\ne(X) :- in(X), x(X).\n"
                        "f(X) :- d(X), not in(X).\ng(X) :- f(X).\ng(X) :- g(X), in(X).\nh(1).\nh(X) :- c(X).\n")
    firing = slicing.fires(t, {("in", 1), ("x", 1)})
    assert slicing.gated(t, firing, {("in", 1), ("x", 1)}) == {("c", 1), ("d", 1), ("f", 1), ("g", 1)}
    # facts of a predicate are atoms whatever is chosen
    assert ("d", 1) not in slicing.gated(t, firing, {("in", 1), ("x", 1), ("d", 1)})
