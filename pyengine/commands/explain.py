"""`mtgkb explain`: the derivation tree of an answer, with CR rule numbers and text."""

import click

from .. import explain as explain_mod
from ..cli import emit, handles_errors, json_option, load_snapshot, notes, snapshot_argument


@click.command("explain")
@snapshot_argument
@click.argument("atom", metavar="ATOM")
@click.option("--why-not", "why_not", is_flag=True,
              help="Explain why ATOM does not hold: each rule that could derive it and the premise that fails.")
@click.option("--all", "all_", is_flag=True, help="Show every rule instance that derives ATOM, not only the shortest.")
@click.option("--depth", default=4, show_default=True, type=click.IntRange(0, 20),
              help="With --why-not: how many levels of failing premises to follow.")
@json_option
@handles_errors
def command(snap, atom, why_not, all_, depth, as_json):
    """Why does ATOM hold (or, with --why-not, not hold) in the snapshot?

    ATOM is a ground atom of the KB, e.g. 'could_produce("pool",g)' or
    'legal_action("alice",act(activate,"elf",ab("Llanowar Elves",1)))'. The answer is a
    derivation tree: each atom with the rule that derived it (its CR number and the rule's text)
    and its premises, down to snapshot and card facts; negative premises read
    "not X (does not hold)". Trees are the shortest derivations (least-fixpoint level), so
    recursive rules such as chains of Reflecting Pools give finite trees. Exit status 1 when
    ATOM does not hold and --why-not was not given.

    \b
    Example:
      mtgkb explain examples/explain-reflecting-pool-chain.yaml 'could_produce("pool2",w)'
    """
    s = load_snapshot(snap)
    result = explain_mod.explain(s, atom, why_not=why_not, all_=all_, depth=depth)
    notes(s)
    emit(result, as_json, explain_mod.human)
    if not result["holds"] and not why_not:
        raise SystemExit(1)
