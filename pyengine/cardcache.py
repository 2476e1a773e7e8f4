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
"""

import json

from . import cachedir
from .carddb import codec
from .carddb.version import compiler_version
from .compiled import Compiled


def path(card):
    """The cache file of CARD for the current compiler."""
    return cachedir.path("cards", compiler_version(), _name(card))


def _name(card):
    return cachedir.digest(repr(card).encode("utf-8")) + ".json"


def load(card):
    """CARD's :class:`Compiled` (facts and notes, no line infos) as cached, or None."""
    try:
        with open(path(card), encoding="utf-8") as f:
            d = json.load(f)
        if not isinstance(d, dict) or d.get("card") != repr(card):
            return None
        return Compiled(card.name, codec.decode(d["facts"]), codec.decode_notes(d["notes"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store(card, result):
    """Keep RESULT (CARD compiled by the current compiler); written whole or not at all, and the
    folders of earlier compilers pruned (:func:`pyengine.cachedir.write`)."""
    text = json.dumps({"card": repr(card), "facts": codec.encode(result.facts),
                       "notes": codec.encode_notes(result.not_modelled)}, ensure_ascii=False)
    cachedir.write("cards", compiler_version(), text.encode("utf-8"), _name(card))
