"""Is grounding linear in the board? Ground atoms per predicate, and grounding time against a control.

Run from the repository root:

    python bench/bench_grounding.py                        # 1,000 and 10,000 permanents
    python bench/bench_grounding.py --sizes 1000 10000 100000

For each size, the boards of bench_could_produce.py are grounded as `actions` grounds them (base
and the parts actions declares), and the script reports the CPU time of grounding, the ground atoms,
and every predicate whose atom count grows more than 1.05x faster than the board (none means the
grounding is linear, predicate by predicate). Then the same CPU time for a control program: seven
plain rules over one fact per "permanent", scaled to the same number of ground atoms, which no rule
joins twice. If the control grows as fast as the KB, the growth in time is that of gringo and the
memory on this machine (hash tables, caches), not of the KB's rules.
"""

import argparse
import os
from pathlib import Path
import resource
import sys

import clingo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_could_produce import build_board  # noqa: E402
from pyengine import snapshot  # noqa: E402
from pyengine.asp.driver import Engine  # noqa: E402
from pyengine.facts import snapshot_facts  # noqa: E402

CONTROL = """
a(X,X\\7) :- p(X).
b(X,f(Y)) :- a(X,Y).
c(X) :- b(X,f(Y)), Y < 5.
d(Y,X) :- a(X,Y), not c(X).
e(Y) :- d(Y,_).
g(X,Y) :- d(Y,X), e(Y).
h(X) :- p(X), not g(X,_).
"""
CONTROL_ATOMS = 5            # ground atoms per fact of the control program (p, a, b, d, g)


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def kb(n):
    """(CPU seconds grounding, ground atoms, {predicate: atoms}) for the board of N permanents."""
    facts = snapshot_facts(snapshot.validate(build_board(n)))
    t0 = cpu()
    e = Engine(facts, "actions")
    seconds = cpu() - t0
    atoms = e.ctl.symbolic_atoms
    counts = {f"{name}/{arity}": sum(1 for _ in atoms.by_signature(name, arity))
              for name, arity, _ in atoms.signatures}
    return seconds, len(atoms), counts


def control(atoms):
    """CPU seconds grounding the control program with about ATOMS ground atoms."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], CONTROL)
    with ctl.backend() as b:
        for i in range(atoms // CONTROL_ATOMS):
            b.add_rule([b.add_atom(clingo.Function("p", [clingo.Number(i)]))])
    t0 = cpu()
    ctl.ground([("base", [])])
    return cpu() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    args = ap.parse_args()
    rows = []
    for n in args.sizes:
        seconds, atoms, counts = kb(n)
        rows.append((n, seconds, atoms, counts, control(atoms)))
    print(f"grounding benchmark: CPU seconds (python {sys.version.split()[0]}, clingo {clingo.__version__}, "
          f"{os.cpu_count()} CPUs)")
    print(f"{'perms':>7} {'atoms':>10} {'KB s':>8} {'control s':>10}")
    for n, seconds, atoms, _, c in rows:
        print(f"{n:>7} {atoms:>10} {seconds:>8.2f} {c:>10.2f}")
    for (n1, s1, a1, c1, k1), (n2, s2, a2, c2, k2) in zip(rows, rows[1:]):
        grow = n2 / n1
        print(f"\n{n1} -> {n2} (board x{grow:g}): atoms x{a2 / a1:.2f}, KB time x{s2 / s1:.1f}, "
              f"control time x{k2 / k1:.1f}")
        faster = sorted((c2[p] / c1[p], p) for p in c2 if c1.get(p, 0) >= 100 and c2[p] / c1[p] > 1.05 * grow)
        print("  predicates growing faster than the board: "
              + (", ".join(f"{p} x{r:.2f}" for r, p in reversed(faster)) if faster else "none"))
        new = sorted(p for p in c2 if c1.get(p, 0) < 100 and c2[p] > 100 * grow)
        if new:
            print("  (predicates too small at the first size to compare: " + ", ".join(new) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
