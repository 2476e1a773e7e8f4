"""The clingo driver: the only module that talks to clingo.

An :class:`Engine` holds one ``clingo.Control`` for one snapshot and one query program: it loads
``rules.lp`` (which only ``#include``s ``kb/``) and ``queries/<query>.lp``, adds the snapshot's
facts through the backend (never as program text), grounds once, and then answers any number
of questions by assigning the query's externals (multi-shot). A solver time limit protects
against pathological input.
"""

import os
from pathlib import Path
import time

import clingo

from .errors import InputError
from .terms import Const, Fn, render_fact

DEFAULT_TIME_LIMIT = 60.0


def kb_root():
    """The folder holding rules.lp, kb/ and queries/ ($MTGKB_HOME, else the source checkout)."""
    env = os.environ.get("MTGKB_HOME")
    root = Path(env) if env else Path(__file__).resolve().parent.parent
    if not (root / "rules.lp").is_file():
        raise RuntimeError(f"rules.lp not found under {root}; set MTGKB_HOME to the mtgkb checkout")
    return root


def to_symbol(term):
    """A plain-Python term as a clingo Symbol."""
    if isinstance(term, bool):
        raise TypeError("booleans are not terms")
    if isinstance(term, int):
        return clingo.Number(term)
    if isinstance(term, str):
        return clingo.String(term)
    if isinstance(term, Const):
        return clingo.Function(term.name)
    if isinstance(term, Fn):
        return clingo.Function(term.name, [to_symbol(a) for a in term.args])
    if isinstance(term, tuple):
        return clingo.Tuple_([to_symbol(a) for a in term])
    raise TypeError(f"not a term: {term!r}")


def from_symbol(sym):
    """A clingo Symbol as a plain-Python term."""
    t = sym.type
    if t == clingo.SymbolType.Number:
        return sym.number
    if t == clingo.SymbolType.String:
        return sym.string
    if t == clingo.SymbolType.Function:
        args = tuple(from_symbol(a) for a in sym.arguments)
        if not sym.name:
            return args
        return Fn(sym.name, args) if args else Const(sym.name)
    raise TypeError(f"unexpected symbol {sym}")


def atom_tuple(sym):
    """A shown atom as a fact tuple ``(pred, args...)``."""
    return (sym.name,) + tuple(from_symbol(a) for a in sym.arguments)


class SolveTimeout(InputError):
    """The solver did not finish within the time limit."""


class Engine:
    """One snapshot, one query program, grounded once; ``ask`` answers questions on it."""

    def __init__(self, facts, query, programs=(), time_limit=DEFAULT_TIME_LIMIT, options=()):
        root = kb_root()
        self.time_limit = time_limit
        self.timings = {}
        t0 = time.perf_counter()
        self.ctl = clingo.Control(["--warn=none", *options])
        self.ctl.load(str(root / "rules.lp"))
        self.ctl.load(str(root / "queries" / f"{query}.lp"))
        for path in programs:
            self.ctl.load(str(path))
        with self.ctl.backend() as backend:
            for fact in facts:
                atom = backend.add_atom(clingo.Function(fact[0], [to_symbol(a) for a in fact[1:]]))
                backend.add_rule([atom])
        t1 = time.perf_counter()
        self.ctl.ground([("base", [])])
        self.timings["load"] = t1 - t0
        self.timings["ground"] = time.perf_counter() - t1
        self._externals = set()

    def ask(self, externals=(), models=1):
        """Set the given external atoms true (all others false) and solve.

        Returns a list of models, each a sorted list of shown atoms as fact tuples. With
        ``models=0`` every answer set is returned.
        """
        wanted = {to_symbol_atom(e) for e in externals}
        for sym in self._externals - wanted:
            self.ctl.assign_external(sym, False)
        for sym in wanted:
            self.ctl.assign_external(sym, True)
        self._externals = wanted
        self.ctl.configuration.solve.models = models
        found = []
        t0 = time.perf_counter()
        with self.ctl.solve(on_model=lambda m: found.append(
                sorted((atom_tuple(s) for s in m.symbols(shown=True)), key=render_fact)), async_=True) as handle:
            if not handle.wait(self.time_limit):
                handle.cancel()
                raise SolveTimeout(f"the solver did not finish within {self.time_limit:g} s")
            handle.get()
        self.timings["solve"] = self.timings.get("solve", 0.0) + time.perf_counter() - t0
        return found

    def symbolic_atoms(self, name, arity):
        """Every ground atom name/arity the grounder produced (facts and derivable atoms)."""
        return [atom_tuple(a.symbol) for a in self.ctl.symbolic_atoms.by_signature(name, arity)]


def to_symbol_atom(fact):
    """A fact tuple ``(pred, args...)`` as a clingo atom symbol."""
    return clingo.Function(fact[0], [to_symbol(a) for a in fact[1:]])
