"""Which rules can fire, argument by argument: the slicer's test (slicing.py) refined by the
*shapes* of the atoms a predicate can have.

slicing.fires keeps a rule when every predicate of its positive body can have atoms. Many KB rules
read a predicate only with a given constant or function symbol in an argument
(``ability_cost(Ab,untap)``, ``candidate(P,act(attack,X,K))``, ``current_step(declare_attackers)``),
and on most snapshots no atom of that shape exists: such a rule derives nothing, yet the grounder
still sets it up and scans the predicate's atoms for it (on `actions`, a third of the rules it keeps
fire on no board without those cards or steps).

An atom's *shape* is its arguments' terms cut at depth :data:`DEPTH`: a function symbol keeps its
name and the shapes of its arguments; a variable, a number, a string, an arithmetic term and
anything below the cut are ``None`` (any term). A rule *can fire* when each of its positive body
literals (not those under ``not``, in aggregates or in conditions, as in slicing.fires) unifies,
argument by argument, with a shape its predicate can have; its head atoms then have the shapes of
their terms, a variable taking every shape that one positive body literal binding it can give it
(any term if none does). The least fixpoint over the facts' shapes, the externals' (any term) and
the rules is an over-approximation of the atoms the grounder derives, so a rule that cannot fire
here derives no atom: leaving it out changes neither the ground atoms nor the answer sets.

The patterns are read from the rules' ASTs when the statement table is built (:func:`patterns`,
JSON: a function symbol ``[name, [args]]``, a variable its name, anything else ``null``).
"""

from itertools import product

import clingo

DEPTH = 3              # terms are told apart down to this depth: act(cast,C,cast(Ch,kicked(Ab)))
CAP = 64               # at most this many shapes of one argument or one predicate, else any term


# -- patterns from the ASTs (when the statement table is built) ------------------------------------
def _term(t):
    """The pattern of the term AST T."""
    import clingo.ast                 # only when a table is built: a query does not import it
    T = clingo.ast.ASTType
    a = t.ast_type
    if a == T.Variable:
        return None if t.name == "_" else t.name
    if a == T.SymbolicTerm:
        return _symbol(t.symbol)
    if a == T.Function and not t.external:
        return [t.name, [_term(x) for x in t.arguments]]
    return None                                   # arithmetic, intervals, pools: any term


def _symbol(s):
    if s.type == clingo.SymbolType.Function:
        return [s.name, [_symbol(x) for x in s.arguments]]
    return None


def _atom(atom):
    """[name, [argument patterns]] of a symbolic atom AST, or None."""
    import clingo.ast
    T = clingo.ast.ASTType
    if atom.ast_type != T.SymbolicAtom:
        return None
    p = _term(atom.symbol)
    return p if isinstance(p, list) and p[0] else None


def patterns(rule):
    """[head atoms, positive body atoms] of the (unpooled) rule AST RULE, as patterns."""
    import clingo.ast
    T = clingo.ast.ASTType
    head, heads = rule.head, []
    if head.ast_type == T.Literal:
        heads = [_atom(head.atom)] if int(head.sign) == 0 else []
    elif head.ast_type in (T.Aggregate, T.Disjunction):
        for e in head.elements:
            lit = e.literal if head.ast_type == T.Aggregate else e.literal
            heads.append(_atom(lit.atom) if int(lit.sign) == 0 else None)
    pos = [_atom(lit.atom) for lit in rule.body
           if lit.ast_type == T.Literal and lit.sign == clingo.ast.Sign.NoSign
           and lit.atom.ast_type == T.SymbolicAtom]
    return [[h for h in heads if h], [p for p in pos if p]]


# -- shapes ------------------------------------------------------------------------------------------
def _cut(shape, depth):
    if shape is None:
        return None
    if depth == 0:
        return None
    return (shape[0], tuple(_cut(a, depth - 1) for a in shape[1]))


def term_shape(term, depth=DEPTH):
    """The shape of the plain-Python term TERM (pyengine.terms: Const, Fn, tuple, str, int)."""
    if depth == 0 or isinstance(term, (str, int)):
        return None
    name = getattr(term, "name", None)
    if name is not None:
        args = getattr(term, "args", ())
        return (name, tuple(term_shape(a, depth - 1) for a in args))
    if isinstance(term, tuple):
        return ("", tuple(term_shape(a, depth - 1) for a in term))
    return None


def fact_shapes(facts, told):
    """{(name, arity): {argument shapes}} of the fact tuples FACTS whose predicate is in TOLD (those
    some rule reads with a function symbol in an argument)."""
    names = {name for name, _ in told}
    out = {}
    for f in facts:
        if f[0] in names:
            sig = (f[0], len(f) - 1)
            if sig in told:
                out.setdefault(sig, set()).add(tuple(term_shape(a) for a in f[1:]))
    return out


def told_apart(table):
    """The predicates some positive body literal of TABLE reads with a function symbol (or
    constant) in an argument: only their facts' shapes can keep a rule out."""
    return _compiled(table)[1]


def _tuple(pat):
    return tuple((_tuple(p) if isinstance(p, list) else p) for p in pat) if isinstance(pat, list) else pat


def _path(pat, var):
    """The argument indices leading to the first occurrence of VAR in the pattern PAT, or None."""
    for i, p in enumerate(pat[1]):
        if p == var:
            return (i,)
        if isinstance(p, tuple):
            sub = _path(p, var)
            if sub is not None:
                return (i,) + sub
    return None


def _compiled(table):
    """TABLE's rule patterns as tuples, with the paths of each head variable in the body literals
    binding it, computed once per table: ({index: (heads, body, paths)}, predicates told apart)."""
    got = table.get("_shapes")
    if got is None:
        rules, told = {}, set()
        for i, pat in enumerate(table["patterns"]):
            if not pat:
                continue
            heads = [_tuple(h) for h in pat[0]]
            body = [_tuple(b) for b in pat[1]]
            for name, args in body:
                if any(isinstance(a, tuple) for a in args):
                    told.add((name, len(args)))
            names = set()
            for h in heads:
                _vars(h, names)
            paths = {v: [(k, _path(b, v)) for k, b in enumerate(body) if _path(b, v) is not None]
                     for v in names}
            rules[i] = (heads, body, paths)
        got = table["_shapes"] = (rules, told)
    return got


def _unify(pat, shape):
    if pat is None or shape is None or isinstance(pat, str):
        return True
    name, args = pat
    if name != shape[0] or len(args) != len(shape[1]):
        return False
    return all(_unify(p, s) for p, s in zip(args, shape[1]))


def _vars(pat, out):
    if isinstance(pat, str):
        out.add(pat)
    elif pat is not None:
        for a in pat[1]:
            _vars(a, out)
    return out


def _shapes(pat, env):
    """The set of shapes of head term PAT, its variables' shapes from ENV (None: any term)."""
    if pat is None:
        return {None}
    if isinstance(pat, str):
        return env.get(pat) or {None}
    choices = [_shapes(a, env) for a in pat[1]]
    n = 1
    for c in choices:
        n *= len(c)
    if n > CAP:
        return {None}
    return {_cut((pat[0], args), DEPTH) for args in product(*choices)}


def _follow(args, path):
    """The shape at PATH (from _path) in the argument shapes ARGS of an atom (None: any term)."""
    shape = args[path[0]]
    for i in path[1:]:
        if shape is None:
            return None
        shape = shape[1][i]
    return shape


def refine(table, candidates, facts, fact_preds, told=None):
    """Of the statement indices CANDIDATES (slicing.fires), those that can fire by shapes, given the
    fact tuples FACTS, whose predicates are FACT_PREDS (TOLD: fact_shapes of them, if known);
    statements that are not rules are kept."""
    rules, apart = _compiled(table)
    atoms = {sig: set(v) for sig, v in (told if told is not None else fact_shapes(facts, apart)).items()}
    for sig in fact_preds:
        if tuple(sig) not in atoms:
            atoms[tuple(sig)] = {(None,) * sig[1]}
    for name, arity in table["always"]:
        atoms.setdefault((name, arity), set()).add((None,) * arity)
    readers = {}
    for i in candidates:
        if i in rules:
            for name, args in rules[i][1]:
                readers.setdefault((name, len(args)), set()).add(i)
    out = {i for i in candidates if i not in rules}
    todo = sorted((i for i in candidates if i in rules), reverse=True)
    queued = set(todo)
    while todo:
        i = todo.pop()
        queued.discard(i)
        heads, body, paths = rules[i]
        matches = []
        for name, args in body:
            have = atoms.get((name, len(args)), ())
            m = [s for s in have if all(_unify(p, x) for p, x in zip(args, s))]
            if not m:
                break
            matches.append(m)
        else:
            out.add(i)
            env = {}
            for v, where in paths.items():
                best = None
                for k, path in where:
                    got = {_follow(s, path) for s in matches[k]}
                    if None not in got and (best is None or len(got) < len(best)):
                        best = got
                if best is not None:
                    env[v] = best
            for name, args in heads:
                sig = (name, len(args))
                have = atoms.setdefault(sig, set())
                if (None,) * sig[1] in have:
                    continue
                choices = [_shapes(a, env) for a in args]
                new = set(product(*choices)) if _count(choices) <= CAP else {(None,) * sig[1]}
                new -= have
                if new:
                    have |= new
                    if len(have) > CAP:
                        have.clear()
                        have.add((None,) * sig[1])
                    for j in readers.get(sig, ()):
                        if j not in queued:
                            queued.add(j)
                            todo.append(j)
    return out


def facts_read(table, keep):
    """Of the statement indices KEEP, all but the facts (rules without a body) that no statement of
    KEEP can read: a fact whose predicate the kept statements read only in positive body literals
    with patterns (shapes.patterns), none of which unifies with it, adds no ground rule to them.
    For a program that shows only what its ``#show`` statements name (a ``#show`` statement reads
    its predicates in full), leaving it out changes no answer: kb/subtypes.lp's hundreds of
    subtypes, say, of which a basic land's could-produce reads the land types."""
    statements = table["statements"]
    rules, _ = _compiled(table)
    facts = {}                                    # predicate -> the facts of KEEP defining it
    for i in keep:
        st = statements[i]
        if (i in rules and not st[4] and not st[5] and len(rules[i][0]) == 1 and len(st[2]) == 1
                and not _vars(rules[i][0][0], set())):
            facts.setdefault(tuple(st[2][0]), []).append(i)
    read = {}                                     # predicate -> body patterns reading it, or None: any
    for j in keep:
        for sig in map(tuple, statements[j][6]):
            if sig in facts:
                read[sig] = None
        for name, args in rules[j][1] if j in rules else ():
            sig = (name, len(args))
            if sig in facts and read.get(sig, ()) is not None:
                read.setdefault(sig, []).append(args)
    drop = set()
    for sig, found in facts.items():
        patterns = read.get(sig, [])
        if patterns is None:
            continue
        for i in found:
            fact = rules[i][0][0][1]
            if not any(all(_unify(p, f) for p, f in zip(args, fact)) for args in patterns):
                drop.add(i)
    return keep - drop


def _count(choices):
    n = 1
    for c in choices:
        n *= len(c)
    return n
