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

from dataclasses import dataclass, field

ANSWERS = ("could-produce", "produce", "actions", "show", "untap", "cast-free", "apply")
ALL = frozenset(ANSWERS)
# answers made of others: `pay` (can a player pay a cost now, and how) reads what mana abilities add
# (produce) and which of them may be activated now, with their costs (actions)
MADE_OF = {"pay": frozenset({"produce", "actions"})}


def concerns(affects, answer):
    """Whether a note whose set of answers is AFFECTS could change ANSWER (one of :data:`ANSWERS`
    or of :data:`MADE_OF`)."""
    return bool(affects & MADE_OF.get(answer, {answer}))


@dataclass(frozen=True)
class Note:
    """A line (or part of one) the KB does not carry out: which card key, which line (0 for the
    card's characteristics), its text, the answers it could change (:data:`ANSWERS`),
    and why."""

    card: str
    line: int
    text: str
    affects: frozenset = ALL
    reason: str = ""


@dataclass
class Compiled:
    """The facts of one card, the notes of what the KB does not carry out, and every line (the
    compiler's ``LineInfo``s; empty for a card read back from the card database or the cache)."""

    name: str
    facts: list
    not_modelled: list
    lines: list = field(default_factory=list)
