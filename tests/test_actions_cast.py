"""`actions` lists casting spells and playing lands (issue 12): timing (117.1, 305.1, 307.1), land
plays (305.2), lands can't be cast (305.9), the total cost (601.2f, kicker 702.33a) and its payment
in the one solve (601.2g-h, 118.3)."""

import pytest

from pyengine import api, snapshot

BF = [{"id": "f1", "card": "Forest", "controller": "alice"},
      {"id": "m1", "card": "Mountain", "controller": "alice"}]


def answer(**keys):
    data = {"players": ["alice", "bob"], "active": "alice", "battlefield": BF,
            "hand": {"alice": ["Grizzly Bears", "Lightning Bolt", "Forest", "Turn // Burn", "Burst Lightning",
                               "Boon Satyr"]}, **keys}
    return api.actions(snapshot.validate(data), "alice")


def find(entries, kind, card, **more):
    return [a for a in entries if a["kind"] == kind and a.get("card") == card
            and all(a.get(k) == v for k, v in more.items())]


def reasons(entries, kind, card):
    return {(a["rule"], a["reason"]) for a in entries if a["kind"] == kind and a.get("card") == card}


def test_main_phase_of_your_turn_with_an_empty_stack():
    r = answer()
    assert find(r["actions"], "play_land", "Forest")
    [bears] = find(r["actions"], "cast", "Grizzly Bears")
    assert bears["cost"] == "{1}{G}"
    pay = {p["source"]: p["adds"] for p in bears["payment"]}
    assert pay == {"f1": "{G}", "m1": "{R}"}                    # {G} needs the Forest
    [bolt] = find(r["actions"], "cast", "Lightning Bolt")
    assert bolt["cost"] == "{R}" and bolt["not_checked"] == ["targets (601.2c)"]
    assert ("305.9", "land_card") in reasons(r["refused"], "cast", "Forest")
    # Turn ({2}{U}) has no blue source; Burn ({1}{R}) is castable (709.3)
    assert find(r["actions"], "cast", "Turn // Burn", half="Burn")
    [turn] = find(r["refused"], "cast", "Turn // Burn", half="Turn")
    assert (turn["rule"], turn["reason"], turn["cost"]) == ("118.3", "cannot_pay_mana_cost", "{2}{U}")


def test_kicker_is_a_separate_choice_with_its_total_cost():
    r = answer()
    assert find(r["actions"], "cast", "Burst Lightning", cost="{R}")
    [kicked] = find(r["refused"], "cast", "Burst Lightning", kicked=True)
    assert kicked["cost"] == "{4}{R}" and kicked["rule"] == "118.3"      # 601.2f: {R} plus kicker {4}


def test_the_stack_must_be_empty_for_sorcery_speed():
    r = answer(stack=[{"card": "Lightning Bolt", "controller": "bob"}])
    assert ("307.1", "stack_not_empty") in reasons(r["refused"], "cast", "Grizzly Bears")
    assert ("305.1", "stack_not_empty") in reasons(r["refused"], "play_land", "Forest")
    assert find(r["actions"], "cast", "Lightning Bolt")                # an instant (304.1)
    assert not reasons(r["refused"], "cast", "Boon Satyr") & {("307.1", "stack_not_empty")}  # 702.8a


def test_one_land_per_turn():
    r = answer(lands_played={"alice": 1})
    assert reasons(r["refused"], "play_land", "Forest") == {("305.2", "land_already_played")}


def test_opponents_turn_and_priority():
    r = answer(active="bob", priority="alice")
    assert ("307.1", "not_your_turn") in reasons(r["refused"], "cast", "Grizzly Bears")
    assert ("305.1", "not_your_turn") in reasons(r["refused"], "play_land", "Forest")
    assert find(r["actions"], "cast", "Lightning Bolt")
    r = answer(priority="bob")
    assert ("117.1", "no_priority") in reasons(r["refused"], "cast", "Lightning Bolt")
    assert ("305.1", "no_priority") in reasons(r["refused"], "play_land", "Forest")


def test_not_a_main_phase():
    r = answer(step="upkeep")
    assert ("307.1", "not_a_main_phase") in reasons(r["refused"], "cast", "Grizzly Bears")
    assert find(r["actions"], "cast", "Lightning Bolt")


def test_floating_mana_pays_a_cast_in_actions_as_in_pay():
    """106.4: mana in the pool can be spent; actions decides it as pay does (kb/mana_plan.lp)."""
    data = {"players": ["alice"], "hand": {"alice": ["Llanowar Elves"]}, "mana_pool": {"alice": ["{G}"]}}
    s = snapshot.validate(data)
    r = api.actions(s, "alice")
    [elves] = find(r["actions"], "cast", "Llanowar Elves")
    # the payment says what pays: no mana ability, the floating {G}
    assert elves["payment"] == [] and elves["payment_pool"] == ["{G}"] and "payment_life" not in elves
    assert not find(r["not_modelled"], "cast", "Llanowar Elves")
    assert api.pay(s, "alice", "{G}", for_card="Llanowar Elves")["payable"] is True
    # {R} floating can't pay {G} (106.1, 107.4): refused for the mana, as pay finds no plan
    s = snapshot.validate({**data, "mana_pool": {"alice": ["{R}"]}})
    r = api.actions(s, "alice")
    assert find(r["refused"], "cast", "Llanowar Elves")[0]["reason"] == "cannot_pay_mana_cost"
    assert api.pay(s, "alice", "{G}", for_card="Llanowar Elves")["payable"] is False
    s = snapshot.validate({**data, "mana_pool": {}})
    r = api.actions(s, "alice")
    assert find(r["refused"], "cast", "Llanowar Elves")[0]["reason"] == "cannot_pay_mana_cost"


def test_snow_mana_cost_is_decided_by_snow_sources():
    """107.4h: {S} is paid with one mana from a snow source; a Forest's mana can't pay it, a
    Snow-Covered Forest's can."""
    cards = [{"name": "Snow Bolt", "mana_cost": "{S}", "type": "Instant", "text": ""},
             {"name": "Snow-Covered Forest", "mana_cost": None, "type": "Basic Snow Land — Forest",
              "text": "({T}: Add {G}.)"}]
    base = {"players": ["alice"], "hand": {"alice": ["Snow Bolt"]}, "cards": cards}
    s = snapshot.validate({**base, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    r = api.actions(s, "alice")
    assert find(r["refused"], "cast", "Snow Bolt")[0]["reason"] == "cannot_pay_mana_cost"
    s = snapshot.validate({**base, "battlefield": [{"id": "f", "card": "Snow-Covered Forest",
                                                    "controller": "alice"}]})
    r = api.actions(s, "alice")
    [cast] = find(r["actions"], "cast", "Snow Bolt")
    assert cast["payment"] == [{"source": "f", "adds": "{G}"}]


def test_a_mana_cost_with_a_symbol_not_modelled_is_never_priced_without_it():
    """A hybrid symbol with a colorless half in a card's mana cost is not read by the compiler: the
    card's total cost (601.2f) and mana value (202.3) are unknown, so casting it is neither listed
    as legal for less nor refused, and cast-free says it is not modelled either."""
    card = {"name": "Odd Spell", "mana_cost": "{C/G}", "type": "Instant", "text": ""}
    r = answer(hand={"alice": ["Odd Spell"]}, cards=[card])
    assert not find(r["actions"], "cast", "Odd Spell") and not find(r["refused"], "cast", "Odd Spell")
    [odd] = find(r["not_modelled"], "cast", "Odd Spell")
    assert odd["not_modelled"] == "mana_cost_not_modelled"
    s = snapshot.validate({"players": ["alice", "bob"], "active": "alice", "battlefield": BF,
                           "hand": {"alice": ["Odd Spell"]}, "cards": [card]})
    assert api.cast_free(s, "Odd Spell", "alice")["castable"] is None


def _x_board(pool=()):
    cards = [{"name": "Blaze X", "mana_cost": "{X}{R}", "type": "Sorcery", "text": ""},
             {"name": "Double X", "mana_cost": "{X}{X}{G}", "type": "Sorcery", "text": ""}]
    bf = [{"id": f"m{i}", "card": "Mountain", "controller": "alice"} for i in range(3)] + \
         [{"id": "f", "card": "Forest", "controller": "alice"}]
    return snapshot.validate({"players": ["alice"], "hand": {"alice": ["Blaze X", "Double X"]},
                              "cards": cards, "battlefield": bf, "mana_pool": {"alice": list(pool)}})


def test_max_x_is_the_largest_x_payable_now():
    """107.3, 601.2f: {X}{R} with three Mountains and a Forest: X up to 3 (four mana, one is {R});
    with {G} floating (106.4) up to 4. {X}{X}{G} (107.3: each X is the same value): 2X+1 <= 4 gives
    X up to 1; with the floating {G}, 2X+1 <= 5 gives 2."""
    r = api.actions(_x_board(), "alice")
    assert find(r["actions"], "cast", "Blaze X")[0]["max_x"] == 3
    assert find(r["actions"], "cast", "Double X")[0]["max_x"] == 1
    r = api.actions(_x_board(["{G}"]), "alice")
    assert find(r["actions"], "cast", "Blaze X")[0]["max_x"] == 4
    assert find(r["actions"], "cast", "Double X")[0]["max_x"] == 2


def test_apply_cast_refuses_an_x_beyond_what_can_be_paid():
    from pyengine.errors import InputError
    from pyengine.transitions import perform
    s = _x_board()
    with pytest.raises(InputError, match="X can be at most 3"):
        perform(s, "cast", card="Blaze X", player="alice", x=4)
    done = perform(s, "cast", card="Blaze X", player="alice", x=3)
    assert [e for e in done["events"] if e["event"] == "cast"][0]["x"] == 3
    assert all(p.get("tapped") for p in done["snapshot"]["battlefield"])


def test_a_phyrexian_symbol_paid_with_life_is_part_of_the_payment():
    """107.4f: {G/P} can be paid with {G} or with 2 life. With only a Mountain, the {1} is paid by the
    Mountain and the {G/P} with 2 life (119.4: alice has 20): the cast's payment says both; the
    same plan as `pay --for` gives."""
    card = {"name": "Phy Spell", "mana_cost": "{1}{G/P}", "type": "Instant", "text": ""}
    s = snapshot.validate({"players": ["alice"], "battlefield": [{"id": "m", "card": "Mountain", "controller": "alice"}],
                           "hand": {"alice": ["Phy Spell"]}, "cards": [card]})
    [spell] = find(api.actions(s, "alice")["actions"], "cast", "Phy Spell")
    assert spell["payment"] == [{"source": "m", "adds": "{R}"}] and spell["payment_life"] == 2
    plan = api.pay(s, "alice", "{1}{G/P}", for_card="Phy Spell")["plan"]
    assert plan["life"] == 2 and [a["source"] for a in plan["activations"]] == ["m"]
    # with 1 life, 2 life can't be paid (119.4) and there is no green source: refused for the mana
    s = snapshot.validate({"players": ["alice"], "life": {"alice": 1},
                           "battlefield": [{"id": "m", "card": "Mountain", "controller": "alice"}],
                           "hand": {"alice": ["Phy Spell"]}, "cards": [card]})
    assert find(api.actions(s, "alice")["refused"], "cast", "Phy Spell")[0]["reason"] == "cannot_pay_mana_cost"


def test_the_answer_is_read_in_passes_that_do_not_grow_with_the_hand(monkeypatch):
    """The payments and costs of every cast are read from the answer set in a fixed number of passes
    over it, not in passes per cast (which would grow as the board times the hand)."""
    from pyengine.asp import driver
    reads = []

    class Counted(list):
        def __iter__(self):
            reads.append(1)
            return super().__iter__()
    ask = driver.Engine.ask
    monkeypatch.setattr(driver.Engine, "ask", lambda self, *a, **k: [Counted(m) for m in ask(self, *a, **k)])

    def passes(hand):
        reads.clear()
        r = api.actions(snapshot.validate({"players": ["alice", "bob"], "active": "alice", "battlefield": BF,
                                           "hand": {"alice": hand}}), "alice")
        return len(reads), r
    one, r1 = passes(["Grizzly Bears"])
    four, r4 = passes(["Grizzly Bears", "Llanowar Elves", "Lightning Bolt", "Hope Tender"])
    # each is castable with the Forest and the Mountain (601.2f-h): {1}{G}, {G}, {R}, {1}{G}
    for r, cards in ((r1, ["Grizzly Bears"]), (r4, ["Grizzly Bears", "Llanowar Elves", "Lightning Bolt",
                                                   "Hope Tender"])):
        assert sorted(a["card"] for a in r["actions"] if a["kind"] == "cast") == sorted(cards)
        assert all(a["payment"] for a in r["actions"] if a["kind"] == "cast")
    assert one == four
