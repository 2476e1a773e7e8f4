"""Where mtgkb keeps what it can rebuild at any time (the Oracle grammar's parse table, compiled
cards, the KB's statement tables): $MTGKB_CACHE_DIR, else the user's cache directory
(:mod:`pyengine.userdirs`).

Every entry is named ``<kind>-<version>`` at the top of the cache folder (a file, or a folder of
files), where the version is a fingerprint of whatever built it. An entry is written whole or not
at all (:func:`write`), and writing one removes the entries of the same kind and another version
that nothing has written for a day (:func:`prune`): a new version of mtgkb (or of its KB, grammar
or compiler) leaves the old entries behind, and they are deleted once they are a day old. Two
checkouts of different versions sharing one cache folder keep theirs while they use them (an
entry written to within a day is kept; one removed all the same is rebuilt, never wrong).
"""

from contextlib import contextmanager
import os
from pathlib import Path
import time

try:                          # CPython's built-in BLAKE2: `import hashlib` loads OpenSSL (~2 ms)
    from _blake2 import blake2b
except ImportError:           # pragma: no cover - other Pythons
    from hashlib import blake2b

MAX_AGE = 24 * 3600          # seconds an entry of another version is kept after its last write


def cache_dir():
    """The cache folder (it may not exist yet)."""
    base = os.environ.get("MTGKB_CACHE_DIR")
    if not base:
        from .userdirs import user_dir
        base = user_dir("cache")
    return Path(base)


def hasher():
    """A new hash object (BLAKE2b, 16-byte digest) for cache keys and versions."""
    return blake2b(digest_size=16)


def digest(data):
    """The hex digest (32 characters) of DATA (bytes) for a cache key."""
    return blake2b(data, digest_size=16).hexdigest()


def path(kind, version, name=None):
    """The entry ``<cache>/<kind>-<version>``, or the file NAME inside it."""
    top = cache_dir() / f"{kind}-{version}"
    return top / name if name else top


def write(kind, version, data, name=None):
    """Write DATA (bytes) as the entry of KIND and VERSION (the file NAME in it, if given), whole or
    not at all (a concurrent run never reads half a file), then prune the other versions. A cache
    that can't be written only makes the next run build it again: returns whether it was written."""
    import tempfile                       # only when writing: a warm run never needs it
    target = path(kind, version, name)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, target)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    prune(kind, version)
    return True


@contextmanager
def lock(kind, version):
    """Held while this process builds the entry of KIND and VERSION, so that another process that
    needs the same entry waits for it instead of building it too (the Oracle grammar's parse
    table takes tens of seconds of CPU; several processes start cold at once in a parallel
    ``batch`` or test run). An advisory lock (``flock``) on ``<kind>-<version>.lock`` beside the
    entry, released when the block ends or the process dies; where there is no ``flock`` or the
    cache folder can't be written, nothing is locked (each process builds its own, as before)."""
    try:
        import fcntl
    except ImportError:                   # pragma: no cover - not a POSIX system
        yield
        return
    target = path(kind, version)
    fd = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target.with_name(target.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:
        pass
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)                  # closing the file releases the lock


def prune(kind, version, now=None):
    """Remove the entries of KIND with another version than VERSION that were last written more
    than MAX_AGE seconds before NOW (default: the current time). Errors are ignored (another run
    may be removing the same entry)."""
    import shutil
    keep = f"{kind}-{version}"
    now = time.time() if now is None else now
    try:
        entries = list(cache_dir().iterdir())
    except OSError:
        return
    for e in entries:
        if not e.name.startswith(kind + "-") or e.name in (keep, keep + ".lock") or e.name.endswith(".tmp"):
            continue
        try:
            if now - e.stat().st_mtime <= MAX_AGE:
                continue
            if e.is_dir() and not e.is_symlink():
                shutil.rmtree(e)
            else:
                e.unlink()
        except OSError:
            pass
