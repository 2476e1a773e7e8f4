"""`mtgkb show`: a permanent's characteristics and status now."""

import click

from .. import api
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def human(r):
    """The show answer as indented text."""
    pt = f"{r['power']}/{r['toughness']}" if r["power"] is not None else "-"
    lines = [
        f"{r['id']}: {r['name'] if r['name'] is not None else '(no name)'}",
        f"  types:      {' '.join(r['supertypes'] + r['types']) or '(none)'}"
        + (f" — {' '.join(r['subtypes'])}" if r["subtypes"] else ""),
        f"  colors:     {' '.join(r['colors']) or 'colorless'}",
        f"  P/T:        {pt}",
        f"  mana value: {r['mana_value']}",
        f"  status:     {'tapped' if r['tapped'] else 'untapped'}"
        + (f", face down ({r['face_down_by']})" if r["face_down"] else ", face up")
        + (", modified" if r["modified"] else "") + (", phased out" if r["phased_out"] else ""),
    ]
    lines += [f"  ability:    {a}" for a in r["abilities"]]
    return "\n".join(lines)


@click.command("show")
@snapshot_argument
@click.argument("pid", metavar="ID")
@json_option
@handles_errors
def command(snap, pid, as_json):
    """What does permanent ID look like now?

    Name, types, colors, power/toughness, mana value, abilities, and status (tapped, face down,
    modified) after every continuous effect the KB models (CR 613). A face-down permanent shows
    the characteristics the rules give it (CR 708.2), not the hidden card.
    """
    s = load_snapshot(snap, "show")
    result = api.show(s, pid)
    notes(s, "show")
    emit(result, as_json, human)
