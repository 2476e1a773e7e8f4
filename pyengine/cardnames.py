"""Card names: the one folding of names for lookup, and the one place that suggests card names
("did you mean"), used by snapshot validation and by ``mtgkb cards show``.

:func:`fold` makes the key a name is looked up by: case-insensitive (casefold), without diacritics
(``Lim-Dul's Vault`` finds ``Lim-Dûl's Vault``), with ``Æ`` as ``Ae``, typographic apostrophes as
``'``, runs of spaces as one and ``Fire//Ice`` or ``Fire / Ice`` as ``Fire // Ice``. :class:`Suggester` finds the closest names to a misspelled one
among any number of name lists (the snapshot's ``cards:``, the bundled library, the card database)
with rapidfuzz: one vectorised pass over the folded names per misspelled name, no Python loop
over the candidates.
"""

import re
import unicodedata

_SUBST = str.maketrans({"æ": "ae", "Æ": "Ae", "’": "'", "‘": "'", "ʼ": "'", "–": "-", "‐": "-"})
_SLASHES = re.compile(r"\s*/{1,2}\s*")


def fold(name):
    """The lookup key of a card name (see the module doc)."""
    if not name.isascii():
        name = unicodedata.normalize("NFKD", name.translate(_SUBST))
        name = "".join(c for c in name if not unicodedata.combining(c))
    if "/" in name:                                   # "Fire//Ice", "Fire / Ice"
        name = _SLASHES.sub(" // ", name)
    return " ".join(name.split()).casefold()


class Suggester:
    """An index of names for "did you mean": ``scored(name)`` -> [(name, score)], best first, each
    at least ``cutoff`` similar (rapidfuzz's normalised Indel ratio of the folded names, 0-100).
    Build one per list of names and keep it (the card database keeps its own)."""

    def __init__(self, names):
        self.names = sorted(set(names))
        self.folded = [fold(n) for n in self.names]

    def scored(self, name, limit=3, cutoff=75):
        from rapidfuzz import fuzz, process      # only when a name is misspelled
        if not self.names:
            return []
        return [(self.names[i], score) for _, score, i in process.extract(
            fold(name), self.folded, scorer=fuzz.ratio, processor=None, limit=limit,
            score_cutoff=cutoff)]


def suggest(name, *indexes, limit=3):
    """The names closest to ``name`` among several :class:`Suggester` indexes: the best one and
    any about as close (within 5 points), at most ``limit``."""
    if not isinstance(name, str) or len(name) > 200:
        return []
    hits = sorted((h for ix in indexes for h in ix.scored(name, limit)), key=lambda h: (-h[1], h[0]))
    out = []
    for n, score in hits:
        if score >= hits[0][1] - 5 and n not in out and len(out) < limit:
            out.append(n)
    return out


def did_you_mean(names):
    """'; did you mean 'A'?' or '; did you mean 'A' or 'B'?' ('' for no names)."""
    if not names:
        return ""
    quoted = [repr(n) for n in names]
    return "; did you mean " + (quoted[0] if len(quoted) == 1 else
                                ", ".join(quoted[:-1]) + " or " + quoted[-1]) + "?"
