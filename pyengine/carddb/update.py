"""``mtgkb cards update``: download MTGJSON AtomicCards, check its published SHA-256, import it.

The file goes to a temporary file beside the database; the checksum published at ``URL.sha256``
(MTGJSON publishes one per file) must match before anything is imported, and the database is
replaced only by a complete import (:func:`pyengine.carddb.importer.import_files`).
"""

import hashlib
import os
from pathlib import Path
import re
import tempfile
import urllib.error
import urllib.request

from ..errors import InputError
from . import DEFAULT_URL, importer
MAX_BYTES = 2_000_000_000           # a card file larger than this is not what we asked for
TIMEOUT = 60


def source_url():
    """$MTGKB_CARDS_URL, else MTGJSON's AtomicCards (xz)."""
    return os.environ.get("MTGKB_CARDS_URL") or DEFAULT_URL


def _get(url):
    try:
        return urllib.request.urlopen(url, timeout=TIMEOUT)
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", None) or e
        raise InputError(f"cannot download {url}: {reason}")


def published_sha256(url):
    """The hex digest published at ``url + '.sha256'``."""
    with _get(url + ".sha256") as r:
        text = r.read(4096).decode("ascii", "replace")
    m = re.search(r"\b[0-9a-fA-F]{64}\b", text)
    if not m:
        raise InputError(f"{url}.sha256 does not hold a SHA-256 digest")
    return m.group(0).lower()


def download(url, directory, progress=None):
    """Download ``url`` into a new file in ``directory``; (path, sha256 hex)."""
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".download.", suffix=Path(url).suffix or ".json", dir=directory)
    h, size = hashlib.sha256(), 0
    try:
        with os.fdopen(fd, "wb") as out, _get(url) as r:
            total = int(r.headers.get("Content-Length") or 0)
            if progress:
                progress(0, total)
            for block in iter(lambda: r.read(1 << 20), b""):
                size += len(block)
                if size > MAX_BYTES:
                    raise InputError(f"{url}: larger than {MAX_BYTES} bytes; not a card file")
                h.update(block)
                out.write(block)
                if progress:
                    progress(len(block), total)
    except OSError as e:
        os.unlink(tmp)
        raise InputError(f"cannot download {url}: {e}")
    except BaseException:
        os.unlink(tmp)
        raise
    return Path(tmp), h.hexdigest()


def update(db_path, url=None, jobs=None, progress=None, download_progress=None, on_read=None):
    """Download, check and import; returns the import Summary (with ``url`` and ``sha256``)."""
    url = url or source_url()
    expected = published_sha256(url)
    path, got = download(url, Path(db_path).parent, download_progress)
    try:
        if got != expected:
            raise InputError(f"{url}: SHA-256 {got} does not match the published {expected}; "
                             "the card database is unchanged")
        return importer.import_files([path], db_path, jobs=jobs, progress=progress,
                                     on_read=on_read, labels=[url])
    finally:
        path.unlink(missing_ok=True)
