"""A card in a hand (or a graveyard, a library, exile) is noted only for what its unmodelled lines
could change there (113.6: a permanent card's abilities function only on the battlefield, with the
exceptions of 113.6a-n): a line that changes casting it (601.2, 113.6d-f), that functions from its
zone (113.6b, 113.6j, 113.6m) or an Aura's Enchant (303.4a: the Aura spell targets) stays a note
for `actions` and `cast-free`; a combat keyword, "This creature can't block", a pump ability, Crew,
Equip, level up, a triggered ability or a '*' power is a note only for `apply` (what happens once
the card is a permanent). The cards are real ones, with their Oracle text."""

import pytest
import yaml

from pyengine import cardlib, facts, snapshot
from pyengine.compiler import compile_card
from tests.helpers import run_cli

# name, mana cost, type line, power, toughness, Oracle text
CARDS = {
    "Spineless Thug": ("{1}{B}", "Creature — Phyrexian Zombie Mercenary", "2", "2", "This creature can't block."),
    "Looming Shade": ("{2}{B}", "Creature — Shade", "1", "1", "{B}: This creature gets +1/+1 until end of turn."),
    "Goliath Truck": ("{4}", "Artifact — Vehicle", "4", "4",
                      "Stowage — Whenever this Vehicle attacks, put two +1/+1 counters on another target "
                      "attacking creature.\nCrew 2 (Tap any number of creatures you control with total power 2 "
                      "or more: This Vehicle becomes an artifact creature until end of turn.)"),
    "Caravan Escort": ("{W}", "Creature — Human Knight", "1", "1",
                       "Level up {2} ({2}: Put a level counter on this. Level up only as a sorcery.)\n"
                       "LEVEL 1-4\n2/2\nLEVEL 5+\n5/5\nFirst strike"),
    "Loxodon Warhammer": ("{3}", "Artifact — Equipment", None, None,
                          "Equipped creature gets +3/+0 and has trample and lifelink.\nEquip {3}"),
    "Tarmogoyf": ("{1}{G}", "Creature — Lhurgoyf", "*", "1+*",
                  "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
                  "and its toughness is equal to that number plus 1."),
    # prowl (702.76a) and freerunning (702.173a) are alternative costs the KB does not model (affinity and
    # convoke, which it does, are no notes; emerge and surge: tests/scenarios/keyword_alternative_costs.yaml)
    "Earwig Squad": ("{3}{B}{B}", "Creature — Goblin Rogue", "5", "3",
                     "Prowl {2}{B} (You may cast this for its prowl cost if you dealt combat damage to a player "
                     "this turn with a Goblin or Rogue.)\nWhen this creature enters, if its prowl cost was paid, "
                     "search target opponent's library for three cards and exile them. Then that player shuffles."),
    "Brotherhood Ambushers": ("{4}{B}", "Creature — Human Assassin", "6", "3",
                              "Freerunning {3}{B} (You may cast this spell for its freerunning cost if you dealt "
                              "combat damage to a player this turn with an Assassin or commander.)"),
    "Street Wraith": ("{3}{B}{B}", "Creature — Wraith", "3", "4",
                      "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)\n"
                      "Cycling—Pay 2 life. (Pay 2 life, Discard this card: Draw a card.)"),
    "Scion of Darkness": ("{5}{B}{B}{B}", "Creature — Avatar", "6", "6",
                          "Trample\nWhenever this creature deals combat damage to a player, you may put target "
                          "creature card from that player's graveyard onto the battlefield under your control.\n"
                          "Cycling {3} ({3}, Discard this card: Draw a card.)"),
    "Carnage Tyrant": ("{4}{G}{G}", "Creature — Dinosaur", "7", "6",
                       "This spell can't be countered.\nTrample, hexproof"),
    "Cloak of Confusion": ("{1}{B}", "Enchantment — Aura", None, None,
                           "Enchant creature you control\nWhenever enchanted creature attacks and isn't blocked, "
                           "you may have it assign no combat damage this turn. If you do, defending player "
                           "discards a card at random."),
    "Karametra, God of Harvests": ("{3}{G}{W}", "Legendary Enchantment Creature — God", "6", "7",
                                   "Indestructible\nAs long as your devotion to green and white is less than seven, "
                                   "Karametra isn't a creature.\nWhenever you cast a creature spell, you may search your "
                                   "library for a Forest or Plains card, put it onto the battlefield tapped, then shuffle."),
    "Mistform Ultimus": ("{3}{U}", "Legendary Creature — Illusion", "3", "3",
                         "Mistform Ultimus is every creature type (even if this card isn't on the battlefield)."),
    "Kjeldoran Royal Guard": ("{3}{W}{W}", "Creature — Human Soldier", "2", "5",
                              "{T}: All combat damage that would be dealt to you by unblocked creatures this turn "
                              "is dealt to this creature instead."),
    "Reassembling Skeleton": ("{1}{B}", "Creature — Skeleton Warrior", "1", "1",
                              "{1}{B}: Return this card from your graveyard to the battlefield tapped."),
}


def card_dict(name):
    cost, type_line, power, toughness, text = CARDS[name]
    d = {"name": name, "mana_cost": cost, "type": type_line, "text": text}
    if power is not None:
        d.update(power=power, toughness=toughness)
    return d


def elsewhere(name):
    """{first words of a noted line: its answers off the battlefield} of a card."""
    return {n.text.split(" (")[0]: n.elsewhere for n in compile_card(cardlib.parse_card(card_dict(name))).not_modelled}


CAST = frozenset({"actions", "cast-free", "apply"})
APPLY = frozenset({"apply"})


@pytest.mark.parametrize("name, line, expected", [
    # 113.6: functions only on the battlefield (509.1, 613.4c, 702.122 crew, 702.87 level up,
    # 702.6 equip, 702.19 trample); a triggered ability acts once its event happens (603.2)
    ("Spineless Thug", "This creature can't block.", APPLY),
    ("Looming Shade", "{B}: This creature gets +1/+1 until end of turn.", APPLY),
    ("Goliath Truck", "Crew 2", APPLY),
    ("Goliath Truck", "Stowage — Whenever this Vehicle attacks, put two +1/+1 counters on another target "
                      "attacking creature.", APPLY),
    ("Caravan Escort", "Level up {2}", APPLY),
    ("Loxodon Warhammer", "Equipped creature gets +3/+0 and has trample and lifelink.", APPLY),
    # 113.6a, 604.3: a characteristic-defining ability functions everywhere, but casting the card
    # does not read its power (601.2)
    ("Tarmogoyf", "power '*'", APPLY),
    ("Tarmogoyf", "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
                  "and its toughness is equal to that number plus 1.", APPLY),
    # 107.5, 602.1: an activated ability whose effect the grammar does not read, but whose cost {T}
    # only a permanent can pay
    ("Kjeldoran Royal Guard", "{T}: All combat damage", APPLY),
    # 604.3a(5): a conditional type change is no characteristic-defining ability: a permanent's
    ("Karametra, God of Harvests", "As long as your devotion to green and white is less than seven", APPLY),
    # 113.6c: it says it functions off the battlefield too (type-based costs could read it)
    ("Mistform Ultimus", "Mistform Ultimus is every creature type", CAST),
    # 702.76a prowl, 702.173a freerunning: alternative costs (118.9, 601.2b, 601.2f-h, 113.6d) the KB does not model
    ("Earwig Squad", "Prowl", CAST),
    ("Brotherhood Ambushers", "Freerunning", CAST),
    # 702.29a: cycling is activated from the hand (113.6j: "Discard this card"); the KB activates
    # one with a mana cost (kb/hand_abilities.lp, no note), not one whose cost is life
    ("Street Wraith", "Cycling—Pay 2 life.", CAST),
    ("Scion of Darkness", "Whenever this creature deals combat damage to a player, you may put target creature "
                          "card from that player's graveyard onto the battlefield under your control.", APPLY),
    # 701.6a: countering happens to a spell on the stack, once it is cast: not whether it may be cast
    ("Carnage Tyrant", "This spell can't be countered.", APPLY),
    # 303.4a: an Aura spell targets what it can enchant; targets are not checked, and every cast of an
    # Aura says so (not_checked, test_an_aura_in_hand_is_cast_with_its_targets_not_checked)
    ("Cloak of Confusion", "Enchant creature you control", APPLY),
    # 113.6m: "Return this card from your graveyard" functions only in the graveyard: its answers
    # hold only there (compiled.concerns_in)
    ("Reassembling Skeleton", "{1}{B}: Return this card from your graveyard to the battlefield tapped.",
     frozenset({"actions@graveyard", "apply@graveyard"})),
])
def test_what_a_line_could_change_off_the_battlefield(name, line, expected):
    got = elsewhere(name)
    key = next(k for k in got if k.startswith(line) or line.startswith(k))
    assert got[key] == expected


def _snapshot(zone, card):
    data = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
            "battlefield": [{"id": f"l{i}", "card": land, "controller": "alice"}
                            for i, land in enumerate(("Swamp", "Swamp", "Forest", "Forest"))],
            zone: {"alice": [card]}, "cards": [card_dict(card)]}
    return data


def _notes(zone, card, answer):
    return [n.text.split(" (")[0] for n in facts.not_modelled(snapshot.load(_snapshot(zone, card)), answer)]


@pytest.mark.parametrize("card, kept", [
    ("Spineless Thug", False), ("Looming Shade", False), ("Goliath Truck", False), ("Caravan Escort", False),
    ("Loxodon Warhammer", False), ("Tarmogoyf", False),
    ("Earwig Squad", True), ("Brotherhood Ambushers", True), ("Scion of Darkness", False), ("Street Wraith", True), ("Cloak of Confusion", False), ("Carnage Tyrant", False),
])
def test_a_hand_card_is_noted_for_actions_only_if_a_line_could_change_it(card, kept):
    assert bool(_notes("hand", card, "actions")) == kept
    assert bool(_notes("hand", card, "cast-free")) == kept
    assert _notes("hand", card, "apply")                # each has a line that changes what it does
    assert not _notes("hand", card, "could-produce")


def test_a_graveyard_ability_stays_a_note_for_actions_in_a_graveyard():
    assert _notes("graveyard", "Reassembling Skeleton", "actions") == [
        "{1}{B}: Return this card from your graveyard to the battlefield tapped."]
    assert _notes("graveyard", "Spineless Thug", "actions") == []


def test_on_the_battlefield_the_same_lines_keep_their_notes():
    """On the battlefield "This creature can't block" and Crew change what may be done (509.1, 702.122)."""
    data = _snapshot("hand", "Spineless Thug")
    data["hand"] = {}
    data["battlefield"].append({"id": "t", "card": "Spineless Thug", "controller": "alice"})
    assert [n.text for n in facts.not_modelled(snapshot.load(data), "actions")] == ["This creature can't block."]


@pytest.mark.parametrize("card, code", [("Spineless Thug", 0), ("Goliath Truck", 0), ("Earwig Squad", 3),
                                         ("Cloak of Confusion", 0)])
def test_strict_actions_refuses_only_for_a_line_that_could_change_casting(tmp_path, card, code):
    snap = tmp_path / "s.yaml"
    snap.write_text(yaml.safe_dump(_snapshot("hand", card)))
    got, out, err = run_cli(["--strict", "actions", str(snap), "--player", "alice", "--json"])
    assert got == code
    if code == 0:
        assert err == "" and any(a.get("card") == card for a in out["actions"] if a["kind"] == "cast")
    else:
        assert out == "" and f"note: {card} (line 1) not modelled" in err and "error: --strict" in err


def test_an_aura_in_hand_is_cast_with_its_targets_not_checked(tmp_path):
    """303.4a, 601.2c: an Aura spell targets what its enchant ability allows: the cast is listed with
    its targets not checked, which is what its Enchant line could change, so that line is no note."""
    snap = tmp_path / "s.yaml"
    snap.write_text(yaml.safe_dump(_snapshot("hand", "Cloak of Confusion")))
    code, out, err = run_cli(["--strict", "actions", str(snap), "--player", "alice", "--json"])
    assert code == 0 and err == ""
    [cast] = [a for a in out["actions"] if a["kind"] == "cast" and a["card"] == "Cloak of Confusion"]
    assert cast["not_checked"] == ["targets (601.2c)"]
