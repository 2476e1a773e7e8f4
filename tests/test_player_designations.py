"""What the snapshot says of each player, read by mana abilities. Mana of a color in the
commander's color identity (903.4, 903.4f, 702.124c): "{T}: Add one mana of any color in your
commander's color identity." reads the snapshot's `commander_identity` for the
player who controls it; a player with no commander (the default) gets no mana from it. Real cards,
Oracle text as printed (Command Tower, Arcane Signet). The initiative (725.1) and completed
dungeons (309.7) are read by "If ..., add ... instead" (tests/scenarios/conditional_mana.yaml)."""

import yaml

from helpers import cli_json, problems, run_cli, snapshot_file
from pyengine import cardlib
from pyengine.compiler import compile_card

TEXT = "{T}: Add one mana of any color in your commander's color identity."
CARDS = [
    {"name": "Command Tower", "type": "Land", "text": TEXT},
    {"name": "Arcane Signet", "mana_cost": "{2}", "type": "Artifact", "text": TEXT},
]


def board(tmp_path, identity, perms):
    snap = {"players": ["alice", "bob"], "cards": CARDS,
            "battlefield": [dict(zip(("id", "card", "controller"), p)) for p in perms]}
    if identity is not None:
        snap["commander_identity"] = identity
    return snapshot_file(tmp_path, snap)


answer = cli_json


def test_command_tower_adds_a_color_of_its_controllers_commander(tmp_path):
    # 903.4: Atraxa's identity is W U B G; each player's tower reads its own controller's commander
    s = board(tmp_path, {"alice": ["W", "U", "B", "G"], "bob": ["R"]},
              [("tower", "Command Tower", "alice"), ("bobs", "Command Tower", "bob")])
    assert answer(["could-produce", s]) == {"bobs": ["R"], "tower": ["B", "G", "U", "W"]}
    assert answer(["produce", s, "tower"])["amounts"] == [{"B": 1}, {"G": 1}, {"U": 1}, {"W": 1}]


def test_no_commander_means_no_mana(tmp_path):
    # 903.4f: without a commander the identity is undefined, the ability adds nothing (106.5), so the
    # tower could produce no type of mana (106.7); a colorless commander's identity has no color
    s = board(tmp_path, {"alice": []}, [("tower", "Command Tower", "alice"), ("signet", "Arcane Signet", "bob")])
    assert answer(["could-produce", s]) == {"signet": [], "tower": []}
    assert answer(["produce", s, "signet"])["amounts"] == [{}]
    s = board(tmp_path, None, [("tower", "Command Tower", "alice")])
    assert answer(["could-produce", s]) == {"tower": []}


def test_paying_with_the_identitys_colors(tmp_path):
    # 702.124c: two partner commanders (Tymna W B, Thrasios G U): their combined identity
    s = board(tmp_path, {"alice": ["W", "B", "G", "U"]},
              [("tower", "Command Tower", "alice"), ("signet", "Arcane Signet", "alice")])
    out = answer(["pay", s, "{W}{G}", "--player", "alice"])
    assert out["payable"] is True and sorted(out["plan"]["tapped"]) == ["signet", "tower"]
    assert answer(["pay", s, "{R}", "--player", "alice"])["payable"] is False


def test_the_line_is_no_longer_a_note():
    for card in CARDS:
        assert compile_card(cardlib.parse_card(card)).not_modelled == []


def test_commander_identity_is_validated():
    base = {"players": ["alice"]}
    assert problems({**base, "commander_identity": {"alice": ["X"]}}) == [
        "commander_identity[alice]: 'X' is not a color; expected some of W, U, B, R, G"]
    assert problems({**base, "commander_identity": {"alice": "W"}}) == [
        "commander_identity[alice]: must be a list of colors such as [W, U], got 'W'"]
    assert problems({**base, "commander_identity": {"bob": ["W"]}}) == [
        "commander_identity: unknown player 'bob'; players are alice"]
    assert problems({**base, "commander_identity": ["W"]}) == [
        "commander_identity: must be a mapping from player to a list of colors, got ['W']"]


def test_bad_identity_is_one_error_line_exit_2(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump({"players": ["alice"], "commander_identity": {"alice": ["Green"]}}))
    code, out, err = run_cli(["could-produce", str(p)])
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: commander_identity[alice]")


def test_apply_keeps_the_commander_identity(tmp_path):
    s = board(tmp_path, {"alice": ["G", "W"]}, [("tower", "Command Tower", "alice")])
    code, out, err = run_cli(["apply", s, "activate", "tower", "--ability", "1", "--option", "2", "--json"])
    assert (code, err) == (0, ""), err
    assert out["snapshot"]["commander_identity"] == {"alice": ["W", "G"]}


def test_initiative_and_completed_dungeons_are_validated():
    # 725.1, 309.7: the snapshot's designations of a player (default: nobody has them)
    base = {"players": ["alice"]}
    assert problems({**base, "initiative": "bob"}) == ["initiative: unknown player 'bob'; players are alice"]
    # 724.1, 724.3: the monarch is one player of the game
    assert problems({**base, "monarch": "bob"}) == ["monarch: unknown player 'bob'; players are alice"]
    assert problems({**base, "monarch": ["alice"]}) == ["monarch: unknown player ['alice']; players are alice"]
    assert problems({**base, "dungeons_completed": {"alice": -1}}) == [
        "dungeons_completed[alice]: must not be negative, got -1"]


def test_apply_keeps_the_initiative_and_dungeons(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump({"players": ["alice", "bob"], "initiative": "bob", "monarch": "alice", "cards": CARDS,
                                 "dungeons_completed": {"alice": 2}, "commander_identity": {"alice": ["G"]},
                                 "battlefield": [{"id": "t", "card": "Command Tower", "controller": "alice"}]}))
    code, out, err = run_cli(["apply", str(p), "activate", "t", "--json"])
    assert (code, err) == (0, ""), err
    assert out["snapshot"]["initiative"] == "bob" and out["snapshot"]["dungeons_completed"] == {"alice": 2}
    assert out["snapshot"]["monarch"] == "alice"
