"""`mtgkb produce`: what activating a permanent's mana ability adds now (CR 106.12, 605, 616.1)."""

import click

from .. import api, mana
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def human(r):
    opts = ["  " + (mana.text(c) if c else "(no mana)") for c in r["amounts"]]
    trig = [f"  {t}" for t in r.get("triggers", [])]
    spend = [f"  {s['restriction']}  ({s['ability']})" for s in r.get("spend_only", [])]
    unchosen = [f"  {u['choice']}  ({u['ability']})" for u in r.get("unchosen", [])
                if u["choice"] not in api.UNKNOWN_RESULTS]
    results = [f"  {u['choice']}  ({u['ability']})" for u in r.get("unchosen", [])
               if u["choice"] in api.UNKNOWN_RESULTS]
    effects = [f"  {e['effect']} for a spell matching {e['spell']}  ({e['ability']})"
               for e in r.get("spend_effects", [])]
    return "\n".join(["possible outcomes:"] + opts + (["also triggers (uses the stack):"] + trig if trig else [])
                     + (["the mana may be spent only on (106.6; the restriction travels with it):"] + spend
                        if spend else [])
                     + (["if the mana is spent on a spell, that spell gets (106.6):"] + effects if effects else [])
                     + (["also, as it resolves (605.3b):"] + [f"  {a['text']} (CR {a['rule']})  ({a['ability']})"
                                                             for a in r.get("also", [])] if r.get("also") else [])
                     + (["the snapshot does not say what was chosen as it entered (614.12; every choice "
                         "is an outcome):"] + unchosen if unchosen else [])
                     + (["the result is known only as it resolves (705, 706, 608.2d; every result is an "
                         "outcome):"] + results if results else []))


@click.command("produce")
@snapshot_argument
@click.argument("pid", metavar="ID")
@click.option("--ability", type=int, metavar="N", help="Only the N-th mana ability of ID (1-based).")
@json_option
@handles_errors
def command(snap, pid, ability, as_json):
    """What would activating ID's mana ability add now?

    Every possible outcome: each mana option of the ability, each order in which the affected
    player may apply replacement effects (Contamination, Pale Moon, Mana Reflection: CR 616.1),
    and each choice of mana added by triggered mana abilities (Heartbeat of Spring: CR 106.12a).
    An ability that would produce no mana (or mana of an undefined type, CR 106.5) gives
    the outcome [] ("no mana"). Outcomes are distinct: "amounts" counts each outcome's mana per
    type; "options" lists it letter by letter (null when some outcome has more than 1,000 mana).
    Outcomes too many to list are refused (exit status 2): a cost that may remove more than 1,000
    counters, or more than 12 mana "in any combination" (CR 106.1b).
    Costs are not checked here: see `mtgkb actions`. A spend restriction travels with the mana
    ("spend_only", CR 106.6), and so does what the mana does to a spell it is spent on
    ("spend_effects": "that spell can't be countered", "it gains haste").

    \b
    Example:
      mtgkb produce examples/mana-replacement.yaml forest --json
      {"options": [["B", "B"], ["B", "B", "B"]], "amounts": [{"B": 2}, {"B": 3}], ...}
    """
    s = load_snapshot(snap, "produce")
    result = api.produce(s, pid, ability)
    notes(s, "produce")
    emit(result, as_json, human)
