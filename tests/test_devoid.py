"""Devoid (702.114a): "Devoid is a characteristic-defining ability. 'Devoid' means 'This object
is colorless.'" A real card: Blisterpod ({G}, Creature — Eldrazi Drone, devoid) is colorless
although its mana cost is green (202.2); without devoid a {G} card is green."""

import yaml

from helpers import run_cli
from pyengine import cardlib
from pyengine.compiler import compile_card

BLISTERPOD = {"name": "Blisterpod", "mana_cost": "{G}", "type": "Creature — Eldrazi Drone", "power": "1",
              "toughness": "1",
              "text": "Devoid (This card has no color.)\nWhen this creature dies, create a 1/1 colorless Eldrazi "
                      "Scion creature token. It has \"Sacrifice this token: Add {C}.\""}


def test_a_devoid_permanent_is_colorless(tmp_path):
    snap = {"players": ["alice"], "active": "alice", "cards": [BLISTERPOD],
            "battlefield": [{"id": "pod", "card": "Blisterpod", "controller": "alice"},
                            {"id": "bears", "card": "Grizzly Bears", "controller": "alice"}]}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap))
    code, out, err = run_cli(["show", str(p), "pod", "--json"])
    assert (code, err) == (0, "") and out["colors"] == [] and out["keywords"] == ["devoid"]
    code, out, _ = run_cli(["show", str(p), "bears", "--json"])
    assert out["colors"] == ["G"]                               # {1}{G}: green (202.2)


def test_devoid_is_modelled_and_the_dies_trigger_concerns_only_apply():
    c = compile_card(cardlib.parse_card(BLISTERPOD))
    assert any(f[0] == "keyword" and str(f[2]) == "devoid" for f in c.facts)
    assert [n.line for n in c.not_modelled] == [2]
    assert c.not_modelled[0].affects == {"apply"}               # 603.2: only when it dies
