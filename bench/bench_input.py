"""Benchmark of input handling: players, large boards as JSON and YAML, long card text.

Run from the repository root:

    .venv/bin/python bench/bench_input.py              # 3 runs each, CPU time (user + sys)
    .venv/bin/python bench/bench_input.py --runs 5

It reports, as the median CPU time of the runs (CPU, not wall time: the machine may be shared):

  players   could-produce on boards of N players with a Forest, an Exotic Orchard and a Llanowar
            Elves each, and a Heartbeat of Spring and a Mana Reflection (effects on every
            player's mana): reading, grounding and solving, with the ground atoms. The snapshot
            limit is 100 players (pyengine/limits.py); this raises it in-process to measure
            how the KB scales beyond it.
  read      reading and validating a board of 100,000 permanents written as JSON and as YAML
  text      compiling a card whose text is N spaces, or N nested parentheses (reminder text),
            without the loader's 10,000-character limit

and checks that each grows at most 1.5x as fast as its input (players x10: time at most x15).
It exits 1 if a check fails.
"""

import argparse
import json
from pathlib import Path
import resource
import statistics
import sys
import tempfile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from pyengine import api, cardlib, limits, reader, snapshot  # noqa: E402
from pyengine.compiler import compile_card  # noqa: E402
from pyengine.asp.driver import Engine  # noqa: E402
from pyengine.facts import snapshot_facts  # noqa: E402


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(f, runs):
    """(median CPU seconds, last result) of RUNS calls of F."""
    out, times = None, []
    for _ in range(runs):
        t0 = cpu()
        out = f()
        times.append(cpu() - t0)
    return statistics.median(times), out


def players_board(n):
    players = [f"p{i}" for i in range(n)]
    bf = []
    for i, p in enumerate(players):
        bf += [{"id": f"f{i}", "card": "Forest", "controller": p},
               {"id": f"o{i}", "card": "Exotic Orchard", "controller": p},
               {"id": f"e{i}", "card": "Llanowar Elves", "controller": p}]
    bf += [{"id": "hb", "card": "Heartbeat of Spring", "controller": "p0"},
           {"id": "mr", "card": "Mana Reflection", "controller": players[-1]}]
    return {"players": players, "battlefield": bf, "hand": {p: ["Grizzly Bears"] for p in players}}


def bench_players(sizes, runs):
    limits.MAX_PLAYERS = max(sizes)                 # measure the KB beyond the snapshot limit
    rows = []
    for n in sizes:
        data = players_board(n)

        def run():
            s = snapshot.validate(data)
            eng = Engine(snapshot_facts(s), "could_produce")
            eng.ask(api.asked([p.id for p in s.battlefield]))
            return len(eng.ctl.symbolic_atoms)
        t, atoms = timed(run, runs)
        rows.append((n, atoms, t))
    return rows


def bench_read(n, runs, tmp):
    cards = ("Forest", "Reflecting Pool", "Llanowar Elves", "Island")
    bf = [{"id": f"p{i}", "card": cards[i % 4], "controller": ("a", "b", "c", "d")[i % 4],
           "tapped": i % 3 == 0, **({"counters": {"+1/+1": 1}} if i % 7 == 0 else {})} for i in range(n)]
    data = {"players": ["a", "b", "c", "d"], "battlefield": bf}
    out = []
    for fmt, text in (("json", json.dumps(data)), ("yaml", yaml.safe_dump(data, default_flow_style=None))):
        path = Path(tmp) / f"board.{fmt}"
        path.write_text(text, encoding="utf-8")
        t_parse, parsed = timed(lambda: reader.read_file(path), runs)
        t_valid, _ = timed(lambda: snapshot.validate(parsed), runs)
        out.append((fmt, len(text), t_parse, t_valid))
    return out


def bench_text(sizes, runs):
    rows = []
    for n in sizes:
        for what, text in (("spaces", "Flying" + " " * n + "(x)"),
                           ("parentheses", "Flying " + "(" * n + "x" + ")" * n)):
            card = cardlib.Card("N", "normal", (cardlib.Face("N", None, "Creature", "1", "1", text),))
            t, _ = timed(lambda: compile_card(card), runs)
            rows.append((what, n, t))
    return rows


def check(name, small, large, n_small, n_large, checks):
    grow, allowed = large / small if small else 0.0, 1.5 * n_large / n_small
    ok = grow <= allowed
    checks.append(ok)
    print(f"  {'ok' if ok else 'FAIL':4} {name} {n_small}->{n_large}: x{grow:.1f} (input x{n_large / n_small:g}, limit x{allowed:g})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    checks = []
    print(f"input benchmark: median CPU time of {args.runs} runs (user + sys), python {sys.version.split()[0]}")

    rows = bench_players([100, 300, 1000, 3000], args.runs)
    print("\nplayers: could-produce, every permanent asked (load + facts + ground + solve)")
    print("  players  permanents     atoms   cpu s")
    for n, atoms, t in rows:
        print(f"  {n:7}  {3 * n + 2:10}  {atoms:8}  {t:6.2f}")
    for (n1, _, t1), (n2, _, t2) in zip(rows, rows[1:]):
        check("players", t1, t2, n1, n2, checks)

    with tempfile.TemporaryDirectory() as tmp:
        read = bench_read(100_000, args.runs, tmp)
    print("\nread: a board of 100,000 permanents")
    print("  format       bytes   parse s  validate s")
    for fmt, size, tp, tv in read:
        print(f"  {fmt:6} {size:11,}  {tp:8.2f}  {tv:10.2f}")

    rows = bench_text([10_000, 100_000], args.runs)
    print("\ntext: compiling one card (reminder text removed in one pass)")
    for what, n, t in rows:
        print(f"  {what:12} {n:7}  {t * 1000:7.1f} ms")
    for what in ("spaces", "parentheses"):
        (_, n1, t1), (_, n2, t2) = [r for r in rows if r[0] == what]
        check(f"text ({what})", max(t1, 1e-3), t2, n1, n2, checks)
    sys.exit(0 if all(checks) else 1)


if __name__ == "__main__":
    main()
