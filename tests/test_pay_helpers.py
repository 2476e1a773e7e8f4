"""`mtgkb pay --for SPELL` with convoke, improvise and delve against an independent reference
(tests/helper_reference.py: a brute-force search written from 702.51a, 702.126a, 702.66a on top of the
mana reference tests/pay_reference.py; it shares no code with the product).

The boards are pay_boards' random mana boards (lands, mana artifacts, mana creatures, some tapped,
some summoning sick, some the opponent's) with a few more creatures of one or two colors, colorless
artifact creatures and noncreature artifacts, and a graveyard; the spell has convoke, improvise,
delve, or convoke and delve. On each: `pay` finds a plan exactly when the reference does, its plan is
valid (each helper may pay the symbol it pays, no permanent helps and makes mana, the rest of the
cost is a valid mana payment on the board where the helpers are tapped), and its best plan is as
good as the reference's best under the documented order (docs/mana-plans.md)."""

import random

import pytest

import helper_reference as H
from pay_boards import random_board
from pyengine import api, snapshot as snapshot_mod

SPELLS = {
    ("convoke",): "Convoke",
    ("improvise",): "Improvise",
    ("delve",): "Delve",
    ("convoke", "delve"): "Convoke\nDelve",
}
COST_SYMBOLS = ("{R}", "{G}", "{W}", "{U}", "{R}", "{G}", "{R/G}", "{W/U}", "{G/P}", "{2/R}", "{C}", "{X}")
EXTRA = [  # (name, mana cost, type line)
    ("Red Helper", "{1}{R}", "Creature — Goblin"),
    ("Green Helper", "{G}", "Creature — Bear"),
    ("Azorius Helper", "{W}{U}", "Creature — Human"),
    ("Thopter Helper", "{1}", "Artifact Creature — Thopter"),
    ("Relic Helper", "{2}", "Artifact"),
]


def board(seed):
    """(snapshot, cost, player, x, keywords): a pay_boards board with helpers, a graveyard and a spell."""
    snap, _, player, _ = random_board(seed, max_sources=3)
    rng = random.Random(f"helpers-{seed}")
    keywords = list(SPELLS)[seed % len(SPELLS)]
    # a cost the helpers can matter to: generic mana, colors, a hybrid, a Phyrexian, {2/C}, {C}, X
    cost = "{%d}" % rng.randint(0, 3) + "".join(rng.choice(COST_SYMBOLS) for _ in range(rng.randint(1, 3)))
    x = rng.randint(0, 2) if "{X}" in cost else 0
    cards = {c["name"]: c for c in snap.get("cards", [])}
    for i in range(rng.randint(1, 4)):
        name, mana_cost, type_line = rng.choice(EXTRA)
        cards[name] = {"name": name, "mana_cost": mana_cost, "type": type_line, "text": ""}
        if "Creature" in type_line:
            cards[name].update(power="1", toughness="1")
        perm = {"id": f"h{i}", "card": name, "controller": player}
        if rng.random() < 0.2:
            perm["tapped"] = True
        if rng.random() < 0.3:
            perm["controlled_since_turn_start"] = False
        snap["battlefield"].append(perm)
    spell = {"name": "Helped Spell", "mana_cost": "{1}", "type": "Instant", "text": SPELLS[keywords]}
    cards[spell["name"]] = spell
    snap["cards"] = [cards[n] for n in sorted(cards)]
    snap["hand"] = {player: ["Helped Spell"]}
    snap["graveyard"] = {player: ["Forest"] * rng.randint(0, 4)}
    return snap, cost, player, x, keywords


# boards of seeds 0-39 (all agree with the reference): payable and not, each keyword and convoke with
# delve paying in some best plan, a mana creature or artifact that may help or make mana
SEEDS = [3, 4, 11, 20, 21, 23, 38]


def test_pay_with_helpers_is_exact_against_the_reference():
    payable, used = [], set()
    for seed in SEEDS:
        snap, cost, player, x, keywords = board(seed)
        out = api.pay(snapshot_mod.load(snap), player, cost, x if "{X}" in cost else None, for_card="Helped Spell")
        best = H.best(snap, cost, player, keywords, x)
        assert bool(out["payable"]) == (best is not None), (seed, cost, keywords, out["reason"])
        payable.append(best is not None)
        if best is None:
            continue
        ok, got = H.check(snap, cost, player, keywords, out["plan"], x)
        assert ok, (seed, cost, keywords, got, out["plan"])
        assert got == best, (seed, cost, keywords, got, best, out["plan"])
        used |= {k for k in ("convoke", "improvise", "delve") if out["plan"].get(k)}
    assert any(payable) and not all(payable)
    assert used == {"convoke", "improvise", "delve"}


def test_actions_lists_the_cast_exactly_when_pay_has_a_plan():
    """`actions` decides a cast with convoke, improvise or delve by the same plan (docs/mana-plans.md)."""
    for seed in (4, 21):
        snap, cost, player, _, keywords = board(seed)
        spell = next(c for c in snap["cards"] if c["name"] == "Helped Spell")
        spell["mana_cost"] = cost
        snap["active"] = snap["priority"] = player
        s = snapshot_mod.load(snap)
        out = api.pay(s, player, cost, 0 if "{X}" in cost else None, for_card="Helped Spell")
        casts = [a for a in api.actions(s, player)["actions"] if a["kind"] == "cast"]
        assert bool(casts) == bool(out["payable"]), (seed, cost, keywords)
        if casts:
            helped = {k: casts[0].get("payment_" + k) for k in ("convoke", "improvise", "delve")}
            assert helped == {k: out["plan"].get(k) for k in helped}, (seed, cost, keywords)
