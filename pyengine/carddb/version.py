"""The version of what the card database stores for each card: a hash of the source of everything
that turns a card into stored facts (the compiler package with its grammar files, the card model,
the layout notes, the name folding, the fact codec and the line classifier). It changes by itself whenever one of
them changes, so stored facts are never used with a compiler that would make other ones."""

from functools import lru_cache
import os

from .. import filestamps

_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))          # pyengine/
_SOURCES = ("compiler", "compiled.py", "symbols.py", "cardlib.py", "cardfacts.py", "cardcache.py", "cardnames.py",
            "terms.py", "carddb/codec.py", "carddb/classify.py")


def _files():
    """The source files (relative to pyengine/, '/'-separated), those of a folder in sorted order."""
    for rel in _SOURCES:
        p = os.path.join(_PKG, rel)
        if os.path.isdir(p):
            yield from sorted(_walk(p, rel), key=lambda n: n.split("/"))
        elif os.path.isfile(p):
            yield rel


def _walk(folder, rel):
    """The files under FOLDER (named REL), without __pycache__ and bytecode (as os.walk lists them:
    a link to a folder is not followed)."""
    for e in os.scandir(folder):
        if e.is_dir():
            if e.name != "__pycache__" and not e.is_symlink():
                yield from _walk(e.path, f"{rel}/{e.name}")
        elif not e.name.endswith((".pyc", ".pyo")):
            yield f"{rel}/{e.name}"


@lru_cache(maxsize=1)
def compiler_version():
    """A short hex digest naming the current compiler (computed once per process; the files are
    read only when one changed since, :mod:`pyengine.filestamps`)."""
    return filestamps.digest(_PKG, list(_files()))[:16]
