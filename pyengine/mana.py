"""Amounts of mana as the KB writes them: ``amounts(W,U,B,R,G,C)`` (kb/vocabulary.lp, mana_unit/2).

An outcome of a mana ability is such a vector. The public answers give it as counts per letter
(``{"G": 2}``, letters sorted) and, while it is small, as the sorted list of its letters
(``["G", "G"]``); :func:`outcome_key` orders outcomes as those lists would be ordered, without
building them.
"""

from functools import cmp_to_key

LETTERS = ("W", "U", "B", "R", "G", "C")            # the order of the parts of amounts/6
MANA_LETTER = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C"}
MAX_LISTED = 1000             # options are listed letter by letter up to this much mana per outcome


def counts(vector):
    """{letter: count} of an amounts/6 term (a pyengine.terms.Fn), letters sorted, zeros left out."""
    return {k: n for k, n in sorted(zip(LETTERS, vector.args)) if n}


def letters(count):
    """The sorted letter list of a {letter: count} dict."""
    return [k for k, n in sorted(count.items()) for _ in range(n)]


def _cmp(a, b):
    """Compare two {letter: count} dicts as their sorted letter lists compare."""
    ra, rb = sorted(a.items()), sorted(b.items())
    i = j = 0
    while i < len(ra) and j < len(rb):
        (la, na), (lb, nb) = ra[i], rb[j]
        if la != lb:
            return -1 if la < lb else 1
        if na != nb:
            # the one with fewer runs out of LA first: its next letter (or its end) comes next
            shorter_is_a = na < nb
            nxt = (ra if shorter_is_a else rb)
            k = (i if shorter_is_a else j) + 1
            if k == len(nxt):                          # the shorter one ends: it is a prefix
                return -1 if shorter_is_a else 1
            return 1 if shorter_is_a else -1           # its next letter is after LA
        i, j = i + 1, j + 1
    return (i < len(ra)) - (j < len(rb))


outcome_key = cmp_to_key(_cmp)


def total(count):
    return sum(count.values())


def text(count):
    """Human text of an outcome: '{G}{G}' while listed letter by letter, else 'G x16777216'; an
    empty outcome is 'no mana'."""
    if not count:
        return "no mana"
    if total(count) <= MAX_LISTED:
        return "".join("{%s}" % k for k in letters(count))
    return " ".join(f"{k} x{n}" for k, n in sorted(count.items()))


def event_mana(count):
    """The mana of an event: {"mana": [letters]} while listed letter by letter, else {"amounts": {...}}."""
    if total(count) <= MAX_LISTED:
        return {"mana": letters(count)}
    return {"amounts": dict(count)}
