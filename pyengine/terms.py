"""Plain-Python terms for facts, so that only :mod:`pyengine.asp` touches clingo.

A fact is a tuple ``(predicate, arg, ...)``. An argument is an ``int`` (a number), a ``str``
(always a quoted string: names from a snapshot can never become program text), a :class:`Const`
(a lowercase constant the program itself knows, e.g. ``land``) or a :class:`Fn` (a compound
term). Results come back in the same form.
"""

from functools import total_ordering
import re

from .records import Value

_CONST = re.compile(r"[a-z][a-z0-9_]*")        # used with fullmatch ('$' would accept "a\n")


@total_ordering
class Const(Value):
    """An ASP constant such as ``land`` or ``tap``. Only names the KB defines are allowed."""

    __slots__ = ("name", "_hash")
    FIELDS = ("name",)

    def __init__(self, name):
        if not isinstance(name, str) or not _CONST.fullmatch(name):
            raise ValueError(f"not a constant: {name!r}")
        object.__setattr__(self, "name", name)

    def __lt__(self, other):            # the others from it and __eq__ (functools.total_ordering)
        if other.__class__ is not Const:
            return NotImplemented
        return self.name < other.name

    def __str__(self):
        return self.name

    def __hash__(self):
        return _cached_hash(self, (self.name,))

    def __reduce__(self):
        return Const, (self.name,)


class Fn(Value):
    """A compound term ``name(args...)``."""

    __slots__ = ("name", "args", "_hash")
    FIELDS = ("name", "args")

    def __init__(self, name, args):
        if not isinstance(name, str) or not _CONST.fullmatch(name):
            raise ValueError(f"not a function name: {name!r}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "args", args)

    def __str__(self):
        return f"{self.name}({','.join(render(a) for a in self.args)})"

    def __hash__(self):
        return _cached_hash(self, (self.name, self.args))

    def __reduce__(self):
        return Fn, (self.name, self.args)


def _cached_hash(term, fields):
    """The hash of a term (that of its FIELDS, as :class:`Value`'s own), computed once per object:
    answers use the same terms as keys of many dictionaries (actions: every action, ability and
    class), and a compound term's hash is otherwise recomputed, all its subterms too, on each
    look-up. It is kept out of pickles and copies (``__reduce__``): a string's hash differs from
    one process to the next."""
    try:
        return term._hash
    except AttributeError:
        h = hash(fields)
        object.__setattr__(term, "_hash", h)
        return h


def fn(name, *args):
    """Shorthand for ``Fn(name, args)``."""
    return Fn(name, tuple(args))


def render(term):
    """ASP-like text of a term, for humans (explanations, messages); never fed to clingo. It is
    exactly how clingo prints the term (the explainer relies on that)."""
    if isinstance(term, bool):
        raise TypeError("booleans are not terms")
    if isinstance(term, int):
        return str(term)
    if isinstance(term, str):
        return '"' + term.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(term, tuple):
        return "(" + ",".join(render(a) for a in term) + ("," if len(term) == 1 else "") + ")"
    return str(term)


def render_fact(fact):
    """ASP-like text of a fact tuple ``(pred, args...)``."""
    pred, *args = fact
    return pred if not args else f"{pred}({','.join(render(a) for a in args)})"
