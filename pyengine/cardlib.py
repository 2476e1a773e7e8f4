"""The card library: Oracle text as data.

The bundled library is every ``*.json`` file in ``pyengine/cards/`` (a list of card objects);
a snapshot's ``cards:`` entries and the card database (``pyengine/carddb``) are validated by the
same function. A card is ``{name, mana_cost, type, power, toughness, loyalty, defense, text}``.
A card of a layout with several faces (``FACED_LAYOUTS``: split, double-faced, ...) has ``layout``
and ``faces``, each face a card object; the other layouts (``ONE_FACE_LAYOUTS``: leveler, saga,
...) are printed with one face and have ``layout`` beside the face's keys.
"""

import json
import os
from pathlib import Path
import re
import sys

from . import limits
from .records import Value
from .errors import InputError
from .untrusted import character_problem, show

CARD_DIR = Path(__file__).parent / "cards"
# Layouts of one face: the card is structurally a normal card, and what is special about it is
# in its text (711 leveler, 714 saga, 716 class, 719 case, 718 prototype, 702.140 mutate; host and
# augment are Unstable's); planar (planes and phenomena, 311, 312), scheme (314) and vanguard (313)
# are nontraditional cards, which stay in the command zone (a snapshot's `command:`, zone_problem).
ONE_FACE_LAYOUTS = ("normal", "leveler", "saga", "class", "case", "prototype", "mutate", "host",
                    "augment", "planar", "scheme", "vanguard")
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
# The patterns of a card's validation are compiled by `re` when a card is first validated (a run
# on bundled cards only reads them back, see bundled()).
# Every mana symbol of 107.4 (generic, colored, colorless, X/Y/Z, snow, hybrid, monocolored
# hybrid, Phyrexian and hybrid Phyrexian, half mana); the compiler may still not model some.
_MANA_SYMBOL = r"\{(?:[0-9]+|[WUBRGCXYZS]|[WUBRGC]/[WUBRG](?:/P)?|[WUBRG]/P|2/[WUBRG]|H[WUBRG]?|½)\}"
_MANA_COST = rf"(?:{_MANA_SYMBOL})*"
_CARD_KEYS = _FACE_KEYS | {"layout", "faces"}
_PT = r"-?[0-9]+|\*|[0-9]*[+-]?\*|\*[+-][0-9]+"    # used with fullmatch
# Cards that are never in a player's hand, library, graveyard or on the battlefield: they stay in
# the command zone (or outside the game) and are not permanents.
NONTRADITIONAL = {"plane": "311.2", "phenomenon": "312.2", "vanguard": "313.2", "scheme": "314.2",
                  "conspiracy": "315.3", "dungeon": "309.2c"}
# Card types that can't enter the battlefield (a manifested or cloaked card may still be one,
# face down: 701.40g).
NOT_PERMANENT = {"instant": "304.4", "sorcery": "307.4"}
# 123.2: a sticker sheet (type line "Stickers") is not a card and has no characteristics: it is
# never in a zone of the game; its stickers are put on objects (123.3), which snapshots don't have
STICKER_SHEET = "stickers"


class Face(Value):
    """One face (or the only face) of a card, as printed: its name, mana cost (None: it has none),
    type line, power and toughness (strings as printed, or None), Oracle text, color indicator,
    printed loyalty of a planeswalker (306.5a; e.g. "3" or "X") and printed defense of a battle
    (310.4a)."""

    FIELDS = __slots__ = ("name", "mana_cost", "type_line", "power", "toughness", "text",
                          "color_indicator", "loyalty", "defense")

    def __init__(self, name, mana_cost, type_line, power=None, toughness=None, text="",
                 color_indicator=(), loyalty=None, defense=None):
        for field, value in zip(self.FIELDS, (name, mana_cost, type_line, power, toughness, text,
                                              color_indicator, loyalty, defense)):
            object.__setattr__(self, field, value)


class Card(Value):
    """A card: its name, layout and faces (a normal card has one face, named like the card)."""

    FIELDS = __slots__ = ("name", "layout", "faces")

    def __init__(self, name, layout, faces=()):
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "faces", faces)

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
    unknown = sorted(show(k) for k in d if k not in _CARD_KEYS)
    if unknown:
        problems.append(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(_CARD_KEYS))}")
    name = _string(d, "name", where, problems, limits.MAX_NAME, "a non-empty string")
    type_line = _string(d, "type", where, problems, limits.MAX_NAME, 'a type line such as "Creature — Elf"')
    cost = d.get("mana_cost")
    if cost is not None and not isinstance(cost, str):
        problems.append(f"{where}: 'mana_cost' must be a string such as \"{{1}}{{G}}\" or null")
        cost = None
    elif cost is not None and len(cost) > limits.MAX_NAME:
        problems.append(f"{where}: 'mana_cost' is longer than {limits.MAX_NAME} characters")
        cost = None
    elif cost is not None and not re.fullmatch(_MANA_COST, cost.strip()):
        problems.append(f"{where}: 'mana_cost' {show(cost)} is not a run of mana symbols such as "
                        "\"{2}{G}{G}\" (107.4)")
        cost = None
    text = d.get("text")
    if text is None:
        text = ""
    elif not isinstance(text, str):
        problems.append(f"{where}: 'text' must be a string, got {show(text)}")
        text = ""
    elif len(text) > limits.MAX_TEXT:
        problems.append(f"{where}: 'text' is longer than {limits.MAX_TEXT} characters")
        text = ""
    else:
        bad = character_problem(f"{where}: 'text'", text, allow="\n")
        if bad:
            problems.append(bad)
            text = ""
    pt = {}
    for key in ("power", "toughness"):
        pt[key] = _pt_value(d.get(key))
        if d.get(key) is not None and pt[key] is None:
            problems.append(f"{where}: '{key}' must be a whole number between -{limits.MAX_NUMBER} and "
                            f"{limits.MAX_NUMBER}, or a string such as \"2\", \"*\" or \"1+*\"")
    for key in ("loyalty", "defense"):
        pt[key] = _pt_value(d.get(key))
        if d.get(key) is not None and pt[key] is None:
            problems.append(f"{where}: '{key}' must be a whole number between 0 and {limits.MAX_NUMBER}, "
                            "or a string such as \"3\" or \"X\"")
    indicator = d.get("color_indicator")
    if indicator is None:
        indicator = []
    elif not isinstance(indicator, list) or not all(c in _COLOR_LETTERS for c in indicator):
        problems.append(f"{where}: 'color_indicator' must be a list of color letters such as [\"G\"] (204.1)")
        indicator = []
    if name is None or type_line is None:
        return None
    return Face(name, cost.strip() if cost else None, type_line,
                pt["power"], pt["toughness"], text, tuple(indicator), pt["loyalty"], pt["defense"])


def _string(d, key, where, problems, longest, what):
    """The stripped string under KEY (required), or None with a problem line."""
    v = d.get(key)
    if not isinstance(v, str) or not v.strip():
        problems.append(f"{where}: '{key}' must be {what}" + (f", got {show(v)}" if v is not None else ""))
        return None
    if len(v) > longest:
        problems.append(f"{where}: '{key}' is longer than {longest} characters")
        return None
    bad = character_problem(f"{where}: '{key}'", v)
    if bad:
        problems.append(bad)
        return None
    return v.strip()


def _pt_value(v):
    """Printed power or toughness as a string ("2", "*", "1+*"), or None if absent or malformed."""
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        return None
    if isinstance(v, int):
        return str(v) if abs(v) <= limits.MAX_NUMBER else None
    if v == "X":                              # loyalty X (306.5b: it enters with X counters)
        return v
    if len(v) > 20 or not re.fullmatch(_PT, v):
        return None
    return None if re.fullmatch(r"-?[0-9]+", v) and abs(int(v)) > limits.MAX_NUMBER else v


def card_dict(card):
    """A Card as the card object of a snapshot's ``cards:`` (``parse_card(card_dict(c)) == c``): for
    show --json, and for sweep states that define their cards."""
    def face(f):
        d = {"name": f.name, "mana_cost": f.mana_cost, "type": f.type_line, "text": f.text}
        for k in ("power", "toughness", "loyalty", "defense"):
            if getattr(f, k) is not None:
                d[k] = getattr(f, k)
        if f.color_indicator:
            d["color_indicator"] = list(f.color_indicator)
        return d
    if len(card.faces) == 1:
        d = face(card.front)
        if card.layout != "normal":
            d["layout"] = card.layout
        return d
    return {"name": card.name, "layout": card.layout, "faces": [face(f) for f in card.faces]}


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
    layout = d.get("layout")
    if layout is None:
        layout = "normal"
    if layout not in LAYOUTS:
        problems.append(f"{where}: 'layout' must be one of {', '.join(LAYOUTS)}, got {show(layout)}")
        return None
    if layout in ONE_FACE_LAYOUTS:
        if "faces" in d:
            problems.append(f"{where}: 'faces' is only for layouts with several faces "
                            f"({', '.join(FACED_LAYOUTS)})")
        face = _face(d, where, problems)
        return Card(face.name, layout, (face,)) if face else None
    faces = d.get("faces")
    unknown = sorted(show(k) for k in d if k not in ("name", "layout", "faces"))
    if unknown:                     # each face carries its own cost, type and text
        problems.append(f"{where}: unknown key(s) {', '.join(unknown)} for layout {layout}; "
                        "a split or double-faced card has name, layout and faces")
    name = _string(d, "name", where, problems, limits.MAX_NAME, "a non-empty string")
    if not isinstance(faces, list) or len(faces) != 2:
        problems.append(f"{where}: layout {layout} needs 'faces', a list of exactly two faces")
        return None
    parsed = [_face(f, f"{where}, face {i + 1}", problems) for i, f in enumerate(faces)]
    if None in parsed or name is None:
        return None
    if parsed[0].name == parsed[1].name and layout != "reversible_card":  # one card, printed twice
        problems.append(f"{where}: both faces are named {show(parsed[0].name)}; the faces of a "
                        f"{layout} card have different names")
        return None
    if name in (parsed[0].name, parsed[1].name):
        problems.append(f"{where}: a face has the card's own name {show(name)}; a {layout} card is "
                        "named after both faces, such as \"Turn // Burn\"")
        return None
    return Card(name, layout, tuple(parsed))


def _types(face):
    """The lower-case words before the dash of a face's type line."""
    return re.split(r"\s+(?:—|-)\s+|—", face.type_line, maxsplit=1)[0].lower().split()


def type_words(face):
    """The lower-case words of a face's type line before any dash (card types and supertypes,
    nontraditional ones included: "plane", "scheme")."""
    return _types(face)


def card_types(face):
    """The card types of a face (205.2a), lower case."""
    from .symbols import CARD_TYPES
    return [t for t in _types(face) if t in CARD_TYPES]


def is_sticker_sheet(face):
    """True for a sticker sheet (type line "Stickers", 123.2): not a card, no characteristics."""
    return _types(face) == [STICKER_SHEET]


def zone_problem(card):
    """Why CARD can't be in a player's hand, library, graveyard or on the battlefield, or None:
    nontraditional cards stay in the command zone (309.2c, 311.2, 312.2, 313.2, 314.2, 315.3)."""
    for face in card.faces:
        if is_sticker_sheet(face):
            return ("a sticker sheet is not a card (CR 123.2): it is never in a player's hand, library, "
                    "graveyard or on the battlefield; stickers on objects (CR 123.3) are not modelled")
        for t in _types(face):
            if t in NONTRADITIONAL:
                return (f"a {t} card stays in the command zone and is never a permanent or in "
                        f"a player's hand, library or graveyard (CR {NONTRADITIONAL[t]})")
    return None


def battlefield_problem(card, face_down):
    """Why CARD can't be the card of a permanent, or None. Instants and sorceries can't enter the
    battlefield (304.4, 307.4), but a face-down permanent may be one (manifest, cloak: 701.40g)."""
    problem = zone_problem(card)
    if problem or face_down:
        return problem
    # a split card has the types of both halves (709.4); a double-faced card enters front face up
    faces = card.faces if card.layout == "split" else card.faces[:1]
    for face in faces:
        for t in _types(face):
            if t in NOT_PERMANENT:
                why = {"split": "; a split card has the card types of both halves (CR 709.4c)",
                       "normal": ""}.get(card.layout, "; its front face is up on the battlefield "
                                         "(CR 712.8d; a permanent showing its back face is not modelled)")
                return (f"{'an' if t == 'instant' else 'a'} {t} can't be on the battlefield "
                        f"(CR {NOT_PERMANENT[t]}){why}")
    return None


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
# what load_bundled's result depends on, besides the card files: the validation's source
_VALIDATION = ("cardlib.py", "limits.py", "untrusted.py")


def bundled():
    """The bundled library (loaded once per process): :func:`load_bundled`'s cards, kept in the
    cache (kind ``bundled-cards``) as their exact fields (:func:`card_fields`), named by the
    digest of the card files, of the validation's source (:mod:`pyengine.filestamps`) and of
    Python's version, so that a run reads them back instead of validating every bundled card
    again."""
    global _BUNDLED
    if _BUNDLED is None:
        from . import cachedir, filestamps
        package = CARD_DIR.parent
        names = list(_VALIDATION) + sorted(f"cards/{n}" for n in os.listdir(CARD_DIR) if n.endswith(".json"))
        # the Python version too: the validation's character checks follow its Unicode database
        entry = cachedir.digest((filestamps.digest(package, names) + sys.version).encode()) + ".json"
        try:
            with open(cachedir.path("bundled-cards", "1", entry), encoding="utf-8") as f:
                _BUNDLED = {c.name: c for c in map(card_of_fields, json.load(f))}
        except (OSError, ValueError, KeyError, TypeError):
            _BUNDLED = load_bundled()
            text = json.dumps([card_fields(c) for c in _BUNDLED.values()], ensure_ascii=False)
            cachedir.write("bundled-cards", "1", text.encode("utf-8"), entry)
    return _BUNDLED


# --- a validated card stored as its exact fields (the card database, the bundled library's cache)

_FACE_FIELDS = ("name", "mana_cost", "type_line", "power", "toughness", "text", "color_indicator",
                "loyalty", "defense")


def card_fields(card):
    """A validated Card's exact fields as JSON data (reading them back needs no parsing)."""
    return {"name": card.name, "layout": card.layout,
            "faces": [[getattr(f, k) if k != "color_indicator" else list(f.color_indicator)
                       for k in _FACE_FIELDS] for f in card.faces]}


def card_of_fields(d):
    """The Card of :func:`card_fields`' data D."""
    return Card(d["name"], d["layout"], tuple(
        Face(n, cost, tl, p, t, tx, tuple(ci), loy, dfn)
        for n, cost, tl, p, t, tx, ci, loy, dfn in d["faces"]))


def card_to_json(card):
    """JSON text of a validated Card (:func:`card_fields`)."""
    return json.dumps(card_fields(card), ensure_ascii=False, separators=(",", ":"))


def card_from_json(text):
    """The Card of :func:`card_to_json`'s TEXT."""
    return card_of_fields(json.loads(text))
