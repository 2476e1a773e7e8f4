"""`mtgkb sweep`: check every property on states generated from the card pool."""

import sys

import click

from ..cli import emit, handles_errors, json_option
from ..scale import cardsource, sweep as sweep_mod
from ..scale.executor import default_jobs


@click.command("sweep")
@click.option("--source", default="bundled", show_default=True, metavar="bundled|db|db:PATH|CARDS.json",
              help="The card pool: the bundled library, the card database (db: where snapshots find it, "
                   "$MTGKB_CARDS or your data directory; db:PATH: that file), or a JSON list of card objects.")
@click.option("--cards", type=click.Choice(["all", "mana"]), default="all", show_default=True,
              help="Every card of the pool, or only the mana-relevant ones (a mana ability or effect).")
@click.option("--size", type=click.IntRange(1, 8), default=1, show_default=True,
              help="Cards under test per state: 1 = every card alone, 2 = every pair, ...")
@click.option("--sample", type=click.IntRange(1, 100_000_000), default=None, metavar="N",
              help="Instead of every combination, N seeded random boards of SIZE cards (controllers and "
                   "tapped status drawn too).")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True, help="Seed for --sample.")
@click.option("--limit", type=click.IntRange(1, None), default=None, metavar="N", help="Stop after N states.")
@click.option("--property", "-p", "names", multiple=True, metavar="NAME",
              help="Check only this property or invariant (repeatable); default: all.")
@click.option("--out", "out_dir", default="sweep-counterexamples", show_default=True,
              type=click.Path(file_okay=False), help="Folder for counterexample snapshots.")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=None, help="Worker processes (default: one per CPU).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on this Dask scheduler instead of local processes.")
@click.option("--chunk", type=click.IntRange(1, 10_000), default=None, hidden=True, help="States per task.")
@json_option
@handles_errors
def command(source, cards, size, sample, seed, limit, names, out_dir, jobs, scheduler, chunk, as_json):
    """Generate states from the card pool and check every property on each.

    Each state is the standard board (alice: Plains, Island, Swamp, Grizzly Bears; bob: Mountain,
    Forest, Wastes; alice's precombat main phase) with the cards under test added under alice's
    control (an Aura attached to something it may enchant, an instant or sorcery in her hand).
    On each, every property of properties/ must hold, the KB must report no violation, and
    could-produce must give the same answer whatever the order of the battlefield. Each
    counterexample is written to --out as a snapshot file naming the property it breaks.
    Exit status 1 if any property failed.

    \b
    Examples:
      mtgkb sweep                                 every bundled card alone
      mtgkb sweep --cards mana --size 2           every pair of mana-relevant cards
      mtgkb sweep --source db --cards mana        every mana card of the card database alone
      mtgkb sweep --size 4 --sample 1000 --seed 7 --jobs 2
    """
    pool = cardsource.open_source(source)
    r = sweep_mod.run(pool, cards=cards, size=size, sample=sample, seed=seed, only=list(names) or None,
                      out_dir=out_dir, jobs=jobs or default_jobs(), scheduler=scheduler, limit=limit,
                      progress=sys.stderr.isatty(), chunk=chunk)
    emit(r, as_json, sweep_mod.human)
    if as_json:
        click.echo(sweep_mod.summary_line(r), err=True)
    if r["failed"]:
        raise SystemExit(1)
