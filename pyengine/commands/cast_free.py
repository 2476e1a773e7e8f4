"""`mtgkb cast-free`: casting a card from hand without paying its mana cost now (CR 118.9, 601.3)."""

import click

from .. import api
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def human(r):
    state = {True: "castable", False: "not castable", None: "not modelled"}[r["castable"]]
    lines = [f"{r['card']} (mana value {r['mana_value']}): {state}"]
    for i, o in enumerate(r["options"]):
        what = " + ".join(o["halves"]) or r["card"]
        extra = f", paying {', '.join(o['additional_costs'])}" if o["additional_costs"] else ""
        lines.append(f"  option {i}: cast {what} with X=0{extra}")
    lines += [f"  not {' + '.join(d['halves']) or r['card']}: {d['reason']} [CR {d['rule']}]" for d in r["refused"]]
    lines += [f"  can't pay alternative cost {d['cost']} [CR {d['rule']}]" for d in r["alternative_costs_excluded"]]
    if r["reason"] and not r["options"]:
        lines.append(f"  reason: {r['reason']}")
    return "\n".join(lines)


@click.command("cast-free")
@snapshot_argument
@click.argument("card", metavar="CARD")
@click.option("--player", "-p", metavar="P", required=True, help="Whose hand the card is in.")
@json_option
@handles_errors
def command(snap, card, player, as_json):
    """Could P cast CARD from their hand now without paying its mana cost (Master of Predicaments)?

    Cast during the resolution of an ability (CR 608.2g): timing restrictions from the card's type
    are ignored; other restrictions ("Cast this spell only during combat") still apply. X is 0
    (107.3b); no alternative cost (bestow, morph) can be paid (118.9a); optional additional costs
    (kicker) may be paid, mandatory ones must be (118.8); lands can't be cast (305.9); a split card
    may be cast as either half or, with fuse, both (702.102a). A card not in P's hand is refused.
    """
    s = load_snapshot(snap, "cast-free")
    result = api.cast_free(s, card, player)
    notes(s, "cast-free")
    emit(result, as_json, human)
