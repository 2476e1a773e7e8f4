"""`mtgkb could-produce`: the types of mana each permanent could produce (CR 106.7)."""

import click

from .. import api
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


@click.command("could-produce")
@snapshot_argument
@click.argument("ids", nargs=-1, metavar="[ID]...")
@json_option
@handles_errors
def command(snap, ids, as_json):
    """Which types of mana could each permanent produce? (CR 106.7)

    The types any of its abilities would produce if it resolved now, with replacement effects
    applied in every possible order, ignoring whether costs could be paid. Reflectors such as
    Reflecting Pool or Exotic Orchard are resolved as a least fixpoint. Without IDs, every
    permanent on the battlefield is listed.

    \b
    Example:
      mtgkb could-produce examples/reflecting-pool.yaml pool --json
      {"pool": ["G", "W"]}
    """
    s = load_snapshot(snap, "could-produce")
    result = api.could_produce(s, ids)
    notes(s, "could-produce")
    emit(result, as_json, lambda r: "\n".join(
        f"{pid}: {' '.join(types) if types else '(none)'}" for pid, types in r.items()))
