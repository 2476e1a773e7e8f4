"""Compiled card facts and notes as compact JSON text, for the card database (no pickle: the database is a
file anyone can hand you, and decoding it must only ever build terms).

A fact ``(pred, arg, ...)`` is the JSON array ``[pred, arg, ...]``. An argument is a JSON number
(int), a JSON string (str), or a one-key object: ``{"c": name}`` for a :class:`Const`,
``{"f": [name, arg, ...]}`` for a :class:`Fn` and ``{"t": [arg, ...]}`` for a tuple.
:func:`decode` checks every value it builds and raises :class:`ValueError` on anything else.
"""

from functools import lru_cache
import json

from ..compiled import ANSWERS, Note, elsewhere_answer
from ..terms import Const, Fn

_DUMPS = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _arg(a):
    if isinstance(a, bool):
        raise TypeError("booleans are not terms")
    if isinstance(a, (int, str)):
        return a
    if isinstance(a, Const):
        return {"c": a.name}
    if isinstance(a, Fn):
        return {"f": [a.name] + [_arg(x) for x in a.args]}
    if isinstance(a, tuple):
        return {"t": [_arg(x) for x in a]}
    raise TypeError(f"not a term: {a!r}")


def encode(facts):
    """JSON text of a list of fact tuples."""
    return _DUMPS([[f[0]] + [_arg(a) for a in f[1:]] for f in facts])


@lru_cache(maxsize=4096)
def _const(name):
    return Const(name)


def _hook(d):
    if len(d) == 1:
        if "c" in d and isinstance(d["c"], str):
            return _const(d["c"])
        if "f" in d and isinstance(d["f"], list) and d["f"] and isinstance(d["f"][0], str):
            return Fn(d["f"][0], tuple(d["f"][1:]))
        if "t" in d and isinstance(d["t"], list):
            return tuple(d["t"])
    raise ValueError(f"not an encoded term: {str(d)[:60]}")


_TERM = (int, str, Const, Fn, tuple)


def _check(a):
    if isinstance(a, bool) or not isinstance(a, _TERM):
        raise ValueError(f"not a term: {a!r}"[:80])
    if isinstance(a, (Fn, tuple)):
        for x in (a.args if isinstance(a, Fn) else a):
            _check(x)


def decode(text):
    """The fact tuples of :func:`encode`'s text; ValueError if it holds anything else."""
    out = []
    for f in json.loads(text, object_hook=_hook):
        if not isinstance(f, list) or not f or not isinstance(f[0], str):
            raise ValueError(f"not an encoded fact: {str(f)[:60]}")
        for a in f[1:]:
            if type(a) is not str and type(a) is not int:
                _check(a)
        out.append(tuple(f))
    return out


def encode_notes(notes):
    """JSON text of a list of compiler Notes: ``[card, line, text, [answers...], reason, [answers off
    the battlefield...]]`` each."""
    return _DUMPS([[n.card, n.line, n.text, sorted(n.affects), n.reason, sorted(n.elsewhere)] for n in notes])


def decode_notes(text):
    """The Notes of :func:`encode_notes`'s text; ValueError if it holds anything else."""
    out = []
    for n in json.loads(text):
        if not (isinstance(n, list) and len(n) == 6 and isinstance(n[0], str)
                and type(n[1]) is int and isinstance(n[2], str) and isinstance(n[3], list)
                and all(a in ANSWERS for a in n[3]) and isinstance(n[4], str)
                and isinstance(n[5], list) and all(isinstance(a, str) and elsewhere_answer(a) for a in n[5])):
            raise ValueError(f"not an encoded note: {str(n)[:60]}")
        out.append(Note(n[0], n[1], n[2], frozenset(n[3]), n[4], frozenset(n[5])))
    return out
