"""`mtgkb apply`: perform one action and print the resulting snapshot and its events.

The actions are the transitions of :mod:`pyengine.transitions`; this module only turns each one's
declared parameters into click arguments and options, parses ACTION's arguments with them, and
prints the answer.
"""

import click

from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument
from ..errors import InputError


def human(r):
    import yaml
    lines = [f"event: {e}" for e in r["events"]] or ["(no events)"]
    return "\n".join(lines) + "\n---\n" + yaml.safe_dump(r["snapshot"], sort_keys=False, allow_unicode=True)


def click_param(p):
    """A transition's Param as a click argument or option."""
    if p.positional:
        return click.Argument([p.name], metavar=p.metavar)
    decls = [p.option or "--" + p.name.replace("_", "-")] + ([p.short] if p.short else []) + [p.name]
    if p.type is bool:
        return click.Option(decls, is_flag=True, help=p.help)
    if isinstance(p.type, tuple):
        kind = click.Choice(p.type)
    elif p.type is int:
        kind = click.IntRange(*p.range) if p.range else click.INT
    else:
        kind = click.STRING
    return click.Option(decls, type=kind, default=p.default, required=p.required, metavar=p.metavar,
                        show_default=p.default is not None, help=p.help)


def parse(transition, args):
    """The keyword arguments of TRANSITION given on the command line as ARGS, or None if its --help
    was asked for (and printed)."""
    cmd = click.Command(transition.name, params=[click_param(p) for p in transition.params],
                        help=transition.help, callback=lambda **kw: kw)
    try:
        return cmd.main(list(args), prog_name=f"mtgkb apply SNAP {transition.name}", standalone_mode=False)
    except click.ClickException as e:
        raise InputError(f"{transition.name}: {e.format_message()}")


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
    from .. import transitions
    s = load_snapshot(snap, "apply")
    if "--json" in args:                      # accept --json after the action's arguments too
        args = tuple(a for a in args if a != "--json")
        as_json = True
    transition = transitions.get(action)
    arguments = parse(transition, args)
    if not isinstance(arguments, dict):       # the action's --help was printed
        return
    result = transitions.perform(s, action, **arguments)
    notes(s, "apply")
    emit(result, as_json, human)
