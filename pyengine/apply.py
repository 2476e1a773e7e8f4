"""`mtgkb apply`: performing one action on a snapshot.

Each action is a module in ``pyengine/actions/`` that defines a click command named ``command``
(its name is the action's name, e.g. ``turn_face_up``). Its callback receives the validated
snapshot as ``click.get_current_context().obj`` plus its own arguments, and returns
``(new_snapshot_dict, events)``: the resulting snapshot in the public format (it is validated
again before it is printed, so it can be fed back in) and a list of event dicts
(``{"event": "reveal", "permanent": ID, "card": NAME}``, ...). An illegal action raises
InputError with the reason (the CLI exits 2); nothing is half-applied, because the input
snapshot is never modified in place.
"""

import importlib
import pkgutil

import click

from . import actions as _actions
from . import snapshot as snapshot_mod
from .errors import InputError


def registry():
    """{action name: click command} for every module in pyengine/actions."""
    out = {}
    for m in pkgutil.iter_modules(_actions.__path__):
        if not m.name.startswith("_"):
            cmd = importlib.import_module(f"{_actions.__name__}.{m.name}").command
            out[cmd.name] = cmd
    return out


def perform(snapshot, action, args=()):
    """Perform ACTION with ARGS on SNAPSHOT; returns {"snapshot": ..., "events": [...]}."""
    table = registry()
    if action not in table:
        raise InputError(f"unknown action {action!r}; actions: {', '.join(sorted(table)) or '(none)'}")
    cmd = table[action]
    try:
        rv = cmd.main(list(args), prog_name=f"mtgkb apply SNAP {action}",
                      standalone_mode=False, obj=snapshot)
    except click.ClickException as e:
        raise InputError(f"{action}: {e.format_message()}")
    if not isinstance(rv, tuple):                 # --help was asked for and printed
        return None
    new, events = rv
    checked = snapshot_mod.validate(new)          # the result must be a valid snapshot
    return {"snapshot": checked.to_dict(), "events": events}
