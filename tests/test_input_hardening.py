"""Input hardening (issue 9): what a snapshot or a card may contain, and what happens otherwise.

The contract (DESIGN.md, "The snapshot"): "Bad input never produces a traceback: the CLI exits
with status 2 and one clear line per problem ... and nothing is half-applied." Here: files that are
not regular files, the limits of pyengine/limits.py, characters no name may contain, wrong types
that used to be read as empty, cards that can't be permanents, counter kinds, --strict on every
command, and messages that stay one line whatever they quote.
"""

import json
import os
from pathlib import Path
import threading

import pytest
import yaml

from helpers import problems, run_cli
from pyengine import cardlib, limits, snapshot
from pyengine.cli import main
from pyengine.compiler import compile_card, strip_reminders

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path, snap, name="snap.yaml"):
    path = tmp_path / name
    if name.endswith(".json"):
        path.write_text(json.dumps(snap, ensure_ascii=False), encoding="utf-8")
    else:
        path.write_text(yaml.safe_dump(snap, allow_unicode=True), encoding="utf-8")
    return str(path)


def refused(args, input=None):
    """Run the CLI; it must refuse with exit 2, nothing on stdout, only `error:` lines. Returns them."""
    code, out, err = run_cli(args, input=input)
    assert (code, out) == (2, ""), (code, out, err)
    lines = err.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), err
    return lines


# --- what is read: regular files and standard input only, at most MAX_BYTES -----------------------

@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused_without_reading(device):
    """/dev/zero never ends: reading it whole was a MemoryError. It is refused before reading."""
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist on this system")
    assert refused(["could-produce", device]) == [
        f"error: {device}: is a device, not a regular file; give a snapshot file, or '-' for standard input"]


def test_a_directory_is_refused(tmp_path):
    assert refused(["show", str(tmp_path), "x"]) == [
        f"error: {tmp_path}: is a directory, not a regular file; give a snapshot file, or '-' for standard input"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    """Opening a FIFO for reading waits for a writer, then reading waits for the writer to close.
    A writer here offers a valid snapshot: the FIFO must still be refused (not read), at once."""
    fifo = tmp_path / "snap.fifo"
    os.mkfifo(fifo)

    def writer():
        try:
            with open(fifo, "w") as f:          # blocks until the CLI opens the FIFO
                f.write("players: [alice]\n")
        except OSError:                          # the reader closed it without reading: refused
            pass

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    try:
        assert refused(["could-produce", str(fifo)]) == [
            f"error: {fifo}: is a FIFO, not a regular file; give a snapshot file, or '-' for standard input"]
    finally:
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)    # releases the writer if never opened
        t.join(5)
        os.close(fd)


def test_stdin_is_read_and_bounded(monkeypatch):
    code, answer, _ = run_cli(["could-produce", "-", "--json"],
                              input='{"players": ["a"], "battlefield": [{"id": "f", "card": "Forest", "controller": "a"}]}')
    assert (code, answer) == (0, {"f": ["G"]})
    monkeypatch.setattr(limits, "MAX_BYTES", 20)
    assert refused(["could-produce", "-"], input="players: [alice]\n" + "#" * 30) == [
        "error: <stdin>: input is larger than 20 bytes"]


# --- JSON is read as JSON, YAML as YAML; both refuse duplicate keys and deep nesting ---------------

@pytest.mark.parametrize("char,name", [("\x7f", "a control character"), ("\x85", "a control character")])
def test_json_with_a_raw_control_character_is_json_whose_value_is_refused(tmp_path, char, name):
    """Valid JSON may hold a raw U+007F or U+0085 in a string (JSON only forbids U+0000-U+001F);
    YAML may not. Read as JSON, the value is then refused for what it is: a control character."""
    path = tmp_path / "snap.json"
    path.write_text('{"players": ["alice"], "cards": [{"name": "Odd' + char + 'Name", "type": "Land"}]}',
                    encoding="utf-8")
    [line] = refused(["could-produce", str(path)])
    assert line == (f"error: cards[0]: 'name': contains the character \\x{ord(char):02x} ({name}), "
                    "which is not allowed in names and text")


def test_json_duplicate_keys_constants_and_nesting(tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"players": ["a"], "players": ["b"]}')
    assert refused(["could-produce", str(path)]) == [f"error: {path}: not valid JSON: duplicate key 'players'"]
    path.write_text('{"players": ["a"], "life": {"a": NaN}}')
    assert refused(["could-produce", str(path)]) == [f"error: {path}: not valid JSON: NaN is not a number"]
    path.write_text('{"players": ["a"], "cards": ' + "[" * 20 + "]" * 20 + "}")
    assert refused(["could-produce", str(path)]) == [
        f"error: {path}: nested more deeply than {limits.MAX_DEPTH} levels"]
    path.write_text('{"players": ["a"], "cards": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert refused(["could-produce", str(path)]) == [
        f"error: {path}: nested more deeply than {limits.MAX_DEPTH} levels"]


def test_yaml_in_flow_style_starting_like_json_is_still_yaml(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("{players: [a], battlefield: [{id: f, card: Forest, controller: a}]}\n")
    assert run_cli(["could-produce", str(path), "--json"])[:2] == (0, {"f": ["G"]})
    path.write_text('{"players": ["a"],, }')
    [line] = refused(["could-produce", str(path)])
    assert line == (f"error: {path}: not valid JSON (line 1, column 19: Expecting property name enclosed in "
                    "double quotes) nor YAML")


def test_a_json_board_and_its_yaml_twin_are_the_same_snapshot(tmp_path):
    snap = {"players": ["alice", "bob"], "life": {"bob": 7},
            "battlefield": [{"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
                            {"id": "f", "card": "Forest", "controller": "alice", "counters": {"charge": 2}}]}
    assert snapshot.load(write(tmp_path, snap, "s.json")) == snapshot.load(write(tmp_path, snap, "s.yaml"))


# --- limits (pyengine/limits.py): one line naming the limit --------------------------------------

def test_the_limits_are_in_the_help_and_the_docs():
    code, out, _ = run_cli(["--help"])
    assert code == 0
    docs = (ROOT / "docs" / "snapshot-and-cards.md").read_text(encoding="utf-8")
    for line in limits.describe():
        assert line in out, line
        assert line in docs, line
    for value in (limits.MAX_PLAYERS, limits.MAX_PERMANENTS, limits.MAX_NUMBER, limits.MAX_TEXT):
        assert f"{value:,}" in out


def test_ten_thousand_players_are_one_line(tmp_path):
    """10,000 players used to ground opponent/2 over every pair (bad_alloc after 42 s)."""
    snap = {"players": [f"p{i}" for i in range(10_000)]}
    assert refused(["could-produce", write(tmp_path, snap, "s.json")]) == [
        f"error: players: at most {limits.MAX_PLAYERS} players, got 10,000"]


@pytest.mark.parametrize("card, line", [
    ({"mana_cost": "{G}" * 65536, "text": "{T}: Add {G}."},
     f"error: cards[0]: 'mana_cost' is longer than {limits.MAX_NAME} characters"),
    ({"text": "{G}" * 65536 + ": Add {G}."}, f"error: cards[0]: 'text' is longer than {limits.MAX_TEXT} characters")],
    ids=["mana cost", "ability cost"])
def test_a_cost_of_65536_mana_symbols_is_one_line(tmp_path, card, line):
    """A cost of 65,536 {G} made clasp raise "Integer overflow" in `actions`. It is refused at load
    with one line for the one problem: the definition (not "not a run of mana symbols", which it
    is, and no second line calling the card unknown where the permanent and the hand name it)."""
    snap = {"players": ["alice"], "cards": [{"name": "Test Idol", "type": "Artifact", **card}],
            "battlefield": [{"id": "x", "card": "Test Idol", "controller": "alice"}],
            "hand": {"alice": ["Test Idol"]}}
    assert refused(["actions", write(tmp_path, snap, "s.json")]) == [line]


def test_a_refused_definition_does_not_hide_a_bundled_card(tmp_path):
    """Only a name no other card has is silenced: a broken definition of Forest is reported and
    the bundled Forest is still the card (here: a second problem of its own, a duplicate id)."""
    snap = {"players": ["alice"], "cards": [{"name": "Forest", "type": "Land", "mana_cost": "{Q}"}],
            "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"},
                            {"id": "f", "card": "Forest", "controller": "alice"}]}
    lines = refused(["could-produce", write(tmp_path, snap)])
    assert len(lines) == 2 and "'mana_cost'" in lines[0] and lines[1] == "error: battlefield[1] (f): duplicate id 'f'"


def test_the_most_players_are_accepted(tmp_path):
    """At the limit, with a land each, an Exotic Orchard of the last player reflects the first
    player's Forest (106.7: a land an opponent controls)."""
    n = limits.MAX_PLAYERS
    players = [f"p{i}" for i in range(n)]
    snap = {"players": players,
            "battlefield": [{"id": "f", "card": "Forest", "controller": "p0"},
                            {"id": "o", "card": "Exotic Orchard", "controller": players[-1]},
                            {"id": "o0", "card": "Exotic Orchard", "controller": "p0"}]}
    code, answer, err = run_cli(["could-produce", write(tmp_path, snap, "s.json"), "--json"])
    assert code == 0, err
    # p0's own Orchard reflects lands of p0's opponents: only the other Orchard, which reflects
    # p0's Forest: G (the Exotic Orchard ruling's chain)
    assert answer == {"f": ["G"], "o": ["G"], "o0": ["G"]}


def _many(n, make):
    return [make(i) for i in range(n)]


LIMIT_CASES = [
    ("permanents", lambda: {"players": ["a"], "battlefield": _many(
        limits.MAX_PERMANENTS + 1, lambda i: {"id": f"x{i}", "card": "Forest", "controller": "a"})},
     f"battlefield: at most {limits.MAX_PERMANENTS:,} permanents, got {limits.MAX_PERMANENTS + 1:,}"),
    ("cards in a zone", lambda: {"players": ["a"], "library": {"a": ["Forest"] * (limits.MAX_ZONE_CARDS + 1)}},
     f"library[a]: at most {limits.MAX_ZONE_CARDS:,} cards, got {limits.MAX_ZONE_CARDS + 1:,}"),
    ("effects", lambda: {"players": ["a"], "effects": [{"card": "Pale Moon", "controller": "a"}] * (limits.MAX_EFFECTS + 1)},
     f"effects: at most {limits.MAX_EFFECTS:,} effects, got {limits.MAX_EFFECTS + 1:,}"),
    ("targets", lambda: {"players": ["a"], "effects": [{"card": "Pale Moon", "controller": "a",
                                                        "targets": ["a"] * (limits.MAX_TARGETS + 1)}]},
     f"effects[0]: targets: at most {limits.MAX_TARGETS:,} targets, got {limits.MAX_TARGETS + 1:,}"),
    ("card definitions", lambda: {"players": ["a"], "cards": [{}] * (limits.MAX_CARDS + 1)},
     f"cards: at most {limits.MAX_CARDS:,} card definitions, got {limits.MAX_CARDS + 1:,}"),
    ("counter kinds", lambda: {"players": ["a"], "battlefield": [
        {"id": "x", "card": "Forest", "controller": "a",
         "counters": {f"k{i}": 1 for i in range(limits.MAX_COUNTER_KINDS + 1)}}]},
     f"battlefield[0] (x): counters: at most {limits.MAX_COUNTER_KINDS} kinds of counters, got {limits.MAX_COUNTER_KINDS + 1}"),
    ("counter kind name", lambda: {"players": ["a"], "battlefield": [
        {"id": "x", "card": "Forest", "controller": "a", "counters": {"k" * 65: 1}}]},
     f"battlefield[0] (x): counter kind '{'k' * 27}...{'k' * 28}' is longer than {limits.MAX_COUNTER_NAME} characters"),
    ("card name", lambda: {"players": ["a"], "cards": [{"name": "N" * 201, "type": "Land"}]},
     f"cards[0]: 'name' is longer than {limits.MAX_NAME} characters"),
    ("type line", lambda: {"players": ["a"], "cards": [{"name": "N", "type": "Land " * 50}]},
     f"cards[0]: 'type' is longer than {limits.MAX_NAME} characters"),
    ("rules text", lambda: {"players": ["a"], "cards": [{"name": "N", "type": "Land", "text": " " * 100_000}]},
     f"cards[0]: 'text' is longer than {limits.MAX_TEXT} characters"),
    ("face name", lambda: {"players": ["a"], "cards": [{"name": "A // B", "layout": "split", "faces": [
        {"name": "A" * 201, "type": "Instant"}, {"name": "B", "type": "Instant"}]}]},
     f"cards[0], face 1: 'name' is longer than {limits.MAX_NAME} characters"),
    ("counters add up", lambda: {"players": ["a"], "battlefield": [
        {"id": "x", "card": "Grizzly Bears", "controller": "a", "counters": {"+1000/+1000": 1001}}]},
     f"battlefield[0] (x): counters: together they change power or toughness by more than {limits.MAX_NUMBER}"),
    ("one kind spelt two ways adds up", lambda: {"players": ["a"], "battlefield": [
        {"id": "x", "card": "Grizzly Bears", "controller": "a",
         "counters": {"charge": limits.MAX_NUMBER, " Charge ": 1}}]},
     f"battlefield[0] (x): counters['charge']: {limits.MAX_NUMBER + 1} in all is too many (at most {limits.MAX_NUMBER})"),
]


@pytest.mark.parametrize("make,line", [pytest.param(m, l, id=i) for i, m, l in LIMIT_CASES])
def test_each_limit_is_one_line(make, line):
    assert problems(make()) == [line]


def test_a_board_of_the_most_permanents_loads():
    """The project benchmarks boards of 100,000 permanents; the limit is twice that."""
    bf = [{"id": f"x{i}", "card": ("Forest", "Llanowar Elves")[i % 2], "controller": "a"}
          for i in range(limits.MAX_PERMANENTS)]
    s = snapshot.validate({"players": ["a"], "battlefield": bf})
    assert len(s.battlefield) == limits.MAX_PERMANENTS


def test_the_limits_keep_power_sums_inside_the_solver():
    """The bound the KB's power/toughness sums rely on (pyengine/limits.py)."""
    worst = 2 * limits.MAX_NUMBER + (limits.MAX_PERMANENTS + limits.MAX_EFFECTS) * limits.MAX_PT_CHANGE
    assert worst < 2**31


# --- characters no name may contain ---------------------------------------------------------------

def test_a_nul_in_a_card_name_is_refused(tmp_path):
    """clingo cuts strings at NUL: a card "Forest\\0x" tapping for {R} made the real Forest
    answer G and R. It is refused, with one line (the permanent naming it adds none: its
    definition's problem is the one problem)."""
    snap = {"players": ["alice"],
            "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"},
                            {"id": "x", "card": "Forest\x00x", "controller": "alice"}],
            "cards": [{"name": "Forest\x00x", "type": "Land", "text": "{T}: Add {R}."}]}
    assert refused(["could-produce", write(tmp_path, snap, "s.json")]) == [
        "error: cards[0]: 'name': contains the character \\x00 (a control character), "
        "which is not allowed in names and text"]


CHARACTER_CASES = [
    ("card name", {"cards": [{"name": "Elf\u2028Lord", "type": "Creature", "power": 1, "toughness": 1}]},
     "cards[0]: 'name': contains the character \\u2028 (LINE SEPARATOR)"),
    ("face name", {"cards": [{"name": "A // B", "layout": "split", "faces": [
        {"name": "A\x1b[31m", "type": "Instant"}, {"name": "B", "type": "Instant"}]}]},
     "cards[0], face 1: 'name': contains the character \\x1b (a control character)"),
    ("type line", {"cards": [{"name": "N", "type": "Land\x00"}]},
     "cards[0]: 'type': contains the character \\x00"),
    ("rules text", {"cards": [{"name": "N", "type": "Land", "text": "{T}: Add {G}.\r\n{T}: Add {R}."}]},
     "cards[0]: 'text': contains the character \\x0d"),
    ("card name, lone surrogate", {"cards": [{"name": "A\ud800", "type": "Land"}]},
     "cards[0]: 'name': contains the character \\ud800 (a lone surrogate)"),
    ("rules text, bidi override", {"cards": [{"name": "N", "type": "Land", "text": "\u202e{T}: Add {G}."}]},
     "cards[0]: 'text': contains the character \\u202e (RIGHT-TO-LEFT OVERRIDE)"),
    ("counter kind", {"battlefield": [{"id": "x", "card": "Forest", "controller": "alice",
                                       "counters": {"+1/+1\x00": 1}}]},
     "battlefield[0] (x): counter kind '+1/+1\\x00': contains the character \\x00"),
    ("player", {"players": ["al\x00ice"]}, "players[0]: 'al\\x00ice' is not a valid player name"),
    ("id", {"battlefield": [{"id": "x\u2029", "card": "Forest", "controller": "alice"}]},
     "battlefield[0]: 'id' 'x\\u2029' is missing or malformed"),
    # 614.12: a choice made as the permanent entered is a name that reaches clingo as a string
    ("chosen option", {"battlefield": [{"id": "x", "card": "Forest", "controller": "alice",
                                        "chosen": {"option": "Khans\x00"}}]},
     "battlefield[0] (x): chosen: option: contains the character \\x00"),
    ("chosen card name", {"battlefield": [{"id": "x", "card": "Forest", "controller": "alice",
                                           "chosen": {"card_name": "Fores\x00t"}}]},
     "battlefield[0] (x): chosen: card_name: contains the character \\x00"),
]


@pytest.mark.parametrize("extra,start", [pytest.param(e, s, id=i) for i, e, s in CHARACTER_CASES])
def test_control_and_separator_characters_are_refused(extra, start):
    data = dict({"players": ["alice"]}, **extra)
    found = problems(data)
    assert found[0].startswith(start), found
    assert "\n" not in "".join(found)


def test_line_breaks_separate_abilities_in_rules_text():
    card = cardlib.parse_card({"name": "N", "type": "Land", "text": "{T}: Add {G}.\n{T}: Add {R}."})
    assert card.front.text == "{T}: Add {G}.\n{T}: Add {R}."


def test_only_the_allowed_line_break_passes_in_rules_text():
    """Rules text with line breaks is checked without the line breaks: any other forbidden
    character (every one is non-printable, which the quick check relies on) is still found."""
    import sys
    import unicodedata
    from pyengine.untrusted import FORBIDDEN_CATEGORIES, bad_character
    assert not [c for c in map(chr, range(sys.maxunicode + 1))
                if unicodedata.category(c) in FORBIDDEN_CATEGORIES and c.isprintable()]
    assert bad_character("{T}: Add {G}.\n{T}: Add {R}.", allow="\n") is None
    assert bad_character("{T}: Add {G}.\n\u202e{T}: Add {R}.", allow="\n") == "\u202e"
    assert bad_character("{T}: Add {G}.\n{T}: Add {R}.\u2028", allow="\n") == "\u2028"
    assert bad_character("a\nb") == "\n"


# --- wrong types are refused, never read as empty; absent or null is the default ------------------

WRONG_TYPES = [
    ("battlefield", False, "battlefield: must be a list of permanents, got False"),
    ("battlefield", 0, "battlefield: must be a list of permanents, got 0"),
    ("battlefield", "", "battlefield: must be a list of permanents, got ''"),
    ("battlefield", {}, "battlefield: must be a list of permanents, got {}"),
    ("hand", [], "hand: must be a mapping from player to a list of card names, got []"),
    ("library", False, "library: must be a mapping from player to a list of card names, got False"),
    ("cards", {}, "cards: must be a list of card definitions, got {}"),
    ("effects", 0, "effects: must be a list of effects, got 0"),
    ("life", [], "life: must be a mapping from player to life total, got []"),
    ("players", "", "players: must be a non-empty list of player names, got ''"),
]


@pytest.mark.parametrize("key,value,line", WRONG_TYPES)
def test_a_wrong_type_is_refused_not_read_as_empty(key, value, line):
    data = {"players": ["alice"], key: value}
    assert problems(data) == [line]


NESTED_WRONG_TYPES = [
    ({"effects": [{"card": "Pale Moon", "controller": "alice", "targets": ""}]},
     "effects[0]: targets: must be a list of permanent ids or players, got ''"),
    ({"battlefield": [{"id": "x", "card": "Forest", "controller": "alice", "counters": False}]},
     "battlefield[0] (x): counters: must be a mapping such as {\"+1/+1\": 2}, got False"),
    ({"battlefield": [{"id": "x", "card": "Forest", "controller": "alice", "counters": []}]},
     "battlefield[0] (x): counters: must be a mapping such as {\"+1/+1\": 2}, got []"),
    ({"hand": {"alice": ""}}, "hand[alice]: must be a list of card names, got ''"),
    ({"cards": [{"name": "N", "type": "Land", "text": 0}]}, "cards[0]: 'text' must be a string, got 0"),
    ({"cards": [{"name": "N", "type": "Land", "color_indicator": 0}]},
     "cards[0]: 'color_indicator' must be a list of color letters such as [\"G\"] (204.1)"),
    ({"cards": [{"name": "N", "type": "Land", "layout": ""}]},
     "cards[0]: 'layout' must be one of normal, leveler, saga, class, case, prototype, mutate, host, augment, planar, scheme, vanguard, split, aftermath, flip, transform, modal_dfc, meld, adventure, prepare, reversible_card, got ''"),
]


@pytest.mark.parametrize("extra,line", NESTED_WRONG_TYPES)
def test_a_wrong_type_inside_is_refused(extra, line):
    assert problems(dict({"players": ["alice"]}, **extra)) == [line]


def test_null_means_the_default():
    s = snapshot.validate({"players": ["alice"], "active": None, "step": None, "battlefield": None,
                           "hand": None, "library": {"alice": None}, "graveyard": None, "life": {"alice": None},
                           "effects": None, "cards": None})
    assert (s.active, s.step, s.battlefield, s.life, s.effects) == ("alice", "precombat_main", [], {"alice": 20}, [])
    s = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "x", "card": "Forest", "controller": "alice", "owner": None, "tapped": None, "counters": None,
         "attached_to": None, "face_down": None, "exerted_by": None, "x": None, "phased_out": None,
         "controlled_since_turn_start": None}]})
    p = s.permanent("x")
    assert (p.owner, p.tapped, p.counters, p.controlled_since_turn_start) == ("alice", False, {}, True)


# --- cards that are never permanents ---------------------------------------------------------------

PLACEMENT_CASES = [
    ({"battlefield": [{"id": "b", "card": "Lightning Bolt", "controller": "alice"}]},
     "battlefield[0] (b): card 'Lightning Bolt': an instant can't be on the battlefield (CR 304.4)"),
    ({"battlefield": [{"id": "s", "card": "Test Sorcery", "controller": "alice"}],
      "cards": [{"name": "Test Sorcery", "mana_cost": "{R}", "type": "Sorcery", "text": "Draw a card."}]},
     "battlefield[0] (s): card 'Test Sorcery': a sorcery can't be on the battlefield (CR 307.4)"),
    ({"battlefield": [{"id": "tb", "card": "Turn // Burn", "controller": "alice"}]},
     "battlefield[0] (tb): card 'Turn // Burn': an instant can't be on the battlefield (CR 304.4); "
     "a split card has the card types of both halves (CR 709.4c)"),
    ({"battlefield": [{"id": "m", "card": "Test Call // Test Land", "controller": "alice"}],
      "cards": [{"name": "Test Call // Test Land", "layout": "modal_dfc", "faces": [
          {"name": "Test Call", "mana_cost": "{2}{W}", "type": "Sorcery", "text": "Draw a card."},
          {"name": "Test Land", "type": "Land", "text": "{T}: Add {W}."}]}]},
     "battlefield[0] (m): card 'Test Call // Test Land': a sorcery can't be on the battlefield (CR 307.4); "
     "its front face is up on the battlefield (CR 712.8d; a permanent showing its back face is not modelled)"),
]
NONTRADITIONAL = [("Plane — Dominaria", "plane", "311.2"), ("Phenomenon", "phenomenon", "312.2"),
                  ("Vanguard", "vanguard", "313.2"), ("Ongoing Scheme", "scheme", "314.2"),
                  ("Conspiracy", "conspiracy", "315.3"), ("Dungeon", "dungeon", "309.2c")]


@pytest.mark.parametrize("extra,line", PLACEMENT_CASES)
def test_instants_and_sorceries_are_not_permanents(extra, line):
    assert problems(dict({"players": ["alice"]}, **extra)) == [line]


@pytest.mark.parametrize("type_line,word,rule", NONTRADITIONAL)
def test_nontraditional_cards_stay_in_the_command_zone(type_line, word, rule):
    card = {"name": "Test Odd", "type": type_line, "text": "When you encounter this, draw a card."}
    why = (f"a {word} card stays in the command zone and is never a permanent or in a player's hand, "
           f"library or graveyard (CR {rule})")
    assert problems({"players": ["alice"], "cards": [card], "battlefield": [
        {"id": "o", "card": "Test Odd", "controller": "alice", "face_down": "manifest"}]}) == [
        f"battlefield[0] (o): card 'Test Odd': {why}"]
    assert problems({"players": ["alice"], "cards": [card], "library": {"alice": ["Forest", "Test Odd"]}}) == [
        f"library[alice][1]: 'Test Odd': {why}"]
    # the effect of a resolved ability of such a card may still apply (611.2a)
    snapshot.validate({"players": ["alice"], "cards": [card], "effects": [{"card": "Test Odd", "controller": "alice"}]})


def test_a_sticker_sheet_is_not_a_card():
    """123.2: "Sticker sheets are not cards and have no characteristics": the snapshot refuses one
    in every zone, so nothing printed on it (ability stickers that add mana included, 123.7) can
    change an answer: its notes change none (Happy Dead Squirrel's "{TK}{TK} — {T}: Add {C}{C}. ...")."""
    from pyengine.cardlib import parse_card
    from pyengine.compiler import compile_card
    sheet = {"name": "Happy Dead Squirrel", "type": "Stickers",
             "text": "Happy\nDead\n{TK}{TK} — {T}: Add {C}{C}. Spend this mana only to cast noncreature spells."
                     "\n{TK}{TK} — 3/2"}
    why = ("a sticker sheet is not a card (CR 123.2): it is never in a player's hand, library, graveyard or on "
           "the battlefield; stickers on objects (CR 123.3) are not modelled")
    assert problems({"players": ["alice"], "cards": [sheet], "battlefield": [
        {"id": "s", "card": "Happy Dead Squirrel", "controller": "alice"}]}) == [
        f"battlefield[0] (s): card 'Happy Dead Squirrel': {why}"]
    assert problems({"players": ["alice"], "cards": [sheet], "hand": {"alice": ["Happy Dead Squirrel"]}}) == [
        f"hand[alice][0]: 'Happy Dead Squirrel': {why}"]
    compiled = compile_card(parse_card(sheet))
    assert compiled.not_modelled and all(not n.affects and "123.2" in n.reason for n in compiled.not_modelled)
    assert not [f for f in compiled.facts if f[0] in ("card_ability", "mana_option", "card_type")]


def test_a_manifested_instant_is_a_face_down_permanent(tmp_path):
    """701.40g: "If a manifested permanent that's represented by an instant or sorcery card would
    turn face up, its controller reveals it and leaves it face down." Face down it is a 2/2."""
    snap = {"players": ["alice"], "battlefield": [{"id": "fd", "card": "Lightning Bolt", "controller": "alice",
                                                   "face_down": "manifest"}]}
    code, shown, err = run_cli(["show", write(tmp_path, snap), "fd", "--json"])
    assert code == 0, err
    assert (shown["power"], shown["toughness"], shown["types"], shown["face_down"]) == (2, 2, ["Creature"], True)


def test_a_split_card_with_two_faces_of_one_name_is_refused():
    faces = [{"name": "Same", "type": "Instant"}, {"name": "Same", "type": "Sorcery"}]
    assert problems({"players": ["a"], "cards": [{"name": "Same // Same", "layout": "split", "faces": faces}]}) == [
        "cards[0]: both faces are named 'Same'; the faces of a split card have different names"]
    faces = [{"name": "Fire", "type": "Instant"}, {"name": "Ice", "type": "Instant"}]
    assert problems({"players": ["a"], "cards": [{"name": "Fire", "layout": "split", "faces": faces}]}) == [
        "cards[0]: a face has the card's own name 'Fire'; a split card is named after both faces, "
        "such as \"Turn // Burn\""]


# --- counters (122.1a): every +X/+Y kind; one spelling per kind ------------------------------------

def _pt(tmp_path, counters, card="Grizzly Bears"):
    snap = {"players": ["alice"], "battlefield": [{"id": "x", "card": card, "controller": "alice",
                                                   "counters": counters}]}
    code, shown, err = run_cli(["show", write(tmp_path, snap, "s.json"), "x", "--json"])
    assert code == 0, err
    return shown["power"], shown["toughness"]


@pytest.mark.parametrize("counters,pt", [
    ({"+1/+0": 2}, (4, 2)),                  # Grizzly Bears is 2/2
    ({"+0/+1": 1}, (2, 3)),
    ({"-0/-1": 1}, (2, 1)),
    ({"-1/-0": 1}, (1, 2)),
    ({"+2/+2": 1}, (4, 4)),
    ({"+1/+1": 1, "+1/+0": 1, "-0/-1": 1}, (4, 2)),
    ({"charge": 5}, (2, 2)),                 # not a +X/+Y counter: no change (122.1)
])
def test_every_plus_x_plus_y_counter_changes_power_and_toughness(tmp_path, counters, pt):
    """122.1a: "A +X/+Y counter on a creature ... adds X to that object's power and Y to that
    object's toughness. Similarly, -X/-Y counters subtract from power and toughness." """
    assert _pt(tmp_path, counters) == pt


def test_counter_kinds_have_one_spelling_and_add_up():
    """122.1: "Counters with the same name or description are interchangeable." """
    s = snapshot.validate({"players": ["a"], "battlefield": [
        {"id": "x", "card": "Grizzly Bears", "controller": "a",
         "counters": {"+1/+1": 1, " +1/+1 ": 2, "+01/+1": 1, "Charge": 1, "charge ": 2, "double  Strike": 1}}]})
    assert s.permanent("x").counters == {"+1/+1": 4, "charge": 3, "double strike": 1}


@pytest.mark.parametrize("kind", ["1/1", "+1/1", "+x/+x", "+1/+1/+1", "/"])
def test_odd_power_toughness_kinds_are_refused(kind):
    [line] = problems({"players": ["a"], "battlefield": [
        {"id": "x", "card": "Grizzly Bears", "controller": "a", "counters": {kind: 1}}]})
    assert line.startswith(f"battlefield[0] (x): counter kind {kind!r} is not a power/toughness counter")


def test_plus_and_minus_counters_cancel_until_the_state_based_action(tmp_path):
    """122.3 / 704.5q: with two +1/+1 and one -1/-1 counters, one of each is removed as a state-based
    action. Before that the creature is 2/2 + 2 - 1 = 3/3, and after it 2/2 + 1 = 3/3: the same. The
    snapshot keeps the counters it was given, and check --snapshot names the pending action."""
    assert _pt(tmp_path, {"+1/+1": 2, "-1/-1": 1}) == (3, 3)
    snap = {"players": ["alice"], "battlefield": [{"id": "x", "card": "Grizzly Bears", "controller": "alice",
                                                   "counters": {"+1/+1": 2, "-1/-1": 1}}]}
    code, ans, err = run_cli(["check", "--snapshot", write(tmp_path, snap), "--json"])
    assert code == 0, err
    assert {"violation": 'violation(counters_not_annihilated,"x")', "kind": "counters_not_annihilated",
            "cr": ["122.3", "704.5q"]} in ans["violations"]
    snap["battlefield"][0]["counters"] = {"+1/+1": 2, "-1/-0": 1}      # not -1/-1: nothing to remove
    code, ans, _ = run_cli(["check", "--snapshot", write(tmp_path, snap), "--json"])
    assert code == 0 and ans["violations"] == []


# --- numbers in card text are bounded --------------------------------------------------------------

def test_a_huge_anthem_is_not_modelled_not_wrapped(tmp_path):
    """"Creatures you control get +2147483647/+1." made a 2/2 bear's power -2147483647 (a 32-bit
    sum wrapping). The number is beyond MAX_NUMBER: the line is not modelled, and says why."""
    snap = {"players": ["alice"], "battlefield": [{"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
                                                  {"id": "a", "card": "Big Anthem", "controller": "alice"}],
            "cards": [{"name": "Big Anthem", "mana_cost": "{W}", "type": "Enchantment",
                       "text": "Creatures you control get +2147483647/+1."}]}
    code, shown, err = run_cli(["show", write(tmp_path, snap), "bear", "--json"])
    assert code == 0
    assert (shown["power"], shown["toughness"]) == (2, 2)
    assert err == ("note: Big Anthem (line 1) not modelled: Creatures you control get +2147483647/+1. "
                   f"[number 2147483647 is too large (at most {limits.MAX_NUMBER})]\n")


def test_a_cards_power_changes_add_up_to_at_most_the_limit(tmp_path):
    """Each line within MAX_NUMBER, together beyond MAX_PT_CHANGE: the lines that would pass it
    are not modelled. 613.4c: the anthem that is modelled gives +6000/+1."""
    snap = {"players": ["alice"], "battlefield": [{"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
                                                  {"id": "a", "card": "Double Anthem", "controller": "alice"}],
            "cards": [{"name": "Double Anthem", "mana_cost": "{W}", "type": "Enchantment",
                       "text": "Creatures you control get +6000/+1.\nCreatures you control get +6000/+1."}]}
    code, shown, err = run_cli(["show", write(tmp_path, snap), "bear", "--json"])
    assert code == 0
    assert (shown["power"], shown["toughness"]) == (6002, 3)
    assert err == ("note: Double Anthem (line 2) not modelled: Creatures you control get +6000/+1. "
                   f"[the power/toughness changes of this card add up to more than {limits.MAX_PT_CHANGE}]\n")


def test_unicode_digits_in_card_text_are_not_numbers():
    card = cardlib.parse_card({"name": "N", "type": "Enchantment — Aura",
                               "text": "Enchant creature\nEnchanted creature gets +\u0663/+1."})
    c = compile_card(card)
    assert [n.line for n in c.not_modelled] == [2]


# --- reminder text is removed in one linear pass ---------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("a (b (c) d) e", "a e"),
    ("Flying (reminder)", "Flying"),
    ("a (unclosed", "a (unclosed"),
    ("a) b (c)", "a) b"),
    ("(" * 20_000 + ")" * 20_000 + "Haste", "Haste"),
    ("Haste" + " " * 100_000 + "(x)", "Haste"),
    ("x" + " (" * 50_000, "x" + " (" * 50_000),
])
def test_reminder_text_is_removed(text, expected):
    """Balanced parentheses (nested ones too) are reminder text, removed with the space before them."""
    assert strip_reminders(text).strip() == expected


def test_deep_reminder_text_compiles():
    card = cardlib.Card("N", "normal", (cardlib.Face("N", None, "Creature", "1", "1",
                                                     "Flying " + "(" * 20_000 + "x" + ")" * 20_000),))
    c = compile_card(card)
    assert c.not_modelled == [] and ("keyword", c.facts[-1][1], c.facts[-1][2]) == c.facts[-1]
    assert str(c.facts[-1][2]) == "flying"


# --- --strict holds for every command that reads a snapshot ----------------------------------------

STRICT_SNAP = {"players": ["alice", "bob"], "active": "alice",
               "battlefield": [{"id": "forest", "card": "Forest", "controller": "alice"},
                               {"id": "relic", "card": "Odd Relic", "controller": "bob"}],
               "hand": {"alice": ["Grizzly Bears"]},
               "cards": [{"name": "Odd Relic", "mana_cost": "{2}", "type": "Artifact",
                          "text": "Frobnicate the widget."}]}
SNAPSHOT_COMMANDS = [
    ["could-produce", "SNAP"], ["produce", "SNAP", "forest"], ["actions", "SNAP"], ["show", "SNAP", "forest"],
    ["untap", "SNAP", "alice"], ["cast-free", "SNAP", "Grizzly Bears", "--player", "alice"],
    ["apply", "SNAP", "untap_step", "bob"], ["explain", "SNAP", 'could_produce("forest",g)'],
    ["check", "--snapshot", "SNAP"], ["pay", "SNAP", "{G}", "--player", "alice"],
]


@pytest.mark.parametrize("command", SNAPSHOT_COMMANDS, ids=lambda c: c[0])
def test_strict_refuses_on_every_command_that_reads_a_snapshot(tmp_path, command):
    """Odd Relic's line is not understood, so it could change any answer; --strict must refuse,
    whatever the command."""
    snap = write(tmp_path, STRICT_SNAP)
    args = [snap if a == "SNAP" else a for a in command]
    code, out, err = run_cli(["--strict"] + args)
    assert (code, out) == (3, ""), err
    assert err.splitlines() == [
        "note: Odd Relic (line 1) not modelled: Frobnicate the widget. "
        "[not understood at 'the' (position 11)]",
        "error: --strict: the answer could depend on the card text above, which is not modelled"]
    code, out, err = run_cli(args)                      # without --strict: an answer and the note
    assert code == 0 and out, err
    assert "note: Odd Relic (line 1) not modelled" in err


@pytest.mark.parametrize("command", SNAPSHOT_COMMANDS, ids=lambda c: c[0])
def test_strict_refuses_exactly_when_a_note_could_change_the_answer(tmp_path, command):
    """Contamination's upkeep trigger is not modelled, and it could change only what happens when
    an action is performed (603.2: it triggers at bob's upkeep): --strict refuses apply (and
    explain and check, which print every note) and answers every other command, with no note."""
    snap = dict(STRICT_SNAP, battlefield=[{"id": "forest", "card": "Forest", "controller": "alice"},
                                          {"id": "c", "card": "Contamination", "controller": "bob"}])
    args = [write(tmp_path, snap) if a == "SNAP" else a for a in command]
    code, out, err = run_cli(["--strict"] + args)
    if command[0] in ("apply", "explain", "check"):
        assert (code, out) == (3, ""), err
        assert err.splitlines()[0] == ("note: Contamination (line 1) not modelled: At the beginning of "
                                       "your upkeep, sacrifice Contamination unless you sacrifice a creature.")
    else:
        assert code == 0 and out and "note:" not in err, err


NO_SNAPSHOT = {"coverage", "cards", "import", "sweep"}   # commands that read no snapshot
# `batch` reads many and answers each with the status it would have had: --strict is checked per
# input by tests/test_batch.py::test_strict_applies_to_every_input
STRICT_ELSEWHERE = {"batch"}


def test_every_snapshot_command_is_in_the_strict_test():
    """A new command must be added to SNAPSHOT_COMMANDS above if it reads a snapshot, else to
    NO_SNAPSHOT: --strict has to be checked on every command that reads one."""
    tested = {c[0] for c in SNAPSHOT_COMMANDS}
    assert set(main.list_commands(None)) - tested == NO_SNAPSHOT | STRICT_ELSEWHERE


# --- apply dies: an Aura on an Aura on the dying creature ------------------------------------------

def test_dies_takes_a_chain_of_auras_with_it(tmp_path):
    """704.5m: "If an Aura is attached to an illegal object or player, or is not attached to an object
    or player, that Aura is put into its owner's graveyard." The creature dies; the Aura on it is
    then attached to nothing, and goes; the Aura on that Aura follows (704.3: the check repeats).
    An Equipment on the first Aura becomes unattached (704.5n) and stays."""
    snap = {"players": ["alice", "bob"], "battlefield": [
        {"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "a1", "card": "Test Aura E", "controller": "alice", "attached_to": "bear"},
        {"id": "a2", "card": "Test Aura E", "controller": "bob", "attached_to": "a1"},
        {"id": "mantle", "card": "Umbral Mantle", "controller": "alice", "attached_to": "a1"}],
        "cards": [{"name": "Test Aura E", "mana_cost": "{W}", "type": "Enchantment — Aura",
                   "text": "Enchant permanent"}]}
    code, ans, err = run_cli(["apply", write(tmp_path, snap), "dies", "bear", "--json"])
    assert code == 0, err
    assert ans["events"] == [
        {"event": "dies", "permanent": "bear", "card": "Grizzly Bears", "owner": "alice", "rule": "700.4"},
        {"event": "put_into_graveyard", "permanent": "a1", "card": "Test Aura E", "rule": "704.5m",
         "reason": "its enchanted permanent bear left the battlefield"},
        {"event": "put_into_graveyard", "permanent": "a2", "card": "Test Aura E", "rule": "704.5m",
         "reason": "its enchanted permanent a1 left the battlefield"},
        {"event": "unattached", "permanent": "mantle", "from": "a1", "rule": "704.5n"}]
    new = ans["snapshot"]
    assert [p["id"] for p in new["battlefield"]] == ["mantle"] and "attached_to" not in new["battlefield"][0]
    assert new["graveyard"] == {"alice": ["Grizzly Bears", "Test Aura E"], "bob": ["Test Aura E"]}


# --- every message is one line, whatever it quotes -------------------------------------------------

def test_a_forged_error_line_stays_inside_its_own_line(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"players": ["alice"], "a\nerror: forged": 1,
                                "cards": [{"name": "C", "type": "Land", "b\nerror: forged": 1}],
                                "hand": {"alice": ["x\nerror: forged", "y\u2028error: forged"]}}))
    lines = refused(["could-produce", str(path)])
    assert lines == [
        "error: snapshot: unknown key 'a\\nerror: forged'; allowed keys: players, active, step, priority, "
        "battlefield, hand, library, graveyard, life, lands_played, mana_pool, stack, effects, cards, "
        "commander_identity, initiative, dungeons_completed, speed, life_lost_this_turn, life_gained_this_turn, "
        "cards_drawn_this_turn, left_battlefield_this_turn, attacked_this_turn, spells_cast_this_turn, monarch, "
        "command",
        "error: cards[0]: unknown key(s) 'b\\nerror: forged'; allowed: color_indicator, defense, faces, "
        "layout, loyalty, mana_cost, name, power, text, toughness, type",
        "error: hand[alice][0]: unknown card 'x\\nerror: forged'; define it under 'cards:' "
        "(or build a card database: mtgkb cards import --help)",
        "error: hand[alice][1]: unknown card 'y\\u2028error: forged'; define it under 'cards:' "
        "(or build a card database: mtgkb cards import --help)"]


@pytest.mark.parametrize("args", [
    ["show", "examples/basic-lands.yaml", "a\nerror: forged"],
    ["untap", "examples/basic-lands.yaml", "a\u2028error: forged"],
    ["a\nerror: forged"],
    ["could-produce", "examples/basic-lands.yaml", "--bogus\nerror: forged"],
    ["could-produce", "no-such\nerror: forged.yaml"],
])
def test_values_on_the_command_line_are_escaped_too(args):
    code, out, err = run_cli([str(ROOT / a) if a.startswith("examples/") else a for a in args])
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and "\u2028" not in err, err


def test_mtgkb_alone_prints_the_help():
    """Without a command, mtgkb prints its help, as --help does (exit 0)."""
    code, out, err = run_cli([])
    assert code == 0 and err == ""
    assert out == run_cli(["--help"])[1]
