"""Only the rules an answer needs: the program of a one-query Engine without the KB rules that
can't fire on its facts or that nothing shown depends on (start-up, issue 9).

*Rules that can't fire.* A rule with a positive body literal ``p(...)`` derives nothing while no
atom of ``p`` exists. Which predicates can have atoms at all follows from the predicates of the
snapshot's facts, the externals and the rules, as a least fixpoint over predicates
(:func:`fires`): a rule whose positive body literals all have predicates that can have atoms
*can fire*, and its head predicates then can have atoms too (literals under ``not``, in
aggregates and in conditions don't count: an empty predicate can make them true). The rules that
can't fire yield no ground rule and no atom: leaving them out changes neither the ground atoms
nor the answer sets.

*Rules nothing shown depends on.* When the program hides every atom but those its ``#show``
statements name (``#show.``), only the rules defining a predicate that a ``#show`` statement, an
external's condition or a constraint reads, directly or through other rules, are needed
(:func:`needed`). Those rules form a splitting set (Lifschitz and Turner's splitting theorem):
every answer set of the whole program is an answer set of them extended by the others, and the
shown atoms are theirs. The others are normal rules without constraints, so
in a deterministic program (below) they extend each answer set in exactly one way, and leaving
them out changes no answer.

The grounder may number the atoms of a smaller program in another order, which could change
*which* answer set comes first. So a program is sliced only if it is *deterministic*: no choice
rule or disjunction, no ``#minimize`` or weak constraint, no statement kind this module does not
know, and no predicate depending on itself through ``not``, an aggregate or a condition, except
term by term (:func:`_unique`): such a program has at most one answer set. could-produce, show,
untap and cast-free are; produce and pay (choices of payments and outcomes) are not, and load
their files whole as before.

*Any optimal answer set.* A query whose answer is read from one optimal answer set, whichever
(``% @any-optimal`` in its file: actions, whose payments are choices and whose paid questions
are the same in every optimal answer set), is sliced too when its program is *stratified*: the
same conditions, except that choice rules and ``#minimize``/``#maximize`` statements (and weak
constraints) are allowed. Choice rules are roots (kept with all they read) and so are the
optimization statements; what is left out is normal rules only, stratified, without constraints,
which extend each answer set of the kept rules in exactly one way: the answer sets of the sliced
program and of the whole correspond one to one, with the same shown atoms and the same costs. Only
which optimal answer set the solver finds may change, which such a query does not depend on. A one-permanent could-produce grounds about 50 of the 430
rules of its parts (the grounder pays about 50 microseconds a rule, however small the board).
A sliced engine holds only the atoms its answers need: the driver slices one-query engines,
whose callers read shown atoms, and explain's engine, which has no query but a *root predicate*
(the asked atom's): it keeps the rules that can fire and that the atoms of that predicate depend
on (with the constraints and externals, roots as above), so every atom the explainer looks at
(the atom, its premises, the atoms of the rules that could derive it, recursively) is the same
as in the whole program, and the provenance rules ground over a third fewer rules.

*A program its caller assembled.* A property check (pyengine/check.py) grounds the KB's every
part, the violations query and property files: the parts' choices (payments, plans) make that
program neither deterministic nor stratified as a whole, but on a given board most of it can't
fire. Such an engine (``programs=`` or ``parts=``) is sliced by what can fire on its facts
(:func:`_firing_slice`): that must be stratified but for choice rules and optimization
statements; the choices without bounds, the optimization statements and the constraints (and
``#edge`` statements) that need a chosen atom (:func:`gated`: they hold when nothing is chosen)
are no roots, and what the other roots depend on must be deterministic. Then every answer set of
the whole program shows the atoms of the one answer set of the sliced one, and there is one if
and only if that one exists. Otherwise (a choice a shown atom reads, a bounded choice, a cycle
through ``not``) the files are loaded whole, as a check's bounded search (its choices are the
states) always is.

The statements of the files (text, part, head predicates, positive and all body predicates), and
whether the program is deterministic, are read once with clingo's parser and kept in the cache
(:mod:`pyengine.cachedir`, kind ``kb-slices``): one file per set of parts and query, named by the
digest of rules.lp, every file it includes and the query file, so any change to one of them is a
miss; an extra program file's own table is kept by its digest and merged with the KB's (a
property file is parsed once whatever it is grouped with) (the digest is read back while the files' stamps are unchanged: :mod:`pyengine.filestamps`).
The sliced programs are kept too (kind ``kb-programs``), named by that table's name, the facts'
predicates and the shapes of the facts that tell rules apart, beside a summary of each table
(whether its program is sliced, which predicates' shapes tell its rules apart, needed to name a
program before the table is read): a query on a board alike in those reads neither the table nor
the files. The version of the kinds is the digest of the source of this module, kbmodel.py,
cone.py, layout.py and shapes.py and of clingo's version.
"""

from functools import lru_cache
import json
import os
import re

import clingo

from .. import cachedir, filestamps
from . import layout, shapes
from .cone import cone

KIND = "kb-slices"
_ANONYMOUS = re.compile(r"(?<![A-Za-z0-9_'])_(?![A-Za-z0-9_'])")


@lru_cache(maxsize=1)
def version():
    """The version of the statement tables: the source of this module, of the KB model's readers
    it uses (kbmodel.py), of the cone, the layout reader and the shape refinement, and clingo's
    version."""
    here = os.path.dirname(os.path.abspath(__file__))
    files = filestamps.digest(here, ["slicing.py", "kbmodel.py", "cone.py", "layout.py", "shapes.py"])
    return cachedir.digest((files + clingo.__version__).encode())[:16]


def program(root, query, parts, fact_preds, cone=True, facts=None, programs=(), firing=False):
    """The program text of QUERY (queries/<query>.lp; None: the KB alone), of the extra program
    files PROGRAMS (relative to ROOT, or absolute: the property files of a check) and of the KB's
    statements in PARTS that can fire when the facts have the predicates FACT_PREDS ((name, arity)
    pairs), by the shapes of FACTS (the fact tuples, if given: shapes.py), and, with CONE, that a
    shown atom depends on (CONE a (name, arity) predicate: that the atoms of this predicate depend
    on, whatever is shown: explain's program, whose caller reads only such atoms); ``#program``
    directives included. None if the program is not deterministic (then load the files instead);
    with FIRING (a program its caller assembled: the KB's every part and a check's property
    files), a program that is not is sliced when what can fire on these facts allows it, else
    None (:func:`_firing_slice`).

    Kept by what it depends on (:func:`_key`: the table, FACT_PREDS, the shapes of the FACTS that
    tell rules apart) in this process and in the cache (kind ``kb-programs``), beside a summary of
    each table (whether it is sliced, which predicates' shapes tell its rules apart): a query on a
    board alike in those reads the summary and its program, and neither the table nor, while
    their stamps are unchanged (:mod:`pyengine.filestamps`), the KB files."""
    root = str(root)
    programs = tuple(programs)
    name = _table_name(root, query, parts, programs)
    summary = _summary(root, query, parts, name, programs)
    if not summary["sliced"] and not firing:
        return None
    firing = not summary["sliced"]
    key = _key(name, summary["told"], fact_preds, facts)
    cone = tuple(cone) if isinstance(cone, (tuple, list)) else bool(cone)
    if (key, cone) in _PROGRAMS:
        return _PROGRAMS[(key, cone)]
    entry = cachedir.digest(repr((key, cone)).encode("utf-8")) + ".json"
    kept = _read(entry)
    if (isinstance(kept, dict) and set(kept) == {"program"}
            and (isinstance(kept["program"], str) or (kept["program"] is None and firing))):
        text = kept["program"]
    else:
        text = _sliced(_table(root, query, parts, name, programs), fact_preds, cone, facts, key, firing)
        cachedir.write(PROGRAMS_KIND, version(), json.dumps({"program": text}).encode("utf-8"), entry)
    if len(_PROGRAMS) > 256:
        _PROGRAMS.clear()
    _PROGRAMS[(key, cone)] = text
    return text


def _summary(root, query, parts, name, programs=()):
    """{"sliced": is the program of the table NAME (of QUERY, PARTS and PROGRAMS) sliced whatever
    the facts (deterministic, or stratified and read as any optimal answer set), "told":
    shapes.told_apart of it, as sorted [name, arity] pairs}: from this process's memory, else from
    the cache (kind ``kb-programs``), else from the table."""
    got = _SUMMARIES.get(name)
    if got is not None:
        return got
    entry = "table-" + name
    got = _read(entry)
    if not (isinstance(got, dict) and set(got) == {"sliced", "told"}
            and isinstance(got["sliced"], bool)
            and isinstance(got["told"], list)
            and all(isinstance(n, str) and isinstance(a, int) for n, a in got["told"])):
        table = _table(root, query, parts, name, programs)
        got = {"sliced": bool(table["deterministic"]
                              or (table["stratified"] and query is not None
                                  and layout.any_optimal(root, query))),
               "told": sorted(map(list, shapes.told_apart(table)))}
        cachedir.write(PROGRAMS_KIND, version(), json.dumps(got).encode("utf-8"), entry)
    got["told"] = {(n, a) for n, a in got["told"]}
    _SUMMARIES[name] = got
    return got


def _read(entry):
    """The JSON value of the file ENTRY of the kind ``kb-programs``, or None."""
    try:
        with open(cachedir.path(PROGRAMS_KIND, version(), entry), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _sliced(table, fact_preds, cone, facts, key, firing=False):
    """The program of :func:`program`, from the statement table TABLE (KEY: its :func:`_key`); with
    FIRING, None unless what can fire on these facts is sliced exactly (:func:`_firing_slice`)."""
    statements = table["statements"]
    keep = fires(table, fact_preds)
    if facts is not None:
        keep = _refined(table, keep, facts, fact_preds, key)
    if firing:
        keep = _firing_slice(table, keep, cone, fact_preds)
        if keep is None:
            return None
    elif isinstance(cone, tuple):
        keep = needed(table, keep, [cone])
    elif cone and table["hides"]:
        keep = shapes.facts_read(table, needed(table, keep))
    out, part = [], None
    for i in sorted(keep):
        name, text = statements[i][:2]
        if name != part:
            out.append(f"#program {name}.")
            part = name
        out.append(text)
    return "\n".join(out)


def _firing_slice(table, firing, cone, fact_preds):
    """Of the statements FIRING (those that can fire on facts of the predicates FACT_PREDS) of a
    table that is neither deterministic nor stratified as a whole (the KB's every part and a
    check's property files, say), the statements to keep, or None if leaving any out could change
    an answer.

    The rules that can't fire derive nothing whatever they are; the condition is on the others.
    Call *free* the unbounded choice rules, the optimization statements, and the constraints and
    ``#edge`` statements with a positive literal of a predicate that has no atom when every choice
    chooses nothing (:func:`gated`). What can fire must be stratified but for choice rules,
    optimization statements and those ``#edge`` statements; the statements a shown atom (or
    CONE's predicate), an external or a constraint not free depends on, the free ones not roots,
    must be deterministic. Those form a splitting set (every rule defining a predicate they read
    is among them) with at most one answer set; what is left out is stratified, and choosing
    nothing extends that answer set without breaking a constraint or an acyclicity it keeps (their
    gated literals are false), so it never rules that answer set out (other choices may extend it
    in other ways, with the same shown atoms). So the whole program and the sliced one have
    answer sets alike, and every answer set of either shows the same atoms; optimization
    statements left out choose only among answer sets that show the same atoms. Without a cone
    and without ``#show.`` every atom is shown: then what can fire must be deterministic itself."""
    strata, statements = table["strata"], table["statements"]
    off = gated(table, firing, fact_preds)
    free = {i for i in firing if strata[i][1] == "free"
            or (strata[i][1] == "check" and any(tuple(p) in off for p in statements[i][3]))}
    deterministic, stratified = _criteria(table, [i for i in firing if i not in free or strata[i][0] < 2])
    if not stratified:
        return None
    if isinstance(cone, tuple) or (cone and table["hides"]):
        keep = needed(table, firing, [cone] if isinstance(cone, tuple) else (), free=free)
        if not _criteria(table, keep)[0]:
            return None
        return keep if isinstance(cone, tuple) else shapes.facts_read(table, keep)
    return firing if _criteria(table, firing)[0] else None


def _key(name, told, fact_preds, facts):
    """What the statements kept depend on: the table NAME (its file in the cache), FACT_PREDS and,
    if FACTS are given, the shapes of the facts of the predicates TOLD (those some rule reads with
    a function symbol: shapes.told_apart, shapes.fact_shapes); snapshots alike in those (any
    number of permanents of the same cards) share it."""
    told = (sorted((sig, sorted(map(repr, v))) for sig, v in shapes.fact_shapes(facts, told).items())
            if facts is not None else None)
    return repr((name, sorted(map(tuple, fact_preds)), told))


def _refined(table, firing, facts, fact_preds, key):
    """shapes.refine(TABLE, FIRING, FACTS): from the cache (kind ``kb-shapes``, by KEY: _key), else
    computed (~10 ms on `actions`) and cached."""
    name = cachedir.digest(key.encode("utf-8")) + ".json"
    try:
        with open(cachedir.path(SHAPES_KIND, version(), name), encoding="utf-8") as f:
            return set(json.load(f))
    except (OSError, ValueError, TypeError):
        keep = shapes.refine(table, firing, facts, fact_preds)
        cachedir.write(SHAPES_KIND, version(), json.dumps(sorted(keep)).encode("utf-8"), name)
        return keep


_PROGRAMS = {}              # (_key, cone) -> the program text, as read or made by this process
_SUMMARIES = {}             # table name -> _summary, as read or made by this process
PROGRAMS_KIND = "kb-programs"
SHAPES_KIND = "kb-shapes"


def fires(table, fact_preds):
    """The indices of TABLE's statements that can fire when the facts have the predicates
    FACT_PREDS (statements other than rules always do, but for an ``#edge`` whose condition has a
    positive literal of a predicate without atoms: it makes no edge)."""
    statements = table["statements"]
    can = {tuple(p) for p in table["always"]} | set(fact_preds)   # predicates that may have atoms
    out, missing, waiting, todo = set(), [0] * len(statements), {}, []

    def fire(i):
        out.add(i)
        for d in map(tuple, statements[i][2]):
            if d not in can:
                can.add(d)
                todo.append(d)

    for i, st in enumerate(statements):
        need = {tuple(p) for p in st[3]} - can
        missing[i] = len(need)
        for p in need:
            waiting.setdefault(p, []).append(i)
        if not need:
            fire(i)
    while todo:
        for i in waiting.pop(todo.pop(), ()):
            missing[i] -= 1
            if missing[i] == 0:
                fire(i)
    return out


def needed(table, firing, preds=(), free=()):
    """Of the statements FIRING (indices), those a shown atom, an external, a constraint or an atom
    of one of the predicates PREDS depends on, and every statement that is not a rule, but for the
    statements FREE (indices) that none of those depends on."""
    statements = table["statements"]

    def defines(i):
        return map(tuple, statements[i][2])

    def reads(i):
        return map(tuple, statements[i][4])

    roots = {i for i in firing if statements[i][5] and i not in free}
    _, found = cone([*preds, *(p for i in roots for p in reads(i))], firing, defines, reads)
    return roots | set(found)


def gated(table, firing, fact_preds):
    """The predicates that have no atom when every choice rule of the statements FIRING chooses
    nothing: the greatest set of predicates, none of the facts' (FACT_PREDS) nor an external's,
    every firing rule defining which is an unbounded choice rule or has a positive body literal of
    one of them (an atom of theirs needs, in its derivation, an atom chosen)."""
    statements, strata = table["statements"], table["strata"]
    rules = [i for i in firing if statements[i][2]]
    out = {tuple(h) for i in rules for h in statements[i][2]}
    out -= set(map(tuple, fact_preds)) | {tuple(p) for p in table["always"]}
    changed = True
    while changed:
        changed = False
        for i in rules:
            if strata[i][1] == "free" or any(tuple(p) in out for p in statements[i][3]):
                continue
            for h in map(tuple, statements[i][2]):
                if h in out:
                    out.discard(h)
                    changed = True
    return out


def _files(root, query):
    """rules.lp, the files it includes and the query file, if any (paths relative to ROOT), in order."""
    return ["rules.lp"] + layout.included(root) + ([f"queries/{query}.lp"] if query else [])


def _table_name(root, query, parts, programs=()):
    """The name in the cache of the statement table of QUERY, the KB's PARTS and the extra program
    files PROGRAMS: the digest of PARTS and of the files' names and contents (read again only when
    a file's stamp changed, :mod:`pyengine.filestamps`), so a change to any of them is a new name."""
    files = filestamps.digest(root, _files(root, query))
    extra = [filestamps.digest(root, [p]) for p in programs]
    return cachedir.digest((repr(sorted(parts)) + files + "".join(extra)).encode("utf-8")) + ".json"


_TABLE_KEYS = {"statements", "always", "hides", "deterministic", "stratified", "strata", "patterns"}


def _table(root, query, parts, name=None, programs=()):
    """The statement table of QUERY, the KB's PARTS and the extra program files PROGRAMS (NAME: its
    :func:`_table_name`): from this process's memory, else from the cache, else built and cached.
    With PROGRAMS, the table of the KB and QUERY and that of each program file (each kept by the
    digest of its file) are merged: a property file is read once, whatever it is grouped with."""
    root = str(root)
    programs = tuple(programs)
    name = name or _table_name(root, query, tuple(parts), programs)
    table = _TABLES.get(name)
    if table is None:
        table = _cached_table(name)
        if table is None:
            if programs:
                table = merged([_table(root, query, parts)]
                               + [_file_table(root, p, parts) for p in programs])
            else:
                table = build(root, _files(root, query)[1:], set(parts))
            cachedir.write(KIND, version(), json.dumps(table).encode("utf-8"), name)
        _TABLES[name] = table
    return table


def _file_table(root, path, parts):
    """The statement table of the one program file PATH (relative to ROOT, or absolute) for PARTS,
    kept by the digest of the file and PARTS."""
    name = "file-" + cachedir.digest((repr(sorted(parts)) + filestamps.digest(root, [path])).encode("utf-8")) + ".json"
    table = _TABLES.get(name) or _cached_table(name)
    if table is None:
        table = build(root, [path], set(parts))
        cachedir.write(KIND, version(), json.dumps(table).encode("utf-8"), name)
    _TABLES[name] = table
    return table


def _cached_table(name):
    """The table kept in the cache as NAME, or None."""
    try:
        with open(cachedir.path(KIND, version(), name), encoding="utf-8") as f:
            table = json.load(f)
    except (OSError, ValueError):
        return None
    return table if isinstance(table, dict) and set(table) == _TABLE_KEYS else None


_TABLES = {}                # file name in the cache -> its table, as read by this process


def build(root, files, parts):
    """The statement table of FILES (relative to ROOT, or absolute; each starts in part base) for
    PARTS: ``statements``: [part, text, head predicates, positive body predicates, every predicate it
    reads, root?, the predicates it reads other than in a positive literal with a pattern
    (shapes.patterns; every predicate it reads if it is not a rule)] of each rule or other statement in PARTS, in order (a pooled rule unpooled; the
    roots: constraints, rules with a head of no known predicate, and every statement that is not
    a rule: ``#show``, ``#external``, ...);
    ``always``: the predicates of externals (set by the engine); ``hides``: whether ``#show.``
    hides the atoms not shown; ``strata``: per statement [level, kind, dependencies, predicates
    read by themselves other than term by term] (:func:`_criteria`); ``deterministic`` and
    ``stratified``: see the module docstring (of all the statements)."""
    import clingo.ast
    from . import codec, kbmodel
    T = clingo.ast.ASTType
    statements, always, hides = [], set(), False
    patterns = []                            # per statement: shapes.patterns of a rule, else None
    # per statement: [level (0 normal, 1 a choice or optimization, 2 anything else), "free" (an
    # unbounded choice rule or an optimization statement) or "check" (a constraint or an #edge:
    # they only rule answer sets out) or "", [(head, body predicate, negative?)],
    # the predicates it reads by themselves other than term by term (_bad_loop)]
    strata = []
    for name in files:
        stms = []
        with _cwd(root):
            clingo.ast.parse_files([name], stms.append, logger=codec.quiet)
        part = "base"
        for s in stms:
            t = s.ast_type
            if t == T.Program:
                part = s.name
                continue
            if t == T.Comment or part not in parts:
                continue
            if t != T.Rule:
                reads, level = set(), 0
                if t == T.External:
                    defines = set()
                    kbmodel._collect(s.atom, defines, set(), head=True)
                    always |= defines
                    for b in s.body:
                        kbmodel._collect(b, set(), reads)
                elif t == T.ShowSignature:
                    if s.name:
                        reads.add((s.name, s.arity))
                    else:
                        hides = True
                elif t == T.ShowTerm:
                    for b in s.body:
                        kbmodel._collect(b, set(), reads)
                elif t == T.Minimize:                # #minimize, #maximize, a weak constraint
                    level = 1
                    for b in s.body:
                        kbmodel._collect(b, set(), reads)
                elif t not in (T.Defined, T.Definition):
                    level = 2                        # #edge, #heuristic, #project, theory, ...
                pos = set()
                if t == T.Edge:                      # an edge exists only where its condition holds
                    for lit in s.body:
                        kbmodel._collect(lit, set(), reads)
                        if (lit.ast_type == T.Literal and lit.atom.ast_type == T.SymbolicAtom
                                and lit.sign == clingo.ast.Sign.NoSign):
                            sig = kbmodel._signature(lit.atom.symbol)
                            if sig:
                                pos.add(sig)
                statements.append([part, str(s), [], sorted(pos), sorted(reads), True, sorted(reads)])
                patterns.append(None)
                strata.append([level, "free" if t == T.Minimize else "check" if t == T.Edge else "", [], []])
                continue
            for u in s.unpool():
                kind = kbmodel._head_kind(u.head)
                level, free = 0, "check" if kind == "constraint" else ""
                if kind not in ("atom", "constraint"):
                    level = 2                        # a disjunction, or a head this module does not know
                    if kind == "choice" and u.head.ast_type == T.Aggregate:
                        level = 1
                        if u.head.left_guard is None and u.head.right_guard is None:
                            free = "free"
                defines = kbmodel._head_signatures(u.head)
                pos, reads, loose, plain_pos = set(), set(), set(), 0
                edges, bad = [], set()
                for lit in u.body:
                    plain = lit.ast_type == T.Literal and lit.atom.ast_type == T.SymbolicAtom
                    sig = kbmodel._signature(lit.atom.symbol) if plain else None
                    if plain and lit.sign == clingo.ast.Sign.NoSign:
                        if sig:
                            pos.add(sig)
                    other = set()
                    kbmodel._collect(lit, set(), other)
                    reads |= other
                    negative = not (plain and lit.sign == clingo.ast.Sign.NoSign)
                    plain_pos += not negative
                    if negative:
                        loose |= other
                    edges += [(h, b, negative) for h in defines for b in other]
                    if sig in defines:
                        if _bad_loop(u.head.atom.symbol, lit.atom.symbol, negative,
                                     plain and lit.sign == clingo.ast.Sign.Negation):
                            bad.add(sig)
                    elif defines & other:
                        bad.add(next(iter(defines & other)))
                pattern = shapes.patterns(u)
                if len(pattern[1]) != plain_pos:
                    loose |= pos                     # a positive literal without a pattern
                # a root: a constraint, or a head whose predicate is not known (-p(X), say)
                statements.append([part, str(u), sorted(defines), sorted(pos), sorted(reads),
                                   kind != "atom" or not defines, sorted(loose)])
                patterns.append(pattern)
                strata.append([level, free, sorted(edges), sorted(bad)])
    table = {"statements": statements, "always": sorted(always), "hides": hides, "strata": strata,
             "patterns": patterns}
    table["deterministic"], table["stratified"] = _criteria(table, range(len(statements)))
    return table


def merged(tables):
    """One statement table of the programs of TABLES (tables of :func:`build`), in order: the
    statements of each in turn, the externals of all, hiding if one hides."""
    table = {"statements": [st for t in tables for st in t["statements"]],
             "always": sorted({tuple(p) for t in tables for p in t["always"]}),
             "hides": any(t["hides"] for t in tables),
             "strata": [s for t in tables for s in t["strata"]],
             "patterns": [p for t in tables for p in t["patterns"]]}
    table["deterministic"], table["stratified"] = _criteria(table, range(len(table["statements"])))
    return table


def _criteria(table, indices):
    """(deterministic, stratified) of the program of TABLE's statements INDICES: deterministic, a
    normal program (constraints allowed) with at most one answer set (:func:`_unique`);
    stratified, the same but for choice rules and optimization statements."""
    strata = table["strata"]
    level, edges, bad = 0, set(), set()
    for i in indices:
        st = strata[i]
        level = max(level, st[0])
        edges.update((tuple(h), tuple(b), n) for h, b, n in st[2])
        bad.update(map(tuple, st[3]))
    if level > 1:
        return False, False
    unique = _unique(edges, bad)
    return level == 0 and unique, unique


def _bad_loop(head, body, negative, plain):
    """Does a body literal reading BODY (a term AST) of the rule's own head predicate (HEAD) keep
    that predicate from being stratified term by term (:func:`_unique`)? NEGATIVE: under ``not``,
    in an aggregate or a condition; PLAIN: a plain ``not``."""
    return (negative and not plain) or not _smaller(body, head, strictly=negative)


def _unique(edges, bad):
    """Whether a normal program (no choices) with these dependencies has at most one answer set:
    no predicate depends on itself through ``not``, an aggregate or a condition (stratified),
    except a predicate ``p`` that depends on no other predicate that depends on it (its own
    component) and whose rules read ``p`` only with arguments that are parts of the head's
    (``matches(X,non(F)) :- not matches(X,F)``): every ``not p`` reads a strictly smaller atom,
    so the program is stratified atom by atom. EDGES: (head, body predicate, negative?) of each
    rule; BAD: the predicates some rule reads by themselves other than term by term (_bad_loop), or
    while defining another predicate too."""
    succ = {}
    for h, b, _ in edges:
        succ.setdefault(h, set()).add(b)

    def reaches(a, goal):
        seen, todo = set(), [a]
        while todo:
            p = todo.pop()
            if p == goal:
                return True
            if p not in seen:
                seen.add(p)
                todo += succ.get(p, ())
        return False

    for h, b, negative in edges:
        if not negative or not reaches(b, h):
            continue
        if b != h or any(s != h and reaches(s, h) for s in succ[h]):
            return False                         # a cycle through ``not`` over several predicates
        if h in bad:
            return False
    return True


def _smaller(body, head, strictly):
    """Is every argument of the atom term BODY equal to, or a part of, the same argument of HEAD
    (and one a proper part, if STRICTLY)?"""
    ba, ha = getattr(body, "arguments", None), getattr(head, "arguments", None)
    if ba is None or ha is None or len(ba) != len(ha):
        return False
    proper = False
    for b, h in zip(ba, ha):
        if _ANONYMOUS.search(str(b)):
            return False                         # an anonymous variable may stand for anything
        if str(b) == str(h):
            continue
        if not _part_of(str(b), h):
            return False
        proper = True
    return proper or not strictly


def _part_of(text, term):
    """Is TEXT the text of a proper part of the term AST TERM?"""
    for a in getattr(term, "arguments", None) or ():
        if str(a) == text or _part_of(text, a):
            return True
    return False


def _cwd(root):
    from .driver import working_directory
    return working_directory(root)
