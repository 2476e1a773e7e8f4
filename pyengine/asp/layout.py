"""Where the KB's program parts are, read from the text of its files without parsing them.

The driver loads only the KB files whose statements are in a part a grounding step needs: a file
all of whose statements are in other ``#program`` parts (kb/combat.lp for could-produce, say) is
neither read nor parsed by clingo, which saves a third of the parsing and grounding of a small
board. It also reads the parts a query declares (``% @parts a b`` lines in queries/<q>.lp).
:mod:`kbmodel` parses the same files with clingo, and a test checks that both agree; this module
exists because the driver must not pay for that parse (~70 ms) on every start.

As in clingo, each file starts in the part ``base`` and ``#program name.`` switches the part for
what follows in that file. Comments (``%`` to the end of the line, ``%* ... *%``) and string
literals are skipped when looking for statements and directives.
"""

from functools import lru_cache
from pathlib import Path
import re

_INCLUDE = re.compile(r'^\s*#include\s+"([^"]+)"\s*\.', re.M)
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|%\*.*?\*%|%[^\n]*|#program\s+([a-z_][A-Za-z0-9_\']*)\s*(?:\([^)]*\))?\s*\.',
                     re.S)
_PARTS = re.compile(r"^%\s*@parts\b(.*)$", re.M)
_ANY_OPTIMAL = re.compile(r"^%\s*@any-optimal\b", re.M)


def file_parts(text):
    """The parts the statements of one file's TEXT are in (a set of names). A file without any
    ``#program`` is taken to be in base without looking further (loading a file that only has
    comments costs nothing, and most of the KB's files are such plain base files)."""
    if "#program" not in text:
        return {"base"}
    parts, part, start = set(), "base", 0
    for m in _TOKENS.finditer(text):
        token = m.group(0)
        if token.startswith('"'):
            continue
        if text[start:m.start()].strip():
            parts.add(part)
        start = m.end()
        if m.group(1):
            part = m.group(1)
    if text[start:].strip():
        parts.add(part)
    return parts


@lru_cache(maxsize=16)
def kb_files(root):
    """[(file relative to ROOT, frozenset of its parts)] for rules.lp's #includes, in order."""
    root = Path(root)
    return [(name, frozenset(file_parts((root / name).read_text(encoding="utf-8")))) for name in included(root)]


def included(root):
    """The files rules.lp (under ROOT) #includes, relative to ROOT, in order."""
    return _INCLUDE.findall(_comments_removed((Path(root) / "rules.lp").read_text(encoding="utf-8")))


def _comments_removed(text):
    return _TOKENS.sub(lambda m: m.group(0) if m.group(0).startswith(('"', "#")) else "", text)


_PARAMETERISED = re.compile(r"#program\s+([a-z_][A-Za-z0-9_']*)\s*\(")


@lru_cache(maxsize=16)
def kb_parts(root):
    """The names of the KB's ``#program`` parts other than base and those with parameters, in
    rules.lp's order (as :func:`kbmodel.kb` has them, without parsing the files)."""
    out, parameterised = [], set()
    for name, parts in kb_files(str(root)):
        text = _comments_removed((Path(root) / name).read_text(encoding="utf-8"))
        parameterised |= set(_PARAMETERISED.findall(text))
        out += [m.group(1) for m in _TOKENS.finditer(text) if m.group(1) and m.group(1) not in out]
    return [p for p in out if p != "base" and p not in parameterised]


def files_for(root, parts):
    """The KB files (relative to ROOT) with statements in one of PARTS, in rules.lp's order."""
    parts = set(parts)
    return [name for name, has in kb_files(str(root)) if has & parts]


@lru_cache(maxsize=64)
def query_parts(root, query):
    """The ``#program`` parts queries/<query>.lp declares it needs (``% @parts a b`` lines), in order."""
    out = []
    text = (Path(root) / "queries" / f"{query}.lp").read_text(encoding="utf-8")
    for value in _PARTS.findall(text):
        out += [p for p in value.split() if p not in out]
    return out


@lru_cache(maxsize=64)
def any_optimal(root, query):
    """Does queries/<query>.lp declare (``% @any-optimal``) that its answer is read from one optimal
    answer set, whichever (the engine may then slice its program though it has choices, slicing.py)?"""
    return bool(_ANY_OPTIMAL.search((Path(root) / "queries" / f"{query}.lp").read_text(encoding="utf-8")))
