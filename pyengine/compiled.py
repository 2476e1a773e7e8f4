"""What the card compiler hands out, without the compiler: :class:`Compiled` (a card's facts and
notes), :class:`Note` (a line the KB does not carry out) and the answers a note can change
(:data:`ANSWERS`). A query on cards whose compiled form is already known (the card database, the
compiled-card cache of :mod:`pyengine.cardcache`) imports this module, never the compiler and its
grammar.

The answers: ``could-produce`` (106.7), ``produce`` (what a mana ability adds: options and
triggers), ``actions`` (what may be activated, attacked, turned face up now), ``show``
(characteristics and status), ``untap`` (the next untap step), ``cast-free`` (casting from hand
without paying the mana cost), ``apply`` (performing an action: every event that follows).
"""

from .records import Record, Value

ANSWERS = ("could-produce", "produce", "actions", "show", "untap", "cast-free", "apply")
ALL = frozenset(ANSWERS)
# answers made of others: `pay` (can a player pay a cost now, and how) reads what mana abilities add
# (produce) and which of them may be activated now, with their costs (actions)
MADE_OF = {"pay": frozenset({"produce", "actions"})}


def concerns(affects, answer):
    """Whether a note whose set of answers is AFFECTS could change ANSWER (one of :data:`ANSWERS`
    or of :data:`MADE_OF`)."""
    return bool(affects & MADE_OF.get(answer, {answer}))


class Note(Value):
    """A line (or part of one) the KB does not carry out: which card key, which line (0 for the
    card's characteristics), its text, the answers it could change (:data:`ANSWERS`),
    and why."""

    FIELDS = __slots__ = ("card", "line", "text", "affects", "reason")

    def __init__(self, card, line, text, affects=ALL, reason=""):
        for field, value in zip(self.FIELDS, (card, line, text, affects, reason)):
            object.__setattr__(self, field, value)


class Compiled(Record):
    """The facts of one card, the notes of what the KB does not carry out, and every line (the
    compiler's ``LineInfo``s; empty for a card read back from the card database or the cache)."""

    FIELDS = __slots__ = ("name", "facts", "not_modelled", "lines")

    def __init__(self, name, facts, not_modelled, lines=None):
        self.name = name
        self.facts = facts
        self.not_modelled = not_modelled
        self.lines = [] if lines is None else lines
