"""`mtgkb apply`: perform one action and print the resulting snapshot and its events."""

import click

from .. import apply as apply_mod
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


def human(r):
    import yaml
    lines = [f"event: {e}" for e in r["events"]] or ["(no events)"]
    return "\n".join(lines) + "\n---\n" + yaml.safe_dump(r["snapshot"], sort_keys=False, allow_unicode=True)


@click.command("apply", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@snapshot_argument
@click.argument("action", metavar="ACTION")
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[ARGS]...")
@json_option
@handles_errors
def command(snap, action, args, as_json):
    """Perform one action on a snapshot; print the new snapshot and the events it caused.

    The printed snapshot has the same format as the input, so it can be fed back in. An illegal
    action is refused with its reason and exit status 2. `mtgkb apply SNAP ACTION --help` shows
    an action's arguments. Actions: see README ("mtgkb apply").
    """
    s = load_snapshot(snap)
    if "--json" in args:                      # accept --json after the action's arguments too
        args = tuple(a for a in args if a != "--json")
        as_json = True
    result = apply_mod.perform(s, action, args)
    if result is None:                        # the action's --help was printed
        return
    notes(s, "apply")
    emit(result, as_json, human)
