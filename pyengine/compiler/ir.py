"""The typed intermediate form of Oracle text: what the grammar found in a line, independent of
the parse tree's shape and of the facts the KB consumes.

A line becomes one :class:`Line` holding one ability (113.2): :class:`Keywords`,
:class:`Activated`, :class:`Triggered`, :class:`Static` (a permanent's static ability or a
spell's instructions: which one is decided from the card's types when lowering), or one of the
special frames (:class:`Loyalty`, :class:`Chapter`, :class:`Mode`, :class:`Level`,
:class:`ClassLevel`). Effects are :class:`Sentence` lists; a sentence is :class:`Clause` objects
joined by connectors; a clause is an optional subject, an optional auxiliary ("may", "can't"),
a verb with its arguments (:class:`Verb`), and tails ("until end of turn", "for each ...").
Objects, players and zones are :class:`Obj`, :class:`Ref` and :class:`Zone`. What the grammar
reads but this module has no dedicated class for is a :class:`Node` (kind, arguments), still
typed by the grammar rule that produced it.
"""

from dataclasses import dataclass
from operator import attrgetter


@dataclass(frozen=True)
class Node:
    """A grammar construct without a dedicated class: its rule name and its parts."""

    kind: str
    args: tuple = ()

    def find(self, kind):
        """Every Node of this kind below (and including) this one."""
        return [n for n in walk(self) if isinstance(n, Node) and n.kind == kind]


@dataclass(frozen=True)
class Number:
    """A number (107.1): an int, or "x" for X (107.3)."""

    value: object


@dataclass(frozen=True)
class ManaCost:
    """A run of mana symbols (107.4), e.g. ("2", "G", "G")."""

    symbols: tuple


@dataclass(frozen=True)
class Char:
    """One characteristic word of an object phrase: kind is color, card_type, supertype,
    subtype, status, noun, pt, mana; ``negated`` for "non"."""

    kind: str
    value: str
    negated: bool = False


@dataclass(frozen=True)
class Obj:
    """An object or player phrase (109, 115): quantity ("a", "target" is a characteristic,
    "up to two", "each"), possessor ("your", "its owner's"), characteristics as lists joined by
    "or"/"and" (``groups`` of Char, ``joins`` the separators), and qualifiers (Node)."""

    quantity: object = None
    possessor: object = None
    groups: tuple = ()
    joins: tuple = ()
    qualifiers: tuple = ()

    @property
    def chars(self):
        """Every characteristic word, all groups together."""
        return tuple(c for g in self.groups for c in g)

    def has(self, kind, value=None):
        return any(c.kind == kind and (value is None or c.value == value) and not c.negated
                   for c in self.chars)


@dataclass(frozen=True)
class Quantity:
    """How many: word ("a", "each", "all", "another", "up to", "any number of", "that many",
    "a number", "the" ...) and a Number where one is given."""

    word: str
    number: object = None


# the quantity of an object named with an article ("a land card", "an artifact"): one object
A_OR_AN = (Quantity("a"), Quantity("an"))


@dataclass(frozen=True)
class Ref:
    """A reference that is not an object phrase: self (~, "this creature", 201.5), you, it,
    them, they, any_target (115.4), damage, and pronouns such as "each of them"."""

    kind: str
    text: str = ""


@dataclass(frozen=True)
class Zone:
    """A zone (400.1): noun (graveyard, hand, library, battlefield, exile, stack, anywhere),
    whose (possessor or quantity word), position (top/bottom of)."""

    noun: str
    owner: object = None
    position: str = ""


@dataclass(frozen=True)
class Verb:
    """What a clause does: the grammar rule of the verb (add_mana, deal_damage, draw, ...) and
    its arguments, as parsed."""

    name: str
    args: tuple = ()


@dataclass(frozen=True)
class Clause:
    """One clause: subject (None: the instruction's controller, "you"), auxiliary ("may",
    "can't" ...), verb, tails ("until end of turn", "for each ...")."""

    subject: object
    aux: str
    verb: object
    tails: tuple = ()

    @property
    def verb_name(self):
        return self.verb.name if isinstance(self.verb, Verb) else getattr(self.verb, "kind", "")


@dataclass(frozen=True)
class Sentence:
    """A sentence: leading parts (conditions, durations), clauses and the words joining them,
    a closing part (", where X is ..."), and how it ends ("." or "—" for a modal header)."""

    leads: tuple
    clauses: tuple
    joins: tuple = ()
    tail: object = None
    kind: str = "sentence"


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (702): its name (lower case) and parameter (a ManaCost, a Number, a
    list of cost clauses, an object, a quality ...)."""

    name: str
    param: object = None
    kind: str = "plain"


@dataclass(frozen=True)
class Trigger:
    """A trigger condition (603.1): "when"/"whenever" with clauses, or "at" with a time point."""

    word: str
    clauses: tuple = ()
    joins: tuple = ()
    time: object = None


@dataclass(frozen=True)
class Keywords:
    """A line of keyword abilities (702), and the instructions that follow them, if any
    ("Crew 1. Activate only once each turn.")."""

    items: tuple
    effect: tuple = ()


@dataclass(frozen=True)
class Activated:
    """602.1: costs (clauses), effect (sentences)."""

    costs: tuple
    effect: tuple


@dataclass(frozen=True)
class Triggered:
    trigger: Trigger
    effect: tuple


@dataclass(frozen=True)
class Static:
    """Sentences with no cost and no trigger: a static ability of a permanent, or the
    instructions of an instant or sorcery (the card's types decide, 113.3)."""

    effect: tuple


@dataclass(frozen=True)
class Loyalty:
    cost: str
    effect: tuple


@dataclass(frozen=True)
class Chapter:
    numbers: tuple
    effect: tuple


@dataclass(frozen=True)
class Mode:
    """700.2: one mode; ``effect`` is its sentences, or a ``Node("mode_named")`` for a mode that
    only names what it is ("• Treasure"); ``cost`` the ManaCost of a spree mode ("+ {1} — ...",
    702.172a), else None."""

    effect: object
    cost: object = None


@dataclass(frozen=True)
class Level:
    """711: a level header ("LEVEL 1-4", "LEVEL 5+") or a level's P/T ("2/3")."""

    low: int = None
    high: int = None
    pt: str = None


@dataclass(frozen=True)
class ClassLevel:
    costs: tuple
    level: int


@dataclass(frozen=True)
class Line:
    """One line of a card's text: its index (1-based), printed text, normalised text, the
    ability (None if the grammar does not cover it), the ability word (207.2c), and the parse
    error if any."""

    index: int
    text: str
    normalised: str
    ability: object = None
    ability_word: str = None
    error: str = None

    @property
    def parsed(self):
        return self.ability is not None


_PARTS = {}            # type -> the function giving an object's parts in order (None: a leaf)
_UNSEEN = object()


def _parts_getter(t):
    """The function giving the IR values directly inside an object of type t, in order: the items
    of a tuple or list, the fields of a dataclass; None for anything else (kept in _PARTS)."""
    if issubclass(t, (tuple, list)):
        get = tuple
    elif hasattr(t, "__dataclass_fields__"):
        names = tuple(t.__dataclass_fields__)
        get = attrgetter(*names) if len(names) > 1 else (lambda y: tuple(getattr(y, f) for f in names))
    else:
        get = None
    _PARTS[t] = get
    return get


def parts(y):
    """The IR values directly inside y, in order (() for a string, a number, None)."""
    get = _PARTS.get(type(y), _UNSEEN)
    if get is _UNSEEN:
        get = _parts_getter(type(y))
    return () if get is None else get(y)


def walk(x):
    """Every IR value inside x, x first (depth first). The parts of each type of object are read
    by one getter made once (:func:`_parts_getter`): the compiler walks millions of values."""
    stack = [x]
    known = _PARTS.get
    while stack:
        y = stack.pop()
        yield y
        get = known(type(y), _UNSEEN)
        if get is _UNSEEN:
            get = _parts_getter(type(y))
        if get is not None:
            stack.extend(reversed(get(y)))


def words(x):
    """The words of the text inside x (the strings among the parts of its Nodes and Verbs, not
    their kinds or names), in order."""
    out, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, str):
            out.append(y)
        elif isinstance(y, (Node, Verb)):
            stack.extend(reversed(y.args))
        elif isinstance(y, (tuple, list)):
            stack.extend(reversed(y))
        elif hasattr(y, "__dataclass_fields__"):
            stack.extend(reversed([getattr(y, f) for f in y.__dataclass_fields__
                                   if f not in ("kind", "name")]))
    return out


def substitute(x, old, new):
    """x with every value equal to OLD inside it replaced by NEW (the IR is immutable: the objects
    on the way are rebuilt, the rest shared)."""
    if x == old:
        return new
    if isinstance(x, tuple):
        out = tuple(substitute(y, old, new) for y in x)
        return x if all(a is b for a, b in zip(out, x)) else out
    if hasattr(type(x), "__dataclass_fields__"):
        names = tuple(type(x).__dataclass_fields__)
        vals = [getattr(x, f) for f in names]
        out = [substitute(v, old, new) for v in vals]
        if all(a is b for a, b in zip(out, vals)):
            return x
        return type(x)(**dict(zip(names, out)))
    return x
