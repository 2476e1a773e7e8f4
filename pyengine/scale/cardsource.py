"""Card sources for `mtgkb sweep`: the pool of cards whose states are generated.

A source is a :class:`CardPool`: a name, the cards by name, and the entries that were skipped
with the reason. :func:`open_source` is the one place that turns ``--source`` into a pool:
``bundled`` (the bundled library) or a JSON file holding a list of card objects in the bundled
library's format. The card database plugs in here as one more branch.

"Mana-relevant" cards (``--cards mana``) are those whose compiled facts give them a mana ability
or a mana effect (:data:`MANA_FACTS`), and lands with a basic land type, which have an intrinsic
mana ability (CR 305.6).
"""

from dataclasses import dataclass, field
from functools import lru_cache
import json
from pathlib import Path

from .. import cardlib
from ..compiler import compile_card
from ..errors import InputError
from ..limits import MAX_BYTES
from ..reader import read_bytes

#: compiled facts that make a card mana-relevant (kb/schema.lp): mana abilities and effects,
#: replacement and triggered mana, land types (305.6), and effects on how mana is spent
MANA_FACTS = frozenset({"mana_option", "mana_each", "mana_reflect", "mana_replacement", "mana_trigger",
                        "spend_as_any_color", "spend_other_as_colorless", "mana_amount",
                        "mana_combination", "mana_chosen", "mana_commander_identity", "mana_produced",
                        "mana_reflect_filter", "mana_trigger_on", "land_types"})
BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


@dataclass
class CardPool:
    """The cards of a source by name; ``bundled`` names those the bundled library defines (a
    snapshot needs no definition for them); ``skipped`` is [(entry, reason)]."""

    name: str
    cards: dict
    bundled: frozenset = frozenset()
    skipped: list = field(default_factory=list)

    def definition(self, name):
        """The card as a snapshot `cards:` entry, or None if the bundled library has it."""
        return None if name in self.bundled else card_dict(self.cards[name])


def open_source(spec):
    """The pool named by ``--source``: 'bundled' or the path of a JSON list of card objects."""
    if spec == "bundled":
        lib = cardlib.bundled()
        return CardPool("bundled library", dict(lib), frozenset(lib))
    path = Path(spec)
    if path.suffix.lower() == ".json":
        return json_file(path)
    raise InputError(f"--source {spec!r}: expected 'bundled' or a .json file of card objects")


def json_file(path):
    """A JSON file holding a list of card objects. Cards that fail validation are skipped (with
    their problem); a card the bundled library also defines is the bundled one."""
    try:
        data = json.loads(read_bytes(path, 50 * MAX_BYTES).decode("utf-8"))
    except ValueError as e:
        raise InputError(f"{path}: not valid JSON ({str(e)[:80]})")
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a list of card objects")
    lib = cardlib.bundled()
    cards, skipped, taken = {}, [], {k: c.name for c in lib.values() for k in c.keys}
    for i, d in enumerate(data):
        try:
            card = cardlib.parse_card(d, f"{Path(path).name}[{i}]")
        except InputError as e:
            skipped.append((f"{Path(path).name}[{i}]", e.problems[0]))
            continue
        if card.name in lib:
            cards[card.name] = lib[card.name]
            continue
        clash = sorted(k for k in card.keys if k in taken)
        if clash:
            skipped.append((card.name, f"name {clash[0]!r} is already used by card {taken[clash[0]]!r}"))
            continue
        taken.update((k, card.name) for k in card.keys)
        cards[card.name] = card
    return CardPool(str(path), cards, frozenset(n for n in cards if n in lib), skipped)


def card_dict(card):
    """A :class:`cardlib.Card` as a card object (the format of `cards:` and pyengine/cards/)."""
    def face(f):
        d = {"name": f.name, "mana_cost": f.mana_cost, "type": f.type_line}
        if f.power is not None:
            d["power"] = f.power
        if f.toughness is not None:
            d["toughness"] = f.toughness
        d["text"] = f.text
        if f.color_indicator:
            d["color_indicator"] = list(f.color_indicator)
        return d
    if card.layout == "normal":
        return face(card.front)
    return {"name": card.name, "layout": card.layout, "faces": [face(f) for f in card.faces]}


@lru_cache(maxsize=None)
def _facts(card):
    return compile_card(card).facts


def mana_relevant(card):
    """True if the compiled card has a mana ability or mana effect, or is a land with a basic land
    type (305.6)."""
    for f in _facts(card):
        if f[0] in MANA_FACTS or (f[0] == "card_subtype" and f[2] in BASIC_LAND_TYPES):
            return True
    return False


def front_types(card):
    """The card types of the card's front face (lower-case names such as 'creature')."""
    front = {card.name, card.front.name}
    return {str(f[2]) for f in _facts(card) if f[0] == "card_type" and f[1] in front}


def front_subtypes(card):
    """The subtypes of the card's front face ('Aura', 'Forest', ...)."""
    front = {card.name, card.front.name}
    return {f[2] for f in _facts(card) if f[0] == "card_subtype" and f[1] in front}


def enchant_filters(card):
    """What the card's compiled Enchant abilities allow ('permanent' or a card type); empty if it
    has none the compiler understood."""
    return {str(f[2]) for f in _facts(card) if f[0] == "enchant_filter"}
