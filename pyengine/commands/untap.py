"""`mtgkb untap`: what a player's next untap step does to their permanents (CR 502.3, 701.43)."""

import click

from .. import api
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def human(r):
    lines = [f"untap:       {' '.join(r['untap']) or '(nothing)'}",
             f"stay tapped: {' '.join(r['stay_tapped']) or '(nothing)'}"]
    for pid, reasons in r.get("reasons", {}).items():
        lines += [f"  {pid}: {d['text']} [CR {d['rule']}]" for d in reasons]
    return "\n".join(lines)


@click.command("untap")
@snapshot_argument
@click.argument("player", metavar="PLAYER")
@json_option
@handles_errors
def command(snap, player, as_json):
    """Which permanents untap during PLAYER's next untap step, and which stay tapped (and why)?

    The permanents PLAYER will control then (control "until end of turn" has ended by then) untap
    (CR 502.3), except those PLAYER exerted (CR 701.43a) and those an effect keeps tapped ("don't
    untap during its controller's next untap step"). Phased-out permanents phase in first (502.1).
    With --json: {"untap": [IDs], "stay_tapped": [IDs]}, plus "reasons" when something stays tapped.
    """
    s = load_snapshot(snap, "untap")
    result = api.untap(s, player)
    notes(s, "untap")
    emit(result, as_json, human)
