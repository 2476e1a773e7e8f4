"""Benchmark of `could-produce` (CR 106.7) on boards of 100, 1,000 and 10,000 permanents.

Run from the repository root:

    /tmp/v/bin/python bench/bench_could_produce.py            # sizes 100 1000 10000, 5 runs each
    /tmp/v/bin/python bench/bench_could_produce.py --sizes 100 1000 --runs 3
    /tmp/v/bin/python bench/bench_could_produce.py --keep DIR # keep the generated boards in DIR

Each board is a realistic mix on four players (basic lands, dual lands, Wastes, mana creatures,
mana artifacts, Gaea's Cradle, vanilla creatures, a third of the board reflectors, a few
replacement-effect enchantments; some permanents tapped, some phased out), written to a YAML
snapshot. For every size it reports, as the median of the runs, in CPU time (the machine is
shared: wall time measures the neighbours):

  load     reading and validating the snapshot (pyengine.snapshot.load)
  facts    snapshot -> facts, card compilation included (pyengine.facts.snapshot_facts)
  engine   Engine(...): clingo Control, loading rules.lp + query, adding the facts, grounding
  solve    solving, one question about every permanent (Engine.ask)
  cli      CPU time of `python -m pyengine could-produce BOARD.yaml --json` in a new process

and then checks: (1) time grows about linearly (10x the board, at most 15x the time, for
grounding, solving, the in-process total and the CLI), (2) the 1,000-permanent board answers
could-produce for every permanent in under 0.5 s of CPU end to end, CLI process included. It exits 1 if
a check fails. It also reports the fixed cost of a CLI process (start, imports, card library) on
an empty board, the ground atoms, and the atoms the grounder left undecided ("open"): with a
stratified program these are only the `asked` externals (one per permanent); more means a cycle
through negation made gringo hand the object model to the solver (bench/README.md).

The KB under test is the checkout's, or $MTGKB_HOME's (to compare a KB change, point
MTGKB_HOME at a copy holding the changed rules.lp, kb/ and queries/).
"""

import argparse
import gc
import json
import os
from pathlib import Path
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from pyengine import api, snapshot  # noqa: E402
from pyengine.asp.driver import Engine  # noqa: E402
from pyengine.facts import not_modelled, snapshot_facts  # noqa: E402

PLAYERS = ["alice", "bob", "carol", "dave"]
SEED = 1067

# (card, weight): two thirds anchors and bystanders, one third reflectors. Weights per 100.
ANCHORS = [
    ("Plains", 5), ("Island", 5), ("Swamp", 5), ("Mountain", 5), ("Forest", 8), ("Wastes", 3),
    ("Tropical Island", 4), ("Dryad Arbor", 2), ("Gaea's Cradle", 1),
    ("Llanowar Elves", 6), ("Birds of Paradise", 4), ("Gilded Lotus", 3),
    ("Grizzly Bears", 12),
]
REFLECTORS = [
    ("Reflecting Pool", 6), ("Exotic Orchard", 6), ("Fellwar Stone", 5), ("Naga Vitalist", 4),
    ("Sylvok Explorer", 4), ("Harvester Druid", 4), ("Squandered Resources", 4),
]
# a few replacement-effect enchantments, whatever the size: one Contamination (every land),
# one Mana Reflection per player
REPLACEMENTS = ["Contamination"] + ["Mana Reflection"] * 4
TAPPED, PHASED_OUT = 0.3, 0.03
# phases whose growth is checked; the others (a few ms, Python only) are reported for information
CHECKED = ("engine", "solve", "total", "cli")
MIN_COMPARABLE = 0.005   # a growth ratio from a phase shorter than this (s) measures only noise


def build_board(n, seed=SEED):
    """A board of N permanents in the public snapshot format (deterministic for a seed)."""
    rng = random.Random(seed + n)
    cards, weights = zip(*(ANCHORS + REFLECTORS))
    chosen = rng.choices(cards, weights, k=n - len(REPLACEMENTS))
    for card in REPLACEMENTS:
        chosen.insert(rng.randrange(len(chosen) + 1), card)
    reflection_owners = iter(PLAYERS)          # one Mana Reflection each
    battlefield = []
    for i, card in enumerate(chosen):
        who = next(reflection_owners) if card == "Mana Reflection" else rng.choice(PLAYERS)
        p = {"id": f"p{i}", "card": card, "controller": who}
        if rng.random() < TAPPED:
            p["tapped"] = True
        if rng.random() < PHASED_OUT:
            p["phased_out"] = True
        battlefield.append(p)
    return {"players": PLAYERS, "active": "alice", "step": "precombat_main", "battlefield": battlefield}


def composition(board):
    """Share of reflectors and of the replacement-effect enchantments on a board."""
    names = [p["card"] for p in board["battlefield"]]
    refl = sum(1 for c in names if c in dict(REFLECTORS))
    repl = sum(1 for c in names if c in REPLACEMENTS)
    return refl / len(names), repl


def unmodelled_replacements():
    """The replacement-effect cards of the boards whose text the compiler does not model yet."""
    snap = snapshot.load({"players": PLAYERS, "battlefield": [
        {"id": f"r{i}", "card": c, "controller": PLAYERS[0]} for i, c in enumerate(sorted(set(REPLACEMENTS)))]})
    return sorted({n.card for n in not_modelled(snap) if "for mana" in n.text})


def in_process(path):
    """One run of every phase in this process; returns {phase: seconds} and the Engine."""
    t = {}
    gc.collect()                       # start each run from the same heap state
    t0 = time.process_time()
    snap = snapshot.load(path)
    t["load"] = time.process_time() - t0
    t0 = time.process_time()
    facts = snapshot_facts(snap)
    t["facts"] = time.process_time() - t0
    t0 = time.process_time()
    eng = Engine(facts, "could_produce")
    t["engine"] = time.process_time() - t0
    t0 = time.process_time()
    [model] = eng.ask(api.asked([p.id for p in snap.battlefield]))
    t["solve"] = time.process_time() - t0
    t["total"] = sum(t.values())
    return t, eng


def atom_counts(eng):
    """(ground atoms, atoms the grounder did not decide) of an Engine."""
    atoms = eng.ctl.symbolic_atoms
    return len(atoms), sum(1 for a in atoms if not a.is_fact)


def cli(path):
    """CPU time (user + system) of one CLI process answering could-produce for every permanent."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, "-m", "pyengine", "could-produce", str(path), "--json"],
                       cwd=ROOT, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if r.returncode != 0:
        raise SystemExit(f"CLI failed on {path}: {r.stderr.strip()}")
    return spent, json.loads(r.stdout)


def median_phases(runs):
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def fmt(s):
    return f"{s * 1000:8.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    ap.add_argument("--runs", type=int, default=5, help="runs per size (median reported)")
    ap.add_argument("--keep", metavar="DIR", help="write the boards into DIR and keep them")
    args = ap.parse_args()

    tmp = None if args.keep else tempfile.TemporaryDirectory(prefix="mtgkb-bench-")
    folder = Path(args.keep or tmp.name)
    folder.mkdir(parents=True, exist_ok=True)

    empty = folder / "board-0.yaml"
    empty.write_text(yaml.safe_dump({"players": PLAYERS}), encoding="utf-8")
    startup = statistics.median(cli(empty)[0] for _ in range(args.runs))

    rows = []
    for n in args.sizes:
        board = build_board(n)
        path = folder / f"board-{n}.yaml"
        path.write_text(yaml.safe_dump(board, sort_keys=False, width=200), encoding="utf-8")
        phases = []
        for _ in range(args.runs):
            t, eng = in_process(path)
            phases.append(t)
        atoms, undecided = atom_counts(eng)
        del eng
        walls = []
        for _ in range(args.runs):
            wall, answer = cli(path)
            walls.append(wall)
        assert len(answer) == n, "the CLI must answer for every permanent"
        med = median_phases(phases)
        med["cli"] = statistics.median(walls)
        refl, repl = composition(board)
        producing = sum(1 for v in answer.values() if v)
        rows.append((n, med, refl, repl, producing, undecided, atoms))

    print(f"could-produce benchmark: {len(PLAYERS)} players, median of {args.runs} runs, "
          f"CPU times in ms (python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
    print(f"CLI process on an empty board (start, imports, card library): {fmt(startup).strip()} ms CPU")
    missing = unmodelled_replacements()
    if missing:
        print(f"(replacement effects not modelled yet, so they cost nothing here: {', '.join(missing)})")
    cols = ["load", "facts", "engine", "solve", "total", "cli"]
    print(f"{'perms':>7} {'refl%':>6} {'repl':>5} {'prod':>6} {'atoms':>8} {'open':>7}"
          + "".join(f"{c:>9}" for c in cols))
    for n, med, refl, repl, producing, undecided, atoms in rows:
        print(f"{n:>7} {refl * 100:>5.0f}% {repl:>5} {producing:>6} {atoms:>8} {undecided:>7}"
              + "".join(f" {fmt(med[c])}" for c in cols))
    print("  refl%: reflectors; repl: replacement-effect enchantments; prod: permanents that could "
          "produce some mana;\n  atoms: ground atoms; open: atoms the grounder left undecided; total: "
          "in-process load+facts+engine+solve;\n  cli: end to end, new process, every permanent asked (all CPU time)")

    ok = True
    print("\nchecks (growth: grounding, solving, in-process total and CLI must stay within 1.5x the "
          "board's growth):")
    for (n1, m1, *_, a1), (n2, m2, *_, a2) in zip(rows, rows[1:]):
        size_ratio = n2 / n1
        limit = 1.5 * size_ratio
        for c in CHECKED:
            ratio = m2[c] / m1[c] if m1[c] > 0 else float("inf")
            if m1[c] < MIN_COMPARABLE:
                print(f"  --   {c:>6} {n1}->{n2}: x{ratio:.1f} (not checked: {m1[c] * 1000:.1f} ms at "
                      f"{n1} is too short to time reliably)")
                continue
            good = ratio <= limit
            ok &= good
            print(f"  {'ok  ' if good else 'FAIL'} {c:>6} {n1}->{n2}: x{ratio:.1f} "
                  f"(board x{size_ratio:g}, limit x{limit:g})")
        info = ", ".join(f"{c} x{m2[c] / m1[c]:.1f}" for c in cols if c not in CHECKED and m1[c] > 0)
        info += f", ground atoms x{a2 / a1:.2f}"
        print(f"       (other phases {n1}->{n2}: {info})")
    for n, _, _, _, _, undecided, _ in rows:
        if undecided > n:
            print(f"  note {n} permanents: {undecided - n} undecided atoms beyond the {n} asked externals: "
                  "the program is not stratified, the solver does the grounder's work (bench/README.md)")
    for n, med, *_ in rows:
        if n == 1000:
            good = med["cli"] < 0.5
            ok &= good
            print(f"  {'ok  ' if good else 'FAIL'} 1,000 permanents end to end (CLI): "
                  f"{med['cli'] * 1000:.0f} ms (limit 500 ms)")
    if tmp:
        tmp.cleanup()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
