"""What happened earlier in the turn, as terms of kb/turn_history.lp (read from the snapshot's
turn-history fields, docs/snapshot-and-cards.md).

Amounts (``turn_amount(K,W)``: K summed over the players W, you or your opponents):

- life_lost: "for each 1 life your opponents have lost this turn" (119.3, 120.3a);
- life_gained: "the amount of life you gained this turn";
- cards_drawn: "for each card you've drawn this turn" (121.1);
- players_who_lost_life: "for each of your opponents who lost life this turn";
- left_battlefield, attacked: the permanents that left the battlefield under their control, the
  creatures they attacked with (508.1); read by conditions only.

Conditions of an "if" (603.4, 608.2c): ``turn_at_least(K,W,N)`` (the amount is N or more: "if an
opponent lost life this turn", "if a permanent left the battlefield under your control this turn",
"if you attacked this turn", "if you've drawn two or more cards this turn"), and ``cast_from(Z)``
("if you cast it from your hand": Z = hand; "if you cast it": Z = any; 601.2a).

Filter (kb/filters.lp's language): ``status(entered_this_turn)`` for the qualifier "that entered this
turn". Each reader returns None for anything else: the line then stays a note.
"""

from ..terms import Const, fn
from . import ir

YOU = ir.Ref("you")
_OPPONENT = ir.Obj(ir.Quantity("an"), None, ((ir.Char("noun", "opponent"),),), (), ())
_A_PERMANENT = ir.Obj(ir.Quantity("a"), None, ((ir.Char("noun", "permanent"),),), (), ())
_THIS_TURN = ir.Node("tail_duration", (ir.Node("duration", ("this turn",)),))
_LIFE_VERBS = {("lose_life", ("lost", "life")): "life_lost", ("gain_life", ("gained", "life")): "life_gained"}


def at_least(kind, who, n=1):
    return fn("turn_at_least", Const(kind), Const(who), n)


def amount(kind, who):
    return fn("turn_amount", Const(kind), Const(who))


AMOUNT_KINDS = ("life_lost", "life_gained", "cards_drawn", "players_who_lost_life", "left_battlefield", "attacked")


def amount_known(term):
    """True for an amount term of this module (kb/turn_history.lp counts every one)."""
    return term in {amount(k, w) for k in AMOUNT_KINDS for w in ("you", "opponents")}


def condition(c):
    """The condition term of one clause of an "if", or None."""
    if isinstance(c, ir.Clause) and not c.aux:
        return _clause_condition(c)
    if isinstance(c, ir.Node) and c.kind in ("past_clause", "perfect"):
        return _counted_condition(c)
    return None


def _clause_condition(c):
    verb = c.verb
    if not isinstance(verb, ir.Verb):
        return None                                    # a clause that is a rule of its own
    who = "you" if c.subject == YOU else "opponents" if c.subject == _OPPONENT else None
    life = _LIFE_VERBS.get((verb.name, verb.args))
    if life and who and c.tails == (_THIS_TURN,):
        return at_least(life, who)                     # "if an opponent lost life this turn"
    if verb.name == "past_event" and not c.tails:
        if verb.args == ("left the battlefield under your control this turn",) and c.subject == _A_PERMANENT:
            return at_least("left_battlefield", "you")  # revolt
        if verb.args == ("attacked this turn",) and who == "you":
            return at_least("attacked", "you")          # raid
    if verb.name == "control" and _cast_it(c.verb.args):
        if not c.tails:
            return fn("cast_from", Const("any"))        # "if you cast it"
        if len(c.tails) == 2 and str(c.tails[0]) == "from" and c.tails[1] == ir.Zone("hand", YOU):
            return fn("cast_from", Const("hand"))       # "if you cast it from your hand"
    return None


def _cast_it(args):
    """True for the verb arguments of "you cast it" (a control clause whose relative is "you cast")."""
    return len(args) == 2 and args[1] == ir.Ref("it") and isinstance(args[0], ir.Node) \
        and args[0].kind == "rel_control" and args[0].args == (ir.Node("casts_phrase", ("you cast",)),)


def _counted_condition(c):
    """"if you attacked with two or more creatures this turn", "if you've drawn two or more cards
    this turn": turn_at_least(attacked / cards_drawn, you, N)."""
    if len(c.args) != 3 or c.args[2] != ir.Node("vp_tails", (_THIS_TURN,)):
        return None
    head, obj = c.args[0], c.args[1]
    kind = {"you attacked with": "attacked", ir.Node("perfect_phrase", ("you have drawn",)): "cards_drawn"}.get(head)
    nouns = {"attacked": ("creature", "creatures"), "cards_drawn": ("card", "cards")}.get(kind, ())
    if kind is None or not isinstance(obj, ir.Obj) or obj.possessor or obj.qualifiers or len(obj.groups) != 1 \
            or len(obj.groups[0]) != 1 or obj.groups[0][0].negated or obj.groups[0][0].value not in nouns:
        return None
    q = obj.quantity
    if q in ir.A_OR_AN:
        return at_least(kind, "you")
    if q is not None and q.word == "or more" and isinstance(q.number, ir.Number) and isinstance(q.number.value, int):
        return at_least(kind, "you", q.number.value)
    return None


_OPPONENTS_LOST_LIFE = ir.Node("life_counted", ("your opponents have lost this turn",))


def for_each_life(tail):
    """turn_amount(life_lost, opponents) for the tail "for each 1 life your opponents have lost this
    turn", else None."""
    if isinstance(tail, ir.Node) and tail.kind == "tail_for_each_life" \
            and tail.args == ("for each", ir.Number(1), "life", _OPPONENTS_LOST_LIFE):
        return amount("life_lost", "opponents")
    return None


_DRAWN = ir.Node("rel_perfect", (ir.Node("perfect_phrase", ("you have drawn",)), "this turn"))
_WHO_LOST_LIFE = ir.Node("rel_that", ("who", ir.Node("rel_lost_life", ("lost", "life", ir.Node("duration", ("this turn",))))))


def counted(obj):
    """The amount term of "for each <obj>": "card you've drawn this turn", "of your opponents who
    lost life this turn" / "opponent who lost life this turn"; None for any other object."""
    if not isinstance(obj, ir.Obj) or len(obj.groups) != 1 or len(obj.groups[0]) != 1 or obj.quantity:
        return None
    noun = obj.groups[0][0]
    if obj.qualifiers == (_DRAWN,) and noun == ir.Char("noun", "card") and not obj.possessor:
        return amount("cards_drawn", "you")
    if obj.qualifiers == (_WHO_LOST_LIFE,) and (
            (noun == ir.Char("noun", "opponents") and obj.possessor == YOU)
            or (noun == ir.Char("noun", "opponent") and obj.possessor is None)):
        return amount("players_who_lost_life", "opponents")
    return None


def expression(node):
    """The amount term of "the amount of life you gained this turn", else None."""
    if node == ir.Node("life_gained", ("the amount of life you gained this turn",)):
        return amount("life_gained", "you")
    return None


_ENTERED = ir.Node("rel_that", ("that", ir.Node("rel_vp", (ir.Verb("past_event", ("entered this turn",)),))))


def filter_qualifier(q):
    """status(entered_this_turn) for the qualifier "that entered this turn", else None."""
    return fn("status", Const("entered_this_turn")) if q == _ENTERED else None
