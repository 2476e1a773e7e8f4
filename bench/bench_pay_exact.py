"""`mtgkb pay` against the brute-force reference payer on many seeded random boards (issue 12).

    python bench/bench_pay_exact.py                 # 5,000 boards (seeds 0-4999)
    python bench/bench_pay_exact.py --boards 20000 --first 100000

The same comparison as tests/test_pay_exact.py (which runs 250 boards in the suite): on each board
of tests/pay_boards.py, `pay` finds a plan exactly when tests/pay_reference.py does, its plan is a
valid payment by the reference's check, and its best plan is exactly as good as the reference's
best under the documented order. Prints the counts, the first disagreements, and CPU time.
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
# the boards define their cards inline: no card database is read
os.environ.setdefault("MTGKB_CARDS", os.path.join(tempfile.mkdtemp(), "none.sqlite3"))

from test_pay_exact import check_board  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=5000)
    ap.add_argument("--first", type=int, default=0)
    a = ap.parse_args()
    t0 = time.process_time()
    payable = unpayable = 0
    failures = []
    for seed in range(a.first, a.first + a.boards):
        try:
            if check_board(seed):
                payable += 1
            else:
                unpayable += 1
        except AssertionError as e:
            failures.append((seed, str(e)[:300]))
    cpu = time.process_time() - t0
    print(f"pay vs the reference: {a.boards:,} boards (seeds {a.first}-{a.first + a.boards - 1}): "
          f"{payable:,} payable, {unpayable:,} not, {len(failures)} disagreements; "
          f"{cpu:.1f} s CPU ({1000 * cpu / a.boards:.1f} ms a board, reference included)")
    for seed, msg in failures[:10]:
        print(f"  seed {seed}: {msg}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
