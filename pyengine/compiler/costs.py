"""Activation-cost items (CR 118, 602.1, 107.5 {T}, 107.6 {Q}, 701.43 exert)."""

from ..terms import Const, fn
from .grammar import cost
from .symbols import number_value, parse_mana_cost

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def number(word):
    """'two' -> 2, '3' -> 3 (English numbers in Oracle text)."""
    return _NUMBERS[word.lower()] if word.lower() in _NUMBERS else number_value(word)


@cost(r"\{T\}")
def _tap(ctx, m):
    return [("ability_cost", ctx.ab, Const("tap"))]


@cost(r"\{Q\}")
def _untap(ctx, m):
    return [("ability_cost", ctx.ab, Const("untap"))]


@cost(r"(?:\{[0-9WUBRGCX/P]+\})+")
def _mana(ctx, m):
    return [("ability_cost", ctx.ab, fn("mana", sym, n)) for sym, n in parse_mana_cost(m.group(0))]


@cost(r"Pay (\d+) life")
def _life(ctx, m):
    return [("ability_cost", ctx.ab, fn("pay_life", number(m.group(1))))]


@cost(r"Exert ~")
def _exert(ctx, m):
    return [("ability_cost", ctx.ab, Const("exert"))]


@cost(r"Sacrifice an? (land|creature|artifact|enchantment)")
def _sacrifice(ctx, m):
    return [("ability_cost", ctx.ab, fn("sacrifice", Const(m.group(1))))]


@cost(r"Sacrifice ~")
def _sacrifice_self(ctx, m):
    return [("ability_cost", ctx.ab, Const("sacrifice_self"))]


@cost(r"Tap an untapped (creature|artifact|land) you control")
def _tap_other(ctx, m):
    return [("ability_cost", ctx.ab, fn("tap_untapped", Const(m.group(1))))]


@cost(r"Remove (a|an|one|two|three|\d+) ([a-z+/0-9-]+) counters? from ~")
def _remove_counter(ctx, m):
    return [("ability_cost", ctx.ab, fn("remove_counter", m.group(2), number(m.group(1))))]
