"""Exert, the untap step, X in enters abilities and casting (CR 701.43, 502.3, 107.3m, 118.8, 601.3).

Facts (declared in kb/schema.lp, section "Exert, untap step and casting"):

- ``exert_as_attacks(Ab)``: "You may exert ~ as it attacks." (701.43d), with
  ``exert_unless_exerted_this_turn(Ab)`` for "If ~ hasn't been exerted this turn, ..." and
  ``exert_linked_trigger(Ab,Text)`` / ``exert_trigger_targets(Ab)`` for the linked "When you do, ..."
  trigger (607.2h) and whether it targets (115.1d).
- ``skips_next_untap(Ab)``: a spell that taps creatures that "don't untap during their controller's
  next untap step" (Decision Paralysis); it does not exert (ruling).
- ``control_until_eot(Ab)``: "Gain control of target creature until end of turn" (611.2a, 514.2);
  ``effect_grants(Ab,G)`` with ``keyword(G,K)``: the target gains keyword K until end of turn.
- ``enters_with_counters(Ab,Kind,N)``: "~ enters with N Kind counters on it"; N is a number or the
  constant ``x`` (107.3m).
- ``cast_only_during(Ab,combat)``: "Cast this spell only during combat." (601.3);
  ``cast_restriction_not_modelled(Ab)`` for any other "Cast this spell only ..." text.
- ``additional_cost(Ab,K)``: "As an additional cost to cast this spell, ..." (118.8), K one of
  sacrifice(Type), discard_card, pay_life(N) or not_modelled.
"""

from ..terms import Const, fn
from .costs import number
from .grammar import sentence
from .symbols import number_value

_WHEN_YOU_DO = r"(?: When you do, (?P<trigger>.+))?"


@sentence(r"(?P<cond>If ~ hasn't been exerted this turn, )?[Yy]ou may exert (?:~|it) as it attacks\."
          + _WHEN_YOU_DO)
def _exert_as_attacks(ctx, m):
    facts = [("exert_as_attacks", ctx.ab)]
    if m.group("cond"):
        facts.append(("exert_unless_exerted_this_turn", ctx.ab))
    trigger = m.group("trigger")
    if trigger:
        facts.append(("exert_linked_trigger", ctx.ab, "When you do, " + trigger.replace("~", ctx.card)))
        if "target" in trigger:
            facts.append(("exert_trigger_targets", ctx.ab))
    return facts


@sentence(r"Tap (?:up to (?:one|two|three|four|\d+) )?target (?:creature|permanent)s?\. "
          r"(?:Those creatures|That creature|It|They|Those permanents|That permanent) "
          r"(?:don't|doesn't) untap during (?:its|their) controller's next untap step\.")
def _tap_and_freeze(ctx, m):
    return [("skips_next_untap", ctx.ab)]


@sentence(r"(?:Gain control of target creature until end of turn\. Untap that creature\."
          r"|Untap target creature\. Gain control of it until end of turn\.)"
          r" (?:It|That creature) gains haste until end of turn\.")
def _threaten(ctx, m):
    granted = fn("granted", ctx.ab, Const("haste"))
    return [("control_until_eot", ctx.ab), ("effect_grants", ctx.ab, granted),
            ("keyword", granted, Const("haste"))]


@sentence(r"~ enters with (X|a|an|one|two|three|four|five|\d+) ([a-z+/0-9-]+) counters? on it\.")
def _enters_with(ctx, m):
    n = Const("x") if m.group(1) == "X" else number(m.group(1))
    return [("enters_with_counters", ctx.ab, m.group(2), n)]


@sentence(r"Cast (?:this spell|~) only during combat\.")
def _only_during_combat(ctx, m):
    return [("cast_only_during", ctx.ab, Const("combat"))]


@sentence(r"Cast (?:this spell|~) only .+|(?:This spell|~) can't be cast .+")
def _other_restriction(ctx, m):
    """Any other casting restriction: recognised as one, so that casting it is 'not modelled'."""
    return [("cast_restriction_not_modelled", ctx.ab)]


_ADDITIONAL = {
    r"sacrifice an? (creature|artifact|land|enchantment|permanent)": lambda m: fn("sacrifice", Const(m.group(1))),
    r"discard a card": lambda m: Const("discard_card"),
    r"pay (\d+) life": lambda m: fn("pay_life", number_value(m.group(1))),
}


@sentence(r"As an additional cost to cast (?:this spell|~), (?P<cost>.+)\.")
def _additional_cost(ctx, m):
    import re
    for rx, make in _ADDITIONAL.items():
        mm = re.fullmatch(rx, m.group("cost"))
        if mm:
            return [("additional_cost", ctx.ab, make(mm))]
    return [("additional_cost", ctx.ab, Const("not_modelled"))]
