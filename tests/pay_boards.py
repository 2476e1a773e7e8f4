"""Seeded random small boards for checking a mana payer (issue 12).

`random_board(seed)` returns `(snapshot, cost, player, x)`:

- `snapshot`: a dict in the project's snapshot format (README "The snapshot"), two players
  `alice` and `bob`, 1 to 8 permanents that can make mana, each of the paying player or
  sometimes of the opponent, sometimes tapped; creatures are sometimes summoning sick
  (`controlled_since_turn_start: false`, CR 302.6); the paying player's life is 0 to 20.
- `cost`: 1 to 6 mana symbols (107.4) mixing generic, colored, colorless, hybrid, monocolored
  hybrid, Phyrexian, hybrid Phyrexian, snow and sometimes {X} (or {0} alone).
- `player`: who pays; `x`: the value of X (0 when the cost has no {X}).

Sources: the basic lands Plains, Island, Swamp, Mountain, Forest and Wastes (bundled with the
product), their Snow-Covered versions (Oracle text copied under `cards:`), and cards defined under
`cards:` with exactly these wordings, on lands, artifacts (some snow) and creatures:
"{T}: Add {X}.", "{T}: Add {X} or {Y}.", "{T}: Add {X}{Y}.", "{T}: Add {C}{C}.",
"{T}: Add one mana of any color.", "{1}, {T}: Add {X}{Y}.", "{T}, Pay 1 life: Add {X}.".

With `pool=True` the paying player also has 0 to 3 floating mana under `mana_pool:` (plain
symbols, or `{mana: "{G}", snow: true}` for mana from a snow source). That key is new in issue
12: the snapshot loader of today refuses it, so only boards made without it are loadable now.

Nothing here depends on the product: the same seed gives the same board on every machine.
"""

import random

PLAYERS = ("alice", "bob")
COLORS = "WUBRG"
TYPES = "WUBRGC"
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}

# 107.4: the hybrid pairs as the rules spell them (the hybrid Phyrexian ones are the same pairs).
HYBRID_PAIRS = ("W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U")

# The Snow-Covered basic lands, as Oracle has them (type line and text, 305.6 and 205.4).
SNOW_BASICS = {
    t: {"name": f"Snow-Covered {BASICS[t]}", "mana_cost": None,
        "type": f"Basic Snow Land — {BASICS[t]}", "text": "({T}: Add {%s}.)" % t}
    for t in COLORS}
SNOW_BASICS["C"] = {"name": "Snow-Covered Wastes", "mana_cost": None,
                    "type": "Basic Snow Land", "text": "{T}: Add {C}."}

# The kinds of card text: (code, number of colors it takes, wording, weight). Sources of any
# color and filters multiply the number of distinct payments most: they are a little rarer.
TEXT_KINDS = (
    ("One", 1, "{T}: Add {%s}.", 3),
    ("Or", 2, "{T}: Add {%s} or {%s}.", 3),
    ("Two", 2, "{T}: Add {%s}{%s}.", 2),
    ("CC", 0, "{T}: Add {C}{C}.", 1),
    ("Any", 0, "{T}: Add one mana of any color.", 1),
    ("Filter", 2, "{1}, {T}: Add {%s}{%s}.", 2),
    ("Pain", 1, "{T}, Pay 1 life: Add {%s}.", 2),
)

# The kinds of permanent: (code, type line, mana cost, power/toughness).
CARD_TYPES = (
    ("Land", "Land", None, None),
    ("Artifact", "Artifact", "{2}", None),
    ("SnowArtifact", "Snow Artifact", "{2}", None),
    ("Creature", "Creature — Elf Druid", "{1}{G}", (1, 1)),
)


def _text_card(rng):
    """A card under `cards:` with one of the TEXT_KINDS wordings on a random kind of permanent."""
    code, ncolors, wording, _ = rng.choices(TEXT_KINDS, weights=[k[3] for k in TEXT_KINDS])[0]
    if code == "One":
        symbols = (rng.choice(TYPES),)
    elif code == "Or":
        symbols = tuple(rng.sample(COLORS, 2))
    elif code in ("Two", "Filter"):
        symbols = (rng.choice(COLORS), rng.choice(COLORS))
    elif code == "Pain":
        symbols = (rng.choice(COLORS),)
    else:
        symbols = ()
    tcode, type_line, mana_cost, pt = rng.choice(CARD_TYPES)
    name = " ".join(["Payref", tcode, code] + (["".join(symbols)] if symbols else []))
    card = {"name": name, "mana_cost": mana_cost, "type": type_line,
            "text": wording % symbols if ncolors else wording}
    if pt:
        card["power"], card["toughness"] = pt
    return card


# The most mana a cost may take ({N}: N, {2/C}: 2, {X}: x, others 1): beyond what eight sources
# make, costs are unpayable anyway, and the number of distinct payments grows with it.
MAX_COST_MANA = 6


def _cost(rng):
    """A cost string of 1 to 6 symbols taking at most MAX_COST_MANA mana, and the X for it."""
    if rng.random() < 0.03:
        return "{0}", 0
    symbols = []
    x = 0
    for _ in range(rng.randint(1, 6)):
        kind = rng.choices(
            ("generic", "color", "C", "hybrid", "twobrid", "phyrexian", "hybrid_phyrexian",
             "snow", "X"),
            weights=(14, 22, 5, 9, 7, 8, 5, 7, 3))[0]
        if kind == "generic":
            symbols.append("{%d}" % rng.randint(1, 3))
        elif kind == "color":
            symbols.append("{%s}" % rng.choice(COLORS))
        elif kind == "C":
            symbols.append("{C}")
        elif kind == "hybrid":
            symbols.append("{%s}" % rng.choice(HYBRID_PAIRS))
        elif kind == "twobrid":
            symbols.append("{2/%s}" % rng.choice(COLORS))
        elif kind == "phyrexian":
            symbols.append("{%s/P}" % rng.choice(COLORS))
        elif kind == "hybrid_phyrexian":
            symbols.append("{%s/P}" % rng.choice(HYBRID_PAIRS))
        elif kind == "snow":
            symbols.append("{S}")
        elif "{X}" not in symbols:
            symbols.append("{X}")
            x = rng.randint(0, 3)
        if _most_mana(symbols, x) > MAX_COST_MANA:
            if symbols.pop() == "{X}":
                x = 0
            break
    return "".join(symbols), x


def _most_mana(symbols, x):
    total = 0
    for s in symbols:
        inner = s[1:-1]
        total += int(inner) if inner.isdigit() else x if inner == "X" else \
            2 if inner.startswith("2/") else 1
    return total


def random_board(seed, pool=False, max_sources=8):
    """A reproducible random board: (snapshot dict, cost string, paying player, x)."""
    rng = random.Random(f"payref-{seed}")
    player = rng.choice(PLAYERS)
    opponent = PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]
    cards = {}
    battlefield = []
    for i in range(rng.randint(1, max_sources)):
        roll = rng.random()
        if roll < 0.35:
            card = rng.choice(list(BASICS.values()) + ["Wastes"])
        elif roll < 0.5:
            snow = SNOW_BASICS[rng.choice(TYPES)]
            cards[snow["name"]] = snow
            card = snow["name"]
        else:
            text_card = _text_card(rng)
            cards[text_card["name"]] = text_card
            card = text_card["name"]
        perm = {"id": f"p{i}", "card": card,
                "controller": opponent if rng.random() < 0.12 else player}
        if rng.random() < 0.15:
            perm["tapped"] = True
        if rng.random() < 0.25:
            perm["controlled_since_turn_start"] = False
        battlefield.append(perm)
    snapshot = {"players": list(PLAYERS), "active": PLAYERS[0], "step": "precombat_main",
                "battlefield": battlefield,
                "life": {player: rng.randint(0, 20), opponent: 20}}
    if cards:
        snapshot["cards"] = [cards[name] for name in sorted(cards)]
    if pool:
        floating = []
        for _ in range(rng.randint(0, 3)):
            symbol = "{%s}" % rng.choice(TYPES)
            floating.append({"mana": symbol, "snow": True} if rng.random() < 0.3 else symbol)
        snapshot["mana_pool"] = {player: floating}
    cost, x = _cost(rng)
    return snapshot, cost, player, x


# --- the cases a board exercises, and a smallest set of boards covering them -------------------

_COST_KINDS = (("zero", lambda s: s == "{0}"), ("X", lambda s: s == "{X}"), ("snow", lambda s: s == "{S}"),
               ("C", lambda s: s == "{C}"), ("generic", lambda s: s[1:-1].isdigit() and s != "{0}"),
               ("twobrid", lambda s: s.startswith("{2/")), ("phyrexian", lambda s: s.endswith("/P}")),
               ("hybrid", lambda s: s.count("/") == 1 and not s.endswith("/P}") and not s.startswith("{2/")),
               ("color", lambda s: len(s) == 3 and s[1] in COLORS))


def case_features(seed):
    """The cases board SEED (as the tests draw it: floating mana when seed % 3 == 0) exercises:
    its outcome ("case:" hybrid Phyrexian in the cost, which a card's mana cost can't hold; no
    payment; a payment), each paired with every other feature: the kinds of cost symbol, what the
    board has (an opponent's permanent, a tapped one, a summoning-sick creature, floating mana) and
    what the reference's best payment does (spends floating mana, pays life for a Phyrexian
    symbol, activates a filter or a painland, activates nothing, leaves mana unspent). Read with
    the reference payer (tests/pay_reference.py), not the product."""
    import pay_reference as R
    snap, cost, player, x = random_board(seed, pool=seed % 3 == 0)
    symbols = ["{" + s for s in cost.split("{")[1:]]
    f = {"cost:" + k for k, test in _COST_KINDS for s in symbols if test(s)}
    bf = snap["battlefield"]
    f |= {"board:opponent" for p in bf if p["controller"] != player}
    f |= {"board:tapped" for p in bf if p.get("tapped")}
    f |= {"board:sick" for p in bf if p.get("controlled_since_turn_start") is False}
    floating = (snap.get("mana_pool") or {}).get(player, [])
    if floating:
        f.add("board:pool")
    if any(s.count("/") == 2 for s in symbols):
        case = "case:hybrid_phyrexian"
    else:
        best = R.best_plan(snap, cost, player, x)
        case = "case:unpayable" if best is None else "case:payable"
        if best is not None:
            acts = best["activations"]
            spent = sum(len(p) if isinstance(p, list) else 1 for _, p in best["assignment"] if p != "life")
            spent += sum(len(a["cost_paid_with"]) for a in acts)
            f |= {name for name, holds in (
                ("plan:pool", best["pool"]), ("plan:life", best["life"]),
                ("plan:filter", any(a["cost_paid_with"] for a in acts)),
                ("plan:pain", any(a["life"] for a in acts)), ("plan:no_activation", not acts),
                ("plan:mana_left", sum(len(a["adds"]) for a in acts) + len(floating) > spent)) if holds}
    return {case} | {f"{case}&{x}" for x in f} | f


def covering_seeds(seeds):
    """A small subset of SEEDS whose boards exercise every case_features of SEEDS' boards (greedy
    set cover, lowest seed first on ties), sorted."""
    features = {s: case_features(s) for s in seeds}
    need, chosen = set().union(*features.values()), []
    while need:
        best = max(seeds, key=lambda s: (len(features[s] & need), -s))
        chosen.append(best)
        need -= features[best]
    return sorted(chosen)
