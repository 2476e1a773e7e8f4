"""Mana abilities whose result is known only as they resolve (705 coin flips, a random color, a
payment any player may make): "{1}: Flip a coin. If you win the flip, add {C}{C}.", "{T}: Choose a
color. Add one mana of that color unless any player pays {1}.", "{T}: Add one mana of the color
last chosen. Then choose a random color."

Each is still a mana ability (605.1a: no target; 605.1: whatever its timing restriction). What
it would add if it resolved (106.7) may be any of its results: :func:`unknown_result` rewrites the
effect as the mana of every result that adds mana, and says which results add none. The lowering
gives those options with ``mana_unknown_result(Ab,K)`` (the answers say every result is an
outcome) and ``mana_result_none(Ab)`` (some result adds no mana: kb/mana.lp may_add_no_mana/2).
Paying with such mana is not modelled (the player can't choose the result).
"""

from dataclasses import dataclass, replace

from . import ir

_ANY_COLOR = ir.Node("mana_any_color", (ir.Number(1), "mana of any color"))
_A_COLOR = ir.Node("choice", ("a color",))


@dataclass(frozen=True)
class Result:
    """KIND of the unknown result (coin_flip, unless_paid, random_color); SENTENCES: the effect with
    the mana of every result; NONE: some result adds no mana."""

    kind: str
    sentences: tuple
    none: bool


def _simple(s):
    return isinstance(s, ir.Sentence) and s.kind == "sentence" and len(s.clauses) == 1 and s.tail is None


def _add_clause(c):
    return isinstance(c, ir.Clause) and c.verb_name == "add_mana" and c.subject is None and not c.aux


def _coin_flip(sentences):
    """705.2: "Flip a coin. If you win the flip, add <mana>.": the mana, or none (the flip lost)."""
    if len(sentences) < 2 or not _simple(sentences[0]) or sentences[0].leads or not _simple(sentences[1]):
        return None
    flip, add = sentences[0].clauses[0], sentences[1]
    if not (isinstance(flip, ir.Clause) and flip.verb_name == "flip" and flip.verb.args == ("flip a coin",)
            and flip.subject is None and not flip.aux and not flip.tails):
        return None
    if len(add.leads) != 1 or not isinstance(add.leads[0], ir.Node) or add.leads[0].kind != "lead_if":
        return None
    won = [c for c in ir.walk(add.leads[0].args[1:]) if isinstance(c, ir.Clause)]
    if len(won) != 1 or won[0].subject != ir.Ref("you", "") or not isinstance(won[0].verb, ir.Node) \
            or won[0].verb != ir.Node("win", ("win the flip",)) or won[0].tails or won[0].aux:
        return None
    if not _add_clause(add.clauses[0]) or add.clauses[0].tails:
        return None
    return Result("coin_flip", (replace(add, leads=()),) + tuple(sentences[2:]), True)


def _unless_paid(sentences):
    """"Choose a color. Add one mana of that color unless any player pays {1}.": one mana of any
    color (608.2d: chosen as it resolves), or none (a player paid)."""
    if len(sentences) < 2 or not all(_simple(s) and not s.leads for s in sentences[:2]):
        return None
    choose, add = sentences[0].clauses[0], sentences[1].clauses[0]
    if not (isinstance(choose, ir.Clause) and choose.verb_name == "choose" and choose.subject is None
            and not choose.aux and not choose.tails and choose.verb.args[1:] == (_A_COLOR,)):
        return None
    if not _add_clause(add) or add.verb.args[1:] != (ir.Node("mana_that_color", (ir.Number(1), "mana of that color")),):
        return None
    if len(add.tails) != 1 or not isinstance(add.tails[0], ir.Node) or add.tails[0].kind != "tail_unless":
        return None
    payer = add.tails[0].args[-1]
    if not (isinstance(payer, ir.Clause) and isinstance(payer.subject, ir.Obj) and payer.verb_name == "pay"
            and payer.subject.quantity == ir.Quantity("any", None) and not payer.tails):
        return None
    clause = replace(add, verb=replace(add.verb, args=("add", _ANY_COLOR)), tails=())
    return Result("unless_paid", (replace(sentences[1], clauses=(clause,)),) + tuple(sentences[2:]), True)


def _last_chosen(sentences):
    """"Add one mana of the color last chosen. Then choose a random color.": the color chosen at
    random before (by its enters trigger or its last activation), which no snapshot records: one mana
    of any color, or none if no color has been chosen yet (its enters trigger not resolved). The
    new random color is chosen after the mana is added (608.2c) and changes only later activations."""
    if not sentences or not _simple(sentences[0]) or sentences[0].leads:
        return None
    add = sentences[0].clauses[0]
    if not _add_clause(add) or add.tails or len(add.verb.args) != 2 \
            or add.verb.args[1] != ir.Node("mana_last_chosen", (ir.Number(1), "mana of the color last chosen")):
        return None
    rest = tuple(sentences[1:])
    if len(rest) != 1 or not _simple(rest[0]) or rest[0].leads != (ir.Node("lead_then", ("then",)),):
        return None
    choose = rest[0].clauses[0]
    if not (isinstance(choose, ir.Clause) and choose.verb_name == "choose" and not choose.tails and choose.subject is None
            and any(isinstance(x, ir.Char) and x.kind == "status" and x.value == "random" for x in ir.walk(choose))):
        return None
    clause = replace(add, verb=replace(add.verb, args=("add", _ANY_COLOR)))
    return Result("random_color", (replace(sentences[0], clauses=(clause,)),), True)


_SIDES = {"four-sided die": 4, "six-sided die": 6, "eight-sided die": 8, "ten-sided die": 10,
          "twelve-sided die": 12, "twenty-sided die": 20, "d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 20}


def die_sides(sentences):
    """N of "Roll an N-sided die. This ability has the indicated effect." (706.1a, 706.2), or None."""
    if len(sentences) != 2 or not all(_simple(s) and not s.leads for s in sentences):
        return None
    roll, indicated = sentences[0].clauses[0], sentences[1].clauses[0]
    if not (isinstance(roll, ir.Clause) and roll.verb_name == "roll" and roll.subject is None and not roll.aux
            and not roll.tails and len(roll.verb.args) == 3 and roll.verb.args[1] in ("a", "an")):
        return None
    if indicated != ir.Node("indicated_effect", ("this ability has the indicated effect",)):
        return None
    return _SIDES.get(roll.verb.args[2])


def die_roll(sides, results):
    """706.2: the results 1..SIDES of a die roll whose effects are the die-result lines RESULTS ({number:
    sentences}): [sentences of each result that only adds mana], and whether some result adds none (a
    result with no line, or a line that adds no mana); None if a result line adds mana among other things."""
    mana, none = [], False
    for r in range(1, sides + 1):
        effect = results.get(r)
        if effect is None:
            none = True
            continue
        adds = [c for c in ir.walk(effect) if isinstance(c, ir.Clause) and c.verb_name == "add_mana"]
        if not adds:
            none = True
        elif len(effect) == 1 and _simple(effect[0]) and not effect[0].leads and _add_clause(effect[0].clauses[0]):
            mana.append(effect)
        else:
            return None
    return mana, none


def unknown_result(sentences):
    """The :class:`Result` of an effect whose mana depends on a result known only as it resolves, or None."""
    for shape in (_coin_flip, _unless_paid, _last_chosen):
        r = shape(tuple(sentences))
        if r is not None:
            return r
    return None
