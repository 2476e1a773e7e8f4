"""A cast with Phyrexian symbols gets its whole payment from the one `actions` solve (107.4f, 119.4):
kb/mana_payment.lp says which Phyrexian symbols are paid with 2 life each (phyrexian_by_life/3,
within the payer's life total) and which with mana, so no plan solve is needed. The payment is
judged by the brute-force reference (tests/pay_reference.py) and replayed with `apply cast --pay`."""

import re

import pytest

import pay_reference as R
from pay_boards import random_board
from pay_replay import plan_from_events
from pyengine import api, snapshot as snapshot_mod
from pyengine.transitions import perform

SPELL = "Phy Spell"


def cast_board(cost, battlefield, life=20):
    return {"players": ["alice"], "life": {"alice": life}, "battlefield": battlefield,
            "hand": {"alice": [SPELL]}, "cards": [{"name": SPELL, "mana_cost": cost, "type": "Instant", "text": ""}]}


def lands(*cards):
    return [{"id": f"l{i}", "card": c, "controller": "alice"} for i, c in enumerate(cards)]


def cast_of(r):
    legal = [a for a in r["actions"] if a["kind"] == "cast" and a["card"] == SPELL]
    refused = [a for a in r["refused"] if a["kind"] == "cast" and a["card"] == SPELL]
    return legal[0] if legal else None, refused


def one_solve_actions(snap, player="alice"):
    """`actions` for PLAYER, failing if it asks the plan (kb/mana_plan.lp) instead of deciding in
    its one solve."""
    def refuse(*args, **kwargs):
        raise AssertionError("a plan solve was made")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(api, "solve_plan", refuse)
        return api.actions(snapshot_mod.load(snap), player)


def test_life_pays_the_phyrexian_symbol_no_source_can():
    """{1}{G/P} with a Mountain: the {1} is paid with {R}, the {G/P} with 2 life (107.4f)."""
    spell, _ = cast_of(one_solve_actions(cast_board("{1}{G/P}", lands("Mountain"))))
    assert spell["payment"] == [{"source": "l0", "adds": "{R}"}]
    assert spell["payment_life"] == 2 and spell["paid_with_life"] == ["{G/P}"]


def test_which_phyrexian_symbol_life_pays():
    """{G/P}{U/P} with a Forest and 2 life: life pays one symbol only (119.4: 4 life can't be paid
    with 2), so the Forest pays {G/P} and life the {U/P}."""
    spell, _ = cast_of(one_solve_actions(cast_board("{G/P}{U/P}", lands("Forest"), life=2)))
    assert spell["payment"] == [{"source": "l0", "adds": "{G}"}]
    assert spell["payment_life"] == 2 and spell["paid_with_life"] == ["{U/P}"]


@pytest.mark.parametrize("life, payable", [(4, True), (3, False), (2, False), (0, False), (-3, False)])
def test_life_pays_only_up_to_the_life_total(life, payable):
    """{G/P}{G/P} with no green source: both with life, 4 in all, which a player can pay only with a
    life total of at least 4 (119.4; with 0 or less, no life at all)."""
    spell, refused = cast_of(one_solve_actions(cast_board("{G/P}{G/P}", lands("Island"), life)))
    if payable:
        assert spell["payment"] == [] and spell["payment_life"] == 4
        assert spell["paid_with_life"] == ["{G/P}", "{G/P}"]
    else:
        assert spell is None and [(a["rule"], a["reason"]) for a in refused] == [("118.3", "cannot_pay_mana_cost")]


def test_mana_pays_when_there_is_no_life_to_pay():
    """With 1 life, {1}{G/P} is castable only with mana: the Forest pays {G/P}, the Mountain {1}."""
    spell, _ = cast_of(one_solve_actions(cast_board("{1}{G/P}", lands("Forest", "Mountain"), 1)))
    assert sorted(p["source"] for p in spell["payment"]) == ["l0", "l1"]
    assert "payment_life" not in spell and "paid_with_life" not in spell


# --- random boards: the payment of the one solve is valid, and `apply cast --pay` replays it ------

MONO_PHYREXIAN = re.compile(r"\{[WUBRG]/P\}")


def one_solve_boards(count):
    """Seeded boards (tests/pay_boards.py) whose cost has a Phyrexian symbol and which the one solve
    decides: no {S}, no {A/B/P} (not read in card costs), no floating mana and no source whose mana
    ability costs mana or life (those are for the plan), no {X} (max_x asks the plan). The cost is an
    instant's in the payer's hand."""
    out, seed = [], 0
    while len(out) < count:
        snap, cost, player, _ = random_board(seed)
        seed += 1
        texts = " ".join(c.get("text") or "" for c in snap.get("cards", []))
        if not MONO_PHYREXIAN.search(cost) or "{S}" in cost or "{X}" in cost or any(s.count("/") == 2 for s in cost.split("}")) \
                or "{1}, {T}" in texts or "Pay 1 life" in texts:
            continue
        snap = dict(snap, priority=player, hand={player: [SPELL]},
                    cards=snap.get("cards", []) + [{"name": SPELL, "mana_cost": cost, "type": "Instant", "text": ""}])
        out.append((seed - 1, snap, cost, player))
    return out


def assignment(symbols, units):
    """Some assignment of the mana UNITS (types, e.g. ["G", "R"]) to SYMBOLS in the reference's
    neutral form, or None: a candidate only, check_plan judges it."""
    if not symbols:
        return []
    symbol, rest = symbols[0], symbols[1:]
    for way in R.ways(symbol):
        if way == "life":
            continue
        for picked in _pick(way, units):
            left = list(units)
            for t in picked:
                left.remove(t)
            tail = assignment(rest, left)
            if tail is not None:
                paid = "{%s}" % picked[0] if len(picked) == 1 else ["{%s}" % t for t in picked]
                return [[symbol, paid]] + tail
    return None


def _pick(needs, units):
    if not needs:
        yield []
        return
    for t in sorted(set(units)):
        if t in needs[0].types:
            left = list(units)
            left.remove(t)
            for more in _pick(needs[1:], left):
                yield [t] + more


@pytest.mark.parametrize("seed, snap, cost, player", one_solve_boards(30), ids=lambda v: str(v) if isinstance(v, int) else "")
def test_the_one_solve_payment_is_valid_and_replays(seed, snap, cost, player):
    spell, _ = cast_of(one_solve_actions(snap, player))
    assert (spell is not None) == R.payable(snap, cost, player), (seed, cost)
    if spell is None:
        return
    life_paid = spell.get("paid_with_life", [])
    assert spell.get("payment_life", 0) == 2 * len(life_paid)
    symbols = R.parse_cost(cost)
    for s in life_paid:
        symbols.remove(s)
    adds = [re.findall(r"\{[^{}]*\}", p["adds"]) for p in spell["payment"]]
    mana = assignment(symbols, [m.strip("{}") for a in adds for m in a])
    assert mana is not None, (seed, cost, spell)
    plan = {"activations": [{"source": p["source"], "adds": a, "cost_paid_with": [], "life": 0}
                            for p, a in zip(spell["payment"], adds)],
            "pool": [], "life": spell.get("payment_life", 0),
            "assignment": mana + [[s, "life"] for s in life_paid]}
    ok, why = R.check_plan(snap, cost, player, plan)
    assert ok, (seed, cost, why, spell)
    # `apply cast --pay` with those permanents pays the cost, validly by the reference
    ids = ",".join(p["source"] for p in spell["payment"]) or "none"
    done = perform(snapshot_mod.load(snap), "cast", card=SPELL, player=player, pay=ids)
    ok, why = R.check_plan(snap, cost, player, plan_from_events(done["events"]))
    assert ok, (seed, cost, why, done["events"])
