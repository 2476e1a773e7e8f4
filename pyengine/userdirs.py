"""The user's folders of mtgkb: its cache (:mod:`pyengine.cachedir`) and its data (the card
database, :mod:`pyengine.carddb.store`).

On Linux (not Android) these are the XDG Base Directory Specification's, read here directly:
``$XDG_CACHE_HOME/mtgkb`` (``$XDG_DATA_HOME/mtgkb``) when the variable is an absolute path, else
``~/.cache/mtgkb`` (``~/.local/share/mtgkb``) under an absolute ``$HOME``; that is what
platformdirs answers there (``tests/test_userdirs.py`` checks both agree). Anywhere else, and
without an absolute ``$HOME``, platformdirs answers. Every query needs the cache folder, and
importing platformdirs costs ~7 ms of CPU (it imports tempfile, shutil, lzma, bz2, random, ...),
a tenth of a one-permanent could-produce (issue 9, start-up).
"""

import os
import sys

# kind -> (the XDG variable, its default under the home folder)
_XDG = {"cache": ("XDG_CACHE_HOME", "~/.cache"), "data": ("XDG_DATA_HOME", "~/.local/share")}
APP = "mtgkb"


def user_dir(kind):
    """The user's KIND ("cache" or "data") folder of mtgkb, as a string (it may not exist yet)."""
    var, default = _XDG[kind]
    if _xdg_platform():
        base = os.environ.get(var, "")
        if os.path.isabs(base):
            return os.path.join(base, APP)
        if os.path.isabs(os.environ.get("HOME", "")):
            return os.path.join(os.path.expanduser(default), APP)
    import platformdirs
    return getattr(platformdirs, f"user_{kind}_dir")(APP, appauthor=False)


def _xdg_platform():
    """Whether this is Linux and not Android (where platformdirs follows the XDG spec as above)."""
    return (sys.platform == "linux" and not hasattr(sys, "getandroidapilevel")
            and "ANDROID_DATA" not in os.environ)
