"""The bundled library compiled ahead of time: ``pyengine/precompiled.json``, shipped with the
package, read by :func:`pyengine.cardcache.load` behind the user's cache.

The file holds the compiler version it was made with (:func:`pyengine.carddb.version.compiler_version`)
and one entry per bundled card, keyed and shaped exactly as the user's cache keeps it
(:mod:`pyengine.cardcache`). An entry is used only while that version is the current one and the
entry's card is the card asked for, so a stale file is only slower, never wrong.
``tests/test_precompiled.py`` fails while the file is not what the current compiler makes;
regenerate it with ``python -m pyengine.precompiled``.
"""

import json
from functools import lru_cache
from pathlib import Path

FILE = Path(__file__).resolve().parent / "precompiled.json"


@lru_cache(maxsize=1)
def _entries():
    from .carddb.version import compiler_version
    try:
        d = json.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(d, dict) or d.get("compiler") != compiler_version() or not isinstance(d.get("cards"), dict):
        return {}
    return d["cards"]


def entry(name):
    """The precompiled entry named NAME (see :func:`pyengine.cardcache.key`), or None."""
    return _entries().get(name)


def build():
    """The file's content for the current compiler: every bundled card compiled now."""
    from .cardcache import entry_of, key
    from .cardfacts import compile_fresh
    from .cardlib import load_bundled
    from .carddb.version import compiler_version
    cards = {key(c): entry_of(c, compile_fresh(c)) for c in load_bundled().values()}
    return json.dumps({"compiler": compiler_version(), "cards": dict(sorted(cards.items()))},
                      ensure_ascii=False, indent=0, sort_keys=False) + "\n"


if __name__ == "__main__":
    FILE.write_text(build(), encoding="utf-8")
    print(f"wrote {FILE}")
