"""The inputs of `mtgkb batch`: files, folders, Forge puzzles and JSONL streams, as items.

Each input becomes one or more :class:`Item` in a stable order: a snapshot file is one item (its id
is its path), a folder is every snapshot, puzzle and JSONL file under it (sorted, recursively,
hidden files skipped), a ``.pzl`` file is a puzzle imported on the fly, and a JSONL stream
(``.jsonl``/``.ndjson``, or ``-`` for standard input) is one item per line: a snapshot object, or
``{"id": ..., "snapshot": {...}}``. A line without an id is ``<file>:<line number>``. An input that
can't be read becomes an item that carries its error, so a bad input never stops a batch.
"""

from dataclasses import dataclass
import json
import os
from pathlib import Path
import sys

from ..errors import InputError
from ..limits import MAX_BYTES
from ..reader import open_regular

SNAPSHOT_SUFFIXES = (".yaml", ".yml", ".json")
PUZZLE_SUFFIXES = (".pzl",)
STREAM_SUFFIXES = (".jsonl", ".ndjson")


@dataclass(frozen=True)
class Item:
    """One input of a batch. ``kind`` is ``path`` (a snapshot file the command reads itself),
    ``data`` (a snapshot as JSON bytes), ``pzl`` (a Forge puzzle to import first) or ``error``
    (``value`` is the list of error lines)."""

    id: str
    kind: str
    value: object


def expand(inputs, stdin=None):
    """Every item of INPUTS (paths or '-'), in order. STDIN is a binary stream for '-'."""
    for inp in inputs:
        if inp == "-":
            yield from _stream((stdin or sys.stdin.buffer), "-")
            continue
        path = Path(inp)
        if path.is_dir():
            for f in _walk(path):
                yield from _file(f, str(f))
        elif path.exists():
            yield from _file(path, inp)
        else:
            yield Item(inp, "error", [f"{inp}: no such file or folder"])


def _walk(folder):
    """The files under FOLDER that a batch reads, sorted, hidden files and folders skipped."""
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            if not name.startswith(".") and name.lower().endswith(SNAPSHOT_SUFFIXES + PUZZLE_SUFFIXES + STREAM_SUFFIXES):
                out.append(Path(root) / name)
    return sorted(out)


def _file(path, ident):
    suffix = path.suffix.lower()
    if suffix in PUZZLE_SUFFIXES:
        yield Item(ident, "pzl", str(path))
    elif suffix in STREAM_SUFFIXES:
        try:
            with open_regular(path) as f:
                yield from _stream(f, ident)
        except InputError as e:
            yield Item(ident, "error", e.problems)
        except OSError as e:
            yield Item(ident, "error", [f"{ident}: cannot read file ({e.strerror or e})"])
    else:
        yield Item(ident, "path", str(path))


def _stream(f, source):
    """One item per non-blank line of a JSONL stream."""
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        where = f"{source}:{n}"
        if len(line) > MAX_BYTES:
            yield Item(where, "error", [f"{where}: line is larger than {MAX_BYTES} bytes"])
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as e:
            yield Item(where, "error", [f"{where}: not valid JSON ({str(e)[:80]})"])
            continue
        if isinstance(obj, dict) and "snapshot" in obj:
            extra = sorted(set(map(str, obj)) - {"id", "snapshot"})
            ident = obj.get("id", where)
            if not isinstance(ident, (str, int)) or isinstance(ident, bool):
                yield Item(where, "error", [f"{where}: 'id' must be a string or a number"])
            elif extra:
                yield Item(str(ident), "error", [f"{where}: unknown key(s) {', '.join(extra)} beside "
                                                 "'id' and 'snapshot'"])
            else:
                yield Item(str(ident), "data", json.dumps(obj["snapshot"], ensure_ascii=False).encode())
        elif isinstance(obj, dict):
            yield Item(where, "data", line)
        else:
            yield Item(where, "error", [f"{where}: a line must be a snapshot object or "
                                        '{"id": ..., "snapshot": {...}}'])
