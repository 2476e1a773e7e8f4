"""Where mtgkb keeps what it can rebuild at any time (the Oracle grammar's parse table, compiled
cards): $MTGKB_CACHE_DIR, else the user's cache directory (platformdirs)."""

import os
from pathlib import Path


def cache_dir():
    """The cache folder (it may not exist yet)."""
    base = os.environ.get("MTGKB_CACHE_DIR")
    if not base:
        import platformdirs
        base = platformdirs.user_cache_dir("mtgkb", appauthor=False)
    return Path(base)
