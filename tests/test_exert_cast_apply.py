"""Exert, attacking, the untap step and casting without paying the mana cost through `mtgkb apply`,
`mtgkb untap`, `mtgkb cast-free` and `mtgkb show` (area exert_cast). Chains feed one command's
snapshot into the next. Expected values come from the quoted rulings and CR rules."""

import json


from helpers import events, perm, run_cli
from pyengine import api
from pyengine.snapshot import load

SERRA = {"name": "Test Vigilant Exerter", "mana_cost": "{1}{W}", "type": "Creature — Human Warrior",
         "power": 2, "toughness": 2,
         "text": "Vigilance\nYou may exert Test Vigilant Exerter as it attacks. When you do, it gets +1/+1 until end of turn."}


def run(tmp_path, snap, *args):
    """Run `mtgkb CMD SNAP ARGS --json` on a snapshot dict; returns (exit code, answer)."""
    path = tmp_path / f"snap{len(list(tmp_path.iterdir()))}.json"
    path.write_text(json.dumps(snap), encoding="utf-8")
    code, answer, err = run_cli([args[0], str(path), *args[1:], "--json"])
    return code, answer


def test_exert_with_no_legal_target_for_its_trigger(tmp_path):
    """Glorybringer ruling: "If a creature has a targeted triggered ability that triggers when you
    exert it, you can exert it even if there isn't a legal target for that triggered ability."
    (bob controls only a Dragon: no non-Dragon creature an opponent controls.)"""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": [
        {"id": "gb", "card": "Glorybringer", "controller": "alice"},
        {"id": "d", "card": "Glorybringer", "controller": "bob"}]}
    code, a = run(tmp_path, snap, "apply", "attack", "gb", "--exert")
    assert code == 0
    assert perm(a, "gb")["exerted_by"] == "alice" and perm(a, "gb")["tapped"] is True
    [trigger] = events(a, "trigger")
    assert trigger["ability"] == "When you do, it deals 4 damage to target non-Dragon creature an opponent controls."
    assert trigger["rule"] == "607.2h"


def test_vigilance_doesnt_tap(tmp_path):
    """702.20b Attacking doesn't cause creatures with vigilance to tap."""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers",
            "battlefield": [{"id": "sa", "card": "Serra Angel", "controller": "alice"}]}
    code, a = run(tmp_path, snap, "apply", "attack", "sa")
    assert code == 0
    assert perm(a, "sa")["tapped"] is False and "exerted_by" not in perm(a, "sa")
    assert events(a, "attack") == [{"event": "attack", "permanent": "sa", "player": "alice",
                                    "tapped": False, "rule": "702.20b"}]


def test_attack_taps_and_exerts(tmp_path):
    """508.1f The active player taps the chosen creatures. 701.43a: exerting = it won't untap during
    your next untap step (exerted_by: alice)."""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers",
            "battlefield": [{"id": "ac", "card": "Ahn-Crop Crasher", "controller": "alice"}]}
    code, a = run(tmp_path, snap, "apply", "attack", "ac", "--exert")
    assert code == 0
    assert perm(a, "ac")["tapped"] is True and perm(a, "ac")["exerted_by"] == "alice"


def test_vigilant_exerted_attacker_expires_having_done_nothing(tmp_path):
    """Glorybringer ruling: "If an exerted creature is already untapped during your next untap step
    (most likely because it had vigilance ...), exert's effect preventing it from untapping expires
    without having done anything." Chain: attack exerted -> bob's untap step -> alice's."""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers", "cards": [SERRA],
            "battlefield": [{"id": "v", "card": "Test Vigilant Exerter", "controller": "alice"}]}
    code, a = run(tmp_path, snap, "apply", "attack", "v", "--exert")
    assert code == 0 and perm(a, "v")["tapped"] is False and perm(a, "v")["exerted_by"] == "alice"
    code, b = run(tmp_path, a["snapshot"], "apply", "untap_step", "bob")
    assert code == 0 and perm(b, "v")["exerted_by"] == "alice"      # bob's step: not alice's
    code, u = run(tmp_path, b["snapshot"], "untap", "alice")
    assert u == {"untap": [], "stay_tapped": []}
    code, c = run(tmp_path, b["snapshot"], "apply", "untap_step", "alice")
    assert "exerted_by" not in perm(c, "v") and perm(c, "v")["tapped"] is False
    assert events(c, "exert_expires") == [{"event": "exert_expires", "permanent": "v", "player": "alice",
                                           "rule": "701.43a", "did_nothing": True}]


def test_stolen_exerted_creature_untaps_in_owners_untap_step(tmp_path):
    """Oasis Ritualist ruling: "If you gain control of another player's creature until end of turn
    and exert it, it will untap during that player's untap step." Chain: alice attacks with bob's
    Glorybringer (Act of Treason), exerting it; bob's untap step untaps it and control returns."""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": [
        {"id": "gb", "card": "Glorybringer", "controller": "alice", "owner": "bob",
         "controlled_since_turn_start": False}],
        "effects": [{"card": "Act of Treason", "controller": "alice", "targets": ["gb"]}]}
    code, a = run(tmp_path, snap, "apply", "attack", "gb", "--exert")
    assert code == 0 and perm(a, "gb")["exerted_by"] == "alice" and perm(a, "gb")["tapped"] is True
    code, u = run(tmp_path, a["snapshot"], "untap", "bob")
    assert u == {"untap": ["gb"], "stay_tapped": []}
    code, b = run(tmp_path, a["snapshot"], "apply", "untap_step", "bob")
    assert perm(b, "gb")["tapped"] is False and perm(b, "gb")["controller"] == "bob"
    assert "effects" not in b["snapshot"]                      # the until-end-of-turn effect ended (514.2)


def test_act_of_treason_grants_haste_for_attacking(tmp_path):
    """Act of Treason: "It gains haste until end of turn." 702.10b: with haste it can attack although
    it came under alice's control this turn (302.6)."""
    base = {"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": [
        {"id": "bear", "card": "Grizzly Bears", "controller": "alice", "owner": "bob",
         "controlled_since_turn_start": False}]}
    code, a = run(tmp_path, base, "actions", "--player", "alice")
    assert a["actions"] == [] and a["refused"][0]["rule"] == "302.6"
    code, b = run(tmp_path, {**base, "effects": [{"card": "Act of Treason", "controller": "alice",
                                                  "targets": ["bear"]}]}, "actions", "--player", "alice")
    assert b["actions"] == [{"kind": "attack", "permanent": "bear", "exert": False, "taps": True}]


def test_exerting_twice_keeps_it_tapped_only_in_the_next_untap_step(tmp_path):
    """Oasis Ritualist ruling: "Exerting it multiple times will keep it tapped only during your next
    untap step." (701.43b) Glorybringer exerted earlier and exerted again as it attacks: it stays
    tapped in alice's next untap step and untaps in the one after."""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": [
        {"id": "gb", "card": "Glorybringer", "controller": "alice", "exerted_by": "alice"}]}
    code, a = run(tmp_path, snap, "apply", "attack", "gb", "--exert")
    assert perm(a, "gb")["exerted_by"] == "alice"
    code, b = run(tmp_path, a["snapshot"], "apply", "untap_step", "bob")
    code, c = run(tmp_path, b["snapshot"], "apply", "untap_step", "alice")
    assert perm(c, "gb")["tapped"] is True and "exerted_by" not in perm(c, "gb")
    c["snapshot"]["active"] = "bob"                          # alice's turn ends, bob's goes by
    code, u = run(tmp_path, c["snapshot"], "untap", "alice")
    assert u == {"untap": ["gb"], "stay_tapped": []}


def test_tap_and_freeze_doesnt_exert(tmp_path):
    """Oasis Ritualist ruling: "Similar effects that "tap and freeze" a creature (such as that of
    Decision Paralysis) don't exert that creature." Bob's frozen Combat Celebrant stays tapped in
    bob's untap step without being exerted, so on bob's turn it may still be exerted as it attacks."""
    snap = {"players": ["alice", "bob"], "step": "end", "battlefield": [
        {"id": "cc", "card": "Combat Celebrant", "controller": "bob", "tapped": True}],
        "effects": [{"card": "Decision Paralysis", "controller": "alice", "targets": ["cc"]}]}
    code, a = run(tmp_path, snap, "apply", "untap_step", "bob")
    assert perm(a, "cc")["tapped"] is True and "exerted_by" not in perm(a, "cc")
    assert "effects" not in a["snapshot"]
    a["snapshot"]["step"] = "declare_attackers"
    perm(a, "cc")["tapped"] = False                          # an effect untapped it
    code, b = run(tmp_path, a["snapshot"], "actions", "--player", "bob")
    assert {"kind": "attack", "permanent": "cc", "exert": True, "taps": True,
            "trigger": "When you do, untap all other creatures you control and after this phase, "
                       "there is an additional combat phase."} in b["actions"]


def test_bestow_card_cast_free_enters_as_a_creature(tmp_path):
    """Master of Predicaments ruling: "you can't cast a card with bestow as an Aura this way": Boon
    Satyr is cast as the creature it is and enters unattached, a 4/2."""
    snap = {"players": ["alice", "bob"], "step": "combat_damage",
            "battlefield": [{"id": "bear", "card": "Grizzly Bears", "controller": "alice"}],
            "hand": {"alice": ["Boon Satyr"]}}
    code, a = run(tmp_path, snap, "apply", "cast_free", "Boon Satyr", "--player", "alice")
    assert code == 0
    satyr = perm(a, "boon-satyr")
    assert satyr["controller"] == "alice" and "attached_to" not in satyr
    assert "hand" not in a["snapshot"]
    code, s = run(tmp_path, a["snapshot"], "show", "boon-satyr")
    assert (s["power"], s["toughness"]) == (4, 2)


def test_fused_split_card_cast_free_from_hand(tmp_path):
    """Turn // Burn ruling: "If you cast a split card with fuse from your hand without paying its
    mana cost, you can choose to use its fuse ability and cast both halves"."""
    snap = {"players": ["alice", "bob"], "step": "combat_damage", "hand": {"alice": ["Turn // Burn"]}}
    code, a = run(tmp_path, snap, "apply", "cast_free", "Turn // Burn", "--player", "alice", "--option", "2")
    assert code == 0
    [cast] = events(a, "cast")
    assert cast["halves"] == ["Turn", "Burn"] and cast["x"] == 0
    assert a["snapshot"]["graveyard"] == {"alice": ["Turn // Burn"]}   # 608.2n


def test_kicked_and_sacrifice_costs_are_paid(tmp_path):
    """118.8 / Master of Predicaments ruling: mandatory additional costs must be paid: Fling's
    sacrifice puts the creature into its owner's graveyard (701.21a)."""
    snap = {"players": ["alice", "bob"], "step": "combat_damage",
            "battlefield": [{"id": "bear", "card": "Grizzly Bears", "controller": "alice"}],
            "hand": {"alice": ["Fling"]}}
    code, _ = run(tmp_path, snap, "apply", "cast_free", "Fling", "--player", "alice")
    assert code == 2                                         # no creature chosen to sacrifice
    code, a = run(tmp_path, snap, "apply", "cast_free", "Fling", "--player", "alice", "--sacrifice", "bear")
    assert code == 0 and a["snapshot"]["battlefield"] == []
    assert a["snapshot"]["graveyard"] == {"alice": ["Grizzly Bears", "Fling"]}


def test_cast_free_refused_is_not_half_applied(tmp_path):
    """Bad input: a card that can't be cast this way is refused with exit status 2 (305.9)."""
    snap = {"players": ["alice", "bob"], "step": "combat_damage", "hand": {"alice": ["Island"]}}
    code, _ = run(tmp_path, snap, "apply", "cast_free", "Island", "--player", "alice")
    assert code == 2


def test_x_for_enters_abilities_but_zero_for_the_permanent(tmp_path):
    """107.3m (seed): "If an object's enters-the-battlefield triggered ability or replacement effect
    refers to X, and the spell that became that object as it resolved had a value of X chosen for any
    of its costs, the value of X for that ability is the same as the value of X for that spell,
    although the value of X for that permanent is 0." Hooded Hydra cast with X=3: its replacement
    effect gives it 3 +1/+1 counters; its mana value counts X as 0 ({X}{G}{G}: 2)."""
    snap = {"players": ["alice", "bob"], "battlefield": [
        {"id": "h", "card": "Hooded Hydra", "controller": "alice", "x": 3, "counters": {"+1/+1": 3}}]}
    assert api.enters(load(snap), "h")["counters"] == {"+1/+1": 3}
    assert api.enters(load(snap), "h")["x"] == 3
    code, s = run(tmp_path, snap, "show", "h")
    assert s["mana_value"] == 2 and (s["power"], s["toughness"]) == (3, 3)


def test_exert_for_a_second_player_is_not_modelled(tmp_path):
    """701.43a: an exert by bob (until bob's next untap step) and one by alice (until alice's) are two
    effects; a snapshot records one exerting player, so `apply` says not modelled (exit 2)."""
    snap = {"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": [
        {"id": "gb", "card": "Glorybringer", "controller": "alice", "exerted_by": "bob"}]}
    code, _ = run(tmp_path, snap, "apply", "attack", "gb", "--exert")
    assert code == 2
    code, a = run(tmp_path, snap, "apply", "attack", "gb")
    assert code == 0 and perm(a, "gb")["exerted_by"] == "bob"
