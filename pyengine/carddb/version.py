"""The version of what the card database stores for each card: a hash of the source of everything
that turns a card into stored facts (the compiler package with its grammar files, the card model,
the layout notes, the name folding, the fact codec and the line classifier). It changes by itself whenever one of
them changes, so stored facts are never used with a compiler that would make other ones."""

from functools import lru_cache
import os
from pathlib import Path

from ..cachedir import hasher

_PKG = Path(__file__).resolve().parent.parent          # pyengine/
_SOURCES = ("compiler", "compiled.py", "symbols.py", "cardlib.py", "cardfacts.py", "cardcache.py", "cardnames.py",
            "terms.py", "carddb/codec.py", "carddb/classify.py")


def _files():
    for rel in _SOURCES:
        p = _PKG / rel
        if p.is_dir():
            found = []
            for folder, dirs, files in os.walk(p):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                found += [Path(folder, f) for f in files if not f.endswith((".pyc", ".pyo"))]
            yield from sorted(found)
        elif p.is_file():
            yield p


@lru_cache(maxsize=1)
def compiler_version():
    """A short hex digest naming the current compiler (computed once per process)."""
    h = hasher()
    for f in _files():
        h.update(f.relative_to(_PKG).as_posix().encode() + b"\0")
        h.update(f.read_bytes() + b"\0")
    return h.hexdigest()[:16]
