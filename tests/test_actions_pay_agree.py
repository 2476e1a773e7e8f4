"""`actions` and `pay` agree (issue 12): on seeded random boards (tests/pay_boards.py: floating
mana, filter and painland-like sources, snow sources and {S}), the board's cost as the mana cost of
an instant in the payer's hand is listed as castable by `actions` exactly when `pay --for` finds a
plan for it, and refused for its mana (118.3) exactly when no plan exists; both agree with the
brute-force reference (tests/pay_reference.py). {X} is 0 when casting is only considered (107.3).

75 boards a run (~0.3 s of CPU each: it had 100, the same every run): the same 50 every run and
25 that change from run to run (helpers.run_seeds; MTGKB_TEST_SEED, shown on failure, replays
them), so that successive runs check ever more distinct boards with the same checks."""

import pytest

import pay_reference as R
from pay_boards import random_board
from helpers import run_seeds
from pyengine import api, snapshot as snapshot_mod

SPELL = "Payref Spell"


def board(seed):
    snap, cost, player, _ = random_board(seed, pool=seed % 3 == 0)
    snap = dict(snap, priority=player, hand={player: [SPELL]},
                cards=snap.get("cards", []) + [{"name": SPELL, "mana_cost": cost, "type": "Instant", "text": ""}])
    return snap, cost, player


def mine(entries):
    return [a for a in entries if a["kind"] == "cast" and a.get("card") == SPELL]


@pytest.mark.parametrize("seeds", [run_seeds(50, 0), run_seeds(0, 25)], ids=["seeds 0-49", "this run's 25"])
def test_actions_lists_a_cast_exactly_when_pay_has_a_plan(seeds):
    kinds = set()
    for seed in seeds:
        snap, cost, player = board(seed)
        if any(s.count("/") == 2 for s in cost.split("}")):
            continue                    # {A/B/P} in a card's mana cost is not read (not modelled)
        x = 0 if "{X}" in cost else None
        s = snapshot_mod.load(snap)
        r = api.actions(s, player)
        legal, refused = mine(r["actions"]), mine(r["refused"])
        assert not mine(r["not_modelled"]), (seed, cost, r["not_modelled"])
        paid = api.pay(s, player, cost, x=x, for_card=SPELL)["payable"]
        reference = R.payable(snap, cost, player, x or 0)
        assert paid == reference, (seed, cost)
        if paid:
            assert legal and not refused, (seed, cost, refused)
        else:
            assert not legal and [a["rule"] for a in refused] == ["118.3"], (seed, cost, legal)
        kinds.add(paid)
    assert kinds == {True, False}
