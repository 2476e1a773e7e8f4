"""``mtgkb cards import``: card files -> a new card database, every card compiled once.

1. read every file (:mod:`.sources`): the first definition of a name wins; skipped objects
   (tokens, ...) and refused records are counted and named;
2. validate and compile every card in a process pool over the cores (:func:`_compile_chunk`);
   a card that fails validation is refused with the reason;
3. write a new database file and put it in place of the old one (:func:`.store.write`).

:func:`recompile` does steps 2-3 again for the cards of an existing database (the compiler
changed, or ``--recompile``).
"""

from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
import hashlib
import json
import multiprocessing
import os
import time

from .. import cardlib
from ..errors import InputError
from . import sources, store
from .version import compiler_version

CHUNK = 200                    # cards per task of the process pool


@dataclass
class Summary:
    """What an import did: cards per layout, skipped objects per reason, refused records."""

    files: list = field(default_factory=list)
    by_layout: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    refused: list = field(default_factory=list)          # {"name", "reason"}
    duplicates: int = 0
    compiler: str = ""
    lines: int = 0
    lines_not_modelled: int = 0
    cpu_seconds: float = 0.0

    @property
    def cards(self):
        return sum(self.by_layout.values())

    def to_json(self):
        return {"files": self.files, "cards": self.cards, "by_layout": dict(sorted(self.by_layout.items())),
                "skipped": dict(sorted(self.skipped.items())), "refused": self.refused,
                "duplicates": self.duplicates, "compiler": self.compiler, "lines": self.lines,
                "lines_not_modelled": self.lines_not_modelled}

    @classmethod
    def from_json(cls, d):
        return cls(d.get("files", []), Counter(d.get("by_layout", {})), Counter(d.get("skipped", {})),
                   list(d.get("refused", [])), d.get("duplicates", 0), d.get("compiler", ""))


def _sha256(path):
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError as e:
        raise InputError(f"{path}: cannot read file ({e.strerror or e})")
    return h.hexdigest()


def read_files(paths, summary, labels=None):
    """Card objects of every file, by name (first definition wins); fills the summary's counts."""
    cards, skipped = {}, set()
    for path, label in zip(paths, labels or paths):
        n = 0
        for r in sources.read(path):
            if r.kind == "card":
                if r.name in cards:
                    summary.duplicates += 1
                else:
                    cards[r.name] = r.card
                    n += 1
            elif r.kind == "skipped":
                if (r.name, r.reason) not in skipped:        # AllPrintings repeats tokens per set
                    skipped.add((r.name, r.reason))
                    summary.skipped[r.reason] += 1
            else:
                summary.refused.append({"name": r.name, "reason": r.reason})
        summary.files.append({"path": str(label), "sha256": _sha256(path), "read": n})
    return cards


def _compile_chunk(items):
    """Worker: [(name, card object or Card JSON)] -> [Row or (name, reason)]."""
    version = compiler_version()
    out = []
    for name, obj in items:
        try:
            card = (store.card_from_json(obj) if isinstance(obj, str) else
                    cardlib.parse_card(obj, "card"))
            out.append(store.make_row(card, version))
        except InputError as e:
            out.append((name, "; ".join(p.removeprefix("card: ") for p in e.problems)))
        except Exception as e:                     # a compiler bug must not lose the whole import
            out.append((name, f"the compiler failed: {type(e).__name__}: {e}"))
    return out


def _rows(items, summary, jobs, progress):
    """Compiled rows of every card, in order, compiled by ``jobs`` processes."""
    chunks = [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(chunks) or 1))
    if jobs == 1:
        results = map(_compile_chunk, chunks)
        pool = None
    else:
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                          else None)
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)
        results = pool.map(_compile_chunk, chunks)
    try:
        for chunk, result in _guarded(zip(chunks, results)):
            for r in result:
                if isinstance(r, store.Row):
                    summary.by_layout[r.layout] += 1
                    lines = json.loads(r.lines)
                    summary.lines += len(lines)
                    summary.lines_not_modelled += sum(1 for ln in lines if not ln["compiled"])
                    yield r
                else:
                    summary.refused.append({"name": r[0], "reason": r[1]})
            if progress:
                progress(len(chunk))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def _guarded(results):
    """The pool's results; a worker that died is one error line, not a traceback."""
    try:
        yield from results
    except BrokenProcessPool as e:
        raise InputError(f"compiling cards failed: a worker process died ({e}); the card "
                         "database is unchanged")


def import_files(paths, db_path, jobs=None, progress=None, on_read=None, labels=None):
    """Build the database at ``db_path`` from card files; returns the Summary. ``progress(n)`` is
    called as cards are compiled, ``on_read(total)`` once every file is read; ``labels`` name the
    files in the summary (default: their paths)."""
    start = time.process_time()
    summary = Summary(compiler=compiler_version())
    cards = read_files(paths, summary, labels)
    if not cards:
        raise InputError("no cards to import in " + ", ".join(str(p) for p in paths)
                         + "; the card database is unchanged")
    if on_read:
        on_read(len(cards))
    store.write(db_path, _rows(sorted(cards.items()), summary, jobs, progress),
                _meta(summary))
    summary.cpu_seconds = time.process_time() - start
    return summary


def recompile(db_path, jobs=None, progress=None, on_read=None):
    """Compile every card of the database at ``db_path`` again with the current compiler."""
    start = time.process_time()
    db = store.open_db(db_path, must_exist=True)
    old = Summary.from_json(db.summary())
    items = [(name, card) for name, _, card, _, _ in db.rows()]
    summary = Summary(files=old.files, skipped=old.skipped, duplicates=old.duplicates,
                      compiler=compiler_version(),
                      refused=[r for r in old.refused if r["name"] not in dict(items)])
    if on_read:
        on_read(len(items))
    store.write(db_path, _rows(items, summary, jobs, progress), _meta(summary))
    summary.cpu_seconds = time.process_time() - start
    return summary


def _meta(summary):
    """The meta values, made once the rows are written (the summary is complete then)."""
    return lambda: {"compiler": summary.compiler, "summary": summary.to_json(),
                    "imported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
