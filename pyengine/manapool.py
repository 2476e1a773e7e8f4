"""Floating mana (CR 106.4): the snapshot's ``mana_pool`` entries and their spend restrictions.

An entry is one mana: a symbol string (``"{G}"``, ``"{C}"``) or a mapping
``{mana: "{G}", snow: true, spend_only: "creature spells"}``. ``snow`` says the mana came from a
snow source (it may pay {S}, CR 107.4h). ``spend_only`` is a restriction (106.6):

- ``"<types> spells"``: only to cast spells with one of the card types, joined by "or"
  ("creature spells", "instant or sorcery spells", "artifact spells");
- ``"<types> spells or abilities"``: it can't be spent to cast other spells, but may be spent on
  anything that isn't casting a spell (activating abilities): "This mana can't be spent to cast
  nonartifact spells" is ``"artifact spells or abilities"``.

Without ``spend_only`` it may be spent on anything.
"""

from dataclasses import dataclass

from .symbols import CARD_TYPES
from .untrusted import show

TYPES = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class PoolMana:
    """One mana in a pool: type letter, snow-ness, the card types of spells it may be spent on
    (None: any spell), and whether it may be spent on anything other than casting a spell."""

    type: str
    snow: bool = False
    spells: tuple | None = None
    abilities: bool = True

    def restriction(self):
        """The restriction in the snapshot's words, or None."""
        if self.spells is None:
            return None
        return " or ".join(self.spells) + " spells" + (" or abilities" if self.abilities else "")

    def to_entry(self):
        sym = "{" + self.type + "}"
        if not self.snow and self.spells is None:
            return sym
        d = {"mana": sym}
        if self.snow:
            d["snow"] = True
        if self.spells is not None:
            d["spend_only"] = self.restriction()
        return d

    def text(self):
        r = self.restriction()
        return "{" + self.type + "}" + (" (snow)" if self.snow else "") + (f" (only {r})" if r else "")

    def may_pay(self, spell_types):
        """May this mana be spent on a payment for a spell with SPELL_TYPES (None: not a spell)?"""
        if self.spells is None:
            return True
        if spell_types is None:
            return self.abilities
        return bool(set(self.spells) & set(spell_types))


def parse_restriction(text):
    """(card types, abilities too) for a spend_only string; ValueError with the reason."""
    if not isinstance(text, str):
        raise ValueError(f"must be a text such as \"creature spells\", got {show(text)}")
    words = text.strip().lower().split()
    abilities = words[-2:] == ["or", "abilities"]
    if abilities:
        words = words[:-2]
    if len(words) < 2 or words[-1] != "spells":
        raise ValueError(f"{show(text)} is not a restriction: expected \"<types> spells\" or "
                         "\"<types> spells or abilities\", e.g. \"instant or sorcery spells\"")
    types = words[:-1]
    parts = [t for i, t in enumerate(types) if i % 2 == 0]
    if any(t != "or" for i, t in enumerate(types) if i % 2 == 1) or len(types) % 2 == 0:
        raise ValueError(f"{show(text)}: card types are joined by \"or\"")
    bad = [t for t in parts if t not in CARD_TYPES]
    if bad:
        raise ValueError(f"{show(bad[0])} is not a card type; card types: {', '.join(CARD_TYPES)}")
    return tuple(sorted(set(parts))), abilities


def of_term(term):
    """(card types, abilities too) of a restriction term of the compiler (pyengine/compiler/spend.py,
    rendered) that a pool entry can state: cast(F), F card types joined by or(...) ("<types>
    spells"), except(cast(non(T))) ("<T> spells or abilities"); None for any other term."""
    def split(t):                 # "or(A,B)" -> (A, B), else None
        if not (t.startswith("or(") and t.endswith(")")):
            return None
        depth = 0
        for i, ch in enumerate(t[3:-1], 3):
            depth += (ch == "(") - (ch == ")")
            if ch == "," and depth == 0:
                return t[3:i], t[i + 1:-1]
        return None

    def types(t, wrap):           # the card types of an or(...) of wrap(T)
        parts = split(t)
        if parts is not None:
            a, b = types(parts[0], wrap), types(parts[1], wrap)
            return a + b if a is not None and b is not None else None
        inner = wrap(t)
        if inner is None:
            return None
        if inner in CARD_TYPES:
            return (inner,)
        return types(inner, lambda x: x) if split(inner) is not None else None

    def cast(t):
        return t[5:-1] if t.startswith("cast(") and t.endswith(")") else None
    if term.startswith("except(cast(non(") and term.endswith(")))") and term[16:-3] in CARD_TYPES:
        return (term[16:-3],), True
    found = types(term, cast)
    return (tuple(sorted(set(found))), False) if found else None


# the keys of a mana pool entry given as a mapping (the snapshot's checker refuses others)
ENTRY_KEYS = ("mana", "snow", "spend_only")


def parse_entry(v):
    """A PoolMana from a snapshot entry whose keys are among ENTRY_KEYS; ValueError with the
    reason."""
    if isinstance(v, str):
        d = {"mana": v}
    elif isinstance(v, dict):
        d = v
    else:
        raise ValueError(f"expected a mana symbol such as \"{{G}}\" or a mapping with 'mana', got {show(v)}")
    sym = d.get("mana")
    if not isinstance(sym, str) or len(sym) != 3 or sym[0] != "{" or sym[2] != "}" \
            or sym[1].upper() not in TYPES:
        raise ValueError(f"mana {show(sym)} is not one mana symbol of a type: "
                         "{W}, {U}, {B}, {R}, {G} or {C}")
    snow = d.get("snow", False)
    if snow is None:
        snow = False
    if not isinstance(snow, bool):
        raise ValueError(f"'snow' must be true or false, got {show(snow)}")
    spells, abilities = None, True
    if d.get("spend_only") is not None:
        spells, abilities = parse_restriction(d["spend_only"])
    return PoolMana(sym[1].upper(), snow, spells, abilities)
