"""The states `mtgkb sweep` generates from a card pool.

The standard board (docs/scale.md): two players, alice and bob; it is alice's precombat main
phase; alice controls a Plains, an Island, a Swamp and Grizzly Bears, bob a Mountain, a Forest and
Wastes, all untapped and under their control since the turn began. The cards under test join it:

- a permanent card is put onto the battlefield under alice's control (untapped, controlled since
  her turn began), with id ``test-1``, ``test-2``, ...;
- an Aura is attached to the first permanent its compiled Enchant ability allows (the cards under
  test first, then the standard board); an Aura whose enchant ability the compiler doesn't model,
  or that nothing on the board may enchant, makes the state skipped, with that reason;
- an instant or sorcery goes to alice's hand.

Sampled boards (``--sample N``) draw SIZE distinct cards per state with a seeded generator, and
also choose each card's controller (alice or bob) and whether it is tapped, so that larger boards
cover both sides of the table.
"""

from itertools import combinations
import random
import re

from .. import cardlib
from .cardsource import enchant_filters, front_subtypes, front_types

PLAYERS = ["alice", "bob"]
STANDARD = [("plains", "Plains", "alice"), ("island", "Island", "alice"), ("swamp", "Swamp", "alice"),
            ("bears", "Grizzly Bears", "alice"), ("mountain", "Mountain", "bob"),
            ("forest", "Forest", "bob"), ("wastes", "Wastes", "bob")]
PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}


def standard_board():
    """The standard board as a snapshot dict, without cards under test."""
    return {"players": list(PLAYERS), "active": "alice", "step": "precombat_main",
            "battlefield": [{"id": i, "card": c, "controller": p} for i, c, p in STANDARD]}


def board(pool, names, placement=None):
    """A state with the cards NAMES (of POOL) on the standard board: (snapshot dict, None), or
    (None, reason) when the state can't be made legal. PLACEMENT is [(controller, tapped)] per
    card (default: alice, untapped)."""
    snap = standard_board()
    placement = placement or [("alice", False)] * len(names)
    added, hand, defs = [], [], []
    for i, (name, (ctrl, tapped)) in enumerate(zip(names, placement), 1):
        card = pool.cards[name]
        d = pool.definition(name)
        if d is not None and d not in defs:
            defs.append(d)
        types = front_types(card)
        if not types & PERMANENT_TYPES:
            hand.append(name)
            continue
        perm = {"id": f"test-{i}", "card": name, "controller": ctrl}
        if tapped:
            perm["tapped"] = True
        added.append((perm, card))
    snap["battlefield"] = [p for p, _ in added] + snap["battlefield"]
    for perm, card in added:
        if "Aura" not in front_subtypes(card):
            continue
        host = _host(perm, card, snap["battlefield"], pool)
        if host is None:
            allowed = enchant_filters(card)
            return None, ("Aura whose Enchant ability is not modelled" if not allowed else
                          f"nothing on the standard board may be enchanted ({', '.join(sorted(allowed))})")
        perm["attached_to"] = host
    if hand:
        snap["hand"] = {"alice": hand}
    if defs:
        snap["cards"] = defs
    return snap, None


def _host(aura, card, battlefield, pool):
    allowed = enchant_filters(card)
    if not allowed:
        return None
    for p in battlefield:
        if p is aura:
            continue
        other = pool.cards.get(p["card"]) or cardlib.bundled()[p["card"]]
        if "permanent" in allowed or allowed & front_types(other):
            return p["id"]
    return None


def singles(names):
    """Every card alone: (state id, [name])."""
    for n in names:
        yield f"single:{n}", [n]


def tuples(names, size):
    """Every set of SIZE distinct cards: (state id, [names]) (size 2: every pair)."""
    for combo in combinations(names, size):
        yield f"{'pair' if size == 2 else f'set{size}'}:{' + '.join(combo)}", list(combo)


def sample(names, size, count, seed):
    """COUNT seeded draws of SIZE distinct cards with a controller and tapped status each:
    (state id, [names], placement)."""
    rng = random.Random(seed)
    size = min(size, len(names))
    for i in range(count):
        combo = rng.sample(names, size)
        placement = [(rng.choice(PLAYERS), rng.random() < 0.25) for _ in combo]
        yield f"sample:{seed}:{i}", combo, placement


def slug(state_id):
    """A file-name-safe form of a state id."""
    return re.sub(r"[^A-Za-z0-9]+", "-", state_id).strip("-")[:120] or "state"
