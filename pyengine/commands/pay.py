"""`mtgkb pay`: can a player pay a mana cost now, and how? (CR 601.2g-h, 107.4, 605.3a)"""

import click

from .. import api
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def _plan_lines(plan):
    lines = []
    for a in plan["activations"]:
        extra = []
        for c in a.get("cost_paid", []):
            src = "" if c["by"] in ("pool", "life") else f" from {c['by']}"
            extra.append(f"its {c['symbol']} paid with {c['mana']}{src}" if c["mana"] != "life"
                         else f"its {c['symbol']} paid with 2 life")
        if a.get("life"):
            extra.append(f"pay {a['life']} life")
        extra += [f"then {r['text']}, CR {r['rule']}" for r in a.get("also", [])]
        if a.get("spend_only"):
            extra.append(f"its mana may be spent only on {a['spend_only']}, CR 106.6")
        lines.append(f"  {a['source']}: ability {a['ability']} adds {a['adds']}"
                     + (f" ({'; '.join(extra)})" if extra else ""))
    if plan["pool"]:
        lines.append(f"  floating mana: {''.join(plan['pool'])}")
    for k in ("convoke", "improvise"):                   # 702.51a, 702.126a
        if plan.get(k):
            lines.append(f"  {k}: " + ", ".join(f"{h['permanent']} pays {h['pays']}" for h in plan[k]))
    if plan.get("delve"):                                # 702.66a
        n = len(plan["delve"])
        lines.append(f"  delve: {n} card{'s' if n != 1 else ''} exiled from the graveyard ({'; '.join(plan['delve'])})")
    pays = ", ".join(f"{p['symbol']} with {p['paid']}" for p in plan["paid_by"])
    lines.append(f"  pays: {pays}")
    if plan["life"]:
        lines.append(f"  life paid: {plan['life']}")
    lines.append(f"  still producible: {' '.join(plan['colors_left']) or '(no color)'}; untapped after: "
                 f"{', '.join(plan['untapped_after']) or '(none)'}")
    return lines


def human(r):
    head = f"{r['player']} pays {r['cost']}" + (f" (X={r['x']})" if r.get("x") is not None else "") \
        + (f" for {r['for']}" if r.get("for") else "")
    if r["payable"] is None:
        return f"{head}: not decided. {r['reason']}"
    if not r["payable"]:
        return f"{head}: no. {r['reason']}"
    lines = [f"{head}: yes. Best plan:"] + _plan_lines(r["plan"])
    for i, p in enumerate(r.get("plans", [])[1:], 2):
        lines += [f"plan {i}:"] + _plan_lines(p)
    return "\n".join(lines)


@click.command("pay")
@snapshot_argument
@click.argument("cost")
@click.option("--player", "player", metavar="P", help="Who pays (default: the player with priority).")
@click.option("--for", "for_card", metavar="CARD", help="The spell the mana is spent on (spend restrictions of floating mana and of the "
              "sources' mana, CR 106.6; without it, restricted mana is not spent).")
@click.option("--x", "x", type=click.IntRange(0, 1000), metavar="N", help="The value of {X} (default 0).")
@click.option("--all", "all_plans", is_flag=True, help="List distinct plans (at most 100), best first.")
@json_option
@handles_errors
def command(snap, cost, player, for_card, x, all_plans, as_json):
    """Can P pay COST now, and how?

    COST is a run of mana symbols (CR 107.4): generic {3}, colored {W}, colorless {C}, hybrid {W/U},
    monocolored hybrid {2/W}, Phyrexian {W/P} and hybrid Phyrexian {W/U/P}, snow {S}, {X} (with
    --x). The plan says which mana abilities are activated (with the option chosen), in an order
    where the cost of a mana ability that costs mana ("{1}, {T}: Add {W}{U}") is paid by mana
    already made (605.3a), the floating mana used, the life paid, which mana pays each symbol and
    what stays untapped. The best plan keeps (1) the most colors producible by the permanents that
    stay untapped, then taps (2) the fewest permanents, then pays (3) the least life. When no plan
    exists, the reason names a smallest set of symbols the sources can't cover. Mana with a spend
    restriction (CR 106.6) is spent only where it allows the spell of --for; when a cost could be
    paid only with mana whose restriction can't be evaluated, "payable" is null (not decided).

    \b
    Example:
      mtgkb pay examples/pay.yaml '{1}{W}{U}' --player alice --json
    """
    s = load_snapshot(snap, "pay")
    result = api.pay(s, player, cost, x=x, for_card=for_card, all_plans=all_plans)
    notes(s, "pay")
    emit(result, as_json, human)
