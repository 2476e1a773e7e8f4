"""`mtgkb batch`: run one query over many snapshots, one JSON line per input."""

import sys

import click

from ..cli import handles_errors
from ..scale import batch as batch_mod
from ..scale.executor import default_jobs


class BatchCommand(click.Command):
    """batch's own options may stand anywhere (also after the inputs); every other word belongs to
    QUERY [ARGS] INPUT..., which batch splits itself."""

    def parse_args(self, ctx, args):
        own = {}
        for p in self.get_params(ctx):
            if isinstance(p, click.Option):
                for o in p.opts + p.secondary_opts:
                    own[o] = not (p.is_flag or p.count)
        mine, words, i = [], [], 0
        while i < len(args):
            a = args[i]
            name = a.split("=", 1)[0]
            if name in own:
                mine.append(a)
                if own[name] and "=" not in a and i + 1 < len(args):
                    mine.append(args[i + 1])
                    i += 1
            else:
                words.append(a)
            i += 1
        return super().parse_args(ctx, mine + ["--"] + words)


@click.command("batch", cls=BatchCommand)
@click.argument("words", nargs=-1, type=click.UNPROCESSED, metavar="QUERY [ARGS]... [--] INPUT...")
@click.option("--out", "-o", "out", required=True, metavar="FILE.jsonl",
              help="Write one JSON line per input here ('-': standard output).")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=None,
              help="Worker processes (default: one per CPU).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Run on this Dask scheduler (e.g. tcp://127.0.0.1:8786) instead of local processes; "
                   "needs pip install 'mtgkb[dask]'.")
@click.option("--resume", is_flag=True, help="Skip the inputs whose id is already in FILE.jsonl; append the rest.")
@click.option("--lenient", is_flag=True, help="Import .pzl inputs as `mtgkb import forge --lenient` would.")
@click.option("--chunk", type=click.IntRange(1, 10_000), default=None, hidden=True,
              help="Inputs per task handed to a worker (default: chosen from the number of inputs).")
@click.pass_context
@handles_errors
def command(ctx, words, out, jobs, scheduler, resume, lenient, chunk):
    """Run QUERY over many snapshots: one JSON line per input, in input order.

    QUERY is any command that reads a snapshot, with its arguments but without the snapshot:
    `could-produce`, `actions --player P`, `untap P`, `show ID`, `check --snapshot`, ... Variable
    arguments (could-produce's IDs, apply's ACTION ARGS) need `--` before the inputs. INPUTs are
    snapshot files, folders (every .yaml, .yml, .json, .pzl, .jsonl file under them, sorted),
    Forge puzzles (.pzl, imported on the fly) and JSONL streams (.jsonl, or '-' for standard input:
    one snapshot object per line, or {"id": ..., "snapshot": {...}}).

    Each line is {"id", "status", "answer", "errors", "notes"}: the input's id (its path, or
    FILE:LINE), the exit status the command would have had, its --json answer (null on error) and
    its error and note lines. A bad input never stops the batch. Work runs on a pool of worker
    processes that each import the engine once (no process per snapshot), or with --scheduler on
    a Dask cluster; the lines are the same either way. A summary goes to standard error; the exit
    status is 0 once every input has its line.

    \b
    Examples:
      mtgkb batch could-produce examples/ --out answers.jsonl
      mtgkb batch actions --player alice snaps/ puzzles/*.pzl --lenient -o out.jsonl --jobs 2
      mtgkb batch untap bob -- snaps.jsonl -o - --scheduler tcp://127.0.0.1:8786
    """
    strict = bool((ctx.find_root().obj or {}).get("strict"))
    query, inputs = batch_mod.parse(list(words), strict=strict)
    summary = batch_mod.run(query, inputs, out, jobs=jobs or default_jobs(), scheduler=scheduler,
                            resume=resume, lenient=lenient, progress=sys.stderr.isatty(), chunk=chunk)
    click.echo(batch_mod.summary_line(summary), err=True)
