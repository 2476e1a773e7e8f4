"""Compiled cards kept between runs, so that a command does not load the parser for cards it
has compiled before.

The cache is one file per *fingerprint* of the compiler (a hash of its Python sources and
grammar files, :func:`fingerprint`), in the directory of :func:`pyengine.compiler.parser.cache_path`.
It maps a hash of the card (its name, layout and faces) to its :class:`~pyengine.compiler.Compiled`.
A change to the compiler changes the fingerprint, so nothing stale is ever read. A cache that
cannot be read or written is only slower, never an error; it never holds more than
:data:`MAX_ENTRIES` cards (it starts again when full).
"""

from functools import lru_cache
import hashlib
import os
from pathlib import Path
import pickle
import tempfile

from . import parser

MAX_ENTRIES = 5000
_SOURCES = Path(__file__).parent


@lru_cache(maxsize=None)
def fingerprint():
    """A hash of every source file of the compiler (Python and grammar)."""
    h = hashlib.sha256()
    for p in sorted(_SOURCES.rglob("*")):
        if p.suffix in (".py", ".lark", ".txt") and "__pycache__" not in p.parts:
            h.update(p.relative_to(_SOURCES).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:20]


def _key(card):
    return hashlib.sha256(repr(card).encode("utf-8")).hexdigest()


class CompiledCache:
    """The compiled cards of one compiler fingerprint (see module doc)."""

    def __init__(self):
        self.path = parser.cache_path().parent / f"compiled-{fingerprint()}.pickle"
        self.entries = None
        self.dirty = False

    def _load(self):
        if self.entries is None:
            try:
                with open(self.path, "rb") as f:
                    self.entries = pickle.load(f)
            except Exception:               # noqa: BLE001 - missing or unreadable: start again
                self.entries = {}

    def get(self, card, compile_fn):
        """The Compiled of a card, from the cache or compiled now (and kept)."""
        self._load()
        key = _key(card)
        hit = self.entries.get(key)
        if hit is not None:
            return hit
        compiled = compile_fn(card)
        if len(self.entries) >= MAX_ENTRIES:
            self.entries = {}
        self.entries[key] = compiled
        self.dirty = True
        return compiled

    def save(self):
        """Write the cache if it changed (atomically: concurrent runs never read half a file)."""
        if not self.dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(self.entries, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.path)
            self.dirty = False
        except OSError:
            pass
