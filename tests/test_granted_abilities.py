"""Abilities granted by a filter (613.1f; kb/granted_abilities.lp): what the KB cannot decide, and
grounding that stays linear in the board. The answers themselves are in tests/scenarios/granted.yaml."""

from pyengine import facts, snapshot
from pyengine.asp.driver import Engine
from pyengine.check import check_snapshot

HIEROPHANTS = {"name": "Citanul Hierophants", "mana_cost": "{3}{G}", "type": "Creature — Human Druid",
               "power": 3, "toughness": 2, "text": 'Creatures you control have "{T}: Add {G}."'}
GEMHIDE = {"name": "Gemhide Sliver", "mana_cost": "{1}{G}", "type": "Creature — Sliver", "power": 1,
           "toughness": 1, "text": 'All Slivers have "{T}: Add one mana of any color."'}
LANTERN = {"name": "Chromatic Lantern", "mana_cost": "{3}", "type": "Artifact",
           "text": 'Lands you control have "{T}: Add one mana of any color."\n{T}: Add one mana of any color.'}


def _violations(snap):
    return [v["violation"] for v in check_snapshot(snapshot.load(snap))["violations"]]


def test_grant_and_loss_of_all_abilities_on_one_creature_is_reported():
    """613.7: within layer 6 the later timestamp wins; a snapshot records none, so the KB says so
    (and gives the creature neither answer's ability)."""
    snap = {"players": ["alice", "bob"], "cards": [HIEROPHANTS],
            "battlefield": [{"id": "hiero", "card": "Citanul Hierophants", "controller": "alice"},
                            {"id": "bear", "card": "Grizzly Bears", "controller": "alice"}],
            "effects": [{"card": "Ovinize", "controller": "bob", "targets": ["bear"]}]}
    assert "violation(timestamp_order_not_modelled,\"bear\")" in _violations(snap)


def test_source_that_lost_its_abilities_is_no_timestamp_question():
    """613.8a: the grant depends on the effect that removes the granting ability, which applies
    first whatever the timestamps: nothing to report."""
    snap = {"players": ["alice", "bob"], "cards": [HIEROPHANTS],
            "battlefield": [{"id": "hiero", "card": "Citanul Hierophants", "controller": "alice"},
                            {"id": "bear", "card": "Grizzly Bears", "controller": "alice"}],
            "effects": [{"card": "Ovinize", "controller": "bob", "targets": ["hiero"]}]}
    assert not any("timestamp" in v for v in _violations(snap))


def _bodies(n):
    kinds = ("Gemhide Sliver", "Chromatic Lantern", "Wastes", "Forest")
    bf = [{"id": f"p{i}", "card": kinds[i % len(kinds)], "controller": ("alice", "bob")[i % 2]} for i in range(n)]
    snap = snapshot.load({"players": ["alice", "bob"], "cards": [GEMHIDE, LANTERN], "battlefield": bf})
    eng = Engine(facts.snapshot_facts(snap), "could_produce")
    eng.ask([], models=1)
    return eng.ctl.statistics["problem"]["lp"]["bodies"]


def test_granting_grounding_is_linear_in_the_board():
    """Many granting permanents and many receivers: the sources are projected to (ability,
    controller) before a filter is matched, so doubling the board about doubles the bodies."""
    small, large = _bodies(80), _bodies(160)
    assert large <= 2.5 * small, (small, large)
