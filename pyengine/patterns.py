"""Rule patterns: the KB's rules as plain Python data, for explanations and checks.

:mod:`pyengine.asp.kbmodel` reads ``kb/*.lp`` with clingo's parser and turns each rule into a
``KbRule`` whose terms are the plain terms of :mod:`pyengine.terms` plus :class:`Var`
(a variable; ``_`` is anonymous) and :class:`Expr` (an arithmetic term), its body into
:class:`BodyLit`. This module matches such patterns against ground atoms (tuples
``(pred, args...)``) without clingo.
"""

from dataclasses import dataclass
import operator

from .terms import Const, Fn, render


@dataclass(frozen=True)
class Var:
    """A variable of a rule (``_`` is the anonymous variable)."""

    name: str

    def __str__(self):
        return self.name


@dataclass(frozen=True)
class Expr:
    """An arithmetic term ``left op right`` (or ``op(arg)`` for unary minus/abs)."""

    op: str
    args: tuple

    def __str__(self):
        if len(self.args) == 1:
            return f"{self.op}{show(self.args[0])}"
        return f"({show(self.args[0])}{self.op}{show(self.args[1])})"


@dataclass(frozen=True)
class BodyLit:
    """One body literal of a rule.

    ``kind`` is ``pos`` (an atom that must hold), ``neg`` (``not atom``), ``notnot``, ``cmp``
    (a comparison ``left op right``), ``agg`` (an aggregate), ``cond`` (a conditional literal)
    or ``other``. ``atom`` is the atom pattern for pos/neg/notnot; ``cmp`` holds
    ``(left, op, right)`` for comparisons; ``text`` is the literal as written.
    """

    kind: str
    text: str
    atom: tuple | None = None
    cmp: tuple | None = None


def show(term):
    """Human text of a pattern or ground term."""
    if isinstance(term, (Var, Expr)):
        return str(term)
    if isinstance(term, Fn):
        return f"{term.name}({','.join(show(a) for a in term.args)})"
    if isinstance(term, tuple):
        return "(" + ",".join(show(a) for a in term) + ("," if len(term) == 1 else "") + ")"
    return render(term)


def show_atom(atom):
    """Human text of an atom tuple ``(pred, args...)`` (ground or a pattern)."""
    pred, *args = atom
    return pred if not args else f"{pred}({','.join(show(a) for a in args)})"


_OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "\\": operator.mod,
        "**": operator.pow, "&": operator.and_, "?": operator.or_, "^": operator.xor}


def evaluate(term, theta):
    """The ground value of a pattern under substitution THETA, or None if a variable is unbound
    or the arithmetic is undefined."""
    if isinstance(term, Var):
        return None if term.name == "_" else theta.get(term.name)
    if isinstance(term, Expr):
        vals = [evaluate(a, theta) for a in term.args]
        if any(not isinstance(v, int) or isinstance(v, bool) for v in vals):
            return None
        if len(vals) == 1:
            return -vals[0] if term.op == "-" else abs(vals[0])
        if term.op == "/":
            return None if vals[1] == 0 else int(vals[0] / vals[1])
        if term.op == "\\" and vals[1] == 0:
            return None
        fn = _OPS.get(term.op)
        return fn(*vals) if fn else None
    if isinstance(term, Fn):
        args = [evaluate(a, theta) for a in term.args]
        return None if any(a is None for a in args) else Fn(term.name, tuple(args))
    if isinstance(term, tuple):
        args = [evaluate(a, theta) for a in term]
        return None if any(a is None for a in args) else tuple(args)
    return term


def substitute(term, theta):
    """TERM with the bound variables of THETA replaced (arithmetic evaluated where possible)."""
    if isinstance(term, Var):
        return theta.get(term.name, term) if term.name != "_" else term
    if isinstance(term, Expr):
        v = evaluate(term, theta)
        return v if v is not None else Expr(term.op, tuple(substitute(a, theta) for a in term.args))
    if isinstance(term, Fn):
        return Fn(term.name, tuple(substitute(a, theta) for a in term.args))
    if isinstance(term, tuple):
        return tuple(substitute(a, theta) for a in term)
    return term


def substitute_atom(atom, theta):
    return (atom[0],) + tuple(substitute(a, theta) for a in atom[1:])


def match(pattern, value, theta):
    """Extend THETA so that PATTERN matches the ground VALUE; None if it cannot. An arithmetic
    term that cannot be evaluated yet matches anything (it is checked once it can be)."""
    if isinstance(pattern, Var):
        if pattern.name == "_":
            return theta
        if pattern.name in theta:
            return theta if theta[pattern.name] == value else None
        return {**theta, pattern.name: value}
    if isinstance(pattern, Expr):
        v = evaluate(pattern, theta)
        return theta if v is None or v == value else None
    if isinstance(pattern, Fn):
        if not isinstance(value, Fn) or value.name != pattern.name or len(value.args) != len(pattern.args):
            return None
        return match_all(pattern.args, value.args, theta)
    if isinstance(pattern, tuple):
        if not isinstance(value, tuple) or len(value) != len(pattern):
            return None
        return match_all(pattern, value, theta)
    if isinstance(pattern, bool) or isinstance(value, bool):
        return None
    return theta if type(pattern) is type(value) and pattern == value else None


def match_all(patterns, values, theta):
    for p, v in zip(patterns, values):
        theta = match(p, v, theta)
        if theta is None:
            return None
    return theta


def match_atom(pattern, atom, theta):
    """Extend THETA so that atom PATTERN matches the ground ATOM tuple."""
    if pattern[0] != atom[0] or len(pattern) != len(atom):
        return None
    return match_all(pattern[1:], atom[1:], theta)


def unify(p, q, theta=None):
    """Most general unifier of two patterns (variables on both sides share one namespace: rename
    first). Arithmetic terms unify with anything. Returns a substitution or None."""
    theta = dict(theta or {})

    def walk(t):
        while isinstance(t, Var) and t.name != "_" and t.name in theta:
            t = theta[t.name]
        return t

    def go(a, b):
        a, b = walk(a), walk(b)
        if isinstance(a, Var) or isinstance(b, Var):
            if isinstance(a, Var) and a.name != "_":
                if a != b:
                    theta[a.name] = b
            elif isinstance(b, Var) and b.name != "_":
                theta[b.name] = a
            return True
        if isinstance(a, Expr) or isinstance(b, Expr):
            return True
        if isinstance(a, Fn) and isinstance(b, Fn):
            return a.name == b.name and len(a.args) == len(b.args) and all(map(go, a.args, b.args))
        if isinstance(a, tuple) and isinstance(b, tuple):
            return len(a) == len(b) and all(map(go, a, b))
        return type(a) is type(b) and a == b

    if p[0] != q[0] or len(p) != len(q):
        return None
    ok = all(go(a, b) for a, b in zip(p[1:], q[1:]))
    if not ok:
        return None
    # resolve chains so the result maps each variable to its final term
    return {k: _resolve(v, theta) for k, v in theta.items()}


def _resolve(t, theta, depth=0):
    if depth > 100:
        return t
    if isinstance(t, Var) and t.name in theta:
        return _resolve(theta[t.name], theta, depth + 1)
    if isinstance(t, Fn):
        return Fn(t.name, tuple(_resolve(a, theta, depth + 1) for a in t.args))
    if isinstance(t, tuple):
        return tuple(_resolve(a, theta, depth + 1) for a in t)
    return t


def map_vars(atom, f):
    """The atom pattern with every variable V replaced by f(V), inside functions, tuples and
    arithmetic."""
    def go(t):
        if isinstance(t, Var):
            return f(t)
        if isinstance(t, Expr):
            return Expr(t.op, tuple(go(a) for a in t.args))
        if isinstance(t, Fn):
            return Fn(t.name, tuple(go(a) for a in t.args))
        if isinstance(t, tuple):
            return tuple(go(a) for a in t)
        return t
    return (atom[0],) + tuple(go(a) for a in atom[1:])


def rename(atom, suffix):
    """The atom pattern with every named variable renamed apart (X -> X<suffix>)."""
    return map_vars(atom, lambda v: v if v.name == "_" else Var(v.name + suffix))


def unrename(atom, suffix):
    """The inverse of :func:`rename`: variables shown as in the rule (X<suffix> -> X)."""
    return map_vars(atom, lambda v: Var(v.name[:-len(suffix)]) if v.name.endswith(suffix) else v)


class AtomIndex:
    """Ground atoms, indexed for matching patterns: by signature, then by the values of the ground
    top-level arguments of the pattern (an index per set of argument positions, built on first
    use). SOURCE(sig) gives the atoms of a signature (name, arity), in the order matches are
    returned."""

    def __init__(self, source):
        self._source = source
        self._atoms, self._index = {}, {}

    def atoms(self, sig):
        """Every atom of signature (name, arity)."""
        out = self._atoms.get(sig)
        if out is None:
            out = self._atoms[sig] = self._source(sig)
        return out

    def matching(self, pattern):
        """The atoms matching an atom pattern (its variables free)."""
        sig = (pattern[0], len(pattern) - 1)
        positions = tuple(i for i in range(1, len(pattern)) if is_ground(pattern[i]))
        if positions:
            key = (sig, positions)
            index = self._index.get(key)
            if index is None:
                index = self._index[key] = {}
                for a in self.atoms(sig):
                    index.setdefault(tuple(a[i] for i in positions), []).append(a)
            candidates = index.get(tuple(pattern[i] for i in positions), [])
            if len(positions) == len(pattern) - 1:
                return list(candidates)
        else:
            candidates = self.atoms(sig)
        return [a for a in candidates if match_atom(pattern, a, {}) is not None]


def is_ground(term):
    if isinstance(term, (Var, Expr)):
        return False
    if isinstance(term, Fn):
        return all(is_ground(a) for a in term.args)
    if isinstance(term, tuple):
        return all(is_ground(a) for a in term)
    return True


def _sort_key(v):
    """clingo's order of ground terms: numbers < functions/constants < strings."""
    if isinstance(v, int):
        return (0, v)
    if isinstance(v, str):
        return (2, v)
    return (1, show(v))


def compare(left, op, right):
    """Evaluate a comparison of two ground terms as clingo does (numbers compare numerically)."""
    if op in ("=", "=="):
        return left == right
    if op == "!=":
        return left != right
    a, b = _sort_key(left), _sort_key(right)
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


__all__ = ["Var", "Expr", "BodyLit", "AtomIndex", "Const", "Fn", "show", "show_atom", "evaluate",
           "substitute", "substitute_atom", "match", "match_atom", "unify", "rename", "is_ground",
           "compare"]
