"""`mtgkb check`: bounded search for states that break a property; or one snapshot's violations."""

from pathlib import Path

import click
import yaml

from .. import check as check_mod
from ..cli import emit, handles_errors, json_option, load_snapshot, notes
from ..untrusted import one_line


def _dump(snap):
    return yaml.safe_dump(snap, sort_keys=False, allow_unicode=True)


def human_search(r):
    lines = []
    for p in r["results"]:
        b = p["bounds"]
        bounds = (f"up to {b['permanents']} permanents, {b['players']} players, {b['effects']} effects, "
                  f"{b['counters']} counters of a kind")
        if p["holds"] is None:
            lines.append(f"n/a   {p['property']}: not checked: {p['unavailable']}")
            continue
        s = p["search"]
        stats = f"{s['choices']} choices, {s['conflicts']} conflicts, {p['seconds']:.2f} s"
        if p["holds"]:
            lines.append(f"ok    {p['property']}: holds in every legal state {bounds} ({stats})")
        else:
            n = len(p["counterexample"]["battlefield"])
            lines.append(f"FAIL  {p['property']}: smallest counterexample has {n} permanent(s) ({stats})")
            lines.append(f"      property: {p['doc']}")
            lines += [f"      witness: {w}" for w in p["witness"]]
            if p.get("written"):
                lines.append(f"      written to {p['written']}")
            lines += ["      | " + l for l in _dump(p["counterexample"]).splitlines()]
    na = sum(p["holds"] is None for p in r["results"])
    lines.append(f"{r['checked'] - na} properties checked, {r['failed']} failed, bound {r['bound']}"
                 + (f"; {na} not checkable on this KB" if na else ""))
    return "\n".join(lines)


def human_snapshot(r):
    lines = [f"violations: {len(r['violations'])}"]
    lines += [f"  {v['violation']}  [CR {' '.join(v['cr']) or '?'}]" for v in r["violations"]]
    lines.append(f"properties broken: {len(r['properties_violated'])}")
    for name, ws in r["properties_violated"].items():
        lines += [f"  {name}: {w}" for w in ws]
    return "\n".join(lines)


@click.command("check")
@click.option("--bound", "-n", default=check_mod.DEFAULT_BOUND, show_default=True, type=click.IntRange(1, 8),
              help="Search states with up to N permanents.")
@click.option("--players", default=2, show_default=True, type=click.IntRange(1, len(check_mod.PLAYERS)),
              help="Up to this many players.")
@click.option("--effects", default=1, show_default=True, type=click.IntRange(0, 4),
              help="Up to this many lasting effects.")
@click.option("--counters", default=1, show_default=True, type=click.IntRange(1, 5),
              help="Up to this many counters of each kind on a permanent.")
@click.option("--property", "-p", "names", multiple=True, metavar="NAME",
              help="Check only this property (a file stem of properties/); repeatable.")
@click.option("--snapshot", "snap", metavar="SNAP", type=click.Path(dir_okay=False, allow_dash=True),
              help="Report the violations of this snapshot instead of searching.")
@click.option("--out", "out_dir", default=".", show_default=True, type=click.Path(file_okay=False),
              help="Folder for counterexample snapshots (counterexample-<property>.yaml).")
@click.option("--time-limit", default=check_mod.DEFAULT_TIME_LIMIT, show_default=True,
              type=click.FloatRange(0, 86400), metavar="SECONDS",
              help="Give up on a property after this many seconds of solver CPU time per size (reported as inconclusive, "
                   "not as holding); 0: no limit.")
@json_option
@handles_errors
def command(bound, players, effects, counters, names, snap, out_dir, time_limit, as_json):
    """Search small game states for one that breaks a stated property of the rules.

    Each property is a documented ASP file in properties/ defining property_violated(W). For each,
    the solver searches every legal state (no violation/2) with up to N permanents (any bundled
    card; controller, owner, tapped, counters, attachments, face down, exerted, phased out), the
    given players and lasting effects, for one where the property fails; it returns the smallest
    (fewest permanents, then effects and players, then departures from snapshot defaults) as a
    snapshot file every other command accepts. Exit status 1 if a property fails.

    With --snapshot SNAP, lists every violation(Kind,Args) the KB reports for that snapshot (illegal
    states such as an Aura attached to nothing) and every property it breaks; exit status 0.
    """
    props = check_mod.select(names)
    if snap:
        s = load_snapshot(snap)
        result = check_mod.check_snapshot(s, props)
        notes(s)
        emit(result, as_json, human_snapshot)
        return
    results = []
    for prop in props:
        r = check_mod.search(prop, bound, players, effects, counters, time_limit=time_limit or None)
        if r["holds"] is False:
            path = Path(out_dir) / f"counterexample-{prop.name}.yaml"
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(_dump(r["counterexample"]), encoding="utf-8")
                r["written"] = str(path)
            except OSError as e:
                r["written"] = None
                click.echo(one_line(f"warning: cannot write {path}: {e.strerror or e}"), err=True)
        results.append(r)
    failed = sum(r["holds"] is False for r in results)
    emit({"results": results, "checked": len(results), "failed": failed, "bound": bound}, as_json, human_search)
    if failed:
        raise SystemExit(1)
