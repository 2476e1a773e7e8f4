"""Riders: what a mana ability does besides adding mana ("{T}: Add {R} or {W}. This land deals 1
damage to you.").

605.3b: an activated mana ability resolves immediately after it is activated, so the rider happens
as the mana is added. 120.3a: damage dealt to a player by a source without infect causes that player
to lose that much life. 119.3: an effect that makes a player gain or lose life adjusts their life
total. 601.2g-h: mana abilities are activated (and resolve) before the total cost is paid, so life a
rider took is gone when a Phyrexian symbol (107.4f) is paid with 2 life, and a player may pay life
only if their life total is at least the payment (119.4).
"""

import pytest
import yaml

from helpers import perm, run_cli
from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import render_fact

# Oracle text of real cards (the card pool), one record each
CARDS = [
    {"name": "Battlefield Forge", "type": "Land",
     "text": "{T}: Add {C}.\n{T}: Add {R} or {W}. This land deals 1 damage to you."},
    {"name": "Ancient Tomb", "type": "Land", "text": "{T}: Add {C}{C}. This land deals 2 damage to you."},
    {"name": "Pristine Talisman", "type": "Artifact", "mana_cost": "{3}", "text": "{T}: Add {C}. You gain 1 life."},
    {"name": "Vulshok Factory", "type": "Artifact", "mana_cost": "{2}{R}",
     "text": "{T}: Add {R}. Put a charge counter on this artifact.\n{2}{R}, {T}, Sacrifice this artifact: Create "
             "an X/X colorless Golem artifact creature token with haste, where X is the number of charge counters "
             "on Vulshok Factory. Activate only as a sorcery."},
    {"name": "Temple of Cyclical Time", "type": "Land",
     "text": "{T}: Add {U}. Remove a time counter from this land.\n{2}{U}, {T}: Transform this land. Activate only "
             "if it has no time counters on it and only as a sorcery."},
    {"name": "Chromatic Sphere", "type": "Artifact", "mana_cost": "{1}",
     "text": "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card."},
    {"name": "Cinder Marsh", "type": "Land",
     "text": "{T}: Add {C}.\n{T}: Add {B} or {R}. This land doesn't untap during your next untap step."},
    {"name": "Noxious Bayou", "type": "Land", "text": "{T}: Add {B} or {G}. You get a poison counter."},
    {"name": "Porcelain Legionnaire", "type": "Artifact Creature — Phyrexian Soldier", "mana_cost": "{2}{W/P}",
     "power": 3, "toughness": 1, "text": "First strike"},
    {"name": "Mite Knight", "type": "Artifact Creature — Phyrexian Knight", "mana_cost": "{R}{W/P}",
     "power": 1, "toughness": 1, "text": ""},
    {"name": "Raging Goblin", "type": "Creature — Goblin Berserker", "mana_cost": "{R}", "power": 1,
     "toughness": 1, "text": "Haste"},
]
BY_NAME = {c["name"]: c for c in CARDS}


def compiled(name):
    return compile_card(cardlib.parse_card(BY_NAME[name]))


@pytest.mark.parametrize("name, line, rider, affects", [
    ("Battlefield Forge", 2, 'damage_to_you(1)', []),                  # 120.3a
    ("Ancient Tomb", 1, 'damage_to_you(2)', []),
    ("Pristine Talisman", 1, 'gain_life(1)', []),                     # 119.3
    ("Vulshok Factory", 1, 'counters("charge",1)', []),               # 122.1
    ("Temple of Cyclical Time", 1, 'remove_counters("time",1)', []),
    ("Chromatic Sphere", 1, 'draw(1)', ["apply"]),                    # 121.1: not carried out by apply
    ("Cinder Marsh", 2, 'no_untap_next', ["apply", "untap"]),         # 502.3: not in the snapshot
    ("Noxious Bayou", 1, 'poison(1)', ["apply"]),                     # 122.1f: not in the snapshot
])
def test_the_rider_is_a_fact_and_a_note_only_for_what_is_not_carried_out(name, line, rider, affects):
    c = compiled(name)
    facts = {render_fact(f) for f in c.facts}
    ab = f'ab("{name}",{line})'
    assert f"mana_rider({ab},{rider})" in facts
    # the activation itself is understood: `actions` may list it
    assert f"effect_not_modelled({ab})" not in facts
    notes = [n for n in c.not_modelled if n.line == line]
    assert [sorted(n.affects) for n in notes] == ([affects] if affects else [])
    # 106.7: the rider follows the mana: no note ever concerns what the permanent could produce
    assert not any({"could-produce", "produce"} & n.affects for n in notes)


def test_an_unknown_rider_stays_a_note_and_the_activation_undecided():
    card = {"name": "Witch Engine", "type": "Creature — Horror", "mana_cost": "{5}{B}", "power": 4,
            "toughness": 4, "text": "{T}: Add {B}{B}{B}{B}. Target opponent gains control of this creature."}
    c = compile_card(cardlib.parse_card(card))
    facts = {render_fact(f) for f in c.facts}
    assert 'effect_not_modelled(ab("Witch Engine",1))' in facts
    assert not any(f.startswith("mana_rider") for f in facts)


def board(tmp_path, life, *perms, hand=()):
    snap = {"players": ["alice", "bob"], "step": "precombat_main", "life": {"alice": life},
            "battlefield": [{"id": pid, "card": card, "controller": "alice", **extra} for pid, card, extra in perms],
            "hand": {"alice": list(hand)}, "cards": CARDS}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(snap))
    return str(path)


def test_produce_shows_the_rider_and_could_produce_is_unchanged(tmp_path):
    snap = board(tmp_path, 20, ("forge", "Battlefield Forge", {}))
    code, out, err = run_cli(["--strict", "produce", snap, "forge", "--ability", "2", "--json"])
    assert code == 0, err
    assert out["options"] == [["R"], ["W"]]
    assert out["also"] == [{"ability": "{T}: Add {R} or {W}. This land deals 1 damage to you.",
                            "effect": "damage_to_you(1)", "text": "it deals 1 damage to you", "rule": "120.3a",
                            "life": -1}]
    code, out, err = run_cli(["--strict", "could-produce", snap, "--json"])
    assert code == 0, err
    assert out == {"forge": ["C", "R", "W"]}


def test_the_painful_ability_is_a_legal_action_now(tmp_path):
    snap = board(tmp_path, 20, ("tomb", "Ancient Tomb", {}))
    code, out, err = run_cli(["--strict", "actions", snap, "--json"])
    assert code == 0, err
    assert any(a["kind"] == "activate" and a["permanent"] == "tomb" for a in out["actions"])
    assert out["not_modelled"] == []


def test_apply_activate_takes_the_life_and_puts_the_counters(tmp_path):
    snap = board(tmp_path, 20, ("forge", "Battlefield Forge", {}), ("fac", "Vulshok Factory", {}),
                 ("temple", "Temple of Cyclical Time", {}), ("tal", "Pristine Talisman", {}))
    code, out, err = run_cli(["apply", snap, "activate", "forge", "--ability", "2", "--option", "2", "--json"])
    assert code == 0, err
    assert out["snapshot"]["life"]["alice"] == 19                            # 120.3a
    assert out["events"][-1] == {"event": "life", "player": "alice", "change": -1, "permanent": "forge",
                                 "effect": "it deals 1 damage to you", "rule": "120.3a"}
    code, out, err = run_cli(["apply", snap, "activate", "tal", "--json"])
    assert code == 0, err
    assert out["snapshot"]["life"]["alice"] == 21                            # 119.3
    code, out, err = run_cli(["apply", snap, "activate", "fac", "--json"])
    assert code == 0, err
    assert perm(out, "fac")["counters"] == {"charge": 1}                      # 122.1
    code, out, err = run_cli(["apply", snap, "activate", "temple", "--json"])
    assert code == 0, err
    assert "counters" not in perm(out, "temple")                              # 609.3: none to remove


def test_removing_a_counter_of_several(tmp_path):
    snap = board(tmp_path, 20, ("temple", "Temple of Cyclical Time", {"counters": {"time": 2}}))
    code, out, err = run_cli(["apply", snap, "activate", "temple", "--json"])
    assert code == 0, err
    assert perm(out, "temple")["counters"] == {"time": 1}


def test_counters_beyond_the_bound_are_refused(tmp_path):
    snap = board(tmp_path, 20, ("fac", "Vulshok Factory", {"counters": {"charge": 1_000_000}}))
    code, _, err = run_cli(["apply", snap, "activate", "fac", "--json"])
    assert code == 2 and err.startswith("error:") and "1,000,000" in err


def test_pay_counts_the_damage_before_life_is_paid(tmp_path):
    # 2 life: Ancient Tomb's {C}{C} leaves 0 life, so {W/P} can't then be paid with 2 life (601.2g-h,
    # 119.4); Battlefield Forge's {W} pays it (its damage needs no life)
    snap = board(tmp_path, 2, ("forge", "Battlefield Forge", {}), ("tomb", "Ancient Tomb", {}))
    code, out, err = run_cli(["pay", snap, "{W/P}{C}{C}", "--player", "alice", "--json"])
    assert code == 0, err
    assert out["payable"] is True
    assert out["plan"]["life"] == 0
    assert sorted(a["source"] for a in out["plan"]["activations"]) == ["forge", "tomb"]
    assert all(a["also"][0]["rule"] == "120.3a" for a in out["plan"]["activations"])
    # {W/P}{W/P}: {W} from the Forge leaves 1 life, less than the 2 the other symbol needs; 4 life is more
    # than 2
    code, out, err = run_cli(["pay", snap, "{W/P}{W/P}", "--player", "alice", "--json"])
    assert code == 0, err
    assert out["payable"] is False


def test_life_gained_by_a_mana_ability_can_pay_a_phyrexian_symbol(tmp_path):
    # 1 life; the Talisman's {C} gains 1 (119.3) before the cost is paid: 2 life pays {W/P} (107.4f)
    snap = board(tmp_path, 1, ("tal", "Pristine Talisman", {}))
    code, out, err = run_cli(["pay", snap, "{C}{W/P}", "--player", "alice", "--json"])
    assert code == 0, err
    assert out["payable"] is True and out["plan"]["life"] == 2


def test_actions_does_not_cast_on_life_the_rider_took(tmp_path):
    snap = board(tmp_path, 2, ("forge", "Battlefield Forge", {}), hand=["Mite Knight", "Raging Goblin"])
    code, out, err = run_cli(["actions", snap, "--json"])
    assert code == 0, err
    casts = {a["card"] for a in out["actions"] if a["kind"] == "cast"}
    refused = {a["card"] for a in out["refused"] if a["kind"] == "cast"}
    assert "Raging Goblin" in casts
    assert "Mite Knight" in refused            # {R} from the Forge leaves 1 life: {W/P} can't be paid


def test_apply_cast_takes_the_riders_of_the_mana_abilities_it_activates(tmp_path):
    snap = board(tmp_path, 5, ("forge", "Battlefield Forge", {}), hand=["Mite Knight"])
    code, out, err = run_cli(["apply", snap, "cast", "Mite Knight", "--player", "alice", "--json"])
    assert code == 0, err
    # 1 damage from the Forge's {R} (120.3a), then 2 life for {W/P} (107.4f, 119.4)
    assert out["snapshot"]["life"]["alice"] == 2
    kinds = [e["event"] for e in out["events"]]
    assert kinds.index("life") < kinds.index("pay_life")


def test_a_rider_the_snapshot_cannot_hold_is_a_note_for_untap_only(tmp_path):
    snap = board(tmp_path, 20, ("marsh", "Cinder Marsh", {}))
    code, out, err = run_cli(["--strict", "produce", snap, "marsh", "--ability", "2", "--json"])
    assert code == 0, err
    assert out["also"][0]["rule"] == "502.3"
    code, _, err = run_cli(["--strict", "untap", snap, "alice"])
    assert code == 3 and "Cinder Marsh" in err


def test_an_activation_paying_life_next_to_a_life_rider_source_is_left_undecided(tmp_path):
    # whether {1}, Pay 2 life can be paid depends on which source pays the {1} (the Forge's {C}: yes;
    # its {R}: 1 life left, no, 601.2g-h, 119.4); the plan pays spells only, so it is not guessed
    engine = {"name": "Life Engine", "type": "Artifact", "mana_cost": "{1}", "text": "{1}, Pay 2 life: Add {B}{B}."}
    snap = {"players": ["alice", "bob"], "step": "precombat_main", "life": {"alice": 2},
            "battlefield": [{"id": "forge", "card": "Battlefield Forge", "controller": "alice"},
                            {"id": "eng", "card": "Life Engine", "controller": "alice"}],
            "cards": [BY_NAME["Battlefield Forge"], engine]}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(snap))
    code, out, err = run_cli(["actions", str(path), "--json"])
    assert code == 0, err
    assert [a["not_modelled"] for a in out["not_modelled"] if a["permanent"] == "eng"] == ["payment_needs_plan"]
    assert not any(a["permanent"] == "eng" for a in out["actions"] + out["refused"])
