"""YAML snapshots read back as parsed: a question asked again about one YAML file does not import
PyYAML (start-up, issue 9).

Importing PyYAML costs ~10 ms of CPU, half a bare Python start-up, and a YAML parse of a large
board far more than reading JSON. The data a YAML text parses to (:mod:`pyengine.reader`'s loader)
is kept in the cache (:mod:`pyengine.cachedir`, kind ``yaml-data``) as JSON, in a file named by the
digest of the text itself: any other text, however small the change, is another name, so an entry
never answers for a changed file (nor for standard input that differs). Only data that JSON gives
back exactly is kept (:func:`exact`): mappings with string keys, lists, strings, integers, finite
floats, booleans and nulls, no list or mapping reached twice (a YAML alias: the copies JSON would
make are not the one shared object). A text that parses to anything else (a date, a set, a
number as a key, ...), or does not parse, is parsed every time, so its data and every error
message are those of the parser.

The version of the kind is the digest of PyYAML's files (found without importing it, read only
when their stamps change: :mod:`pyengine.filestamps`), of reader.py and this module, and of
Python's version: another PyYAML, loader or Python is another folder. The folder keeps the
:data:`MAX_ENTRIES` entries used last, at most :data:`MAX_TOTAL` bytes in all.
"""

from functools import lru_cache
import json
import math
import os
import sys

from . import cachedir, filestamps, limits

KIND = "yaml-data"
MAX_ENTRIES = 64             # entries kept, the ones used last
MAX_TOTAL = 64_000_000       # bytes of entries kept in all


@lru_cache(maxsize=1)
def version():
    """The version of the entries (see the module docstring), or None without PyYAML."""
    import importlib.util
    spec = importlib.util.find_spec("yaml")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = spec.submodule_search_locations[0]
    names = sorted(e.name for e in os.scandir(folder) if e.is_file())
    here = os.path.dirname(os.path.abspath(__file__))
    key = (filestamps.digest(folder, names) + filestamps.digest(here, ["reader.py", "parsecache.py"])
           + sys.version)
    return cachedir.digest(key.encode("utf-8"))[:16]


def _entry(text):
    return cachedir.digest(text.encode("utf-8", "surrogatepass")) + ".json"


def get(text):
    """The mapping the YAML TEXT (str) parsed to when it was kept, or None."""
    v = version()
    if v is None:
        return None
    target = cachedir.path(KIND, v, _entry(text))
    try:
        with open(target, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        os.utime(target)                       # used last: kept longest
    except OSError:
        pass
    return data


def keep(text, data):
    """Keep DATA, what the YAML TEXT parsed to, if it is a mapping that JSON gives back exactly."""
    v = version()
    if v is None or not isinstance(data, dict) or not exact(data):
        return
    if cachedir.write(KIND, v, json.dumps(data, allow_nan=False).encode("utf-8"), _entry(text)):
        _trim(cachedir.path(KIND, v))


def exact(data):
    """Does JSON give DATA back exactly: dicts with str keys, lists, str, int, finite float, bool,
    None, nested at most limits.MAX_DEPTH levels, no dict or list reached twice?"""
    seen = set()

    def walk(v, depth):
        t = type(v)
        if t is str or t is int or t is bool or v is None:
            return True
        if t is float:
            return math.isfinite(v)
        if t is not dict and t is not list:
            return False
        if depth >= limits.MAX_DEPTH or id(v) in seen:
            return False
        seen.add(id(v))
        if t is dict:
            return all(type(k) is str and walk(x, depth + 1) for k, x in v.items())
        return all(walk(x, depth + 1) for x in v)

    return walk(data, 0)


def _trim(folder):
    """Remove the entries of FOLDER used least recently beyond MAX_ENTRIES or MAX_TOTAL bytes."""
    try:
        entries = sorted(((e.stat().st_mtime_ns, e.stat().st_size, e.path) for e in os.scandir(folder)
                          if e.name.endswith(".json")), reverse=True)
    except OSError:
        return
    total = 0
    for i, (_, size, path) in enumerate(entries):
        total += size
        if i >= MAX_ENTRIES or total > MAX_TOTAL:
            try:
                os.unlink(path)
            except OSError:
                pass
