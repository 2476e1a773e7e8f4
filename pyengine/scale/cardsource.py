"""Card sources for `mtgkb sweep`: the pool of cards whose states are generated.

A source is a :class:`CardPool`: a name, the cards by name, and the entries that were skipped
with the reason. :func:`open_source` is the one place that turns ``--source`` into a pool:
``bundled`` (the bundled library), ``db`` or ``db:PATH`` (every card of the card database, with
the facts it stored: nothing is compiled again) or a JSON file holding a list of card objects in
the bundled library's format. In each, a card the bundled library also has is the bundled one.

"Mana-relevant" cards (``--cards mana``) are those whose compiled facts give them a mana ability
or a mana effect (:data:`MANA_FACTS`), and lands with a basic land type, which have an intrinsic
mana ability (CR 305.6).
"""

from dataclasses import dataclass, field
import json
from pathlib import Path

from .. import cardfacts, cardlib
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
        return None if name in self.bundled else cardlib.card_dict(self.cards[name])


def open_source(spec):
    """The pool named by ``--source``: 'bundled', 'db' (the card database where snapshots find
    it), 'db:PATH', or the path of a JSON list of card objects."""
    if spec == "bundled":
        lib = cardlib.bundled()
        return CardPool("bundled library", dict(lib), frozenset(lib))
    if spec == "db" or spec.startswith("db:"):
        return database(spec[3:] or None)
    path = Path(spec)
    if path.suffix.lower() == ".json":
        return json_file(path)
    raise InputError(f"--source {spec!r}: expected 'bundled', 'db', 'db:PATH' or a .json file of card objects")


class _Pool:
    """A pool being filled: a card the bundled library has is the bundled one; a card that uses a
    name (or face name) another card of the pool uses is skipped (facts are keyed by names)."""

    def __init__(self):
        self.lib = cardlib.bundled()
        self.cards, self.skipped = {}, []
        self.taken = {k: c.name for c in self.lib.values() for k in c.keys}

    def add(self, card):
        """Add CARD; False if it was skipped: a nontraditional card (a plane, a scheme ...: it stays
        in the command zone, cardlib.zone_problem), which no state of a sweep places, or a card whose
        name another card of the pool uses."""
        problem = cardlib.zone_problem(card)
        if problem:
            self.skipped.append((card.name, problem))
            return False
        if card.name in self.lib:
            self.cards[card.name] = self.lib[card.name]
            return True
        clash = sorted(k for k in card.keys if k in self.taken)
        if clash:
            self.skipped.append((card.name, f"name {clash[0]!r} is already used by card {self.taken[clash[0]]!r}"))
            return False
        self.taken.update((k, card.name) for k in card.keys)
        self.cards[card.name] = card
        return True

    def pool(self, name):
        return CardPool(name, self.cards, frozenset(n for n in self.cards if n in self.lib), self.skipped)


def database(path=None):
    """Every card of the card database at PATH (default: where snapshots find it), recompiled first
    if another compiler built it (:func:`pyengine.carddb.refresh.current`). Each card's stored facts
    are handed to :mod:`pyengine.cardfacts`, so neither the pool nor a state compiles it again (a
    local worker process is forked with them; a Dask worker compiles the cards its states use)."""
    from ..carddb import refresh, store
    db = refresh.current(store.open_db(path, must_exist=True))
    pool = _Pool()
    for card, compiled in db.every_card():
        if pool.add(card) and pool.cards[card.name] is card:
            cardfacts.remember(card, compiled)
    return pool.pool(f"card database {db.path}")


def json_file(path):
    """A JSON file holding a list of card objects. Cards that fail validation are skipped (with
    their problem); a card the bundled library also defines is the bundled one."""
    try:
        data = json.loads(read_bytes(path, 50 * MAX_BYTES).decode("utf-8"))
    except ValueError as e:
        raise InputError(f"{path}: not valid JSON ({str(e)[:80]})")
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a list of card objects")
    pool = _Pool()
    for i, d in enumerate(data):
        try:
            pool.add(cardlib.parse_card(d, f"{Path(path).name}[{i}]"))
        except InputError as e:
            pool.skipped.append((f"{Path(path).name}[{i}]", e.problems[0]))
    return pool.pool(str(path))


def _facts(card):
    """The card's compiled facts (:func:`pyengine.cardfacts.compiled`: cached, or as stored)."""
    return cardfacts.compiled(card).facts


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
