"""Transitions: performing one action on a snapshot (``mtgkb apply``).

A transition is a plain function ``f(snapshot, **arguments) -> (new snapshot dict, events)``: it
takes a validated :class:`pyengine.snapshot.Snapshot`, asks the KB through :mod:`pyengine.api`
what the action does, and returns the resulting snapshot in the public format and a list of
event dicts (``{"event": "reveal", "permanent": ID, "card": NAME, ...}``). An illegal action
raises InputError with the reason; nothing is half-applied, because the input snapshot is never
modified in place (each function works on a fresh ``to_dict()`` copy). A transition that asks
several questions about one state asks them inside ``with api.session(state):`` (one clingo
Control for all of them).

Each module of this package defines one ``TRANSITION``: its name, its function and its
parameters, declared once (:class:`Param`); the command line builds its arguments and options,
and ``mtgkb apply SNAP ACTION --help``, from them. :func:`perform` runs a transition and
validates the snapshot it returns.
"""

from dataclasses import dataclass, field
import importlib
import pkgutil

from ..errors import InputError


@dataclass(frozen=True)
class Param:
    """One parameter of a transition. ``name`` is the function's keyword; ``positional`` makes it
    an argument (ID, PLAYER, CARD) rather than an option ``--name`` (or ``option`` and ``short``);
    ``type`` is str, int, bool (a flag) or a tuple of the allowed strings; ``range`` bounds an
    int, inclusive."""

    name: str
    help: str = ""
    metavar: str | None = None
    type: object = str
    default: object = None
    required: bool = False
    positional: bool = False
    option: str | None = None
    short: str | None = None
    range: tuple | None = None


@dataclass(frozen=True)
class Transition:
    """A transition: NAME (the action's name on the command line), FUNCTION, its PARAMS. The
    function's docstring is its help."""

    name: str
    function: object
    params: tuple = field(default_factory=tuple)

    @property
    def help(self):
        return self.function.__doc__ or ""


def registry():
    """{name: Transition} for every module of this package."""
    out = {}
    for m in pkgutil.iter_modules(__path__):
        if not m.name.startswith("_"):
            t = importlib.import_module(f"{__name__}.{m.name}").TRANSITION
            out[t.name] = t
    return out


def get(name):
    """The transition called NAME; InputError naming the others if there is none."""
    table = registry()
    if name not in table:
        raise InputError(f"unknown action {name!r}; actions: {', '.join(sorted(table)) or '(none)'}")
    return table[name]


def perform(snapshot, name, **arguments):
    """Perform transition NAME with ARGUMENTS on SNAPSHOT: {"snapshot": ..., "events": [...]}, the
    resulting snapshot validated (so it can be fed back in) and in the public format."""
    from .. import snapshot as snapshot_mod
    new, events = get(name).function(snapshot, **arguments)
    checked = snapshot_mod.validate(new)          # the result must be a valid snapshot
    return {"snapshot": checked.to_dict(), "events": events}
