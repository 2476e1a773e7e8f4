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
# the answers a card in a hand, a graveyard, a library or exile can matter for: what may be done now
# (`actions`: casting it, 601.2; an ability that functions from there, 113.6b-m), casting it without
# paying its mana cost, and what an action does (`apply`)
OFF_BATTLEFIELD = frozenset({"cast-free", "apply", "actions"})
# the zones off the battlefield an answer of Note.elsewhere may be qualified with: "actions@graveyard"
# holds only for a card in a graveyard (concerns_in; compiler.off_battlefield.in_zone)
ZONES = ("hand", "graveyard", "library", "exile")


def elsewhere_answer(a):
    """Whether A may be an answer of ``Note.elsewhere``: one of :data:`ANSWERS`, or "answer@zone" with a
    zone of :data:`ZONES`."""
    answer, at, zone = a.partition("@")
    return answer in ANSWERS and (not at or zone in ZONES)


def concerns(affects, answer):
    """Whether a note whose set of answers is AFFECTS could change ANSWER (one of :data:`ANSWERS`
    or of :data:`MADE_OF`)."""
    return bool(affects & MADE_OF.get(answer, {answer}))


def concerns_in(elsewhere, answer, zones):
    """Whether a note whose answers off the battlefield are ELSEWHERE (``Note.elsewhere``) could
    change ANSWER for a card in one of ZONES (hand, graveyard, library, exile): an answer alone
    holds in every zone, "answer@zone" only in that zone (a line that functions only from a
    graveyard, 113.6b: compiler.off_battlefield)."""
    here = {a.partition("@")[0] for a in elsewhere if a.partition("@")[2] in zones or "@" not in a}
    return concerns(here, answer)


class Note(Value):
    """A line (or part of one) the KB does not carry out: which card key, which line (0 for the
    card's characteristics), its text, the answers it could change (:data:`ANSWERS`) while the
    card is on the battlefield (or a command-zone card in the command zone), and why; ``elsewhere``:
    those it could change while the card is in a hand, a graveyard, a library or exile (113.6;
    :mod:`pyengine.compiler.off_battlefield`), by default every one of :data:`OFF_BATTLEFIELD` that
    ``affects`` holds; "answer@zone" there holds only while the card is in that zone
    (:func:`concerns_in`)."""

    FIELDS = __slots__ = ("card", "line", "text", "affects", "reason", "elsewhere")

    def __init__(self, card, line, text, affects=ALL, reason="", elsewhere=None):
        if elsewhere is None:
            elsewhere = frozenset(affects) & OFF_BATTLEFIELD
        for field, value in zip(self.FIELDS, (card, line, text, affects, reason, elsewhere)):
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
