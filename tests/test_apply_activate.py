"""`mtgkb apply SNAP activate ID`: paying costs (107.5, 107.6, 119.4, 701.43a, 701.21a) and the mana added."""

import yaml

from helpers import perm, run_cli


def apply(tmp_path, snap, *args):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(snap))
    return run_cli(["apply", str(path), "activate", *args, "--json"])


BOARD = {"players": ["alice", "bob"], "battlefield": [
    {"id": "conf", "card": "Mana Confluence", "controller": "alice"},
    {"id": "sq", "card": "Squandered Resources", "controller": "alice"},
    {"id": "f", "card": "Forest", "controller": "alice"},
    {"id": "oasis", "card": "Oasis Ritualist", "controller": "alice"},
    {"id": "pp", "card": "Pili-Pala", "controller": "alice"}]}


def test_tap_for_mana_taps_and_adds(tmp_path):
    code, out, err = apply(tmp_path, BOARD, "f")
    assert code == 0, err
    assert perm(out, "f")["tapped"] is True                      # 107.5 "Tap this permanent"
    assert {"event": "add_mana", "player": "alice", "mana": ["G"]} in out["events"]


def test_pay_life(tmp_path):
    code, out, err = apply(tmp_path, BOARD, "conf", "--option", "1")
    assert code == 0, err
    assert out["snapshot"]["life"]["alice"] == 19               # "{T}, Pay 1 life"
    assert out["events"][-1]["mana"] == ["B"]


def test_several_outcomes_need_a_choice(tmp_path):
    code, _, err = apply(tmp_path, BOARD, "conf")
    assert code == 2 and "--option" in err


def test_exert_as_cost(tmp_path):
    code, out, err = apply(tmp_path, BOARD, "oasis", "--ability", "2", "--option", "2")
    assert code == 0, err
    p = perm(out, "oasis")
    assert p["tapped"] is True and p["exerted_by"] == "alice"    # 701.43a
    assert out["events"][-1]["mana"] == ["G", "G"]              # "two mana of any one color"


def test_sacrifice_a_land(tmp_path):
    code, out, err = apply(tmp_path, BOARD, "sq", "--sacrifice", "f")
    assert code == 0, err
    assert perm(out, "f") is None and out["snapshot"]["graveyard"]["alice"] == ["Forest"]
    assert out["events"][-1]["mana"] == ["G"]                    # "the sacrificed land could produce"


def test_untapped_pili_pala_refused(tmp_path):
    code, out, err = apply(tmp_path, BOARD, "pp")
    assert code == 2 and "107.6" in err and out == ""


def test_tapped_land_refused(tmp_path):
    board = {"players": ["alice"], "battlefield": [{"id": "f", "card": "Forest", "controller": "alice", "tapped": True}]}
    code, out, err = apply(tmp_path, board, "f")
    assert code == 2 and "107.5" in err


def test_mana_cost_paid_from_sources(tmp_path):
    """Pili-Pala: {2}, {Q}: Add one mana of any color. The {2} is paid by tapping two lands (601.2g)."""
    board = {"players": ["alice"], "battlefield": [
        {"id": "pp", "card": "Pili-Pala", "controller": "alice", "tapped": True},
        {"id": "f1", "card": "Forest", "controller": "alice"}, {"id": "f2", "card": "Forest", "controller": "alice"},
        {"id": "f3", "card": "Forest", "controller": "alice"}]}
    code, out, err = apply(tmp_path, board, "pp", "--option", "3", "--pay", "f1,f3")
    assert code == 0, err
    assert perm(out, "pp")["tapped"] is False                    # 107.6 "Untap this permanent"
    assert [perm(out, x)["tapped"] for x in ("f1", "f2", "f3")] == [True, False, True]
    assert out["events"][-1]["mana"] == ["R"]
    code, _, err = apply(tmp_path, board, "pp", "--option", "3", "--pay", "f1")
    assert code == 2 and "118.3" in err


def test_pay_without_a_mana_cost_is_refused(tmp_path):
    """--pay names sources for a mana cost; a Forest's {T} ability has none, so --pay is bad input."""
    code, out, err = apply(tmp_path, BOARD, "f", "--pay", "conf")
    assert code == 2 and "--pay" in err and out == ""
