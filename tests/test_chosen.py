"""The snapshot's `chosen` field (choices made as a permanent entered, 614.12): how it reaches the
KB and survives a round trip. The answers it changes are scenarios (tests/scenarios/chosen.yaml)."""

from pyengine import facts, snapshot
from pyengine.terms import Const

CARDS = [{"name": "Coldsteel Heart", "mana_cost": "{2}", "type": "Snow Artifact",
          "text": "This artifact enters tapped.\nAs this artifact enters, choose a color.\n"
                  "{T}: Add one mana of the chosen color."}]


def snap(chosen):
    return snapshot.validate({"players": ["alice", "bob"], "cards": CARDS, "battlefield": [
        {"id": "heart", "card": "Coldsteel Heart", "controller": "alice", "chosen": chosen}]})


def test_choices_are_facts_by_kind_with_the_color_as_a_mana_letter():
    s = snap({"color": "G", "card_name": "Llanowar Elves", "player": "bob"})
    got = {f for f in facts.snapshot_facts(s) if f[0] == "chosen"}
    assert got == {("chosen", "heart", Const("color"), Const("g")),
                   ("chosen", "heart", Const("card_name"), "Llanowar Elves"),
                   ("chosen", "heart", Const("player"), "bob")}


def test_round_trip_keeps_the_choices():
    s = snap({"color": "U", "basic_land_type": "Island"})
    d = s.to_dict()
    assert d["battlefield"][0]["chosen"] == {"color": "U", "basic_land_type": "Island"}
    assert snapshot.validate({**d, "cards": CARDS}).battlefield[0].chosen == {"color": "U", "basic_land_type": "Island"}


def test_no_choice_no_key():
    assert "chosen" not in snap(None).to_dict()["battlefield"][0]
