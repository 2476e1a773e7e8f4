"""Benchmark of `actions` (payability of every mana cost in one solve) and `produce` (distinct outcomes).

Run from the repository root:

    python bench/bench_mana.py                        # actions on 1,000 and 10,000 permanents, produce cases
    python bench/bench_mana.py --sizes 1000 10000 100000 --runs 3
    python bench/bench_mana.py --keep DIR             # keep the generated boards in DIR

Times are CPU seconds of this process (time.process_time; the machine is shared, wall time is
noise), best of the runs. For every size:

  could    could-produce for every permanent: snapshot -> facts -> Engine -> one solve (reference)
  actions  actions for the active player: facts -> Engine (outcomes and payment parts) -> one
           optimizing solve -> the answer (pyengine.api.actions)
  ratio    actions / could
  costly   actions with a mana cost whose payability was decided, and how many were payable

The boards are those of bench_could_produce.py (four players, a third reflectors, replacement
effects) with 8% of the permanents replaced by permanents whose mana abilities cost mana: Pili-Pala
({2}, {Q}), a filter land ({1}, {T}: Add {W}{U}: it can't pay its own {1}), a signet ({1}, {T}: Add
{C}{C}) and a prism ({2}{G}, {T}: Add {B}{B}{B}). Then the produce cases: a Forest with k Mana
Reflections and k Contaminations (k + 1 distinct outcomes; every order used to be enumerated), 24
Reflections (2^24 mana, counted, not listed), and 300 Pili-Palas whose {2} is decided at once.

Checks (exit 1 if one fails): actions within 1.5x could-produce at 10,000 permanents, and at most
12x growth of actions per 10x of the board.
"""

import argparse
import os
from pathlib import Path
import random
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import yaml  # noqa: E402

import bench_could_produce as base  # noqa: E402
from pyengine import api, snapshot  # noqa: E402
from pyengine.asp.driver import Engine  # noqa: E402
from pyengine.facts import snapshot_facts  # noqa: E402

COST_CARDS = [
    {"name": "Test Filter", "type": "Land", "text": "{1}, {T}: Add {W}{U}."},
    {"name": "Test Signet", "mana_cost": "{2}", "type": "Artifact", "text": "{1}, {T}: Add {C}{C}."},
    {"name": "Test Prism", "mana_cost": "{1}", "type": "Artifact", "text": "{2}{G}, {T}: Add {B}{B}{B}."},
]
COSTLY = [("Pili-Pala", 3), ("Test Filter", 2), ("Test Signet", 2), ("Test Prism", 1)]
COSTLY_SHARE = 0.08


def build_board(n):
    """bench_could_produce's board of N permanents, 8% of them replaced by costly mana abilities."""
    board = base.build_board(n)
    board["cards"] = COST_CARDS
    rng = random.Random(n)
    cards, weights = zip(*COSTLY)
    for p in board["battlefield"]:
        if p["card"] not in base.REPLACEMENTS and rng.random() < COSTLY_SHARE:
            p["card"] = rng.choices(cards, weights)[0]
            if p["card"] == "Pili-Pala":
                p["tapped"] = rng.random() < 0.7
    return board


def cpu(f):
    """(CPU seconds, result) of f()."""
    t0 = time.process_time()
    r = f()
    return time.process_time() - t0, r


def best(runs, f):
    """The fastest of RUNS calls of f (CPU seconds) and its result."""
    out = [cpu(f) for _ in range(runs)]
    return min(t for t, _ in out), out[-1][1]


def could_produce(snap):
    eng = Engine(snapshot_facts(snap), "could_produce")
    return eng.ask(api.asked([p.id for p in snap.battlefield]))


def costly_decided(answer):
    """(costly actions decided, payable) in an actions answer."""
    legal = [a for a in answer["actions"] if a.get("cost") not in (None, "{0}")]
    unpaid = [a for a in answer["refused"] if a.get("reason") == "cannot_pay_mana_cost"]
    return len(legal) + len(unpaid), len(legal)


def produce_cases(folder, runs):
    """[(label, CPU seconds, outcome count, largest outcome)] for the produce cases."""
    forest = [{"id": "f", "card": "Forest", "controller": "alice"}]
    refl = lambda k: [{"id": f"r{i}", "card": "Mana Reflection", "controller": "alice"} for i in range(k)]
    cont = lambda k: [{"id": f"c{i}", "card": "Contamination", "controller": "bob"} for i in range(k)]
    cases = [(f"{k} Reflections + {k} Contaminations", forest + refl(k) + cont(k)) for k in (8, 12, 24)]
    cases.append(("24 Reflections", forest + refl(24)))
    out = []
    for label, bf in cases:
        snap = snapshot.load({"players": ["alice", "bob"], "battlefield": bf})
        t, r = best(runs, lambda: api.produce(snap, "f"))
        largest = max(sum(c.values()) for c in r["amounts"])
        out.append((label, t, len(r["amounts"]), largest))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--runs", type=int, default=3, help="runs per measurement (fastest reported)")
    ap.add_argument("--keep", metavar="DIR", help="write the boards into DIR and keep them")
    args = ap.parse_args()
    tmp = None if args.keep else tempfile.TemporaryDirectory(prefix="mtgkb-bench-mana-")
    folder = Path(args.keep or tmp.name)
    folder.mkdir(parents=True, exist_ok=True)

    rows = []
    for n in args.sizes:
        path = folder / f"mana-board-{n}.yaml"
        path.write_text(yaml.safe_dump(build_board(n), sort_keys=False, width=200), encoding="utf-8")
        snap = snapshot.load(path)
        runs = min(args.runs, 2) if n >= 100000 else args.runs
        t_could, _ = best(runs, lambda: could_produce(snap))
        t_act, answer = best(runs, lambda: api.actions(snap))
        rows.append((n, t_could, t_act, *costly_decided(answer)))

    print(f"actions benchmark: CPU seconds, best of {args.runs} runs (python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs); snapshot loading excluded")
    print(f"{'perms':>7} {'could':>8} {'actions':>8} {'ratio':>6} {'costly':>7} {'payable':>8}")
    for n, tc, ta, decided, payable in rows:
        print(f"{n:>7} {tc:>8.3f} {ta:>8.3f} {ta / tc:>6.2f} {decided:>7} {payable:>8}")

    ok = True
    print("\nchecks:")
    for n, tc, ta, *_ in rows:
        if n == 10000:
            good = ta <= 1.5 * tc
            ok &= good
            print(f"  {'ok  ' if good else 'FAIL'} actions at 10,000 within 1.5x could-produce: x{ta / tc:.2f}")
    for (n1, _, a1, *_), (n2, _, a2, *_) in zip(rows, rows[1:]):
        limit = 1.2 * n2 / n1
        good = a2 / a1 <= limit
        ok &= good
        print(f"  {'ok  ' if good else 'FAIL'} actions {n1}->{n2}: x{a2 / a1:.1f} (board x{n2 / n1:g}, limit x{limit:g})")

    print("\nproduce (one permanent), CPU seconds:")
    for label, t, count, largest in produce_cases(folder, args.runs):
        print(f"  {label:<34} {t:6.3f} s  {count:>3} distinct outcomes, the largest {largest:,} mana")
    pili = [{"id": f"pp{i}", "card": "Pili-Pala", "controller": "alice", "tapped": True} for i in range(300)]
    lands = [{"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(2)]
    snap = snapshot.load({"players": ["alice"], "battlefield": pili + lands})
    t, answer = best(args.runs, lambda: api.actions(snap))
    print(f"\nactions with 300 payable Pili-Pala abilities: {t:.3f} s CPU, "
          f"{costly_decided(answer)[1]} payable, one solve")
    if tmp:
        tmp.cleanup()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
