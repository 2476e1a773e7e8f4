"""Review of the casting work (round 11): an unearth card in a graveyard (702.84a) is a note for
`actions` there (the KB offers no unearth activation: `actions` listed nothing and said nothing),
and no note for casting it from a hand. The card is a real one, with its Oracle text."""

from pyengine import facts, snapshot

DREGSCAPE = {"name": "Dregscape Zombie", "mana_cost": "{1}{B}", "type": "Creature — Zombie", "power": "2",
             "toughness": "1",
             "text": "Unearth {B} ({B}: Return this card from your graveyard to the battlefield. It gains haste. "
                     "Exile it at the beginning of the next end step or if it would leave the battlefield. "
                     "Unearth only as a sorcery.)"}


def _notes(zone, answer):
    data = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
            "battlefield": [{"id": "s1", "card": "Swamp", "controller": "alice"}],
            zone: {"alice": ["Dregscape Zombie"]}, "cards": [DREGSCAPE]}
    return [n.text.split(" (")[0] for n in facts.not_modelled(snapshot.load(data), answer)]


def test_unearth_is_a_note_for_actions_in_a_graveyard_not_in_a_hand():
    # 702.84a: "Unearth is an activated ability that functions while the card with unearth is in a graveyard"
    assert _notes("graveyard", "actions") == ["Unearth {B}"]
    assert _notes("hand", "actions") == []
    assert _notes("graveyard", "could-produce") == []
