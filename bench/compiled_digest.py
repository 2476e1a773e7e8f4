"""Prove that a change of the compiler changes none of its output: one digest per card of a pool.

    python bench/compiled_digest.py CORPUS.json --out before.json            # on the old code
    python bench/compiled_digest.py CORPUS.json --out after.json --shuffle 7 # on the new code
    python bench/compiled_digest.py --compare before.json after.json

For every record of CORPUS.json (read as ``bench_compile_corpus.py`` reads it), the digest covers
everything the compiler hands out: ``compile_card``'s facts (in order), notes, and every line
(its intermediate form, parsed, modelled, kinds, affects), and the card database's row of the
card (``store.make_row``: facts, notes and classified lines as stored). Sets are compared sorted
(their order is the process's string hashing). ``--shuffle SEED`` compiles the records in
another order (and so with other lines parsed first in each process): a memo of the compiler
whose result depended on what it compiled before would show as a difference.
"""

import argparse
import dataclasses
import hashlib
import json
from multiprocessing import Pool
from pathlib import Path
import random
import sys

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_compile_corpus import card_of                   # noqa: E402
from pyengine.carddb import store                          # noqa: E402
from pyengine.compiler import compile_card                 # noqa: E402


def canon(x):
    """A text of x that does not depend on the process: sets sorted, dataclasses field by field."""
    if isinstance(x, (set, frozenset)):
        return "{" + ", ".join(sorted(canon(y) for y in x)) + "}"
    if isinstance(x, (tuple, list)):
        return ("(" if isinstance(x, tuple) else "[") + ", ".join(canon(y) for y in x) + ")"
    if isinstance(x, dict):
        return "{" + ", ".join(sorted(f"{canon(k)}: {canon(v)}" for k, v in x.items())) + "}"
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return type(x).__name__ + "(" + ", ".join(
            f"{f.name}={canon(getattr(x, f.name))}" for f in dataclasses.fields(x)) + ")"
    return repr(x)


def digest_of(rec):
    """(name, digest) of one record; the digest of None for a record that is not a card."""
    card = card_of(rec)
    if card is None:
        return rec.get("name"), None
    c = compile_card(card)
    row = store.make_row(card, "v")
    text = canon((c.name, c.facts, c.not_modelled, c.lines,
                  (row.name, row.layout, row.card, row.facts, row.not_modelled, row.lines, row.names)))
    return card.name, hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def _chunk(recs):
    return [digest_of(r) for r in recs]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("--out", help="write {record index: [name, digest]} here")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--shuffle", type=int, help="compile the records in an order shuffled by this seed")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two --out files")
    args = ap.parse_args()
    if args.compare:
        a, b = (json.loads(Path(p).read_text(encoding="utf-8")) for p in args.compare)
        diff = [k for k in sorted(set(a) | set(b), key=int) if a.get(k) != b.get(k)]
        for k in diff[:50]:
            print(f"differs: record {k} {a.get(k)} {b.get(k)}")
        print(f"{len(a)} and {len(b)} records, {len(diff)} differ")
        sys.exit(1 if diff else 0)
    recs = list(enumerate(json.loads(Path(args.corpus).read_text(encoding="utf-8"))))
    if args.shuffle is not None:
        random.Random(args.shuffle).shuffle(recs)
    chunks = [[r for _, r in recs[i:i + 500]] for i in range(0, len(recs), 500)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            digests = [d for part in pool.map(_chunk, chunks) for d in part]
    else:
        digests = [d for part in map(_chunk, chunks) for d in part]
    out = {str(i): d for (i, _), d in zip(recs, digests)}
    if args.out:
        Path(args.out).write_text(json.dumps(out, sort_keys=True), encoding="utf-8")
    print(f"{len(out)} records, {sum(1 for d in out.values() if d[1] is None)} not cards")


if __name__ == "__main__":
    main()
