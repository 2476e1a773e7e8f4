"""An independent reference implementation of "could produce" (CR 106.7), for differential testing.

This is a TEST ORACLE, written from the Comprehensive Rules (106.1, 106.7, 106.12, 106.12b,
305.6, 305.7, 614.5, 616.1, 701.21a, 702.26b) and the Oracle texts and official rulings of the
cards below (``/work/shared/reference/cards.json``), without looking at ``kb/`` or the card
compiler. It deliberately shares no code with ``pyengine``: each card's mana behaviour is written
out by hand in ``CARDS``. It knows only the cards listed there and answers for a snapshot in the
public format (a dict with ``players``, ``battlefield`` and ``effects``).

How it reads the rules:

* 106.7: a permanent could produce the types its abilities would produce if they resolved now,
  ignoring whether costs could be paid (tapped permanents and unpayable costs are ignored), with
  the applicable replacement effects applied in any possible order.
* Reflectors ("any type/color that a land you control / an opponent controls could produce",
  "the sacrificed land could produce") make the definition recursive; the answer is the least
  fixpoint: start from nothing and add types until nothing changes, so two Reflecting Pools alone
  produce nothing (Reflecting Pool ruling 2008-05-01) and chains through opponents resolve as the
  Exotic Orchard ruling (2009-02-01) says.
* 106.1a/106.1b: "color" reflectors (Exotic Orchard, Fellwar Stone, Sylvok Explorer, Harvester
  Druid) never give colorless; "type" reflectors (Reflecting Pool, Naga Vitalist, Squandered
  Resources) do.
* 702.26b: a phased-out permanent is treated as though it does not exist: it could produce
  nothing, is no land or creature anyone controls, and its static abilities apply to nothing.
* An ability that would produce no mana gives no type (106.7, last sentence): Gaea's Cradle with
  no creature produces nothing, and a replacement effect of 106.12b has no event to modify then.
* Squandered Resources: "Sacrifice a land" can only be a land you control (701.21a); costs are
  ignored (106.7), so it could produce any type some land you control could produce. It is not
  "tapped for mana" (106.12), so no tapping replacement applies to it.
* Replacement effects (106.12b, 614, 616.1), only for abilities with {T} in the cost:
  Contamination (a land tapped for mana produces {B} instead of any other type and amount),
  Pale Moon (an ``effects:`` entry: a nonbasic land tapped for mana produces colorless instead
  of any other type), Mana Reflection (a permanent its controller taps for mana produces twice as
  much: the types are unchanged). Every order is an outcome (Mana Reflection ruling 2008-05-01),
  so a nonbasic land under Contamination and Pale Moon could produce {B} or {C}.
* Celestial Dawn (305.7): lands its controller controls are Plains: they lose their other land
  types and the abilities from their rules text and have "{T}: Add {W}." Other permanents keep
  their abilities (ruling 2006-09-25: Llanowar Elves still produces {G}).
"""

from itertools import permutations

COLORS = frozenset("WUBRG")                       # 106.1a
TYPES = COLORS | {"C"}                            # 106.1b
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}  # 305.6


class Card:
    """What the oracle needs of a card: its card types, basic supertype, land subtypes and the
    mana abilities of its rules text."""

    def __init__(self, types, abilities=(), basic=False, land_types=()):
        self.types = frozenset(types)
        self.basic = basic
        self.land_types = frozenset(land_types)
        self.abilities = tuple(abilities)


# Abilities of the rules text, as (kind, argument, has {T} in its cost):
#   ("add", {types}, tap)             adds one of these types (each a separate choice)
#   ("per_creature", type, tap)       adds that type once for each creature you control
#   ("reflect", (whose, what), tap)   any type ("type") or color ("color") that a land you
#                                     ("you") / an opponent ("opponent") controls could produce
def add(types, tap=True):
    return ("add", frozenset(types), tap)


def reflect(whose, what, tap=True):
    return ("reflect", (whose, what), tap)


LAND, CREATURE, ARTIFACT, ENCHANTMENT = "land", "creature", "artifact", "enchantment"

CARDS = {
    # basic lands: the mana ability is intrinsic to the basic land type (305.6)
    "Plains": Card([LAND], basic=True, land_types=["Plains"]),
    "Island": Card([LAND], basic=True, land_types=["Island"]),
    "Swamp": Card([LAND], basic=True, land_types=["Swamp"]),
    "Mountain": Card([LAND], basic=True, land_types=["Mountain"]),
    "Forest": Card([LAND], basic=True, land_types=["Forest"]),
    "Wastes": Card([LAND], [add("C")], basic=True),                         # {T}: Add {C}.
    "Tropical Island": Card([LAND], land_types=["Forest", "Island"]),       # ({T}: Add {G} or {U}.)
    "Dryad Arbor": Card([LAND, CREATURE], land_types=["Forest"]),           # Land Creature — Forest Dryad
    "Gaea's Cradle": Card([LAND], [("per_creature", "G", True)]),          # {G} for each creature you control
    "Reflecting Pool": Card([LAND], [reflect("you", "type")]),
    "Exotic Orchard": Card([LAND], [reflect("opponent", "color")]),
    "Llanowar Elves": Card([CREATURE], [add("G")]),
    "Birds of Paradise": Card([CREATURE], [add(COLORS)]),                   # one mana of any color
    "Grizzly Bears": Card([CREATURE]),
    "Naga Vitalist": Card([CREATURE], [reflect("you", "type")]),
    "Sylvok Explorer": Card([CREATURE], [reflect("opponent", "color")]),
    "Harvester Druid": Card([CREATURE], [reflect("you", "color")]),
    "Gilded Lotus": Card([ARTIFACT], [add(COLORS)]),                        # three mana of any one color
    "Fellwar Stone": Card([ARTIFACT], [reflect("opponent", "color")]),
    # Sacrifice a land: Add one mana of any type the sacrificed land could produce. (no {T})
    "Squandered Resources": Card([ENCHANTMENT], [reflect("you", "type", tap=False)]),
    # costs other than {T} are ignored (106.7): life, charge counters, tapping a creature, {Q};
    # "Activate only if ..." too (Naga Vitalist ruling 2017-04-18 on Spire of Industry)
    "City of Brass": Card([LAND], [add(COLORS)]),
    "Mana Confluence": Card([LAND], [add(COLORS)]),                         # {T}, Pay 1 life
    "Vivid Crag": Card([LAND], [add("R"), add(COLORS)]),                    # {T}, Remove a charge counter
    "Spire of Industry": Card([LAND], [add("C"), add(COLORS)]),             # {T}, Pay 1 life; only if artifact
    "Springleaf Drum": Card([ARTIFACT], [add(COLORS)]),                     # {T}, Tap an untapped creature
    "Pili-Pala": Card([ARTIFACT, CREATURE], [add(COLORS, tap=False)]),      # {2}, {Q}: not tapping
    "Oasis Ritualist": Card([CREATURE], [add(COLORS), add(COLORS)]),        # one / two of any one color
    "Chromatic Orrery": Card([ARTIFACT], [add("C")]),                       # {T}: Add {C}{C}{C}{C}{C}.
    # Their mana abilities are triggered: resolved now, with no land tapped, "any type that land
    # produced" defines no type (106.7, last sentence). Their mana is produce's business.
    "Heartbeat of Spring": Card([ENCHANTMENT]),
    "Mirari's Wake": Card([ENCHANTMENT]),
    "Contamination": Card([ENCHANTMENT]),
    "Mana Reflection": Card([ENCHANTMENT]),
    "Celestial Dawn": Card([ENCHANTMENT]),
    "Pale Moon": Card(["instant"]),                                        # only as an effect
}

# Replacement effects on a mana production event, each a function of one outcome type (every
# ability here adds mana of a single type per choice). Contamination and Pale Moon set the type;
# Mana Reflection doubles the amount and keeps the type.
REPLACE = {
    "Contamination": lambda t: "B",
    "Pale Moon": lambda t: "C",
    "Mana Reflection": lambda t: t,
}


def _replacements(perm, card, in_play, effects):
    """The kinds of replacement effect that apply if PERM is tapped for mana now (106.12b).

    Several copies of one kind are listed once: Contamination and Pale Moon set a constant type
    and Mana Reflection keeps it, so repeating one changes no type, and every order of the
    distinct kinds gives every type any order of all of them gives.
    """
    kinds = set()
    is_land = LAND in card.types
    for q in in_play:
        if q["card"] == "Contamination" and is_land:
            kinds.add("Contamination")
        if q["card"] == "Mana Reflection" and q["controller"] == perm["controller"]:
            kinds.add("Mana Reflection")
    for e in effects:
        if e["card"] == "Pale Moon" and is_land and not card.basic:
            kinds.add("Pale Moon")
    return sorted(kinds)


def _apply_in_every_order(types, kinds):
    """Every type an outcome of TYPES could become, the effects applied in any order (616.1)."""
    out = set()
    for t in types:
        for order in permutations(kinds):
            u = t
            for k in order:
                u = REPLACE[k](u)
            out.add(u)
    return out


def _abilities(perm, card, dawn_players):
    """The mana abilities PERM has now (305.6, 305.7)."""
    if LAND in card.types and perm["controller"] in dawn_players:
        # Celestial Dawn sets the subtype to Plains: rules-text abilities and old land types are
        # gone, the Plains mana ability is gained (305.7).
        return [add("W")]
    return list(card.abilities) + [add(BASIC_LAND_MANA[t]) for t in sorted(card.land_types)]


def could_produce(board):
    """{id: sorted list of mana letters} for every permanent of BOARD (the public snapshot format)."""
    players = list(board["players"])
    battlefield = board.get("battlefield", []) or []
    effects = board.get("effects", []) or []
    in_play = [p for p in battlefield if not p.get("phased_out", False)]       # 702.26b
    card_of = {p["id"]: CARDS[p["card"]] for p in battlefield}
    dawn_players = {p["controller"] for p in in_play if p["card"] == "Celestial Dawn"}

    def lands_of(players_wanted):
        return [p for p in in_play if LAND in card_of[p["id"]].types and p["controller"] in players_wanted]

    def creature_count(player):
        return sum(1 for p in in_play
                   if CREATURE in card_of[p["id"]].types and p["controller"] == player)

    setup = []
    for p in in_play:
        card = card_of[p["id"]]
        me = p["controller"]
        setup.append((p, _abilities(p, card, dawn_players), _replacements(p, card, in_play, effects),
                      {"you": lands_of({me}), "opponent": lands_of(set(players) - {me})},
                      creature_count(me)))

    could = {p["id"]: set() for p in battlefield}
    changed = True
    while changed:                                  # least fixpoint: grow from nothing
        changed = False
        for p, abilities, kinds, lands, creatures in setup:
            new = set()
            for kind, arg, tap in abilities:
                if kind == "add":
                    made = set(arg)
                elif kind == "per_creature":
                    made = {arg} if creatures > 0 else set()
                else:
                    whose, what = arg
                    made = set().union(*(could[q["id"]] for q in lands[whose]))
                    if what == "color":
                        made &= COLORS
                new |= _apply_in_every_order(made, kinds) if tap else made
            if not new <= could[p["id"]]:
                could[p["id"]] |= new
                changed = True
    return {pid: sorted(ts) for pid, ts in sorted(could.items())}
