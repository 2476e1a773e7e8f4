"""The digest of a set of files' contents without reading them on every run (start-up, issue 9).

The KB's statement tables (:mod:`pyengine.asp.slicing`) and the compiled cards
(:func:`pyengine.carddb.version.compiler_version`) are keyed by a digest of the files they come
from: reading and hashing those ~40 files costs about 1 ms each time. :func:`digest` gives the
same digest (of each file's name and bytes, in order) and keeps it in the cache
(:mod:`pyengine.cachedir`, kind ``filestamps``) with the files' *stamps*: size, modification and
status-change times (nanoseconds), inode and device. While no stamp changes, the kept digest is
used without reading the files.

Any write to a file sets its status-change time (ctime) to the current time, which no program can
set back (unlike the modification time); but the clock the kernel stamps files with is coarse
(milliseconds), so a file written twice within one tick, its size unchanged, could keep its
stamp. As git does with its index ("racily clean" entries), a digest is kept only when every file
was last changed more than :data:`SETTLED` seconds before the files were read: a later write then
gets a later ctime, so a kept digest is the files' contents for as long as their stamps match.
"""

import json
import os
import time

from . import cachedir

KIND = "filestamps"
VERSION = "1"
SETTLED = 2.0                # seconds since a file's last change before its stamp is trusted

_KEPT = {}                   # entry name -> (stamps, digest), as read or written by this process


def digest(root, names):
    """The hex digest (32 characters) of the files NAMES (relative to the folder ROOT): each one's
    name and bytes, each followed by a NUL byte, in order. Reads them only when a stamp changed since a digest was kept."""
    root = str(root)
    stamps = [_stamp(os.path.join(root, n)) for n in names]
    entry = cachedir.digest(repr((root, list(names))).encode("utf-8")) + ".json"
    kept = _KEPT.get(entry) or _read(entry)
    if kept is not None and kept[0] == stamps:
        return kept[1]
    read_at = time.time_ns()
    h = cachedir.hasher()
    for n in names:
        h.update(n.encode("utf-8") + b"\0")
        h.update(_contents(os.path.join(root, n)) + b"\0")
    found = h.hexdigest()
    if stamps == [_stamp(os.path.join(root, n)) for n in names] and all(
            max(s[1], s[2]) < read_at - SETTLED * 1e9 for s in stamps):
        _KEPT[entry] = (stamps, found)
        cachedir.write(KIND, VERSION, json.dumps([stamps, found]).encode("utf-8"), entry)
    return found


def _contents(path):
    """The bytes of the file at PATH."""
    with open(path, "rb") as f:
        return f.read()


def _stamp(path):
    """What changes when the file at PATH changes: [size, mtime_ns, ctime_ns, inode, device]."""
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]


def _read(entry):
    """The (stamps, digest) kept in the cache as ENTRY, or None."""
    try:
        with open(cachedir.path(KIND, VERSION, entry), encoding="utf-8") as f:
            stamps, found = json.load(f)
    except (OSError, ValueError, TypeError):
        return None
    if not (isinstance(stamps, list) and isinstance(found, str)):
        return None
    _KEPT[entry] = (stamps, found)
    return stamps, found
