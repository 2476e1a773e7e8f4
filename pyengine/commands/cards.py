"""`mtgkb cards import|show|coverage|update`: the card database (pyengine/carddb)."""

import os
from pathlib import Path

import click

from .. import cardfacts, cardlib
from ..cardlookup import Lookup
from ..carddb import DEFAULT_URL
from ..cli import emit, handles_errors, json_option
from ..errors import InputError
from ..progress import Bar

# pyengine.carddb's modules (SQLite, ijson, the classifier) are imported by the subcommands that
# use them, so that every other mtgkb command starts without them.


def _db_path():
    """--db PATH of `mtgkb cards`, else the default (store.default_path)."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.info_name == "cards" and ctx.params.get("db"):
            return Path(ctx.params["db"]).expanduser()
        ctx = ctx.parent
    from ..carddb import store
    return store.default_path()


@click.group("cards")
@click.option("--db", "db", metavar="PATH", type=str,
              help="The card database file (default: $MTGKB_CARDS, else cards.sqlite3 in your "
                   "data directory).")
def command(db):  # noqa: ARG001 -- read by _db_path()
    """The card database: every card of the game by name, offline.

    \b
    mtgkb cards import AtomicCards.json.xz     build it from MTGJSON or Scryfall files
    mtgkb cards update                          download MTGJSON AtomicCards and import it
    mtgkb cards show "Lim-Dul's Vault"          a card, what the compiler made of each line
    mtgkb cards coverage [--kind mana]          how much of the game the KB models

    Once it is built, a snapshot's `card:` names any card: by its Oracle name (any case, with or
    without diacritics), by its full name (`Fire // Ice`) or by a face name (`Fire`). The
    snapshot's `cards:` and the bundled library come first.
    """


def _summary_text(s, path, what="imported"):
    n = lambda x: f"{x:,}"                                    # noqa: E731
    layouts = ", ".join(f"{k} {n(v)}" for k, v in sorted(s["by_layout"].items(), key=lambda kv: -kv[1]))
    skipped = ", ".join(f"{k} {n(v)}" for k, v in sorted(s["skipped"].items(), key=lambda kv: -kv[1]))
    lines = [f"{what} {n(s['cards'])} cards into {path} (compiler {s['compiler']})",
             f"  by layout: {layouts or '-'}",
             f"  skipped:   {skipped or '-'}" + (f"; {n(s['duplicates'])} duplicate names" if s["duplicates"] else ""),
             f"  refused:   {n(len(s['refused']))}" + (" (the first 10 below; --json lists all)"
                                                      if len(s["refused"]) > 10 else "")]
    lines += [f"    {r['name']}: {r['reason']}" for r in s["refused"][:10]]
    lines.append(f"  lines:     {n(s['lines'])}, not carried out by the KB (not modelled): "
                 f"{n(s['lines_not_modelled'])} (see 'mtgkb cards coverage')")
    return "\n".join(lines)


def _run(job, label):
    """Run an import job with a progress bar; its Summary as JSON data."""
    bar = Bar(label)
    try:
        summary = job(progress=bar.step, on_read=bar.start)
    except KeyboardInterrupt:
        bar.close()
        raise InputError("interrupted; the card database is unchanged")
    finally:
        bar.close()
    return summary.to_json()


@command.command("import")
@click.argument("files", nargs=-1, metavar="FILE...", type=str)
@click.option("--recompile", is_flag=True,
              help="Compile every card of the database again (without FILE: the cards it holds).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes that compile cards (default: one per core).")
@json_option
@handles_errors
def import_command(files, recompile, jobs, as_json):
    """Build the card database from FILE... (replacing the one there is).

    FILE is MTGJSON AtomicCards or AllPrintings (https://mtgjson.com/downloads/all-files/), or
    Scryfall bulk data: oracle_cards or default_cards (https://scryfall.com/docs/api/bulk-data);
    plain JSON or compressed (.gz, .xz, .bz2, .zip): the format is read from the content. Every
    layout keeps all its faces; tokens, emblems, art series, planes, schemes and vanguards are
    skipped and counted; a record that can't be read is named with the reason and skipped.

    Every card is compiled once, here, in a process per core; snapshots then use the stored facts.
    The new database is written beside the old one and replaces it only when complete: an
    interrupted or failed import leaves the old one as it was. With --recompile and no FILE, the
    cards already in the database are compiled again (the first command that uses a database
    built by another compiler version does it by itself, if it can write the database).
    """
    from ..carddb import importer
    path = _db_path()
    if not files and not recompile:
        raise InputError("cards import: give one or more card files (or --recompile); "
                         "see 'mtgkb cards import --help'")
    if files:
        for f in files:
            if not os.path.isfile(f):
                raise InputError(f"{f}: no such file" if not os.path.exists(f) else f"{f}: not a file")
        s = _run(lambda **kw: importer.import_files(list(files), path, jobs=jobs, **kw), "compiling")
    else:
        s = _run(lambda **kw: importer.recompile(path, jobs=jobs, **kw), "compiling")
    emit(dict(s, database=str(path)), as_json,
         lambda r: _summary_text(r, path, "imported" if files else "recompiled"))


@command.command("update")
@click.option("--url", metavar="URL", default=None,
              help=f"Where to download AtomicCards (default: $MTGKB_CARDS_URL, else "
                   f"{DEFAULT_URL}); its SHA-256 is read from URL.sha256.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes that compile cards (default: one per core).")
@json_option
@handles_errors
def update_command(url, jobs, as_json):
    """Download MTGJSON AtomicCards, check its published SHA-256, and import it.

    The download is checked against the digest published beside it (URL.sha256) before anything
    is imported; a mismatch, a failed download or a failed import leaves the database unchanged.
    """
    from ..carddb import update as update_mod
    path = _db_path()
    url = url or update_mod.source_url()
    dl = Bar("downloading")

    def download_progress(n, total):
        if dl.bar is None and n == 0:
            dl.start(total)
        dl.step(n)

    try:
        s = _run(lambda **kw: update_mod.update(path, url, jobs=jobs,
                                                download_progress=download_progress, **kw),
                 "compiling")
    finally:
        dl.close()
    emit(dict(s, database=str(path), url=url), as_json, lambda r: _summary_text(r, path))


def _show_text(r):
    out = [f"{r['name']} ({r['layout']}; {r['source']})"]
    faces = r["card"].get("faces") or [r["card"]]
    by_face = {}
    for ln in r["lines"]:
        by_face.setdefault(ln["face"], []).append(ln)
    for f in faces:
        pt = (f" {f['power']}/{f['toughness']}" if "power" in f else "") + \
             (f" loyalty {f['loyalty']}" if "loyalty" in f else "") + \
             (f" defense {f['defense']}" if "defense" in f else "")
        head = f["name"] if len(faces) > 1 else ""
        out.append(f"  {head + ': ' if head else ''}{f.get('mana_cost') or '(no mana cost)'}  {f['type']}{pt}")
        key = f["name"] if len(faces) > 1 else r["name"]
        for ln in by_face.get(key, []):
            where = f"line {ln['line']}" if ln["line"] else "card"
            kind = (ln["kind"] + (f" ({', '.join(ln['mana'])})" if ln["mana"] else "")).replace("_", " ")
            out.append(f"    {where}: {ln['text'] if ln['line'] else ''}".rstrip())
            status = {"modelled": "modelled", "recognised": "recognised, but no KB rule reads it",
                      "not_modelled": "NOT MODELLED: " + ln["reason"]}[ln["status"]]
            out.append(f"      {kind}: {status}")
            out += [f"        {fact}" for fact in ln["facts"]]
    return "\n".join(out)


@command.command("show")
@click.argument("name", metavar="NAME")
@json_option
@handles_errors
def show_command(name, as_json):
    """A card: its faces and Oracle text, what the compiler made of each line, and which lines
    are not modelled and why.

    NAME is looked up like a snapshot's `card:`: the bundled library, then the card database; any
    case, with or without diacritics, the full name or a face name. Each line is `modelled` (its
    meaning reaches the KB's rules), `recognised` (read by the compiler, but no KB rule uses it,
    e.g. flying) or `NOT MODELLED` (with the compiler's reason). --json adds the card object,
    the facts of each line and the card's other facts.
    """
    from ..carddb import report
    lookup = Lookup(dict(cardlib.bundled()), _db_path())
    found, problem = lookup.resolve(name)
    if problem:
        raise InputError(problem)
    card = lookup.cards[found]
    source = ("bundled library" if cardlib.bundled().get(found) is card else
              f"card database {_db_path()}")
    emit(report.card_report(card, cardfacts.compiled(card), source), as_json, _show_text)


def _coverage_text(r):
    n = lambda x: f"{x:,}"                                    # noqa: E731
    pct = lambda a, b: f"{100 * a / b:5.1f}%" if b else "    -"  # noqa: E731
    c, t = r["cards"], r["lines"]
    what = "mana lines" if r["kind"] == "mana" else "lines"
    out = [f"cards{' with mana abilities' if r['kind'] == 'mana' else ''}: {n(c['total'])}; "
           f"with every {what[:-1]} modelled: {n(c['modelled'])} ({pct(c['modelled'], c['total']).strip()})",
           f"{what}: {n(t['lines'])}; modelled {n(t['modelled'])} ({pct(t['modelled'], t['lines']).strip()}), "
           f"recognised but unused by the KB {n(t['recognised'])}, not modelled {n(t['not_modelled'])}",
           "", f"{'kind':<24} {'lines':>8} {'modelled':>9} {'':>6} {'recognised':>10} {'not modelled':>12}"]

    def row(k, v):
        return (f"{k.replace('_', ' '):<24} {n(v['lines']):>8} {n(v['modelled']):>9} "
                f"{pct(v['modelled'], v['lines']):>6} {n(v['recognised']):>10} {n(v['not_modelled']):>12}")
    out += [row(k, v) for k, v in r["by_kind"].items()]
    out += ["", "mana abilities by kind (a line may have several)"]
    out += [row(k, v) for k, v in r["by_mana_kind"].items()]
    out += ["", "most common shapes of text not modelled (N = a number, {M} = a mana symbol, "
                "~ = the card itself)"]
    out += [f"{s['count']:>7}  {s['shape']}\n           e.g. {s['card']}: {s['text']}"
            for s in r["not_modelled_shapes"]]
    return "\n".join(out)


@command.command("coverage")
@click.option("--kind", type=click.Choice(["all", "mana"]), default="all",
              help="Count every line (all) or only the lines about mana.")
@click.option("--top", type=click.IntRange(0, 10_000), default=20, show_default=True,
              help="How many shapes of unmodelled text to list.")
@json_option
@handles_errors
def coverage_command(kind, top, as_json):
    """How much of the game the KB models, over every card of the database.

    Each line of Oracle text is `modelled` only if the compiler read all of it and every fact it
    made is read by a rule of the KB; `recognised` if the compiler read it but no KB rule uses it
    (a keyword such as flying); `not modelled` otherwise. Counted by kind of ability (mana
    ability, activated, triggered, static, keyword, spell, characteristics) and by kind of mana
    ability (fixed, choice, any color, reflector, chosen color, count-dependent amount, costs
    beyond {T}, spend and activation restrictions, mana triggers, mana replacement effects,
    rituals); then the most common shapes of text that is not modelled, with an example each.
    Cards compiled by an older compiler are compiled again first.
    """
    from ..carddb import refresh, report, store
    path = _db_path()
    db = refresh.current(store.open_db(path, must_exist=True), every_card=True)
    if refresh.stale(db, every_card=True):
        raise InputError(f"card database {path}: the coverage of an older compiler's facts would be "
                         "wrong; run 'mtgkb cards import --recompile' with write access")
    r = report.coverage_report(db.rows(), None if kind == "all" else kind, top)
    emit(dict(r, database=str(path)), as_json, _coverage_text)
