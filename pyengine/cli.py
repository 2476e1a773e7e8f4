"""The ``mtgkb`` command line (click). Each command lives in ``pyengine/commands/<name>.py`` and
exposes a click command named ``command``; this module collects them, and owns the shared options
and the one place where errors become messages and exit codes:

- bad input (snapshot, card, id, question): one line per problem on stderr, exit status 2;
- an answer that involves card text the compiler does not model: a ``note:`` line on stderr.
"""

import functools
import importlib
import json
import pkgutil
import sys

import click

from . import __version__
from . import commands as _commands
from . import limits, snapshot as snapshot_mod
from .errors import InputError
from .facts import not_modelled
from .untrusted import one_line

EXIT_BAD_INPUT = 2
# click >= 8.2 raises this for a group called without arguments (click 8.1 printed the help)
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class Group(click.Group):
    """Lists commands in the order they are documented in DESIGN.md."""

    ORDER = ["could-produce", "produce", "actions", "show", "untap", "cast-free", "apply", "check",
             "coverage", "explain"]

    def list_commands(self, ctx):
        names = super().list_commands(ctx)
        return sorted(names, key=lambda n: (self.ORDER.index(n) if n in self.ORDER else 99, n))

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


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="\b\nLimits (larger input is refused with exit status 2):\n"
                    + "\n".join("  " + line for line in limits.describe()))
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


def snapshot_argument(f):
    """The SNAP argument: a snapshot file, YAML or JSON ('-' reads standard input)."""
    # a plain string: the loader itself reports a missing file, a directory or unreadable bytes as
    # one "error:" line with exit status 2 (click's own checks print a usage block instead)
    return click.argument("snap", metavar="SNAP", type=str)(f)


def json_option(f):
    """The --json flag."""
    return click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")(f)


def load_snapshot(path):
    """Load and validate SNAP (a path or '-'). With `mtgkb --strict`, a snapshot that involves card
    text the KB does not model is refused here, before anything is computed (exit status 3), so
    that --strict holds for every command that reads a snapshot."""
    s = snapshot_mod.load(path)
    if _strict():
        notes(s)
    return s


EXIT_NOT_MODELLED = 3


def notes(snapshot):
    """'note:' lines on stderr for card text that is not modelled (never silently dropped). With
    `mtgkb --strict`, such text stops the command before it answers (exit status 3)."""
    missing = not_modelled(snapshot)
    for card, line, text in missing:
        where = f"line {line}" if line else "card"
        click.echo(one_line(f"note: {card} ({where}) not modelled: {text}"), err=True)
    if missing and _strict():
        click.echo("error: --strict: the answer could depend on the card text above, which is not "
                   "modelled", err=True)
        sys.exit(EXIT_NOT_MODELLED)


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


for _m in pkgutil.iter_modules(_commands.__path__):
    if not _m.name.startswith("_"):
        main.add_command(importlib.import_module(f"{_commands.__name__}.{_m.name}").command)
