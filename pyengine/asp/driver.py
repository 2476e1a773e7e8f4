"""The clingo driver: one ``clingo.Control`` per snapshot, grounded on demand (multi-shot).

An :class:`Engine` loads the files ``rules.lp`` includes (``kb/``), only those with statements in
a part it grounds (:mod:`layout`), and adds the snapshot's facts through the backend, never as
program text. A one-query engine whose program is deterministic (or whose query reads any optimal
answer set, and is stratified but for its choices) loads, instead, only the KB's rules that can
fire on its facts and that its answer needs (:mod:`slicing`); so does one whose program its caller
assembled (extra program files or parts: a property check), when what can fire on its facts
allows it exactly. It grounds, in one step, the part ``base``
(everything outside a ``#program`` directive), the ``#program`` parts a query declares
(``% @parts name ...`` in ``queries/<q>.lp``) and the query, then answers any number of questions
on that grounding by assigning the query's externals. A solver time limit protects against
pathological input: it counts the CPU time the process spends while a solve runs (the solver's
own thread, in effect), not wall-clock time, so a loaded or slow machine never makes a query
that the solver can answer fail (:func:`_finished`).

``Engine(facts, query)`` is the usual one-query engine. A *shared* engine (``shared=True``) serves
several queries of one snapshot: each query's file becomes its own part, its rules and ``#show``
statements guarded by an external ``__query(q)`` that only the question being asked sets true,
and a query asked later is grounded in a later step over what is already grounded. That is
sound only when the new step defines nothing an earlier step reads or defines (a rule grounded
earlier never sees atoms added later); :meth:`Engine.ground` checks this on the predicates (from
:mod:`kbmodel`) and refuses a step that would break it, and the caller then uses a fresh engine.
"""

from contextlib import contextmanager
from functools import lru_cache
import os
from pathlib import Path
import time

import clingo

from ..errors import InputError
from . import codec, layout

DEFAULT_TIME_LIMIT = 60.0
GATE = "__query"           # the external that switches a shared query's rules and #show on


class SetupError(InputError):
    """The knowledge base cannot be found (a wrong MTGKB_HOME): one line, exit status 2."""


class SolveTimeout(InputError):
    """The solver did not finish within the time limit."""


# Longest single wait on the solver (wall-clock seconds) between two looks at the CPU time used.
_WAIT_SLICE = 1.0


def _finished(handle, limit):
    """Wait until the solve of HANDLE has finished (or, in yield mode, its next model is ready):
    True, or False once it has used LIMIT seconds of CPU time (the process's, measured from
    now) without finishing. LIMIT None: no limit.

    Why not ``handle.wait(limit)`` alone: clasp's timed wait (``SolveStrategy::Async::doWait``)
    waits on its condition variable *once* and answers "not ready" if it wakes before the solve
    is done, whatever the time, and the solving thread's "solve started" notification, sent
    after it releases the lock, can reach a waiter that began waiting after the start (it did
    not wait for it when the thread had already started). So ``wait(60)`` could return False
    after a few milliseconds on a loaded machine (a trivial could-produce failed with "did not
    finish within 60 s" in CI). Every early return is waited again here, until the solve
    is done or the limit is reached.

    Why CPU time: the limit is a guard against pathological input (an exponential search), so
    it measures the work done, which a slow or loaded machine does not change; wall-clock
    time would make a query fail on a machine that is merely busy. The process's CPU time is
    the solver thread's plus what the waiting thread uses (nothing while it waits); waits last
    at most _WAIT_SLICE of wall time, so a solve on several threads (clasp's ``-t``) is
    stopped soon after the limit."""
    if limit is None:
        return handle.wait()
    start = time.process_time()
    while True:
        left = limit - (time.process_time() - start)
        if left <= 0:
            return handle.wait(0)
        if handle.wait(min(left, _WAIT_SLICE)):
            return True


def kb_root():
    """The folder holding rules.lp, kb/ and queries/: $MTGKB_HOME if set, else the source checkout
    this package runs from, else the copy an installed package carries (pyengine/kbfiles/, see
    pyproject.toml)."""
    env = os.environ.get("MTGKB_HOME")
    if env:
        root = Path(env).resolve()
    else:
        package = Path(__file__).resolve().parents[1]
        checkout = package.parent
        root = checkout if (checkout / "rules.lp").is_file() else package / "kbfiles"
    if not (root / "rules.lp").is_file():
        raise SetupError(f"rules.lp not found under {root}; set MTGKB_HOME to the mtgkb checkout")
    return root


@contextmanager
def working_directory(path):
    """Run in PATH for a while. clingo resolves ``#include "kb/x.lp"`` against the current
    working directory before the including file's folder, so without this a ``kb/`` folder in
    the user's directory (another checkout, say) would silently replace the knowledge base."""
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def kb_parts(root):
    """The names of the KB's ``#program`` parts other than base (those without parameters), read
    from the files' text (:mod:`layout`: a check or a sweep no longer parses the whole KB for them)."""
    return layout.kb_parts(str(root))


def query_parts(root, query):
    """The ``#program`` parts a query declares it needs (``% @parts a b`` lines), in order."""
    return layout.query_parts(str(root), query)


@lru_cache(maxsize=64)
def _gated_query(root, query):
    """The statements of queries/<query>.lp as the part ``__query_<query>``: its rules, #show
    and #minimize statements guarded by the external __query(<query>)."""
    import clingo.ast
    T = clingo.ast.ASTType
    stms = []
    with working_directory(root):
        clingo.ast.parse_files([f"queries/{query}.lp"], stms.append, logger=codec.quiet)
    loc = stms[0].location if stms else clingo.ast.Location(clingo.ast.Position("<query>", 1, 1),
                                                             clingo.ast.Position("<query>", 1, 1))
    gate_atom = clingo.ast.SymbolicAtom(clingo.ast.Function(loc, GATE, [
        clingo.ast.SymbolicTerm(loc, clingo.Function(query))], 0))
    gate = clingo.ast.Literal(loc, clingo.ast.Sign.NoSign, gate_atom)
    out = [clingo.ast.Program(loc, f"__query_{query}", []),
           clingo.ast.External(loc, gate_atom, [], clingo.ast.SymbolicTerm(loc, clingo.Function("false")))]
    for s in stms:
        t = s.ast_type
        if t in (T.Program, T.Comment):
            continue
        if t == T.Rule:
            out.append(s.update(body=list(s.body) + [gate]))
        elif t == T.ShowTerm:
            out.append(s.update(body=list(s.body) + [gate]))
        elif t == T.ShowSignature and s.name:
            args = [clingo.ast.Variable(loc, f"X__{i}") for i in range(s.arity)]
            term = clingo.ast.Function(loc, s.name, args, 0)
            atom = clingo.ast.Literal(loc, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(term))
            out.append(clingo.ast.ShowTerm(loc, term, [atom, gate]))
        elif t == T.Minimize:
            out.append(s.update(body=list(s.body) + [gate]))
        else:
            out.append(s)
    return out


_loads = {}                 # program file -> times it was loaded into a Control by this process


@lru_cache(maxsize=256)
def _statements(path, stamp):
    """The statements of the program file PATH as ASTs (STAMP: its modification time and size, so
    a file changed on disk is parsed again)."""
    import clingo.ast
    out = []
    clingo.ast.parse_files([path], out.append, logger=codec.quiet)
    return tuple(out)


def load_file(ctl, path):
    """Load the program file PATH into CTL. A process that builds many Controls (batch, sweep, apply,
    check) parses each file once: from the second load on, the statements parsed then are handed
    to the Control as ASTs (about 2.5x faster than clingo parsing the text again). The first load
    is a plain ``ctl.load``, so a one-query process pays neither clingo.ast nor the AST's copy."""
    path = str(path)
    count = _loads.get(path, 0)
    _loads[path] = count + 1
    if count == 0:
        ctl.load(path)
        return
    import clingo.ast
    st = os.stat(path)
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for s in _statements(path, (st.st_mtime_ns, st.st_size)):
            builder.add(s)


_added = {}                 # sliced program text -> times it was added to a Control by this process


@lru_cache(maxsize=64)
def _text_statements(text):
    """The statements of the program TEXT as ASTs."""
    import clingo.ast
    out = []
    clingo.ast.parse_string(text, out.append, logger=codec.quiet)
    return tuple(out)


def add_program(ctl, text):
    """Add the program TEXT (a sliced program, slicing.py) to CTL's part base, as load_file does a
    file: the first time as text; from the second time on (a process that asks the same query of
    many snapshots: batch, sweep, apply), as the statements parsed then (about 4x faster than
    clingo parsing the text again)."""
    count = _added.get(text, 0)
    if count == 0:
        if len(_added) > 256:
            _added.clear()
        _added[text] = 1
        ctl.add("base", [], text)
        return
    _added[text] = count + 1
    import clingo.ast
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for s in _text_statements(text):
            builder.add(s)


def _relative(root, path):
    """PATH relative to ROOT if it is under ROOT, else absolute (as the slicer names files)."""
    path = Path(path).resolve()
    try:
        return str(path.relative_to(Path(root).resolve()))
    except ValueError:
        return str(path)


class _Step:
    """What one grounding step defines and reads, by predicate (name, arity); ``facts``: the
    predicates of the facts a question added (beyond the snapshot's)."""

    def __init__(self):
        self.defines, self.reads, self.externals, self.facts = set(), set(), set(), set()

    def add_model(self, model, parts):
        for r in model.rules:
            if r.part in parts:
                self.defines |= r.defines
                self.reads |= r.reads
        for d in model.declarations:          # (#defined declares, it makes no atom)
            if d.part in parts:
                if d.kind == "external":
                    self.externals.add((d.text, frozenset(d.defines)))
                self.reads |= d.reads


def _sorted_atoms(symbols, terms, texts):
    """The atom SYMBOLS as fact tuples sorted by their text (terms.render_fact); TERMS and TEXTS
    memoise the conversion and the text of shared subterms (codec.atom_row)."""
    rows = [codec.atom_row(s, terms, texts) for s in symbols]
    rows.sort(key=_text)
    return [r[0] for r in rows]


def _text(row):
    return row[1]


class Engine:
    """One snapshot's facts in one clingo Control; queries grounded on demand, questions answered by
    assigning externals (see the module docstring)."""

    def __init__(self, facts, query=None, programs=(), time_limit=DEFAULT_TIME_LIMIT, options=(),
                 queries=(), shared=False, parts=(), slicing=True, cone=None):
        self.root = kb_root()
        self.time_limit = time_limit
        self.timings = {}
        self.query = query
        self.shared = shared
        self.complete = True
        t0 = time.perf_counter()
        self.ctl = clingo.Control(["--warn=none", *options], logger=codec.quiet)
        # a one-query engine without options loads only the rules of the KB (and of its extra
        # PROGRAMS) that can fire on its facts, if its program is deterministic or its query reads
        # any optimal answer set, or, with PROGRAMS, if what can fire allows it (slicing.py)
        self._slicing = slicing and not options and not shared
        # CONE, a (name, arity) predicate: an engine without a query holds only the rules the atoms
        # of that predicate depend on (explain reads no other atom)
        self._cone = tuple(cone) if cone and not query and not queries else None
        self.sliced = False                  # holds only the rules its answers need (slicing.py)
        self.sliced_program = None           # the sliced program's text, if sliced
        self._loaded = set()                 # KB files loaded (those of the parts grounded so far)
        self._programs = list(programs)
        self._programs_loaded = False        # loaded by the first step unless it is sliced
        # a program its caller assembled (extra PROGRAMS or PARTS: a check's properties over the
        # KB's every part) is sliced by what can fire on its facts, when that is exact (slicing.py)
        self._assembled = bool(programs or parts)
        self._pending = list(facts)          # facts of the first step
        self._steps = []                     # _Step per grounding step
        self._queries = {}                   # query -> facts it was grounded with (frozenset)
        self._parts = set()                  # KB parts grounded
        self._externals = set()
        self._symbols = {}                   # to_symbol cache for strings and constants
        self.timings["load"] = time.perf_counter() - t0
        wanted = ([query] if query else []) + [q for q in queries if q != query]
        if wanted or parts:
            if not self.ground(*wanted, parts=parts):
                raise AssertionError("the first grounding step cannot conflict")
        else:
            self._load_programs()            # loaded whole: a later first step can't slice them
            self._slicing = self._slicing and not self._programs

    # grounding --------------------------------------------------------------------------------
    def ground(self, *queries, facts=(), parts=()):
        """Ground QUERIES (with the parts they declare and any PARTS given) in one new step, after
        adding FACTS. Returns False, doing nothing, if the step would define a predicate that an
        earlier step reads or defines (its answers would be wrong): the caller then needs a fresh
        engine. A query already grounded with the same facts is not grounded again."""
        facts = list(facts)
        queries = [q for q in queries if not (q in self._queries and self._queries[q] == frozenset(facts))]
        if self._steps and not queries and not facts and set(parts) <= self._parts:
            return True
        if any(q in self._queries for q in queries):
            return False                     # a query's part is grounded once
        first = not self._steps
        if not first and not self.shared:
            return False
        want_parts = [] if not first else ["base"]
        for q in queries:
            want_parts += [p for p in query_parts(self.root, q) if p not in want_parts]
        want_parts += [p for p in parts if p not in want_parts]
        new_parts = [p for p in want_parts if p not in self._parts]
        step = self._step(new_parts, queries, facts) if self.shared else None
        if not first and not self._compatible(step, queries):
            return False
        t0 = time.perf_counter()
        sliced = None
        if first and self._slicing and (len(queries) == 1 or (self._cone and not queries)):
            from . import slicing
            given = self._pending + facts
            sliced = slicing.program(self.root, queries[0] if queries else None, new_parts,
                                     {(f[0], len(f) - 1) for f in given}, facts=given,
                                     cone=self._cone or True,
                                     programs=[_relative(self.root, p) for p in self._programs],
                                     firing=self._assembled)
        if sliced is None:
            self._load_programs()
        if sliced is not None:
            add_program(self.ctl, sliced)            # the KB's parts, the query and PROGRAMS, sliced
            self.sliced, self.sliced_program = True, sliced
            self._programs_loaded = True
        elif self.shared:
            self._load_kb(new_parts)
            import clingo.ast
            with clingo.ast.ProgramBuilder(self.ctl) as builder:
                for q in queries:
                    for s in _gated_query(str(self.root), q):
                        builder.add(s)
        else:
            self._load_kb(new_parts)
            with working_directory(self.root):
                for q in queries:
                    load_file(self.ctl, self.root / "queries" / f"{q}.lp")
        self._add_facts((self._pending if first else []) + facts)
        self._pending = []
        t1 = time.perf_counter()
        targets = [(p, []) for p in new_parts]
        if self.shared:
            targets += [(f"__query_{q}", []) for q in queries]
        self.ctl.ground(targets)
        self._parts |= set(new_parts)
        for q in queries:
            self._queries[q] = frozenset(facts)
        self._steps.append(step)
        self.timings["load"] = self.timings.get("load", 0.0) + t1 - t0
        self.timings["ground"] = self.timings.get("ground", 0.0) + time.perf_counter() - t1
        return True

    def _load_programs(self):
        """Load the extra program files given to the engine, once."""
        if not self._programs_loaded:
            for path in self._programs:
                self.ctl.load(str(path))
            self._programs_loaded = True

    def _load_kb(self, parts):
        """Load the KB files with statements in PARTS not loaded yet. A file with statements in
        base is loaded by the first step (it grounds base), so a file loaded later adds nothing to
        a part grounded before."""
        with working_directory(self.root):
            for name in layout.files_for(self.root, parts):
                if name not in self._loaded:
                    load_file(self.ctl, self.root / name)
                    self._loaded.add(name)

    def add_text(self, part, params, text):
        """Add program TEXT (generated rules, e.g. provenance) as the part PART(PARAMS...) without
        grounding it."""
        self.ctl.add(part, list(params), text)

    def ground_part(self, name, args=(), facts=()):
        """Ground one (parameterised) part added with :meth:`add_text`, after adding FACTS. Its
        rules must only read what is already grounded and define atoms of their own."""
        t0 = time.perf_counter()
        self._add_facts(list(facts))
        self.ctl.ground([(name, [codec.to_symbol(a) for a in args])])
        self._steps.append(_Step())
        self.timings["ground"] = self.timings.get("ground", 0.0) + time.perf_counter() - t0

    def _step(self, parts, queries, facts):
        from . import kbmodel
        step = _Step()
        step.add_model(kbmodel.kb(self.root), set(parts))
        if not self._steps:
            for path in self._programs:
                step.add_model(kbmodel.program_file(path), {"base"})
        for q in queries:
            m = kbmodel.query(self.root, q)
            step.add_model(m, set(m.parts) | {"base"})
        step.facts = {(f[0], len(f) - 1) for f in facts}
        step.defines |= step.facts
        if not self._steps:
            step.defines |= {(f[0], len(f) - 1) for f in self._pending}
        return step

    def _compatible(self, step, queries):
        """May STEP (grounding QUERIES) come after the steps so far? Not if it defines a predicate an
        earlier step reads (those rules would miss the new atoms) or defines, nor if what it reads
        depends, through the KB's rules, on a predicate an earlier question gave as facts (those
        facts were meant for that question only)."""
        before_reads = set().union(*(s.reads for s in self._steps))
        before_defines = set().union(*(s.defines for s in self._steps))
        before_facts = set().union(*(s.facts for s in self._steps))
        known = set().union(*(s.externals for s in self._steps))
        before_defines |= {p for _, preds in known for p in preds}
        new = set(step.defines)
        for text, preds in step.externals:
            if (text, preds) not in known:
                new |= preds
        if new & (before_reads | before_defines):
            return False
        if before_facts:
            from . import kbmodel
            models = [kbmodel.kb(self.root)] + [kbmodel.query(self.root, q) for q in set(self._queries) | set(queries)]
            depends, _ = kbmodel.closure(models, step.reads)
            if depends & before_facts:
                return False
        return True

    def _add_facts(self, facts):
        if not facts:
            return
        with self.ctl.backend() as backend:
            for fact in facts:
                atom = backend.add_atom(codec.fact_symbol(fact, self._symbols))
                backend.add_rule([atom])

    # solving ----------------------------------------------------------------------------------
    def _assign(self, externals, query):
        """Set EXTERNALS (fact tuples) true and every other external false; in a shared engine,
        switch QUERY (default: the engine's query) on and the others off."""
        query = query or self.query
        wanted = {codec.fact_symbol(e) for e in externals}
        if self.shared and query is not None:
            if query not in self._queries:
                raise ValueError(f"query {query!r} is not grounded in this engine")
            wanted.add(clingo.Function(GATE, [clingo.Function(query)]))
        for sym in self._externals - wanted:
            self.ctl.assign_external(sym, False)
        for sym in wanted:
            self.ctl.assign_external(sym, True)
        self._externals = wanted

    def ask(self, externals=(), models=1, optimize=False, partial=False, query=None, opt_strategy=None,
            ordered=True):
        """Set the given external atoms true (all others false) and solve QUERY (default: the
        engine's query).

        Returns a list of models, each a list of shown atoms as fact tuples, sorted by their text
        (terms.render_fact) unless ``ordered`` is false (then in the solver's order, which saves
        rendering every atom: for callers that order what they show themselves). With
        ``models=0`` every answer set is returned. With ``optimize``, the program's #minimize and
        #maximize statements are honoured and only the last model found is returned (an optimal
        one, unless the time ran out); otherwise they are ignored. With ``partial``, running out of
        time returns the models found so far and sets ``self.complete`` to False instead of
        raising SolveTimeout. ``opt_strategy`` (e.g. "usc,oll", clasp's --opt-strategy) is used
        for this solve only.
        """
        self.complete = True
        self._assign(externals, query)
        self.ctl.configuration.solve.models = 0 if optimize else models
        self.ctl.configuration.solve.opt_mode = "opt" if optimize else "ignore"
        strategy = self.ctl.configuration.solver.opt_strategy
        if opt_strategy:
            self.ctl.configuration.solver.opt_strategy = opt_strategy
        found, terms, texts = [], {}, {}
        convert = ((lambda symbols: _sorted_atoms(codec.model_symbols(symbols), terms, texts)) if ordered
                   else (lambda symbols: [codec.atom_tuple(s, terms) for s in codec.model_symbols(symbols)]))

        def on_model(m):
            if optimize:                    # only the last (best) model is converted, at the end
                found[:] = [m.symbols(shown=True)]
            else:
                found.append(convert(m.symbols(shown=True)))

        t0 = time.perf_counter()
        try:
            with self.ctl.solve(on_model=on_model, async_=True) as handle:
                if not _finished(handle, self.time_limit):
                    handle.cancel()
                    if not partial:
                        raise SolveTimeout(f"the solver did not finish within {self.time_limit:g} s of CPU time")
                    self.complete = False
                else:
                    handle.get()
        finally:
            if opt_strategy:
                self.ctl.configuration.solver.opt_strategy = strategy
        if optimize:
            found = [convert(m) for m in found]
        self.timings["solve"] = self.timings.get("solve", 0.0) + time.perf_counter() - t0
        return found

    @contextmanager
    def view(self, externals=(), query=None):
        """Solve once and keep the first answer set open for look-ups while the block runs: yields a
        :class:`ModelView`, or raises InputError if there is no answer set. Not for an engine
        sliced for a query: it lacks the atoms its answers don't need (one sliced for a CONE
        holds every atom of the predicates that predicate depends on, and only those)."""
        if self.sliced and not self._cone:
            raise ValueError("a sliced engine holds only the atoms its shown answers need")
        self._assign(externals, query)
        self.ctl.configuration.solve.models = 1
        self.ctl.configuration.solve.opt_mode = "ignore"
        t0 = time.perf_counter()
        with self.ctl.solve(yield_=True, async_=True) as handle:
            if not _finished(handle, self.time_limit):
                handle.cancel()
                raise SolveTimeout(f"the solver did not finish within {self.time_limit:g} s of CPU time")
            model = handle.model()
            self.timings["solve"] = self.timings.get("solve", 0.0) + time.perf_counter() - t0
            if model is None:
                raise InputError("the KB has no answer set for this snapshot (its constraints "
                                 "rule every state out), so there is nothing to explain")
            yield ModelView(self.ctl, model)

    def statistics(self):
        """Solver statistics of the last solve: choices, conflicts, models, and the grounding size."""
        st = self.ctl.statistics
        solving = st.get("solving", {}).get("solvers", {})
        summary = st.get("summary", {})
        return {"choices": int(solving.get("choices", 0)), "conflicts": int(solving.get("conflicts", 0)),
                "models": int(summary.get("models", {}).get("enumerated", 0)),
                "optimal": int(summary.get("models", {}).get("optimal", 0)),
                "atoms": int(st.get("problem", {}).get("lp", {}).get("atoms", 0)),
                "rules": int(st.get("problem", {}).get("lp", {}).get("rules", 0))}

    def symbolic_atoms(self, name, arity):
        """Every ground atom name/arity the grounder produced (facts and derivable atoms; in a
        sliced engine, only those its shown answers can depend on, and the facts)."""
        return [codec.atom_tuple(a.symbol) for a in self.ctl.symbolic_atoms.by_signature(name, arity)]

    def question(self, query):
        """QUERY of this engine as an object with ``ask`` (a :class:`Question`)."""
        return Question(self, query)


class Question:
    """One query of an engine: ``ask`` answers it (``Engine.ask`` with ``query`` fixed)."""

    def __init__(self, engine, query):
        self.engine, self.query = engine, query

    def ask(self, externals=(), models=1, optimize=False, partial=False, opt_strategy=None, ordered=True):
        return self.engine.ask(externals, models, optimize, partial, query=self.query,
                               opt_strategy=opt_strategy, ordered=ordered)

    @property
    def complete(self):
        return self.engine.complete

    def statistics(self):
        return self.engine.statistics()


class ModelView:
    """Look-ups in one answer set while its solve is open (see :meth:`Engine.view`)."""

    def __init__(self, ctl, model):
        self.ctl, self.model = ctl, model
        self._by_signature = {}

    def holds(self, atom):
        """Is the ground atom tuple ATOM true in the answer set?"""
        try:
            return self.model.contains(codec.fact_symbol(atom))
        except (TypeError, InputError):
            return False

    def atoms(self, name, arity):
        """The true atoms of signature name/arity as tuples (converted once, then cached)."""
        key = (name, arity)
        out = self._by_signature.get(key)
        if out is None:
            terms, contains = {}, self.model.contains
            out = self._by_signature[key] = [
                codec.atom_tuple(a.symbol, terms) for a in self.ctl.symbolic_atoms.by_signature(name, arity)
                if a.is_fact or contains(a.symbol)]
        return out

    def shown(self):
        """The shown atoms of the answer set (Symbols)."""
        return self.model.symbols(shown=True)

    def all_atoms(self):
        """Every true atom of the answer set as a tuple (for small programs: tests, checks), those of
        generated rules (names starting with '__') left out."""
        return [a for name, arity, _ in self.ctl.symbolic_atoms.signatures if not name.startswith("__")
                for a in self.atoms(name, arity)]
