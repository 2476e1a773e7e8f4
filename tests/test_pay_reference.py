"""Tests of the brute-force reference payer (tests/pay_reference.py) and its random boards.

The expected values are worked out by hand from the Comprehensive Rules (2025-11-14); each test
quotes the rule it relies on. The property tests run the reference over thousands of seeded
boards from tests/pay_boards.py, and compare `payable` with a second, dumber enumeration.
"""

from collections import Counter
from itertools import permutations, product
import json
import os
import random
import tempfile

import pytest

from pay_boards import SNOW_BASICS, TEXT_KINDS, CARD_TYPES, random_board
import pay_reference as R
from helpers import run_cli, run_seeds
from pyengine import snapshot as snapshot_loader

FILTER = {"name": "Test Filter WU", "mana_cost": None, "type": "Land",
          "text": "{1}, {T}: Add {W}{U}."}
ELF = {"name": "Test Elf", "mana_cost": "{G}", "type": "Creature — Elf Druid", "power": 1,
       "toughness": 1, "text": "{T}: Add {G}."}
DUAL = {"name": "Test Dual", "mana_cost": None, "type": "Land", "text": "{T}: Add {G} or {U}."}
PAIN = {"name": "Test Pain Land", "mana_cost": None, "type": "Land",
        "text": "{T}, Pay 1 life: Add {G}."}
ANY_COLOR = {"name": "Test Prism", "mana_cost": "{2}", "type": "Artifact",
             "text": "{T}: Add one mana of any color."}
SNOW_FOREST = SNOW_BASICS["G"]


def board(*perms, life=20, pool=None):
    """alice's board: perms are (id, card name or card dict, extra keys)."""
    cards, battlefield = {}, []
    for pid, card, *extra in perms:
        if isinstance(card, dict):
            cards[card["name"]] = card
            card = card["name"]
        battlefield.append({"id": pid, "card": card, "controller": "alice",
                            **(extra[0] if extra else {})})
    snap = {"players": ["alice", "bob"], "battlefield": battlefield,
            "life": {"alice": life, "bob": 20}}
    if cards:
        snap["cards"] = list(cards.values())
    if pool is not None:
        snap["mana_pool"] = {"alice": pool}
    return snap


def plans(snap, cost, x=0):
    return R.all_plans(snap, cost, "alice", x)


def only_plan(snap, cost, x=0):
    [plan] = plans(snap, cost, x)
    ok, why = R.check_plan(snap, cost, "alice", plan, x)
    assert ok, why
    return plan


# --- costs (107.4) ---------------------------------------------------------------------------

def test_parse_cost_reads_every_kind_of_symbol():
    # 107.4b: "Numerical symbols (such as {1}) and variable symbols (such as {X}) represent
    # generic mana in costs"; 107.4: the hybrid, monocolored hybrid, Phyrexian, hybrid Phyrexian
    # and snow symbols.
    assert R.parse_cost("{2}{W}{U/B}{2/G}{R/P}{G/U/P}{S}{C}{X}", x=2) == [
        "{1}", "{1}", "{W}", "{U/B}", "{2/G}", "{R/P}", "{G/U/P}", "{S}", "{C}", "{1}", "{1}"]
    # 107.4d: "The symbol {0} represents zero mana".
    assert R.parse_cost("{0}") == []
    assert R.parse_cost("{X}{X}", x=0) == []


@pytest.mark.parametrize("cost", ["{T}", "{U/W}", "{H}", "{E}", "W", "", "{W}{", "{2/P}",
                                  "{W/U/B}", "{1000001}"])
def test_parse_cost_refuses_what_it_does_not_know(cost):
    # {U/W} is not one of the ten hybrid symbols of 107.4 ({W/U} is); {H} is rules-text only
    # (107.4g); {T} and {E} are not mana symbols.
    with pytest.raises(ValueError):
        R.parse_cost(cost)


def test_parse_cost_refuses_a_negative_x():
    with pytest.raises(ValueError):
        R.parse_cost("{X}", x=-1)


def test_zero_cost_is_paid_with_nothing():
    # 107.4d: "{0} ... is used as a placeholder for a cost that can be paid with no resources."
    assert plans(board(), "{0}") == [{"activations": [], "pool": [], "life": 0,
                                      "assignment": []}]


# --- hand-worked boards ----------------------------------------------------------------------

def test_phyrexian_needs_its_color_or_two_life():
    # 107.4f: "A Phyrexian mana symbol represents a cost that can be paid either with one mana
    # of its color or by paying 2 life." 119.4: "the player may do so only if their life total
    # is greater than or equal to the amount of the payment."
    assert not R.payable(board(("i", "Island"), life=1), "{W/P}", "alice")
    assert only_plan(board(("i", "Island"), life=2), "{W/P}") == {
        "activations": [], "pool": [], "life": 2, "assignment": [["{W/P}", "life"]]}
    assert only_plan(board(("p", "Plains"), life=1), "{W/P}") == {
        "activations": [{"source": "p", "adds": ["{W}"], "cost_paid_with": [], "life": 0}],
        "pool": [], "life": 0, "assignment": [["{W/P}", "{W}"]]}


def test_hybrid_phyrexian_takes_either_color_or_life():
    # 107.4f: "A hybrid Phyrexian mana symbol represents a cost that can be paid with one mana
    # of either of its component colors or by paying 2 life."
    assert only_plan(board(("i", "Island"), life=0), "{W/U/P}")["assignment"] == [
        ["{W/U/P}", "{U}"]]
    assert not R.payable(board(("s", "Swamp"), life=1), "{W/U/P}", "alice")


def test_snow_needs_mana_from_a_snow_source():
    # 107.4h: "{S} represents a cost that can be paid with one mana of any type produced by a
    # snow source".
    assert not R.payable(board(("f", "Forest")), "{S}", "alice")
    assert R.payable(board(("f", SNOW_FOREST)), "{S}", "alice")
    # With both, the snow mana must go to {S} and the other to {G}: one payment.
    plan = only_plan(board(("f", "Forest"), ("s", SNOW_FOREST)), "{S}{G}")
    assert plan["assignment"] == [["{G}", "{G}"], ["{S}", "{G}"]]
    assert {a["source"] for a in plan["activations"]} == {"f", "s"}


def test_filters_cannot_pay_each_others_cost_in_a_cycle():
    # 605.3b: an activated mana ability "resolves immediately after it is activated", and its
    # costs are paid while it is activated (602.2): its own mana, or mana of an ability activated
    # after it, can't pay its cost.
    two_filters = board(("f1", FILTER), ("f2", FILTER))
    assert not R.payable(two_filters, "{W}", "alice")
    assert not R.payable(board(("f1", FILTER)), "{W}", "alice")
    # A Swamp starts the chain: Swamp -> f1's {1}; one of f1's mana -> f2's {1}; left: f1's
    # other mana and f2's {W}{U}: three mana, of which at most two white and two blue.
    chain = board(("s", "Swamp"), ("f1", FILTER), ("f2", FILTER))
    assert R.payable(chain, "{W}{W}{U}", "alice")
    assert R.payable(chain, "{W}{U}{U}", "alice")
    assert not R.payable(chain, "{W}{W}{U}{U}", "alice")
    # For {W}{W}{U}, f2's {1} must take f1's {U} (with f1's {W} it leaves {W}{U}{U}).
    plan = only_plan(chain, "{W}{W}{U}")
    plan["activations"][2]["adds"].reverse()            # the order of the mana added is free
    assert R.check_plan(chain, "{W}{W}{U}", "alice", plan) == (True, "")
    plan["activations"][2]["adds"].reverse()
    assert plan == {"activations": [
        {"source": "s", "adds": ["{B}"], "cost_paid_with": [], "life": 0},
        {"source": "f1", "adds": ["{W}", "{U}"], "cost_paid_with": ["{B}"], "life": 0},
        {"source": "f2", "adds": ["{W}", "{U}"], "cost_paid_with": ["{U}"], "life": 0}],
        "pool": [], "life": 0, "assignment": [["{U}", "{U}"], ["{W}", "{W}"], ["{W}", "{W}"]]}


def test_check_plan_refuses_a_cycle_and_an_ability_paying_its_own_cost():
    two_filters = board(("f1", FILTER), ("f2", FILTER))
    cycle = {"activations": [
        {"source": "f1", "adds": ["{W}", "{U}"], "cost_paid_with": ["{U}"], "life": 0},
        {"source": "f2", "adds": ["{W}", "{U}"], "cost_paid_with": ["{U}"], "life": 0}],
        "pool": [], "life": 0, "assignment": [["{W}", "{W}"]]}
    ok, why = R.check_plan(two_filters, "{W}", "alice", cycle)
    assert not ok and "605.3b" in why
    own = {"activations": [
        {"source": "f1", "adds": ["{W}", "{U}"], "cost_paid_with": ["{U}"], "life": 0}],
        "pool": [], "life": 0, "assignment": [["{W}", "{W}"]]}
    assert not R.check_plan(board(("f1", FILTER)), "{W}", "alice", own)[0]


def test_monocolored_hybrid_by_two_swamps():
    # 107.4e: "a monocolored hybrid symbol such as {2/B} can be paid with either one black mana
    # or two mana of any type."
    plan = only_plan(board(("s1", "Swamp"), ("s2", "Swamp")), "{2/W}")
    assert plan["assignment"] == [["{2/W}", ["{B}", "{B}"]]]
    assert len(plan["activations"]) == 2
    assert not R.payable(board(("s1", "Swamp")), "{2/W}", "alice")
    assert only_plan(board(("p", "Plains")), "{2/W}")["assignment"] == [["{2/W}", "{W}"]]


def test_summoning_sick_creature_cannot_tap_for_mana():
    # 302.6: "A creature's activated ability with the tap symbol ... in its activation cost
    # can't be activated unless the creature has been under its controller's control
    # continuously since their most recent turn began."
    new = {"controlled_since_turn_start": False}
    assert not R.payable(board(("elf", ELF, new)), "{G}", "alice")
    assert R.payable(board(("elf", ELF)), "{G}", "alice")
    # Lands are not creatures: a Forest that just arrived taps.
    assert R.payable(board(("f", "Forest", new)), "{G}", "alice")


def test_tapped_land_cannot_pay():
    # 107.5: "A permanent that's already tapped can't be tapped again to pay the cost."
    assert not R.payable(board(("f", "Forest", {"tapped": True})), "{G}", "alice")
    assert R.sources(board(("f", "Forest", {"tapped": True})), "alice") == []


def test_only_the_controller_activates():
    # 602.2: "Only an object's controller ... can activate its activated ability".
    snap = board(("f", "Forest", {"controller": "bob"}))
    assert not R.payable(snap, "{G}", "alice")
    assert R.payable(snap, "{G}", "bob")


def test_floating_mana_pays():
    # 106.4: mana in a mana pool "can be used to pay costs immediately".
    assert only_plan(board(pool=["{G}"]), "{G}") == {
        "activations": [], "pool": ["{G}"], "life": 0, "assignment": [["{G}", "{G}"]]}
    assert not R.payable(board(pool=["{G}"]), "{G}{G}", "alice")
    # 107.4h: floating mana from a snow source pays {S}; other floating mana doesn't.
    assert R.payable(board(pool=[{"mana": "{G}", "snow": True}]), "{S}", "alice")
    assert not R.payable(board(pool=["{G}"]), "{S}", "alice")
    # Floating mana pays a filter's {1}.
    assert only_plan(board(("f1", FILTER), pool=["{C}"]), "{W}{U}")["activations"] == [
        {"source": "f1", "adds": ["{W}", "{U}"], "cost_paid_with": ["{C}"], "life": 0}]


def test_colorless_symbol_takes_colorless_mana_only():
    # 107.4c: "{C} ... represent[s] a cost that can be paid only with one colorless mana."
    assert not R.payable(board(("f", "Forest")), "{C}", "alice")
    assert not R.payable(board(("a", ANY_COLOR)), "{C}", "alice")
    assert R.payable(board(("w", "Wastes")), "{C}", "alice")
    # 107.4b: generic mana "can be paid with any type of mana".
    assert R.payable(board(("w", "Wastes")), "{1}", "alice")


def test_life_for_a_mana_ability_counts_with_phyrexian_life():
    # 119.4: life may be paid only if the life total is at least the payment; the pain land's
    # 1 life and a Phyrexian symbol's 2 life come from the same life total.
    assert not R.payable(board(("p", PAIN), life=0), "{G}", "alice")
    assert only_plan(board(("p", PAIN), life=1), "{G}")["life"] == 1
    assert not R.payable(board(("p", PAIN), life=2), "{G}{G/P}", "alice")
    assert only_plan(board(("p", PAIN), life=3), "{G}{G/P}")["life"] == 3


def test_interchangeable_sources_give_one_plan_and_options_give_several():
    # Two Plains are interchangeable: tapping either is the same payment.
    assert plans(board(("p1", "Plains"), ("p2", "Plains")), "{1}") == [{
        "activations": [{"source": "p1", "adds": ["{W}"], "cost_paid_with": [], "life": 0}],
        "pool": [], "life": 0, "assignment": [["{1}", "{W}"]]}]
    assert len(plans(board(("f", "Forest"), ("p", "Plains")), "{1}")) == 2
    # "Add one mana of any color": five different payments of {1} (106.1b: five colors).
    assert sorted(p["assignment"][0][1] for p in plans(board(("a", ANY_COLOR)), "{1}")) == [
        "{B}", "{G}", "{R}", "{U}", "{W}"]


def test_plan_keys_ignore_orders_and_interchangeable_sources():
    snap = board(("p1", "Plains"), ("p2", "Plains"), ("s", "Swamp"), ("f", FILTER))
    plan = {"activations": [
        {"source": "s", "adds": ["{B}"], "cost_paid_with": [], "life": 0},
        {"source": "f", "adds": ["{W}", "{U}"], "cost_paid_with": ["{B}"], "life": 0},
        {"source": "p1", "adds": ["{W}"], "cost_paid_with": [], "life": 0}],
        "pool": [], "life": 0, "assignment": [["{W}", "{W}"], ["{2/B}", ["{U}", "{W}"]]]}
    assert R.check_plan(snap, "{W}{2/B}", "alice", plan) == (True, "")
    same = json.loads(json.dumps(plan))
    same["activations"][1]["adds"].reverse()
    same["assignment"] = [["{2/B}", ["{W}", "{U}"]], ["{W}", "{W}"]]
    assert R.plan_key(same) == R.plan_key(plan)
    other_plains = json.loads(json.dumps(plan).replace('"p1"', '"p2"'))
    assert R.plan_key(other_plains) != R.plan_key(plan)
    assert R.symmetric_key(snap, "alice", other_plains) == R.symmetric_key(snap, "alice", plan)
    assert R.symmetric_key(snap, "alice", plan) in {
        R.symmetric_key(snap, "alice", p) for p in plans(snap, "{W}{2/B}")}


def test_a_filter_paid_by_a_plains_for_white_is_redundant():
    # Tapping the Plains for the filter's {1} and spending the filter's {W} is a valid payment
    # of {W} (605.3b: the Plains' mana exists first), but the Plains alone pays it.
    snap = board(("p", "Plains"), ("f", FILTER))
    found = plans(snap, "{W}")
    assert len(found) == 2
    redundant = [p for p in found if not R.irredundant(snap, "{W}", "alice", p)]
    assert [[a["source"] for a in p["activations"]] for p in redundant] == [["p", "f"]]
    assert R.irredundant(snap, "{W}", "alice", R.best_plan(snap, "{W}", "alice"))


def test_best_plan_keeps_the_dual_land_untapped():
    # Tapping the Forest leaves the dual, which could still produce {G} or {U} (106.7);
    # tapping the dual leaves only {G}.
    snap = board(("d", DUAL), ("f", "Forest"))
    assert len(plans(snap, "{G}")) == 2
    best = R.best_plan(snap, "{G}", "alice")
    assert [a["source"] for a in best["activations"]] == ["f"]
    assert R.metrics(snap, "alice", best) == (-2, 1, 0)


def test_best_plan_prefers_colors_over_life_by_the_stated_order():
    # The stated order counts colors left first: paying 2 life for {W/P} (107.4f) keeps the
    # Plains untapped, so it is better than tapping it.
    snap = board(("p", "Plains"))
    best = R.best_plan(snap, "{W/P}", "alice")
    assert best["activations"] == [] and best["life"] == 2
    assert R.metrics(snap, "alice", best) == (-1, 0, 2)
    assert R.best_plan(board(("i", "Island"), life=1), "{W/P}", "alice") is None


@pytest.mark.parametrize("snap", [
    board(("f", "Forest")) | {"effects": [{"card": "Pale Moon", "controller": "bob"}]},
    board(("f", "Forest", {"face_down": "manifest"})),
    board(("c", "City of Brass")),
    board(("f", "Forest"), pool=[{"mana": "{G}", "restriction": "creature spells"}]),
    board(("e", dict(ELF, text="{T}: Add {G}.\nWhenever Test Elf attacks, scry 1."))),
])
def test_what_the_reference_does_not_model_is_refused(snap):
    # A wrong answer is worse than none: effects, face-down permanents, unknown cards or text
    # and restricted mana are refused.
    with pytest.raises(ValueError):
        R.payable(snap, "{G}", "alice")


def test_check_plan_refuses_bad_plans():
    snap = board(("f", "Forest"), ("t", "Forest", {"tapped": True}), life=1)
    good = {"activations": [{"source": "f", "adds": ["{G}"], "cost_paid_with": [], "life": 0}],
            "pool": [], "life": 0, "assignment": [["{G}", "{G}"]]}
    assert R.check_plan(snap, "{G}", "alice", good) == (True, "")
    tapped = json.loads(json.dumps(good).replace('"f"', '"t"'))
    assert not R.check_plan(snap, "{G}", "alice", tapped)[0]                 # 107.5
    twice = dict(good, activations=good["activations"] * 2,
                 assignment=[["{1}", "{G}"], ["{G}", "{G}"]])
    assert not R.check_plan(snap, "{1}{G}", "alice", twice)[0]               # 107.5
    wrong_adds = json.loads(json.dumps(good).replace('["{G}"], "cost', '["{U}"], "cost'))
    assert not R.check_plan(snap, "{G}", "alice", wrong_adds)[0]
    assert not R.check_plan(snap, "{G}{W/P}", "alice",                       # 119.4
                            dict(good, life=2, assignment=good["assignment"]
                                 + [["{W/P}", "life"]]))[0]
    assert not R.check_plan(snap, "{G}", "alice", dict(good, pool=["{G}"]))[0]
    assert not R.check_plan(snap, "{G}", "alice", {"activations": []})[0]    # malformed


def test_a_plan_in_the_shape_pay_prints_is_translated_and_checked():
    # The shape of `mtgkb pay --json` plans as documented on branch `pay` (docs/mana-plans.md).
    chain = board(("s", "Swamp"), ("f1", FILTER), ("p", "Plains"))
    printed = {
        "activations": [
            {"source": "s", "ability": 1, "adds": "{B}"},
            {"source": "f1", "ability": 1, "adds": "{W}{U}",
             "cost_paid": [{"symbol": "{1}", "mana": "{B}", "by": "s"}]},
            {"source": "p", "ability": 1, "adds": "{W}"}],
        "pool": [], "life": 2,
        "assignment": ["{W}", "{U}{W}", "life"],
        "paid_by": [{"symbol": "{W}", "paid": "{W}", "by": ["f1"]},
                    {"symbol": "{2/U}", "paid": "{U}{W}", "by": ["f1", "p"]},
                    {"symbol": "{G/P}", "paid": "life", "by": ["life"]}]}
    plan = R.from_pay_json(printed)
    assert plan == {"activations": [
        {"source": "s", "adds": ["{B}"], "cost_paid_with": [], "life": 0},
        {"source": "f1", "adds": ["{W}", "{U}"], "cost_paid_with": ["{B}"], "life": 0},
        {"source": "p", "adds": ["{W}"], "cost_paid_with": [], "life": 0}],
        "pool": [], "life": 2,
        "assignment": [["{W}", "{W}"], ["{2/U}", ["{U}", "{W}"]], ["{G/P}", "life"]]}
    assert R.check_plan(chain, "{W}{2/U}{G/P}", "alice", plan) == (True, "")
    # 107.4e: two mana or one {U}; 107.4f: 2 life, so 1 life is not enough.
    assert not R.check_plan(board(("s", "Swamp"), ("f1", FILTER), ("p", "Plains"), life=1),
                            "{W}{2/U}{G/P}", "alice", plan)[0]


# --- the random boards -----------------------------------------------------------------------

def test_random_boards_are_reproducible_and_load_today():
    assert random_board(7) == random_board(7)
    assert random_board(7) != random_board(8)
    seen_sources = Counter()
    for seed in range(2000):
        snap, cost, player, x = random_board(seed)
        assert 1 <= len(snap["battlefield"]) <= 8
        assert player in snap["players"] and 0 <= x <= 3
        R.parse_cost(cost, x)
        snapshot_loader.load(snap)              # the loader of today accepts them
        seen_sources.update(p["card"].split()[1] if p["card"].startswith("Payref") else "basic"
                            for p in snap["battlefield"])
    assert set(seen_sources) == {"basic", "Land", "Artifact", "SnowArtifact", "Creature"}
    snap = random_board(3, pool=True)[0]
    assert "mana_pool" in snap


def test_every_kind_of_source_is_modelled_by_the_product():
    # Each wording on each kind of permanent: the product's could-produce (106.7) gives the
    # types the reference reads, with no `note:` (nothing not modelled).
    letters = {"One": ("C",), "Or": ("W", "U"), "Two": ("B", "G"), "Filter": ("R", "W"),
               "Pain": ("G",)}
    perms = [(f"b{i}", name) for i, name in enumerate(
        ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"])]
    perms += [(f"s{t}", card) for t, card in SNOW_BASICS.items()]
    for code, n, wording, _ in TEXT_KINDS:
        for tcode, type_line, mana_cost, pt in CARD_TYPES:
            card = {"name": f"Payref {tcode} {code}", "mana_cost": mana_cost, "type": type_line,
                    "text": wording % letters[code] if n else wording}
            if pt:
                card["power"], card["toughness"] = pt
            perms.append((f"{tcode}-{code}", card))
    snap = board(*perms)
    expected = {p.id: sorted({t for ab in p.abilities for o in ab.options for t in o})
                for p in R.permanents(snap)}
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "kinds.json")
        with open(path, "w") as f:
            json.dump(snap, f)
        code, answer, err = run_cli(["could-produce", path, "--json"])
        assert code == 0 and "note:" not in err
        assert {k: sorted(v) for k, v in answer.items()} == expected
        assert expected["Artifact-Any"] == sorted("WUBRG") and expected["sG"] == ["G"]
        # And `produce` (what tapping it adds) gives each option of each wording, no note.
        abilities = {p.id: p.abilities for p in R.permanents(snap)}
        for pid in ["b0", "sC"] + [f"{t}-{code}" for t, code in zip(
                ["Land", "Artifact", "SnowArtifact", "Creature", "Land", "Artifact", "Creature"],
                [k[0] for k in TEXT_KINDS])]:
            code, answer, err = run_cli(["produce", path, pid, "--json"])
            assert code == 0 and "note:" not in err, pid
            assert sorted(sorted(o) for o in answer["options"]) == sorted(
                sorted(o) for ab in abilities[pid] for o in ab.options), pid


# --- properties over seeded boards -----------------------------------------------------------

def _mutations(plan, rng):
    """Plans that must be invalid: a payment dropped, a mana swapped for a type nobody made."""
    if plan["assignment"]:
        dropped = json.loads(json.dumps(plan))
        del dropped["assignment"][rng.randrange(len(dropped["assignment"]))]
        yield dropped
    made = {s for a in plan["activations"] for s in a["adds"]} | set(plan["pool"])
    absent = [s for s in ("{W}", "{U}", "{B}", "{R}", "{G}", "{C}") if s not in made]
    paid = [i for i, (_, p) in enumerate(plan["assignment"]) if p != "life"]
    if absent and paid:
        swapped = json.loads(json.dumps(plan))
        i = rng.choice(paid)
        p = swapped["assignment"][i][1]
        swapped["assignment"][i][1] = rng.choice(absent) if isinstance(p, str) \
            else [rng.choice(absent), p[1]]
        yield swapped
    yield dict(plan, life=plan["life"] + 1)


def test_every_plan_is_valid_and_mutations_are_not_on_750_boards():
    """On each board: all_plans finds a plan exactly when payable says so, lists each payment
    once, and every plan it lists passes check_plan (on the few boards with more than 10 plans,
    a seeded sample of 10: a board of 8 sources can have thousands), while plans mutated into
    invalid ones fail; on every tenth board, best_plan has the least metrics.

    750 boards a run (19 s of CPU for the 2,000 it had, the suite's slowest test): the same 500
    every run and 250 that change from run to run (helpers.run_seeds; MTGKB_TEST_SEED replays
    them), so that eight runs check more distinct boards than the fixed 2,000 did, with the same
    board generator and the same checks on each."""
    rng = random.Random(12)
    payable_boards = checked = 0
    for seed in run_seeds(500, 250):
        snap, cost, player, x = random_board(seed, pool=seed % 3 == 0)
        found = R.all_plans(snap, cost, player, x)
        assert bool(found) == R.payable(snap, cost, player, x), seed
        assert len({R.plan_key(p) for p in found}) == len(found), seed
        if not found:
            continue
        payable_boards += 1
        sample = found if len(found) <= 10 else rng.sample(found, 10)
        if seed % 10 == 0:
            best = R.best_plan(snap, cost, player, x)
            assert R.metrics(snap, player, best) == min(R.metrics(snap, player, p) for p in found)
            assert R.irredundant(snap, cost, player, best, x), seed
            sample.append(best)
        for n, plan in enumerate(sample):
            ok, why = R.check_plan(snap, cost, player, plan, x)
            assert ok, (seed, plan, why)
            if n < 3:
                for bad in _mutations(plan, rng):
                    assert not R.check_plan(snap, cost, player, bad, x)[0], (seed, bad)
            checked += 1
    # The boards are a mix: neither almost all payable nor almost none (the bounds of the 2,000
    # fixed boards, scaled: 20-80% payable, more than 2 plans checked a board).
    assert 150 < payable_boards < 600 and checked > 1500


def _dumb_ways(symbol):
    """107.4, read again: each way is a list of (acceptable types, snow?) or the word life."""
    inner = symbol[1:-1]
    if inner == "1":
        return [[("WUBRGC", False)]]
    if inner == "S":
        return [[("WUBRGC", True)]]
    if len(inner) == 1:
        return [[(inner, False)]]
    halves = inner.split("/")
    if halves[-1] == "P":
        return [[(h, False)] for h in halves[:-1]] + ["life"]
    if halves[0] == "2":
        return [[(halves[1], False)], [("WUBRGC", False), ("WUBRGC", False)]]
    return [[(h, False)] for h in halves]


def _dumb_assign(uses, units, used):
    if not uses:
        return True
    (types, snow, before), rest = uses[0], uses[1:]
    for j, (t, unit_snow, origin) in enumerate(units):
        if j not in used and t in types and (unit_snow or not snow) and \
                (before is None or origin < before):
            if _dumb_assign(rest, units, used | {j}):
                return True
    return False


def dumb_payable(snap, cost, player, x):
    """Every subset of sources, every option, every order, every unit for every mana."""
    srcs = R.sources(snap, player)
    pool = R.floating(snap, player)
    symbols = R.parse_cost(cost, x)
    choices = [[None] + [(ab, o) for ab in s.abilities for o in ab.options] for s in srcs]
    for pick in product(*choices):
        acts = [(s, c[0], c[1]) for s, c in zip(srcs, pick) if c]
        for order in permutations(acts):
            units = [(t, snow, -1) for t, snow in pool]
            act_uses = []
            for n, (s, ab, adds) in enumerate(order):
                units += [(t, s.snow, n) for t in adds]
                act_uses += [("WUBRGC", False, n)] * ab.generic
            act_life = sum(ab.life for _, ab, _ in order)
            for way_pick in product(*[_dumb_ways(s) for s in symbols]):
                life = act_life + 2 * sum(1 for w in way_pick if w == "life")
                if life > R.life_total(snap, player):
                    continue
                uses = act_uses + [(types, snow, None) for w in way_pick if w != "life"
                                   for types, snow in w]
                if len(uses) <= len(units) and _dumb_assign(uses, units, frozenset()):
                    return True
    return False


def test_payable_agrees_with_a_dumber_enumeration_on_tiny_boards():
    agree = Counter()
    for seed in range(600):
        snap, cost, player, x = random_board(f"tiny-{seed}", pool=seed % 2 == 0, max_sources=4)
        if len(R.parse_cost(cost, x)) > 6:
            continue
        expected = dumb_payable(snap, cost, player, x)
        assert R.payable(snap, cost, player, x) == expected, seed
        agree[expected] += 1
    assert agree[True] > 100 and agree[False] > 100
