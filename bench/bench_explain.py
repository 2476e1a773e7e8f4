"""Benchmark of `explain` on the boards of bench_could_produce.py (100, 1,000, 10,000 permanents).

Run from the repository root:

    /tmp/v/bin/python bench/bench_explain.py                     # 100 1000 10000, median of 3 runs
    /tmp/v/bin/python bench/bench_explain.py --sizes 100000 --runs 1

explain grounds provenance only for what the asked atom depends on (pyengine/asp/provenance.py),
so its cost is the plain KB on the board (as for could-produce) plus the atom's cone. For every
size it times, in this process, as CPU time (user + sys; the machine is shared, wall time is
noise), the median of the runs:

  could-produce  api.could_produce for every permanent (the reference)
  land           explain could_produce(L,T) for a basic land L: a small cone
  reflector      explain could_produce(R,T) for a Reflecting Pool R: its cone is every land its
                 controller controls and what they could produce (half the board on these boards)
  why-not        explain --why-not could_produce(R,T') for a type R can't produce

and the number of rule instances grounded for the reflector (its cone). It checks that each
explanation grows at most 1.5x faster than the board (10x the board, at most 15x the time).
"""

import argparse
import os
from pathlib import Path
import resource
import statistics
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_could_produce import build_board  # noqa: E402
from pyengine import api, explain, snapshot  # noqa: E402
from pyengine.asp import codec, kbmodel, rulebook  # noqa: E402
from pyengine.asp.driver import kb_root  # noqa: E402

MANA = "wubrgc"


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(fn):
    t0 = cpu()
    out = fn()
    return cpu() - t0, out


def questions(snap):
    """The atoms asked about: a basic land's type, a Reflecting Pool's type, and a type the pool
    can't produce (why-not)."""
    answer = api.could_produce(snap)
    cards = {p.id: p.card for p in snap.battlefield}
    land = next(i for i, t in answer.items() if cards[i] in ("Forest", "Island", "Swamp", "Mountain", "Plains") and t)
    pool = next(i for i, t in answer.items() if cards[i] == "Reflecting Pool" and t)
    missing = next(m for m in MANA if m.upper() not in answer[pool])
    return {"land": (f'could_produce("{land}",{answer[land][0].lower()})', False),
            "reflector": (f'could_produce("{pool}",{answer[pool][0].lower()})', False),
            "why-not": (f'could_produce("{pool}",{missing})', True)}


def cone(snap, text):
    """The rule instances grounded to explain TEXT."""
    ex = explain.Explainer(snap)
    return ex.run(lambda e: len(e.instances), seeds=[codec.parse_atom(text)])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    ap.add_argument("--runs", type=int, default=3, help="runs per measure (median reported)")
    args = ap.parse_args()

    kbmodel.kb(kb_root())                        # per-process costs, paid once before timing
    rulebook.book(kb_root()).provenance(None)
    explain.cr_rules()
    cols = ["could-produce", "land", "reflector", "why-not"]
    rows = []
    for n in args.sizes:
        snap = snapshot.validate(build_board(n))
        asked = questions(snap)
        med = {"could-produce": statistics.median(timed(lambda: api.could_produce(snap))[0]
                                                  for _ in range(args.runs))}
        for name, (text, why_not) in asked.items():
            med[name] = statistics.median(timed(lambda: explain.explain(snap, text, why_not=why_not))[0]
                                          for _ in range(args.runs))
        rows.append((n, med, cone(snap, asked["reflector"][0]), asked))

    print(f"explain benchmark: median of {args.runs} runs, CPU seconds in one process "
          f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
    print(f"{'perms':>7} {'cone':>8}" + "".join(f"{c:>15}" for c in cols) + "   reflector/could-produce")
    for n, med, instances, _ in rows:
        print(f"{n:>7} {instances:>8}" + "".join(f"{med[c]:>15.2f}" for c in cols)
              + f"   x{med['reflector'] / med['could-produce']:.1f}")
    print("  cone: rule instances grounded to explain the reflector's atom")
    for n, _, _, asked in rows[-1:]:
        print("  atoms asked at " + f"{n}: " + "; ".join(f"{k} {t}{' --why-not' if w else ''}" for k, (t, w) in asked.items()))
    ok = True
    print("\nchecks (10x the board, at most 15x the time):")
    for (n1, m1, *_), (n2, m2, *_) in zip(rows, rows[1:]):
        for c in cols[1:]:
            ratio = m2[c] / m1[c]
            good = ratio <= 1.5 * n2 / n1
            ok &= good
            print(f"  {'ok  ' if good else 'FAIL'} {c:>9} {n1}->{n2}: x{ratio:.1f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
