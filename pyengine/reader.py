"""Reading a snapshot into plain data: from a regular file, standard input or text, as JSON or YAML.

Every failure is one InputError line naming the file. Only regular files and standard input are
read, at most ``limits.MAX_BYTES`` of them (a device such as /dev/zero, a FIFO, a socket or a
directory is refused without reading). Text that starts with ``{`` or ``[`` is read as JSON
(``json.loads``: exact, and far faster than a YAML parser on a large board), anything else as
YAML; both refuse duplicate keys and nesting deeper than ``limits.MAX_DEPTH``. A YAML text parsed
before is read back as it parsed (:mod:`pyengine.parsecache`), without importing PyYAML.
"""

from contextlib import contextmanager
from functools import lru_cache
import gc
import json
import os
import stat
import sys

from . import limits
from .errors import InputError
from .untrusted import one_line, show


@lru_cache(maxsize=1)
def _loader():
    """The YAML loader class (PyYAML is imported here, when a snapshot is YAML: JSON input never
    pays for it)."""
    import yaml

    class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        """Safe YAML (libyaml when available: the pure-Python parser needs ~45 s and 1.3 GB for an
        8 MB list) that refuses duplicate keys instead of silently keeping the last one."""

        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    dup = key in seen
                    seen.add(key)
                except TypeError:                 # unhashable key: the base class reports it
                    break
                if dup:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {show(key)}", key_node.start_mark)
            return super().construct_mapping(node, deep)
    return Loader


def read_source(source):
    """Parse SOURCE, a path or '-' (standard input), into plain data."""
    if str(source) == "-":
        return parse_text(_read_bounded(sys.stdin.buffer, "<stdin>"), "<stdin>")
    return read_file(source)


def read_file(path):
    """Parse a YAML or JSON snapshot file into plain data; one InputError line on failure."""
    return parse_text(read_bytes(path), one_line(str(path)))


def read_bytes(path, most=None):
    """The bytes of the regular file PATH, at most MOST (default MAX_BYTES); one InputError line
    for a file that is missing, larger, or not a regular file (a device such as /dev/zero, a FIFO,
    a directory: refused before anything is read, so nothing blocks or fills memory)."""
    most = limits.MAX_BYTES if most is None else most
    where = one_line(str(path))
    with open_regular(path, most) as f:
        try:
            return _read_bounded(f, where, most)
        except OSError as e:
            raise InputError(f"{where}: cannot read file ({e.strerror or e})")


def open_regular(path, most=None):
    """The regular file PATH opened for reading in binary (the one place a file is opened for
    reading: ``read_bytes``, batch's JSONL streams); one InputError line for a file that is
    missing, larger than MOST bytes (if given), or not a regular file (refused before anything is
    read)."""
    where = one_line(str(path))
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below anyway)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise InputError(f"{where}: cannot read file ({e.strerror or e})")
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        kind = ("a directory" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                else "a socket" if stat.S_ISSOCK(st.st_mode) else "a device")
        raise InputError(f"{where}: is {kind}, not a regular file; give a snapshot file, or '-' "
                         "for standard input")
    if most is not None and st.st_size > most:
        os.close(fd)
        raise InputError(f"{where}: file is larger than {most} bytes")
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _read_bounded(f, where, most=None):
    most = limits.MAX_BYTES if most is None else most
    raw = f.read(most + 1)
    if len(raw) > most:
        raise InputError(f"{where}: input is larger than {most} bytes")
    return raw


def parse_text(raw, where="snapshot"):
    """Parse YAML or JSON text (str or bytes) into plain data; one InputError line on failure."""
    if isinstance(raw, bytes):
        if len(raw) > limits.MAX_BYTES:
            raise InputError(f"{where}: input is larger than {limits.MAX_BYTES} bytes")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{where}: not a text file (expected UTF-8 YAML or JSON)")
    elif len(raw) > limits.MAX_BYTES:
        raise InputError(f"{where}: input is larger than {limits.MAX_BYTES} characters")
    raw = raw.removeprefix("\ufeff")
    if "\x00" in raw:
        raise InputError(f"{where}: not a text file (contains NUL bytes)")
    if not raw.strip():
        raise InputError(f"{where}: empty file; a snapshot needs at least 'players'")
    with _gc_paused():
        if raw.lstrip()[:1] in ("{", "["):
            data = _json_or_flow_yaml(raw, where)
        else:
            data = _yaml(raw, where)
    check_depth(data, where)
    if not isinstance(data, dict):
        raise InputError(f"{where}: the top level must be a mapping with keys such as players and battlefield")
    return data


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise _Duplicate(f"duplicate key {show(k)}")
        d[k] = v
    return d


def _no_constant(name):
    raise ValueError(f"{name} is not a number")


def _json_or_flow_yaml(raw, where):
    """JSON; text that is not JSON but starts like it may be YAML in flow style ({players: [a]})."""
    try:
        return json.loads(raw, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except _Duplicate as e:
        raise InputError(f"{where}: not valid JSON: {e}")
    except json.JSONDecodeError as e:
        json_error = f"line {e.lineno}, column {e.colno}: {e.msg}"
    except RecursionError:
        raise InputError(f"{where}: nested more deeply than {limits.MAX_DEPTH} levels")
    except ValueError as e:                   # a constant such as NaN, or a number of 4300+ digits
        raise InputError(f"{where}: not valid JSON: {show(str(e))[1:-1]}")
    try:
        return _yaml(raw, where)
    except InputError:
        raise InputError(f"{where}: not valid JSON ({json_error}) nor YAML")


def _yaml(raw, where):
    """The data of the YAML text RAW: as kept when the same text was parsed before
    (:mod:`pyengine.parsecache`: PyYAML is then not imported), else parsed (and kept)."""
    from . import parsecache
    data = parsecache.get(raw)
    if data is not None:
        return data
    import yaml
    try:
        data = yaml.load(raw, Loader=_loader())
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or "invalid syntax"
        raise InputError(f"{where}: not valid YAML or JSON{at}: {problem}")
    except RecursionError:
        raise InputError(f"{where}: nested more deeply than {limits.MAX_DEPTH} levels")
    except (ValueError, OverflowError) as e:
        raise InputError(f"{where}: cannot be read as YAML or JSON ({type(e).__name__})")
    parsecache.keep(raw, data)
    return data


def check_depth(data, where):
    """Refuse lists and mappings nested more than MAX_DEPTH levels. Level by level, each object
    once per level, so that YAML aliases sharing one list many times cost nothing extra."""
    level, depth = ([data] if isinstance(data, (dict, list)) else []), 0
    while level:
        depth += 1
        if depth > limits.MAX_DEPTH:
            raise InputError(f"{where}: nested more deeply than {limits.MAX_DEPTH} levels")
        nxt, seen = [], set()
        for obj in level:
            items = obj.values() if isinstance(obj, dict) else obj
            for child in items:
                if isinstance(child, (dict, list)) and id(child) not in seen:
                    seen.add(id(child))
                    nxt.append(child)
        level = nxt


@contextmanager
def _gc_paused():
    """Pause the cyclic garbage collector while parsing: a parse only allocates (no cycles to
    free), and the collections it would trigger made the time of a 10,000-permanent snapshot
    grow faster than its size (bench/README.md)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

