"""Mana symbols and type lines (CR 107.4, 202, 205), shared by the compiler and the engine (a query needs them without the compiler)."""

import re

from . import limits
from .terms import Const, fn

COLORS = ("w", "u", "b", "r", "g")
MAX_NUMBER = limits.MAX_NUMBER   # larger numbers in card text are not modelled (the solver's are 32-bit)
MANA_TYPES = COLORS + ("c",)
_SYMBOL = re.compile(r"\{([^{}]*)\}")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")


class NotModelled(Exception):
    """Raised by a grammar handler for text it recognises only in part."""


def symbols(text):
    """The symbols of a run of mana symbols, e.g. '{2}{G}{G}' -> ['2','G','G']; None if not only symbols."""
    text = text.strip()
    if not text or _SYMBOL.sub("", text) != "":
        return None
    return _SYMBOL.findall(text)


def number_value(text):
    """The value of a number written in digits (ASCII only); NotModelled if it is absurdly large."""
    if not re.fullmatch(r"[0-9]+", text):
        raise NotModelled(f"number {text!r}")
    n = int(text)
    if n > MAX_NUMBER:
        raise NotModelled(f"number {text} is too large (at most {MAX_NUMBER})")
    return n


def cost_term(sym):
    """The term for one mana-cost symbol (107.4): generic count, a colour, c, x, hybrid, phyrexian,
    hybrid Phyrexian."""
    s = sym.upper()
    if re.fullmatch(r"[0-9]+", s):
        return ("generic", number_value(s))
    if s.lower() in MANA_TYPES:
        return (Const(s.lower()), 1)
    if s == "X":
        return (Const("x"), 1)
    if s == "S":
        return (Const("snow"), 1)
    parts = s.split("/")
    if len(parts) == 2:
        a, b = (p.lower() for p in parts)
        if a in COLORS and b in COLORS:
            return (fn("hybrid", Const(a), Const(b)), 1)
        if a in COLORS and b == "p":
            return (fn("phyrexian", Const(a)), 1)
        if a == "2" and b in COLORS:
            return (fn("twobrid", Const(b)), 1)
    if len(parts) == 3:
        a, b, p = (x.lower() for x in parts)
        if a in COLORS and b in COLORS and a != b and p == "p":
            # 107.4f: a hybrid Phyrexian symbol {A/B/P}, paid with mana of A, of B, or 2 life
            return (fn("phyrexian_hybrid", Const(a), Const(b)), 1)
    raise NotModelled(f"mana symbol {{{sym}}}")


def parse_mana_cost(text):
    """A mana cost as a list of (term, count), generic folded into ('generic', N). Raises NotModelled."""
    syms = symbols(text)
    if syms is None:
        raise NotModelled(f"mana cost {text!r}")
    counts = {}
    for s in syms:
        term, n = cost_term(s)
        key = Const("generic") if term == "generic" else term
        counts[key] = counts.get(key, 0) + (n if term == "generic" else 1)
        if counts[key] > MAX_NUMBER:
            raise NotModelled(f"mana cost {text!r} is too large")
    return sorted(counts.items(), key=lambda kv: str(kv[0]))


def parse_type_line(line):
    """(supertypes, card types, subtypes) of a type line such as 'Legendary Land — Forest Dryad'."""
    head, tail = _split_dash(line)
    words = head.split()
    sup, types, unknown = [], [], []
    for w in words:
        lw = w.lower()
        if lw in SUPERTYPES:
            sup.append(lw)
        elif lw in CARD_TYPES:
            types.append(lw)
        elif lw == "tribal":          # 205.2a: tribal is now kindred
            types.append("kindred")
        else:
            unknown.append(w)
    return sup, types, _subtypes(tail), unknown


_TWO_WORD_SUBTYPES = ("Time Lord",)      # 205.3b, 205.3m: the one two-word creature type


def _subtypes(tail):
    """The subtypes after the dash: each word is one, except the two-word creature type (205.3b)."""
    out, words = [], tail.split()
    while words:
        pair = " ".join(words[:2])
        if pair in _TWO_WORD_SUBTYPES:
            out.append(pair)
            words = words[2:]
        else:
            out.append(words.pop(0))
    return out


def _split_dash(line):
    """Split a type line at its dash (an em dash, or ' - ' in hand-typed cards)."""
    m = re.match(r"^(.*?)\s*(?:—|\s-\s)\s*(.*)$", line)
    return (m.group(1), m.group(2)) if m else (line, "")
