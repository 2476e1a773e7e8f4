"""`mtgkb actions`: the actions a player may take now, and why not the others."""

import click

from .. import api
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def _line(a):
    def text(k, v):
        if k == "payment":
            return " ".join(f"{p['source']}:{p['adds']}" for p in v)
        if k in ("payment_convoke", "payment_improvise"):      # a creature or artifact tapped (702.51a, 702.126a)
            return " ".join(f"{p['permanent']}:{p['pays']}" for p in v)
        if k == "payment_delve":                                # cards exiled from the graveyard (702.66a)
            return f"{len(v)} card{'s' if len(v) != 1 else ''} ({'; '.join(v)})"
        return v
    extra = ", ".join(f"{k}={text(k, v)}" for k, v in a.items()
                      if k not in ("kind", "permanent", "card", "rule", "reason", "not_modelled"))
    return f"{a['kind']} {a.get('permanent') or a.get('card')}" + (f" ({extra})" if extra else "")


def human(r):
    lines = [f"{r['player']} may:"] + [f"  {_line(a)}" for a in r["actions"]] or ["  (nothing)"]
    if r["refused"]:
        lines.append("not now:")
        lines += [f"  {_line(a)}: {a['reason']} [CR {a['rule']}]" for a in r["refused"]]
    if r["not_modelled"]:
        lines.append("undecided (not modelled):")
        lines += [f"  {_line(a)}" for a in r["not_modelled"]]
    return "\n".join(lines)


@click.command("actions")
@snapshot_argument
@click.option("--player", "-p", metavar="P", help="Whose actions (default: the active player).")
@json_option
@handles_errors
def command(snap, player, as_json):
    """Which actions may a player take now, and why not the others?

    Lists casting each card in hand (CR 601.2, 307.1 timing, with its total cost and a payment
    from untapped sources), playing a land (305.1-305.2), activations of abilities whose costs
    can be paid (CR 107.5, 107.6, 302.6, 602), turning face-down permanents face up (special
    action, CR 116.2b), the special actions of cards in hand with suspend, foretell or plot (CR
    116.2f, 116.2h, 116.2k), and, in the active player's declare attackers step, each creature that
    may attack (with exert where an effect allows it).
    Actions that are refused are listed under "refused" with the CR rule that stops them.
    """
    s = load_snapshot(snap, "actions")
    result = api.actions(s, player)
    notes(s, "actions")
    emit(result, as_json, human)
