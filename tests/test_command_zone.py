"""The command zone (408): nontraditional cards whose abilities function there (113.6p).

The snapshot's `command:` lists face-up planes, phenomena, vanguards and schemes, and conspiracies
face up or face down; kb/command_zone.lp makes each a source of effects like a permanent. A line
of such a card is a note only for the answers it could change from there: the card is never a
permanent (311.2, 313.2, 314.2, 315.3), so a triggered ability that is not a mana ability (605.1b)
changes neither what a permanent could produce (106.7) nor what tapping one adds (605.1a).
The cards are real; their Oracle text is test data."""

import json
from pathlib import Path

import pytest
import yaml

from helpers import problems, run_cli, snapshot_file, strict
from pyengine import cardlib, snapshot
from pyengine.compiler import compile_card
from pyengine.facts import not_modelled

MANA = {"could-produce", "produce"}
ORACLE = {
    "Truga Jungle": ("Plane — Ergamon", 'All lands have "{T}: Add one mana of any color."\nWhenever chaos '
                     "ensues, reveal the top three cards of your library. Put all land cards revealed this "
                     "way into your hand and the rest on the bottom of your library in any order."),
    "Llanowar": ("Plane — Dominaria", 'All creatures have "{T}: Add {G}{G}."\nWhenever chaos ensues, untap '
                 "all creatures you control."),
    "Krosa": ("Plane — Dominaria", "All creatures get +2/+2.\nWhenever chaos ensues, you may add {W}{U}{B}{R}{G}."),
    "Eloren Wilds": ("Plane — Shandalar", "Whenever a player taps a permanent for mana, that player adds one "
                     "mana of any type that permanent produced.\nWhenever chaos ensues, target player can't "
                     "cast spells until a player planeswalks."),
    "The Fertile Lands of Saulvinia": (
        "Plane — Antausia", "Whenever a player taps a land for mana, that player adds one mana of any type "
        "that land produced.\nWhenever chaos ensues, reveal cards from the top of your planar deck until you "
        "reveal a plane card. Chaos ensues on that plane. Then put all cards revealed this way on the bottom "
        "of your planar deck in any order."),
    "Selesnya Loft Gardens": (
        "Plane — Ravnica", "If an effect would create one or more tokens, it creates twice that many of those "
        "tokens instead.\nIf an effect would put one or more counters on a permanent, it puts twice that many "
        "of those counters on that permanent instead.\nWhenever chaos ensues, until end of turn, whenever you "
        "tap a land for mana, add one mana of any type that land produced."),
    "Kilnspire District": (
        "Plane — Ravnica", "When you planeswalk to Kilnspire District and at the beginning of your first main "
        "phase, put a charge counter on Kilnspire District, then add {R} for each charge counter on it.\n"
        "Whenever chaos ensues, you may pay {X}. If you do, Kilnspire District deals X damage to any target."),
    "Sisay": ("Vanguard", "Whenever you tap a land for mana, add one mana of any type that land produced."),
    "Birds of Paradise Avatar": ("Vanguard", 'Lands you control have "{T}: Add one mana of any color."'),
    "Elvish Champion Avatar": ("Vanguard", "You begin the game with a 1/1 green Elf creature token on the "
                               'battlefield. It has "{T}: Add {G}."'),
    "Secrets of Paradise": ("Conspiracy", "Hidden agenda (Start the game with this conspiracy face down in the "
                            "command zone and secretly choose a card name. You may turn this conspiracy face up "
                            "any time and reveal that name.)\nCreatures you control with the chosen name have "
                            '"{T}: Add one mana of any color."'),
    "Orcish Squatters Avatar": ("Vanguard", "At the beginning of your first main phase, add {C} for each land "
                                "target opponent controls."),
    "Eladamri, Lord of Leaves Avatar": ("Vanguard", "At the beginning of each player's first main phase, that "
                                        "player adds {G}{G}."),
    "A Display of My Dark Power": ("Scheme", "When you set this scheme in motion, until your next turn, whenever "
                                   "a player taps a land for mana, that player adds one mana of any type that "
                                   "land produced."),
    "Behold My Grandeur": ("Scheme", "When you set this scheme in motion, add {U}{B}{R}.\nWhen you set this scheme "
                           "in motion, if you control six or more lands, you may search your library for a card "
                           "with mana value 6 or greater, reveal it, put it into your hand, then shuffle."),
    "My Wealth Will Bury You": (
        "Scheme", "When you set this scheme in motion, create a number of Treasure tokens equal to the number "
        "of artifacts and enchantments your opponents control. If they control fewer than four artifacts and "
        "enchantments, create four Treasure tokens instead. (Treasure tokens are artifacts with \"{T}, "
        "Sacrifice this token: Add one mana of any color.\")"),
    "Nyx": ("Plane — Theros", "Nontoken creatures are enchantments in addition to their other types.\n"
            "Constellation — Whenever an enchantment you control enters, you gain 1 life.\nWhenever chaos "
            "ensues, choose a color. Add an amount of mana of that color equal to your devotion to that color."),
}


def card(name):
    type_line, text = ORACLE[name]
    return cardlib.parse_card({"name": name, "type": type_line, "text": text})


def mana_notes(name):
    return [(n.line, n.reason) for n in compile_card(card(name)).not_modelled if n.affects & MANA]


@pytest.mark.parametrize("name", sorted(set(ORACLE) - {"Nyx"}))
def test_no_line_changes_what_a_permanent_produces(name):
    # 113.6p: the card's static abilities are carried out from the command zone (a grant, 613.1f;
    # a mana trigger, 605.1b), and its other triggered abilities act only once they resolve
    assert mana_notes(name) == []


def test_what_a_player_begins_the_game_with_changes_no_answer():
    # 103.6, 111.3: the token is on the battlefield with the ability the effect gave it (a snapshot
    # gives it as that permanent's card); the vanguard's line acts only before the game begins
    [n] = compile_card(card("Elvish Champion Avatar")).not_modelled
    assert n.affects == frozenset()


def test_a_chaos_ability_is_a_note_for_apply_only():
    # 311.7: chaos abilities trigger whenever chaos ensues; the KB has no planar die roll (901.9)
    notes = {n.line: n for n in compile_card(card("Truga Jungle")).not_modelled}
    assert set(notes) == {2} and notes[2].affects == {"apply"}
    # a chaos ability whose effect the grammar does not read: every answer but the mana answers
    notes = {n.line: n for n in compile_card(card("The Fertile Lands of Saulvinia")).not_modelled}
    assert set(notes) == {2} and not notes[2].affects & MANA and "apply" in notes[2].affects


def test_trigger_mana_of_a_command_card_is_no_permanents():
    # 605.1b, 106.7: "When you set this scheme in motion, add {U}{B}{R}." is not a mana ability and
    # the scheme is no permanent (314.2) whose could-produce would count it
    [n1, n2] = compile_card(card("Behold My Grandeur")).not_modelled
    assert n1.affects == {"apply"} and "could-produce" not in n1.reason


def test_a_static_ability_not_carried_out_stays_a_note_for_every_answer():
    # 613.1d: "Nontoken creatures are enchantments in addition to their other types." changes the
    # permanents' types, which filters of mana abilities read
    assert [line for line, _ in mana_notes("Nyx")] == [1]


def test_an_activated_ability_of_a_plane_is_not_carried_out():
    # 311.4: a plane's activated abilities may be activated from the command zone; the KB activates
    # the abilities of permanents only: a note for what may be done and paid, not for what a
    # permanent could produce or adds
    c = compile_card(cardlib.parse_card({"name": "Test Plane", "type": "Plane — Test Realm",
                                         "text": "{1}: Add {G}."}))
    [n] = c.not_modelled
    assert n.line == 1 and not n.affects & MANA and {"actions", "apply"} <= n.affects


def test_a_dungeon_keeps_its_note():
    c = compile_card(cardlib.parse_card({"name": "Test Dungeon", "type": "Dungeon",
                                         "text": "Test Room — Scry 1."}))
    assert any(n.line == 0 and "309.2c" in n.reason for n in c.not_modelled)


def _snap(tmp_path, command, battlefield, **extra):
    cards = [{"name": n, "type": ORACLE[n][0], "text": ORACLE[n][1]} for n in sorted({o["card"] for o in command})]
    return snapshot_file(tmp_path, {"players": ["alice", "bob"], "battlefield": battlefield,
                                    "command": command, "cards": cards, **extra})


def test_strict_could_produce_with_a_plane(tmp_path):
    # 113.6p, 613.1f: no note of Truga Jungle could change what the Forest could produce
    path = _snap(tmp_path, [{"card": "Truga Jungle", "owner": "bob"}],
                 [{"id": "forest", "card": "Forest", "controller": "alice"}])
    assert strict(["could-produce", path]) == {"forest": ["B", "G", "R", "U", "W"]}


def test_strict_produce_with_a_scheme_and_a_vanguard(tmp_path):
    # 605.1b: Sisay's trigger adds for its controller, its owner (902.6); the scheme's trigger has
    # resolved (904.9): what it left is not in `effects:`, so nothing more is added
    path = _snap(tmp_path, [{"card": "Sisay", "owner": "alice"},
                            {"card": "A Display of My Dark Power", "owner": "bob"}],
                 [{"id": "forest", "card": "Forest", "controller": "alice"}])
    out = strict(["produce", path, "forest"])
    assert out["options"] == [["G", "G"]]


def test_notes_printed_for_where_the_card_is(tmp_path):
    s = snapshot.validate({"players": ["alice"], "command": [{"card": "Truga Jungle", "owner": "alice"}],
                           "cards": [{"name": "Truga Jungle", "type": ORACLE["Truga Jungle"][0],
                                      "text": ORACLE["Truga Jungle"][1]}]})
    assert not_modelled(s, "could-produce") == []
    assert [n.line for n in not_modelled(s, "apply")] == [2]
    # 315.5b, 702.106c: a face-down conspiracy does nothing until turned face up, a special action
    s = snapshot.validate({"players": ["alice"], "command": [
        {"card": "Test Agenda", "owner": "alice", "face_down": True, "chosen": {"card_name": "Forest"}}],
        "cards": [{"name": "Test Agenda", "type": "Conspiracy", "text": "Hidden agenda\nNonsense wording here."}]})
    assert not_modelled(s, "could-produce") == []
    assert {n.line for n in not_modelled(s, "actions")} == {1, 2}


def test_round_trip_and_the_planar_controller():
    data = {"players": ["alice", "bob"], "active": "bob",
            "command": [{"card": "Truga Jungle", "owner": "alice"},
                        {"card": "Sisay", "owner": "alice"},
                        {"card": "Test Agenda", "owner": "bob", "face_down": True, "chosen": {"card_name": "Forest"}}],
            "cards": [{"name": n, "type": ORACLE[n][0], "text": ORACLE[n][1]} for n in ("Truga Jungle", "Sisay")]
            + [{"name": "Test Agenda", "type": "Conspiracy", "text": "Hidden agenda"}]}
    s = snapshot.validate(data)
    # 901.6: the planar controller is the active player; 902.6, 315.6: the owner
    assert [s.command_controller(o) for o in s.command] == ["bob", "alice", "bob"]
    d = s.to_dict()
    assert d["command"] == data["command"]
    assert snapshot.validate(d).to_dict() == d


@pytest.mark.parametrize("command,line", [
    ([{"card": "Forest", "owner": "alice"}],
     "command[0]: 'Forest' is not a plane, phenomenon, vanguard, scheme or conspiracy: only those are read in "
     "the command zone (113.6p); a commander there has no abilities that function (113.6, 903.3), which is "
     "not modelled"),
    ([{"card": "Sisay"}], "command[0]: 'owner' is required"),
    ([{"card": "Sisay", "owner": "carol"}], "command[0]: owner: unknown player 'carol'; players are alice"),
    ([{"card": "Sisay", "owner": "alice", "tapped": True}],
     "command[0]: unknown key 'tapped'; allowed keys: card, owner, controller, face_down, chosen"),
    ([{"card": "Sisay", "owner": "alice", "face_down": "yes"}],
     "command[0]: 'face_down' must be true or false, got 'yes'"),
    ("Sisay", "command: must be a list of objects such as {card: Truga Jungle, owner: alice}, got 'Sisay'"),
    (["Sisay"], "command[0]: expected a mapping with card and owner, got 'Sisay'"),
])
def test_bad_command_entries(command, line):
    data = {"players": ["alice"], "command": command,
            "cards": [{"name": "Sisay", "type": "Vanguard", "text": ORACLE["Sisay"][1]}]}
    assert problems(data) == [line]


def test_nontraditional_cards_are_still_refused_elsewhere():
    data = {"players": ["alice"], "hand": {"alice": ["Sisay"]},
            "cards": [{"name": "Sisay", "type": "Vanguard", "text": ORACLE["Sisay"][1]}]}
    [line] = problems(data)
    assert line.startswith("hand[alice][0]: 'Sisay': a vanguard card stays in the command zone")


def test_bad_command_is_one_error_line(tmp_path):
    path = snapshot_file(tmp_path, {"players": ["alice"], "command": [{"card": "Forest", "owner": "alice"}]})
    code, _, err = run_cli(["could-produce", path, "--json"])
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith("error: command[0]: ")
