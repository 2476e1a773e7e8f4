"""The card library: Oracle text as data.

The bundled library is every ``*.json`` file in ``pyengine/cards/`` (a list of card objects);
a snapshot's ``cards:`` entries and the card database (``pyengine/carddb``) are validated by the
same function. A card is ``{name, mana_cost, type, power, toughness, loyalty, defense, text}``.
A card of a layout with several faces (``FACED_LAYOUTS``: split, double-faced, ...) has ``layout``
and ``faces``, each face a card object; the other layouts (``ONE_FACE_LAYOUTS``: leveler, saga,
...) are printed with one face and have ``layout`` beside the face's keys.
"""

from dataclasses import dataclass, field
import json
from pathlib import Path
import re

from .errors import InputError

CARD_DIR = Path(__file__).parent / "cards"
# Layouts of one face: the card is structurally a normal card, and what is special about it is
# in its text (711 leveler, 714 saga, 716 class, 719 case, 718 prototype, 702.140 mutate; host and
# augment are Unstable's).
ONE_FACE_LAYOUTS = ("normal", "leveler", "saga", "class", "case", "prototype", "mutate", "host",
                    "augment")
# Layouts with two faces, each keyed by its own name (face 1 = the front, the left half, the
# creature of an adventurer card, the unflipped half): 709 split (aftermath 702.127 is a split
# card too), 710 flip, 712 double-faced (transform, modal_dfc, meld: face 2 is the melded
# permanent), 715 adventurer; "prepare" is MTGJSON's name for the adventure-like cards of a set
# newer than the CR edition the KB cites; reversible_card is one card printed on both sides.
FACED_LAYOUTS = ("split", "aftermath", "flip", "transform", "modal_dfc", "meld", "adventure",
                 "prepare", "reversible_card")
LAYOUTS = ONE_FACE_LAYOUTS + FACED_LAYOUTS
_FACE_KEYS = {"name", "mana_cost", "type", "power", "toughness", "loyalty", "defense", "text",
              "color_indicator"}
_COLOR_LETTERS = ("W", "U", "B", "R", "G")
# Every mana symbol of 107.4 (generic, colored, colorless, X/Y/Z, snow, hybrid, monocolored
# hybrid, Phyrexian and hybrid Phyrexian, half mana); the compiler may still not model some.
_MANA_SYMBOL = re.compile(r"\{(?:[0-9]+|[WUBRGCXYZS]|[WUBRGC]/[WUBRG](?:/P)?|[WUBRG]/P|2/[WUBRG]|H[WUBRG]?|½)\}")
_MANA_COST = re.compile(rf"(?:{_MANA_SYMBOL.pattern})*")
_CARD_KEYS = _FACE_KEYS | {"layout", "faces"}
_PT = re.compile(r"-?[0-9]+|\*|[0-9]*[+-]?\*|\*[+-][0-9]+")    # used with fullmatch
MAX_PT = 1_000_000


@dataclass(frozen=True)
class Face:
    """One face (or the only face) of a card, as printed."""

    name: str
    mana_cost: str | None
    type_line: str
    power: str | None = None
    toughness: str | None = None
    text: str = ""
    color_indicator: tuple = ()
    loyalty: str | None = None         # printed loyalty of a planeswalker (306.5a), e.g. "3" or "X"
    defense: str | None = None         # printed defense of a battle (310.4a)


@dataclass(frozen=True)
class Card:
    """A card: its name, layout and faces (a normal card has one face, named like the card)."""

    name: str
    layout: str
    faces: tuple = field(default_factory=tuple)

    @property
    def front(self):
        return self.faces[0]

    @property
    def keys(self):
        """Every name the KB keys facts by for this card: the card's name and its faces' names."""
        return {self.name} | {f.name for f in self.faces}


def _face(d, where, problems):
    """Validate one face object; returns a Face or None (problems appended)."""
    if not isinstance(d, dict):
        problems.append(f"{where}: expected a mapping with name, type and text, got {type(d).__name__}")
        return None
    unknown = sorted(set(map(str, d)) - _CARD_KEYS)
    if unknown:
        problems.append(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(_CARD_KEYS))}")
    name = d.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{where}: 'name' must be a non-empty string")
        name = None
    elif len(name) > 200:
        problems.append(f"{where}: 'name' is longer than 200 characters")
        name = None
    type_line = d.get("type")
    if not isinstance(type_line, str) or not type_line.strip():
        problems.append(f"{where}: 'type' must be a type line such as \"Creature — Elf\"")
        type_line = None
    cost = d.get("mana_cost")
    if cost is not None and not isinstance(cost, str):
        problems.append(f"{where}: 'mana_cost' must be a string such as \"{{1}}{{G}}\" or null")
        cost = None
    elif cost is not None and not _MANA_COST.fullmatch(cost.strip()):
        problems.append(f"{where}: 'mana_cost' {cost[:60]!r} is not a run of mana symbols such as "
                        "\"{2}{G}{G}\" (107.4)")
        cost = None
    text = d.get("text", "") or ""
    if not isinstance(text, str):
        problems.append(f"{where}: 'text' must be a string")
        text = ""
    pt = {}
    for key in ("power", "toughness"):
        pt[key] = _pt_value(d.get(key))
        if d.get(key) is not None and pt[key] is None:
            problems.append(f"{where}: '{key}' must be a whole number between -{MAX_PT} and {MAX_PT}, "
                            "or a string such as \"2\", \"*\" or \"1+*\"")
    for key in ("loyalty", "defense"):
        pt[key] = _pt_value(d.get(key))
        if d.get(key) is not None and pt[key] is None:
            problems.append(f"{where}: '{key}' must be a whole number between 0 and {MAX_PT}, "
                            "or a string such as \"3\" or \"X\"")
    indicator = d.get("color_indicator") or []
    if not isinstance(indicator, list) or not all(c in _COLOR_LETTERS for c in indicator):
        problems.append(f"{where}: 'color_indicator' must be a list of color letters such as [\"G\"] (204.1)")
        indicator = []
    if name is None or type_line is None:
        return None
    return Face(name.strip(), cost.strip() if cost else None, type_line.strip(),
                pt["power"], pt["toughness"], text, tuple(indicator), pt["loyalty"], pt["defense"])


def _pt_value(v):
    """Printed power or toughness as a string ("2", "*", "1+*"), or None if absent or malformed."""
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        return None
    if isinstance(v, int):
        return str(v) if abs(v) <= MAX_PT else None
    if v == "X":                              # loyalty X (306.5b: it enters with X counters)
        return v
    if len(v) > 20 or not _PT.fullmatch(v):
        return None
    return None if re.fullmatch(r"-?[0-9]+", v) and abs(int(v)) > MAX_PT else v


def parse_card(d, where="card"):
    """Validate a card object (bundled or from a snapshot). Raises InputError with every problem."""
    problems = []
    card = _parse(d, where, problems)
    if problems:
        raise InputError(problems)
    return card


def _parse(d, where, problems):
    if not isinstance(d, dict):
        problems.append(f"{where}: expected a mapping with name, type and text, got {type(d).__name__}")
        return None
    layout = d.get("layout", "normal")
    if layout not in LAYOUTS:
        problems.append(f"{where}: 'layout' must be one of {', '.join(LAYOUTS)}")
        return None
    if layout in ONE_FACE_LAYOUTS:
        if "faces" in d:
            problems.append(f"{where}: 'faces' is only for layouts with several faces "
                            f"({', '.join(FACED_LAYOUTS)})")
        face = _face(d, where, problems)
        return Card(face.name, layout, (face,)) if face else None
    name = d.get("name")
    faces = d.get("faces")
    unknown = sorted(set(map(str, d)) - {"name", "layout", "faces"})
    if unknown:                     # each face carries its own cost, type and text
        problems.append(f"{where}: unknown key(s) {', '.join(unknown)} for layout {layout}; "
                        "a split or double-faced card has name, layout and faces")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{where}: 'name' must be a non-empty string")
    if not isinstance(faces, list) or len(faces) != 2:
        problems.append(f"{where}: layout {layout} needs 'faces', a list of exactly two faces")
        return None
    parsed = [_face(f, f"{where}, face {i + 1}", problems) for i, f in enumerate(faces)]
    if None in parsed or not isinstance(name, str):
        return None
    return Card(name.strip(), layout, tuple(parsed))


def load_bundled():
    """Every card of the bundled library, by name. A broken bundled file is a bug, not user input."""
    cards = {}
    for path in sorted(CARD_DIR.glob("*.json")):
        for i, d in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            card = parse_card(d, f"{path.name}[{i}]")
            if card.name in cards:
                raise ValueError(f"card {card.name!r} is defined twice in the bundled library")
            cards[card.name] = card
    return cards


_BUNDLED = None


def bundled():
    """The bundled library (loaded once per process)."""
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = load_bundled()
    return _BUNDLED
