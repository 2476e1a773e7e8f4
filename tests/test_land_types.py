"""Type-changing statics (305.7, 613.1d; kb/land_types.lp): what the KB cannot decide is reported.
The answers themselves are in tests/scenarios/land_types.yaml."""

from pyengine import snapshot
from pyengine.check import check_snapshot

SEAS = {"name": "Spreading Seas", "mana_cost": "{1}{U}", "type": "Enchantment — Aura",
        "text": "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land is an Island."}
URBORG = {"name": "Urborg, Tomb of Yawgmoth", "type": "Legendary Land",
          "text": "Each land is a Swamp in addition to its other land types."}
LUSH = {"name": "Lush Growth", "mana_cost": "{G}", "type": "Enchantment — Aura",
        "text": "Enchant land\nEnchanted land is a Mountain, Forest, and Plains."}


def _violations(bf, cards):
    snap = snapshot.load({"players": ["alice", "bob"], "cards": cards, "battlefield": bf})
    return [v["violation"] for v in check_snapshot(snap)["violations"]]


def test_independent_set_and_add_effects_need_timestamps():
    """613.7: Spreading Seas sets the Forest's type, Urborg (independent of it) adds Swamp: the
    result depends on which came later, which a snapshot does not record."""
    bf = [{"id": "f", "card": "Forest", "controller": "alice"},
          {"id": "seas", "card": "Spreading Seas", "controller": "bob", "attached_to": "f"},
          {"id": "urborg", "card": "Urborg, Tomb of Yawgmoth", "controller": "alice"}]
    assert 'violation(timestamp_order_not_modelled,"f")' in _violations(bf, [SEAS, URBORG])


def test_one_effect_setting_several_types_is_no_conflict():
    """305.7: one ability may set several basic land types at once; no order of effects to decide."""
    bf = [{"id": "w", "card": "Wastes", "controller": "alice"},
          {"id": "lush", "card": "Lush Growth", "controller": "alice", "attached_to": "w"}]
    assert not any("timestamp" in v for v in _violations(bf, [LUSH]))


def test_two_effects_setting_different_types_are_reported():
    """613.7: Celestial Dawn (Plains) and Lush Growth (Mountain, Forest, Plains) both set the land's
    types: the later one wins."""
    bf = [{"id": "w", "card": "Wastes", "controller": "alice"},
          {"id": "dawn", "card": "Celestial Dawn", "controller": "alice"},
          {"id": "lush", "card": "Lush Growth", "controller": "alice", "attached_to": "w"}]
    assert 'violation(timestamp_order_not_modelled,"w")' in _violations(bf, [LUSH])
