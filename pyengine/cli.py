"""The ``mtgkb`` command line (click). Each command lives in ``pyengine/commands/<name>.py`` and
exposes a click command named ``command``; this module registers them by name and imports a
command's module only when that command runs (or help lists it), and owns the shared options and
the one place where errors become messages and exit codes:

- bad input (snapshot, card, id, question): one line per problem on stderr, exit status 2;
- an answer that involves card text the compiler does not model: a ``note:`` line on stderr.

Start-up stays light: this module and the command modules import only click; clingo, PyYAML and
the card compiler are imported by the code that uses them, when a command runs.
"""

import functools
import importlib
import json
import sys

import click

from . import __version__
from . import limits
from .errors import InputError
from .untrusted import one_line

EXIT_BAD_INPUT = 2
# click >= 8.2 raises this for a group called without arguments (click 8.1 printed the help)
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())

# command name -> (module of pyengine.commands, one-line summary for `mtgkb --help`): the queries in
# the order DESIGN.md documents them, then the others by name; a command's full help is its
# function's docstring
COMMANDS = {
    "could-produce": ("could_produce", "The types of mana each permanent could produce (CR 106.7)."),
    "produce": ("produce", "What activating a permanent's mana ability adds now."),
    "actions": ("actions", "The actions a player may take now, and why not the others."),
    "pay": ("pay", "Can a player pay a mana cost now, and how (the best plan)."),
    "show": ("show", "A permanent's characteristics and status now."),
    "untap": ("untap", "What untaps in a player's next untap step, and what not."),
    "cast-free": ("cast_free", "Casting a card from hand without paying its mana cost now."),
    "apply": ("apply", "Perform one action; print the new snapshot and its events."),
    "check": ("check", "Search small states for one that breaks a property."),
    "coverage": ("coverage", "Source sentences and CR rules -> KB rules -> tests."),
    "explain": ("explain", "Why an atom holds (or, with --why-not, does not)."),
    "batch": ("batch", "One query over many snapshots: a JSON line per input."),
    "cards": ("cards", "The card database: every card of the game by name, offline."),
    "import": ("import_", "Convert game states written by other engines into snapshots."),
    "sweep": ("sweep", "Check every property on states made from a card pool."),
}


# the commands that only read their input and print an answer: in a process of their own (run), they
# run without the cyclic garbage collector and end without Python's clean-up
QUICK_EXIT = frozenset({"could-produce", "produce", "actions", "pay", "show", "untap", "cast-free",
                        "explain"})
_running = []                # the command being run (its name), for run()
_own_process = []            # [True] when run() runs the command line (not a caller's main())


class Group(click.Group):
    """The command group: commands registered by name (COMMANDS), each module imported only when
    its command runs, so that `mtgkb --help` and every command start without the others' imports."""

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        _running.append(name)
        if name in QUICK_EXIT and _own_process:
            import gc
            gc.disable()         # see run()
        return importlib.import_module(f"{__package__}.commands.{COMMANDS[name][0]}").command

    def format_epilog(self, ctx, formatter):
        """The limits, built only when the help is shown (textwrap is not imported otherwise)."""
        self.epilog = ("\b\nLimits (larger input is refused with exit status 2):\n"
                       + "\n".join("  " + line for line in limits.describe()))
        super().format_epilog(ctx, formatter)

    def format_commands(self, ctx, formatter):
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_, summary) in COMMANDS.items()])

    def main(self, args=None, prog_name=None, standalone_mode=True, **extra):
        """Usage errors (a missing argument, an unknown option) are bad input too: one
        `error:` line naming the command's --help, exit status 2."""
        if not standalone_mode:
            return super().main(args, prog_name, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, standalone_mode=False, **extra)
        except _NO_ARGS_IS_HELP as e:         # `mtgkb` alone asks for the help: print it, exit 0
            click.echo(e.ctx.get_help())
            sys.exit(0)
        except click.UsageError as e:
            where = e.ctx.command_path if e.ctx else "mtgkb"
            error_lines([f"{e.format_message()} (see '{where} --help')"])
            sys.exit(EXIT_BAD_INPUT)
        except click.ClickException as e:
            error_lines([e.format_message()])
            sys.exit(EXIT_BAD_INPUT)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="mtgkb")   # works uninstalled too
@click.option("--strict", is_flag=True,
              help="Refuse to answer (exit status 3) when the snapshot involves card text the KB "
                   "does not model, instead of answering with a 'note:' on stderr.")
@click.pass_context
def main(ctx, strict):
    """mtgkb: ask the Magic: The Gathering Comprehensive Rules about a game snapshot.

    Every command reads a snapshot (YAML or JSON; see README.md, "The snapshot") and answers one
    question; add --json for the machine-readable form. Bad input exits with status 2. Card text
    the KB does not model is named on stderr ('note:'); such text may change the answer, so with
    --strict the command refuses to answer (exit status 3) instead.
    """
    ctx.obj = {"strict": strict}


def run():
    """The ``mtgkb`` program (its console script and ``python -m pyengine``): :func:`main`, then,
    after a query command (or ``mtgkb --help``, ``--version``, a usage error), a quick exit.
    Python's own exit frees every object and module one by one, about 15 ms of CPU after clingo
    and click are loaded (as much as the rest of a small query), seconds on a large board; a query
    command has nothing to clean up once its answer is printed, so its process ends at once
    (``os._exit``) after flushing standard output and error. Any other command, or an output that
    can't be flushed (a closed pipe), ends as usual.

    A query command also runs without Python's cyclic garbage collector: it builds millions of
    objects that form no cycles (facts, symbols, answers), and each full collection walks all of
    them, a cost that grows faster than the board (0.03 s at 10,000 permanents, 0.7 s at 100,000
    for actions); its peak memory is the same without it."""
    _own_process.append(True)
    try:
        main()
        code = 0
    except SystemExit as e:
        code = e.code
    if code is None:
        code = 0
    if isinstance(code, int) and (not _running or _running[-1] in QUICK_EXIT):
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            sys.exit(code)
        import os
        os._exit(code)
    sys.exit(code)


def snapshot_argument(f):
    """The SNAP argument: a snapshot file, YAML or JSON ('-' reads standard input)."""
    # a plain string: the loader itself reports a missing file, a directory or unreadable bytes as
    # one "error:" line with exit status 2 (click's own checks print a usage block instead)
    return click.argument("snap", metavar="SNAP", type=str)(f)


def json_option(f):
    """The --json flag."""
    return click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")(f)


def load_snapshot(path, answer=None):
    """Load and validate SNAP (a path or '-'). With `mtgkb --strict`, a snapshot that involves card
    text the KB does not model and that could change ``answer`` (the running command's, one of
    pyengine.compiled.ANSWERS; None: any) is refused here, before anything is computed
    (exit status 3), so that --strict holds for every command that reads a snapshot."""
    from . import snapshot as snapshot_mod
    s = snapshot_mod.load(path)
    if _strict():
        notes(s, answer)
    return s


EXIT_NOT_MODELLED = 3


def notes(snapshot, answer=None):
    """'note:' lines on stderr for card text that is not modelled and could change the answer
    (``answer``: one of pyengine.compiled.ANSWERS; None: any); never silently dropped.
    With `mtgkb --strict`, such text stops the command before it answers (exit status 3): it
    refuses exactly when a note is printed."""
    from .facts import not_modelled
    missing = not_modelled(snapshot, answer)
    for n in missing:
        click.echo(one_line(note_line(n)), err=True)
    if missing and _strict():
        click.echo("error: --strict: the answer could depend on the card text above, which is not "
                   "modelled", err=True)
        sys.exit(EXIT_NOT_MODELLED)


def note_line(note):
    """The 'note:' line of a compiler Note: the card, the line (or 'card'), the text, and why
    (unless the reason is only that it is not modelled)."""
    where = f"line {note.line}" if note.line else "card"
    why = f" [{note.reason}]" if note.reason and note.reason != "not modelled" else ""
    return f"note: {note.card} ({where}) not modelled: {note.text}{why}"


def _strict():
    """Whether `mtgkb --strict` was given."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx else None
    return root is not None and bool((root.obj or {}).get("strict"))


def emit(result, as_json, human):
    """Print a result as JSON or through the human formatter ``human(result) -> str``."""
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        click.echo(human(result))


def error_lines(problems):
    """One `error:` line on stderr per problem; whatever a problem quotes, it stays one line."""
    for line in problems:
        click.echo(f"error: {one_line(str(line))}", err=True)


def handles_errors(f):
    """Turn InputError into one line per problem and exit status 2; no traceback for any input."""
    @functools.wraps(f)
    def wrapper(*a, **kw):
        try:
            return f(*a, **kw)
        except InputError as e:
            error_lines(e.problems)
            sys.exit(EXIT_BAD_INPUT)
        except RecursionError:
            error_lines(["input nested too deeply"])
            sys.exit(EXIT_BAD_INPUT)
    return wrapper

