"""Spells whose resolved effect makes a creature lose all abilities and/or sets its base power and
toughness (CR 613.1f layer 6, 613.4b layer 7b), e.g. Humble. The kb side is kb/lose_abilities.lp.

Facts: ``target_loses_all_abilities(Ab)``, ``target_base_pt(Ab,P,T)``, ``ability_targets(Ab)``.
"""

from .grammar import sentence
from .symbols import number_value


@sentence(r"(?:Until end of turn, )?[Tt]arget creature loses all abilities(?: until end of turn)?\.")
def _loses_all(ctx, m):
    return [("target_loses_all_abilities", ctx.ab), ("ability_targets", ctx.ab)]


@sentence(r"Until end of turn, target creature loses all abilities and has base power and toughness "
          r"(\d+)/(\d+)\.")
def _loses_all_base_pt(ctx, m):
    return [("target_loses_all_abilities", ctx.ab), ("ability_targets", ctx.ab),
            ("target_base_pt", ctx.ab, number_value(m.group(1)), number_value(m.group(2)))]
