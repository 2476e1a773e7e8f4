"""Benchmark of `mtgkb pay` (kb/mana_plan.lp): the best plan for a 10-symbol cost.

Run from the repository root:

    python bench/bench_pay.py                          # 100 and 1,000 sources
    python bench/bench_pay.py --sizes 100 1000 10000 --runs 3

Times are CPU seconds (time.process_time of this process, plus its children: none), best of the
runs, end to end: snapshot validation, facts, grounding, the optimizing solve and the plan. The
board of N sources has the player's basic lands of all five colors and Wastes, dual lands ("{T}:
Add {W} or {U}"), a filter land per 20 sources ("{1}, {T}: Add {W}{U}"), a painland-like source
("{T}, Pay 1 life: Add {B}") per 20, some sources tapped and some summoning-sick creatures. The
cost is {3}{W}{U}{B/G}{2/R}{G/P}{S}{C}: ten symbols, with a snow source for {S}.

With --cost, another cost is measured (e.g. --cost '{2}{G}{G}').

With --actions N: `actions` for a player with 50 castable cards in hand on a board of N
permanents, against could-produce on the same board (both end to end, CPU). `actions` decides all
50 casts (and every activation) in one solve.

Checks (exit 1 if one fails): 100 sources under 0.2 s, 1,000 under 1 s, growth from 100 to 1,000
at most 12x (near linear).
"""

import argparse
from pathlib import Path
import sys
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import api, snapshot  # noqa: E402

COST = "{3}{W}{U}{B/G}{2/R}{G/P}{S}{C}"
CARDS = [
    {"name": "Bench Dual", "type": "Land", "text": "{T}: Add {W} or {U}."},
    {"name": "Bench Filter", "type": "Land", "text": "{1}, {T}: Add {W}{U}."},
    {"name": "Bench Pain", "type": "Land", "text": "{T}, Pay 1 life: Add {B}."},
    {"name": "Bench Elf", "type": "Creature — Elf", "power": 1, "toughness": 1, "text": "{T}: Add {G}."},
    {"name": "Bench Snow Forest", "type": "Basic Snow Land — Forest"},
]
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]


def build_board(n):
    perms = []
    for i in range(n):
        if i == 0:
            card = "Bench Snow Forest"
        elif i % 20 == 1:
            card = "Bench Filter"
        elif i % 20 == 2:
            card = "Bench Pain"
        elif i % 10 == 3:
            card = "Bench Dual"
        elif i % 10 == 4:
            card = "Bench Elf"
        else:
            card = BASICS[i % len(BASICS)]
        p = {"id": f"p{i}", "card": card, "controller": "alice"}
        if i % 10 == 5:
            p["tapped"] = True
        if card == "Bench Elf" and i % 20 == 4:
            p["controlled_since_turn_start"] = False
        perms.append(p)
    return {"players": ["alice", "bob"], "battlefield": perms, "cards": CARDS, "life": {"alice": 20}}


def measure(board, runs):
    best, answer = None, None
    for _ in range(runs):
        t0 = time.process_time()
        s = snapshot.validate(board)
        answer = api.pay(s, "alice", COST)
        t = time.process_time() - t0
        best = t if best is None else min(best, t)
    return best, answer


SPELL_COSTS = ["{G}", "{1}{G}", "{2}{W}", "{U}{U}", "{1}{B}", "{R}", "{3}", "{W/U}", "{2/R}", "{G/P}"]


def actions_board(n):
    """N permanents (bench lands and creatures) and 50 castable cards in alice's hand."""
    board = build_board(n)
    spells = [{"name": f"Bench Spell {i}", "mana_cost": SPELL_COSTS[i % len(SPELL_COSTS)],
               "type": "Creature — Bear" if i % 2 else "Instant",
               **({"power": 2, "toughness": 2} if i % 2 else {"text": "Flash"})} for i in range(50)]
    board["cards"] = board["cards"] + spells
    board["hand"] = {"alice": [c["name"] for c in spells]}
    return board


def bench_actions(n, runs):
    board = actions_board(n)
    best = {}
    for name, fn in (("could-produce", lambda s: api.could_produce(s)), ("actions", lambda s: api.actions(s, "alice"))):
        for _ in range(runs):
            t0 = time.process_time()
            answer = fn(snapshot.validate(board))
            t = time.process_time() - t0
            best[name] = min(best.get(name, t), t)
        if name == "actions":
            casts = [a for a in answer["actions"] if a["kind"] == "cast"]
            refused = [a for a in answer["refused"] if a["kind"] == "cast"]
    print(f"{n} permanents: could-produce {best['could-produce']:.3f} s, actions {best['actions']:.3f} s "
          f"(x{best['actions'] / best['could-produce']:.2f}); casts legal {len(casts)}, refused {len(refused)}")
    return best["actions"] <= 1.5 * best["could-produce"]


def main():
    global COST
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cost", default=COST)
    ap.add_argument("--actions", type=int, metavar="N")
    args = ap.parse_args()
    COST = args.cost
    if args.actions:
        sys.exit(0 if bench_actions(args.actions, args.runs) else 1)
    measure(build_board(10), 1)                      # warm the caches (compiled cards, the KB)
    times = {}
    print(f"{'sources':>8} {'cpu s':>7}  payable  tapped  life")
    for n in args.sizes:
        t, a = measure(build_board(n), args.runs)
        times[n] = t
        plan = a["plan"] or {}
        print(f"{n:>8} {t:>7.3f}  {str(a['payable']):7}  {len(plan.get('tapped', [])):>6}  {plan.get('life', '-'):>4}")
    ok = True
    for n, limit in ((100, 0.2), (1000, 1.0)):
        if n in times and times[n] > limit:
            print(f"FAIL: {n} sources took {times[n]:.3f} s (limit {limit} s)")
            ok = False
    if 100 in times and 1000 in times and times[1000] > 12 * times[100]:
        print(f"FAIL: growth x{times[1000] / times[100]:.1f} from 100 to 1,000 sources")
        ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
