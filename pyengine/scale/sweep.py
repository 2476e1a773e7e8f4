"""`mtgkb sweep`: the card pool as a test of the rules.

States are generated from a card pool (:mod:`pyengine.scale.boards`): every card alone on the
standard board, every set of SIZE cards, or a seeded sample of larger boards. Every property and
invariant (:mod:`pyengine.scale.statecheck`) is checked on each, on the same local pool of worker
processes or Dask scheduler as `batch`. Each counterexample is written as a snapshot file, with
the property it breaks and the witness in comments at its top.
"""

from functools import partial
from itertools import islice
from math import comb
from pathlib import Path
import time

import yaml

from ..errors import InputError
from . import boards, cardsource, executor, runner, statecheck


def plan(pool, cards="all", size=1, sample=None, seed=0):
    """(the card names drawn from, an iterator of (state id, names, placement), how many states)."""
    names = sorted(pool.cards)
    if cards == "mana":
        names = [n for n in names if cardsource.mana_relevant(pool.cards[n])]
    if sample is not None:
        return names, ((i, c, p) for i, c, p in boards.sample(names, size, sample, seed)), sample
    if size == 1:
        return names, ((i, c, None) for i, c in boards.singles(names)), len(names)
    return names, ((i, c, None) for i, c in boards.tuples(names, size)), comb(len(names), size)


def made(pool, states):
    """The generated states as (state id, names, snapshot dict or None, reason skipped)."""
    for sid, names, placement in states:
        snap, why = boards.board(pool, names, placement)
        yield sid, names, snap, why


def check_chunk(only, states):
    """Check a chunk of made states (what a worker runs): a result per state, with its snapshot
    when it failed or was invalid."""
    out = []
    for sid, names, snap, why in states:
        if snap is None:
            out.append({"state": sid, "cards": names, "status": "skipped", "reason": why})
            continue
        with runner.PROCESS_LOCK:                  # the engine changes the working directory
            r = statecheck.check(snap, only)
        res = {"state": sid, "cards": names, **r}
        if r["status"] != "ok":
            res["snapshot"] = snap
        out.append(res)
    return out


def write_counterexample(out_dir, res, failure):
    """The failing state as a snapshot file, its property and witness as comments; the path."""
    path = Path(out_dir) / f"counterexample-{failure['property']}-{boards.slug(res['state'])}.yaml"
    head = [f"# mtgkb sweep counterexample: {failure['property']}",
            f"# {statecheck.names().get(failure['property'], '')}"[:300],
            f"# state: {res['state']}"]
    head += [f"# witness: {w}" for w in failure["witness"]]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(" ".join(h.split()) for h in head) + "\n"
                    + yaml.safe_dump(res["snapshot"], sort_keys=False, allow_unicode=True), encoding="utf-8")
    return str(path)


def run(pool, cards="all", size=1, sample=None, seed=0, only=None, out_dir="sweep-counterexamples",
        jobs=1, scheduler=None, limit=None, progress=False, chunk=None):
    """Run a sweep; returns the summary dict (--json)."""
    if only:
        known = statecheck.names()
        bad = [n for n in only if n not in known]
        if bad:
            raise InputError([f"unknown property {n!r}; properties are: {', '.join(known)}" for n in bad])
    t0 = time.perf_counter()
    names, states, total = plan(pool, cards, size, sample, seed)
    if limit is not None:
        states, total = islice(states, limit), min(total, limit)
    workers = 1 if not scheduler and jobs <= 1 else jobs
    size_ = chunk or max(1, min(16, total // (workers * 8) or 1))
    counts = {"checked": 0, "ok": 0, "failed": 0, "skipped": 0, "invalid": 0}
    failures, invalid, reasons = [], [], {}

    def record(res):
        status = res["status"]
        counts[status] += 1
        if status == "skipped":
            reasons[res["reason"]] = reasons.get(res["reason"], 0) + 1
            return
        counts["checked"] += 1
        if status == "invalid":
            invalid.append({"state": res["state"], "errors": res["errors"]})
        for f in res.get("failures", []):
            failures.append({"state": res["state"], "cards": res["cards"], **f,
                             "file": write_counterexample(out_dir, res, f) if out_dir else None})

    results = executor.ordered_map(partial(check_chunk, frozenset(only or ())),
                                   executor.chunked(made(pool, states), size_), jobs=jobs, scheduler=scheduler)
    try:
        with executor.progress(total, "sweep", progress) as bar:
            for chunk_results in results:
                for res in chunk_results:
                    record(res)
                bar.update(len(chunk_results))
    finally:
        results.close()
    seconds = time.perf_counter() - t0
    return {"source": pool.name, "cards": len(names), "states": sum(counts[k] for k in ("ok", "failed", "skipped", "invalid")),
            **counts, "skipped_reasons": dict(sorted(reasons.items())), "failures": failures,
            "invalid_states": invalid, "properties": sorted(only) if only else list(statecheck.names()),
            "seconds": round(seconds, 3),
            "states_per_second": round(counts["checked"] / seconds, 1) if seconds else None}


def human(r):
    """The readable summary of a sweep."""
    lines = []
    for f in r["failures"]:
        lines.append(f"FAIL  {f['property']} on {f['state']}")
        lines += [f"      witness: {w}" for w in f["witness"]]
        if f.get("file"):
            lines.append(f"      written to {f['file']}")
    for s in r["invalid_states"]:
        lines.append(f"ERROR {s['state']}: " + "; ".join(s["errors"]))
    for reason, n in r["skipped_reasons"].items():
        lines.append(f"skipped {n}: {reason}")
    lines.append(summary_line(r))
    return "\n".join(lines)


def summary_line(r):
    return (f"sweep: {r['states']} states from {r['cards']} cards ({r['source']}), {r['checked']} checked, "
            f"{r['failed']} failed, {r['skipped']} skipped, {r['invalid']} invalid, {len(r['properties'])} "
            f"properties, {r['seconds']:.2f} s, {r['states_per_second'] or 0:.1f} states/s")
