"""Compiled cards kept between runs, so that a query on cards compiled before imports neither the
compiler nor its grammar (start-up, issue 9).

One file per card and compiler: ``<cache>/cards-<compiler version>/<digest>.json``, where the
compiler version is the fingerprint of every source that turns a card into facts
(:func:`pyengine.carddb.version.compiler_version`, the key the card database uses too) and the
digest is that of the card's every field (``repr`` of the frozen :class:`pyengine.cardlib.Card`).
The file holds that ``repr`` as well and is used only if it is the same card, so an entry is
exactly what compiling the card again would give: the facts and notes, encoded by
:mod:`pyengine.carddb.codec` (which builds nothing but terms). A missing, unreadable or foreign
file is a miss; a cache that can't be written only makes the next run compile again.

Behind the user's cache lies a read-only one shipped with the package: ``pyengine/precompiled.json``
holds the bundled library compiled by the compiler of this release (:mod:`pyengine.precompiled`),
so a first query on bundled cards builds no grammar (building the parse table takes seconds). It
is used only while its compiler version is the current one.
"""

import json

from . import cachedir
from .carddb import codec
from .carddb.version import compiler_version
from .compiled import Compiled


def path(card):
    """The cache file of CARD for the current compiler."""
    return cachedir.path("cards", compiler_version(), key(card))


def key(card):
    """The name of CARD's entry (the digest of the card's every field)."""
    return cachedir.digest(repr(card).encode("utf-8")) + ".json"


def load(card):
    """CARD's :class:`Compiled` (facts and notes, no line infos) as cached, or None: from the
    user's cache, else from the precompiled bundled library (then copied to the user's cache)."""
    try:
        with open(path(card), encoding="utf-8") as f:
            got = decode(card, json.load(f))
        if got is not None:
            return got
    except (OSError, ValueError, KeyError, TypeError):
        pass
    from . import precompiled
    name = key(card)
    entry = precompiled.entry(name)
    got = decode(card, entry) if entry is not None else None
    if got is not None:
        cachedir.write("cards", compiler_version(), json.dumps(entry, ensure_ascii=False).encode("utf-8"), name)
    return got


def decode(card, entry):
    """The :class:`Compiled` an entry holds if it is CARD's, else None."""
    try:
        if not isinstance(entry, dict) or entry.get("card") != repr(card):
            return None
        return Compiled(card.name, codec.decode(entry["facts"]), codec.decode_notes(entry["notes"]))
    except (ValueError, KeyError, TypeError):
        return None


def entry_of(card, result):
    """The cache entry (a JSON object) of RESULT, CARD compiled by the current compiler."""
    return {"card": repr(card), "facts": codec.encode(result.facts),
            "notes": codec.encode_notes(result.not_modelled)}


def store(card, result):
    """Keep RESULT (CARD compiled by the current compiler); written whole or not at all, and the
    folders of earlier compilers pruned (:func:`pyengine.cachedir.write`)."""
    text = json.dumps(entry_of(card, result), ensure_ascii=False)
    cachedir.write("cards", compiler_version(), text.encode("utf-8"), key(card))
