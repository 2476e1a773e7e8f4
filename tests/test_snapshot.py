"""The snapshot loader (DESIGN.md, "The snapshot"): every validation error, bad files through the
CLI, and the round trip of ``Snapshot.to_dict()``.

The contract: "Bad input never produces a traceback: the CLI exits with status 2 and one clear
line per problem (which key, which permanent, what was expected), and nothing is half-applied."
"""

import copy
import json
from pathlib import Path
import subprocess
import sys

import pytest

from helpers import problems, run_cli
from pyengine import limits, snapshot
from pyengine.errors import InputError

ROOT = Path(__file__).resolve().parent.parent


def base():
    """A small valid snapshot; each case breaks one thing in a copy of it."""
    return {"players": ["alice", "bob"],
            "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"},
                            {"id": "bear", "card": "Grizzly Bears", "controller": "bob"}]}


def perm(**kw):
    return dict({"id": "x", "card": "Island", "controller": "alice"}, **kw)


def with_perm(**kw):
    d = base()
    d["battlefield"].append(perm(**kw))
    return d


def with_top(**kw):
    d = base()
    d.update(kw)
    return d


# (case id, snapshot, words that the single problem line must contain: the key and the permanent)
CASES = [
    ("unknown card", with_perm(card="Black Lotus"), ["battlefield[2] (x)", "card", "unknown card 'Black Lotus'"]),
    ("misspelt card", with_perm(card="Islnd"), ["battlefield[2] (x)", "unknown card 'Islnd'; did you mean 'Island'?"]),
    ("card not a string", with_perm(card=["Island"]), ["battlefield[2] (x)", "unknown card"]),
    ("missing card", {"players": ["alice"], "battlefield": [{"id": "x", "controller": "alice"}]},
     ["battlefield[0] (x)", "'card' is required"]),
    ("missing controller", {"players": ["alice"], "battlefield": [{"id": "x", "card": "Island"}]},
     ["battlefield[0] (x)", "'controller' is required"]),
    ("duplicate id", with_perm(id="f"), ["battlefield[2] (f)", "duplicate id 'f'"]),
    ("missing id", {"players": ["alice"], "battlefield": [{"card": "Island", "controller": "alice"}]},
     ["battlefield[0]", "'id'", "missing or malformed"]),
    ("id with a space", with_perm(id="a b"), ["battlefield[2]", "'id' 'a b'", "malformed"]),
    ("empty id", with_perm(id=""), ["battlefield[2]", "'id' ''", "malformed"]),
    ("id a number", with_perm(id=7), ["battlefield[2]", "'id' 7", "malformed"]),
    ("id too long", with_perm(id="x" * 65), ["battlefield[2]", "malformed", "at most 64"]),
    ("id with trailing newline", with_perm(id="x\n"), ["battlefield[2]", "'id' 'x\\n'", "malformed"]),
    ("id with ASP text", with_perm(id="x). #false :- ."), ["battlefield[2]", "malformed"]),
    ("unknown controller", with_perm(controller="carol"), ["battlefield[2] (x)", "controller", "unknown player 'carol'"]),
    ("unknown owner", with_perm(owner="carol"), ["battlefield[2] (x)", "owner", "unknown player 'carol'"]),
    ("unknown exerted_by", with_perm(exerted_by="carol"), ["battlefield[2] (x)", "exerted_by", "unknown player 'carol'"]),
    ("unknown active", with_top(active="carol"), ["active", "unknown player 'carol'"]),
    ("unknown effect controller", with_top(effects=[{"card": "Lightning Bolt", "controller": "carol"}]),
     ["effects[0]", "controller", "unknown player 'carol'"]),
    ("unknown effect card", with_top(effects=[{"card": "Nope", "controller": "alice"}]),
     ["effects[0]", "card", "unknown card 'Nope'"]),
    ("effect target nowhere", with_top(effects=[{"card": "Lightning Bolt", "controller": "alice", "targets": ["zz"]}]),
     ["effects[0]", "target 'zz'"]),
    ("effect targets not a list", with_top(effects=[{"card": "Lightning Bolt", "controller": "alice", "targets": "f"}]),
     ["effects[0]", "targets: must be a list"]),
    ("effect without card", with_top(effects=[{"controller": "alice"}]), ["effects[0]", "'card' is required"]),
    ("effect without controller", with_top(effects=[{"card": "Pale Moon"}]), ["effects[0]", "'controller' is required"]),
    ("effect not a mapping", with_top(effects=["Lightning Bolt"]), ["effects[0]", "expected a mapping"]),
    ("effects not a list", with_top(effects={"card": "Lightning Bolt"}), ["effects", "must be a list"]),
    ("unknown player in hand", with_top(hand={"carol": ["Island"]}), ["hand", "unknown player 'carol'"]),
    ("unknown player in library", with_top(library={"carol": []}), ["library", "unknown player 'carol'"]),
    ("unknown player in graveyard", with_top(graveyard={"carol": []}), ["graveyard", "unknown player 'carol'"]),
    ("unknown card in hand", with_top(hand={"alice": ["Island", "Nope"]}), ["hand[alice][1]", "unknown card 'Nope'"]),
    ("hand not a mapping", with_top(hand=["Island"]), ["hand", "must be a mapping"]),
    ("hand cards not a list", with_top(hand={"alice": "Island"}), ["hand[alice]", "must be a list"]),
    ("unknown player in life", with_top(life={"carol": 20}), ["life", "unknown player 'carol'"]),
    ("life not a number", with_top(life={"alice": "20"}), ["life[alice]", "whole number", "'20'"]),
    ("life a float", with_top(life={"alice": 2.5}), ["life[alice]", "whole number"]),
    ("life not a mapping", with_top(life=[20, 20]), ["life", "must be a mapping"]),
    ("attached_to nowhere", with_perm(attached_to="ghost"), ["battlefield[2] (x)", "attached_to 'ghost'", "not a permanent"]),
    ("attached_to itself", with_perm(attached_to="x"), ["battlefield[2] (x)", "attached_to", "itself"]),
    ("attached_to not a string", with_perm(attached_to=3), ["battlefield[2] (x)", "attached_to must be a permanent id"]),
    ("bad step", with_top(step="second_main"), ["step", "'second_main'", "precombat_main"]),
    ("step not a string", with_top(step=["upkeep"]), ["step", "is not a step"]),
    ("bad face_down", with_perm(face_down="morphed"), ["battlefield[2] (x)", "face_down 'morphed'", "manifest"]),
    ("face_down true", with_perm(face_down=True), ["battlefield[2] (x)", "face_down True"]),
    ("tapped: 3", with_perm(tapped=3), ["battlefield[2] (x)", "'tapped' must be true or false, got 3"]),
    ("tapped: 'yes'", with_perm(tapped="yes"), ["battlefield[2] (x)", "'tapped'", "'yes'"]),
    ("controlled_since_turn_start not a bool", with_perm(controlled_since_turn_start="no"),
     ["battlefield[2] (x)", "'controlled_since_turn_start' must be true or false"]),
    ("phased_out not a bool", with_perm(phased_out=1), ["battlefield[2] (x)", "'phased_out' must be true or false"]),
    ("counters a list", with_perm(counters=[1]), ["battlefield[2] (x)", "counters: must be a mapping"]),
    ("counters a string", with_perm(counters="+1/+1"), ["battlefield[2] (x)", "counters: must be a mapping"]),
    ("counter kind not a name", with_perm(counters={5: 1}), ["battlefield[2] (x)", "counter kind 5"]),
    ("counter count not a number", with_perm(counters={"+1/+1": "two"}), ["battlefield[2] (x)", "counters['+1/+1']", "'two'"]),
    ("counter count a bool", with_perm(counters={"+1/+1": True}), ["battlefield[2] (x)", "counters['+1/+1']", "True"]),
    ("negative counters", with_perm(counters={"+1/+1": -1}), ["battlefield[2] (x)", "counters['+1/+1']", "must not be negative"]),
    ("negative x", with_perm(x=-2), ["battlefield[2] (x)", "x", "must not be negative"]),
    ("x not a number", with_perm(x="3"), ["battlefield[2] (x)", "x", "whole number"]),
    ("huge counters", with_perm(counters={"+1/+1": 10 ** 30}), ["battlefield[2] (x)", "counters['+1/+1']", "too large"]),
    ("huge x", with_perm(x=10 ** 30), ["battlefield[2] (x)", "x:", "too large"]),
    ("huge life", with_top(life={"alice": -(10 ** 30)}), ["life[alice]", "whole number between"]),
    ("huge power in a card", with_top(cards=[{"name": "Big", "type": "Creature", "power": 10 ** 30, "toughness": 1}]),
     ["cards[0]", "'power' must be a whole number between -1000000 and 1000000"]),
    ("huge power string in a card", with_top(cards=[{"name": "Big", "type": "Creature", "power": "9" * 5000, "toughness": 1}]),
     ["cards[0]", "'power' must be a whole number"]),
    ("unicode digits as power", with_top(cards=[{"name": "Big", "type": "Creature", "power": "²", "toughness": 1}]),
     ["cards[0]", "'power'"]),
    ("a number too long to print", with_top(life={"alice": 10 ** 5000}), ["life[alice]", "<a very large number>"]),
    ("unknown top-level key", with_top(battlefeild=[]), ["snapshot", "unknown key 'battlefeild'"]),
    ("unknown permanent key", with_perm(taped=True), ["battlefield[2] (x)", "unknown key 'taped'"]),
    ("unknown effect key", with_top(effects=[{"card": "Lightning Bolt", "controller": "alice", "target": ["f"]}]),
     ["effects[0]", "unknown key 'target'"]),
    ("unknown card key", with_top(cards=[{"name": "C", "type": "Land", "txt": ""}]), ["cards[0]", "unknown key(s) 'txt'"]),
    ("players missing", {"battlefield": []}, ["players", "required"]),
    ("players a string", {"players": "alice"}, ["players", "non-empty list"]),
    ("players empty", {"players": []}, ["players", "non-empty list"]),
    ("player name malformed", {"players": ["alice", "bo b"]}, ["players[1]", "'bo b'", "not a valid player name"]),
    ("player name with ASP text", {"players": ["x). #false :- ."]}, ["players[0]", "not a valid player name"]),
    ("player twice", {"players": ["alice", "alice"]}, ["players[1]", "listed twice"]),
    ("battlefield a mapping", with_top(battlefield={"f": "Forest"}), ["battlefield", "must be a list"]),
    ("permanent not a mapping", with_top(battlefield=["Forest"]), ["battlefield[0]", "expected a mapping"]),
    ("cards not a list", with_top(cards={"name": "C"}), ["cards", "must be a list"]),
    ("card without type", with_top(cards=[{"name": "C", "text": ""}]), ["cards[0]", "'type'"]),
    ("card without name", with_top(cards=[{"type": "Land"}]), ["cards[0]", "'name'"]),
    ("card bad layout", with_top(cards=[{"name": "C", "type": "Land", "layout": "token"}]), ["cards[0]", "'layout'"]),
    ("split card with one face", with_top(cards=[{"name": "A // B", "layout": "split",
                                                   "faces": [{"name": "A", "type": "Instant"}]}]),
     ["cards[0]", "exactly two faces"]),
    ("card text not a string", with_top(cards=[{"name": "C", "type": "Land", "text": ["x"]}]), ["cards[0]", "'text'"]),
    ("card power malformed", with_top(cards=[{"name": "C", "type": "Creature", "power": "2\n", "toughness": 1}]),
     ["cards[0]", "'power'"]),
    ("card defined twice", with_top(cards=[{"name": "C", "type": "Land"}, {"name": "C", "type": "Land"}]),
     ["cards[1]", "'C' is defined twice"]),
    ("card redefines a bundled card", with_top(cards=[{"name": "Forest", "type": "Land", "text": "{T}: Add {B}."}]),
     ["cards[0]", "'Forest' is already in the bundled library"]),
    ("card face takes a bundled face name", with_top(cards=[{"name": "Turn", "type": "Instant"}]),
     ["cards[0]", "'Turn' is already used by card 'Turn // Burn'"]),
]


@pytest.mark.parametrize("data,words", [pytest.param(d, w, id=i) for i, d, w in CASES])
def test_each_problem_is_one_clear_line(data, words):
    found = problems(data)
    assert len(found) == 1, found
    for w in words:
        assert w in found[0], (w, found[0])


def test_every_problem_is_reported_at_once():
    d = base()
    d["battlefield"] += [perm(id="x1", card="Nope"), perm(id="x2", tapped=3),
                         perm(id="x3", counters={"+1/+1": -1})]
    found = problems(d)
    assert len(found) == 3, found
    assert [f.split(":")[0] for f in found] == ["battlefield[2] (x1)", "battlefield[3] (x2)", "battlefield[4] (x3)"]


def test_several_problems_of_one_permanent():
    found = problems(with_perm(card="Nope", controller="carol", tapped="no"))
    assert len(found) == 3 and all(f.startswith("battlefield[2] (x)") for f in found), found


def test_problem_lines_are_bounded():
    """A 'billion laughs' document (aliases multiplying a list) must not print gigabytes: each
    value is shown shortened, and after 50 problems one line says how many more there were."""
    laughs = ["lol"] * 9
    for _ in range(8):
        laughs = [laughs] * 9
    found = problems({"players": [laughs]})
    assert len(found) == 1 and len(found[0]) < 200
    found = problems({"players": ["alice"], "hand": {"alice": [f"Nope{i}" for i in range(500)]}})
    assert len(found) == limits.MAX_PROBLEMS + 1
    assert found[-1] == f"... and {500 - limits.MAX_PROBLEMS} more problems"


def test_many_unknown_cards_are_reported_quickly():
    """10,000 misspelt names (the most a zone may hold): 50 lines and a count; the 'did you mean'
    search stops with the lines."""
    n = limits.MAX_ZONE_CARDS
    found = problems({"players": ["alice"], "hand": {"alice": [f"Islnd{i}" for i in range(n)]}})
    assert found[0] == "hand[alice][0]: unknown card 'Islnd0'; did you mean 'Island'?"
    assert found[-1] == f"... and {n - limits.MAX_PROBLEMS} more problems"


def test_defaults():
    s = snapshot.validate({"players": ["alice", "bob"], "battlefield": [perm()]})
    assert (s.active, s.step, s.life) == ("alice", "precombat_main", {"alice": 20, "bob": 20})
    p = s.permanent("x")
    assert (p.owner, p.tapped, p.controlled_since_turn_start, p.counters, p.attached_to,
            p.face_down, p.exerted_by, p.x, p.phased_out) == ("alice", False, True, {}, None, None, None, None, False)
    assert s.hand == {"alice": [], "bob": []} and s.effects == []


def test_zero_counters_are_no_counters():
    assert snapshot.validate(with_perm(counters={"+1/+1": 0})).permanent("x").counters == {}


def test_a_verbatim_copy_of_a_bundled_card_is_accepted():
    forest = {"name": "Forest", "mana_cost": None, "type": "Basic Land — Forest", "text": "({T}: Add {G}.)"}
    snapshot.validate(with_top(cards=[forest]))


def full():
    """A snapshot that uses every key of the format."""
    return {
        "players": ["alice", "bob"], "active": "bob", "step": "declare_attackers",
        "battlefield": [
            {"id": "elf", "card": "Test Elf", "controller": "alice", "owner": "bob", "tapped": True,
             "controlled_since_turn_start": False, "counters": {"+1/+1": 2, "charge": 1},
             "exerted_by": "alice", "x": 0},
            {"id": "mantle", "card": "Umbral Mantle", "controller": "alice", "attached_to": "elf"},
            {"id": "fd", "card": "Llanowar Elves", "controller": "bob", "face_down": "manifest",
             "phased_out": True, "x": 3}],
        "hand": {"alice": ["Grizzly Bears", "Turn // Burn"]},
        "library": {"alice": ["Grizzly Bears", "Forest"], "bob": ["Island"]},
        "graveyard": {"bob": ["Lightning Bolt"]},
        "life": {"alice": 7, "bob": -3},
        "effects": [{"card": "Pale Moon", "controller": "alice", "targets": ["elf", "bob"]}],
        "cards": [{"name": "Test Elf", "mana_cost": "{G}", "type": "Creature — Elf", "power": 1,
                   "toughness": 1, "text": "{T}: Add {G}."}],
    }


def test_round_trip():
    s = snapshot.validate(full())
    d = s.to_dict()
    again = snapshot.validate(d)
    assert again == s
    assert again.to_dict() == d
    assert json.loads(json.dumps(d)) == d               # plain data, as JSON
    src = full()                                        # nothing the input said is lost
    for k in ("players", "active", "step", "hand", "library", "graveyard", "life", "effects", "cards"):
        assert d[k] == src[k], k
    for given, back in zip(src["battlefield"], d["battlefield"]):
        assert back == dict({"owner": given["controller"], "tapped": False,   # defaults made explicit
                             "controlled_since_turn_start": True}, **given)


def test_to_dict_does_not_share_state():
    s = snapshot.validate(full())
    d = s.to_dict()
    d["cards"][0]["text"] = "changed"
    d["battlefield"][0]["counters"]["+1/+1"] = 9
    assert snapshot.validate(s.to_dict()) == s


def test_validate_does_not_modify_its_input():
    data = full()
    before = copy.deepcopy(data)
    snapshot.validate(data)
    assert data == before


# --- files through the CLI: exit 2, "error:" lines on stderr, nothing on stdout, no traceback ---

def _bad_file_cases(tmp):
    junk = bytes(range(256)) * 12
    laughs = "a: &a [" + ",".join(['"lol"'] * 9) + "]\n" + "".join(
        f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    cases = {
        "binary": junk,
        "empty": b"",
        "only-whitespace": b"  \n\n\t\n",
        "a-list": b"- players: [alice]\n",
        "a-string": b"just some words\n",
        "a-number": b"42\n",
        "yaml-syntax": b"players: [alice\nbattlefield: {\n",
        "bad-indent": b"players:\n  - alice\n - bob\n",
        "duplicate-key": b"players: [alice]\nplayers: [bob]\n",
        "python-tag": b"players: !!python/object/apply:os.system ['echo hi']\n",
        "nul-bytes": b"players: [alice]\x00\n",
        "latin-1": "players: [andr\xe9]\n".encode("latin-1"),
        "deep-lists": b"players: " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "deep-mappings": b"players: " + b"{a: " * 5000 + b"1" + b"}" * 5000 + b"\n",
        "deep-json": b'{"players": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "billion-laughs": laughs.encode() + b"players: [*i]\n",
        "junk-10mb": (b"}{ ][ :,!&*?|>'\"%@`" * 600_000)[:10_000_000],
        "invalid-snapshot": b"players: [alice]\nbattlefield: [{id: a, card: Nope, controller: bob}]\n",
    }
    paths = {}
    for name, data in cases.items():
        paths[name] = tmp / f"{name}.yaml"
        paths[name].write_bytes(data)
    paths["missing"] = tmp / "no-such-file.yaml"
    paths["directory"] = tmp
    return paths


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory):
    return _bad_file_cases(tmp_path_factory.mktemp("bad"))


BAD_NAMES = ["binary", "empty", "only-whitespace", "a-list", "a-string", "a-number", "yaml-syntax",
             "bad-indent", "duplicate-key", "python-tag", "nul-bytes", "latin-1", "deep-lists",
             "deep-mappings", "deep-json", "billion-laughs", "junk-10mb", "invalid-snapshot",
             "missing", "directory"]


@pytest.mark.parametrize("name", BAD_NAMES)
@pytest.mark.parametrize("command", [["could-produce", "--json"], ["show", "f"]])
def test_bad_files_exit_2_with_error_lines(bad_files, name, command):
    code, out, err = run_cli([command[0], str(bad_files[name])] + command[1:])
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), err
    assert len(err) < 20_000
    assert "Traceback" not in err


def test_bad_files_in_a_real_process(bad_files):
    """The same through a real interpreter (stdin as bytes, no click test runner in between)."""
    for name in ("binary", "deep-lists", "billion-laughs", "missing"):
        r = subprocess.run([sys.executable, "-m", "pyengine", "could-produce", str(bad_files[name])],
                           cwd=ROOT, capture_output=True)
        assert r.returncode == 2 and r.stdout == b"", name
        assert r.stderr.startswith(b"error: ") and b"Traceback" not in r.stderr, (name, r.stderr[:300])
    r = subprocess.run([sys.executable, "-m", "pyengine", "could-produce", "-"], cwd=ROOT,
                       input=bytes(range(256)), capture_output=True)
    assert r.returncode == 2 and r.stdout == b"" and r.stderr.startswith(b"error: <stdin>: ")


def test_file_problems_name_the_file_and_the_place(bad_files):
    _, _, err = run_cli(["could-produce", str(bad_files["yaml-syntax"])])
    assert str(bad_files["yaml-syntax"]) in err and "line 2" in err
    _, _, err = run_cli(["could-produce", str(bad_files["invalid-snapshot"])])
    assert err.splitlines() == [
        "error: battlefield[0] (a): card: unknown card 'Nope'; define it under 'cards:' "
        "(or build a card database: mtgkb cards import --help)",
        "error: battlefield[0] (a): controller: unknown player 'bob'; players are alice"]


def test_json_snapshots_are_read_too(tmp_path):
    path = tmp_path / "snap.json"
    path.write_text(json.dumps({"players": ["alice"], "battlefield": [perm()]}), encoding="utf-8")
    assert run_cli(["could-produce", str(path), "--json"])[:2] == (0, {"x": ["U"]})


def test_oversized_stdin_is_refused(monkeypatch):
    monkeypatch.setattr(limits, "MAX_BYTES", 50)
    code, out, err = run_cli(["could-produce", "-"], input="players: [alice]\n" + "#" * 100)
    assert (code, out, err) == (2, "", "error: <stdin>: input is larger than 50 bytes\n")


def test_oversized_file_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"players: [alice]\n" + b"#" * 100)
    monkeypatch.setattr(limits, "MAX_BYTES", 50)
    with pytest.raises(InputError, match="larger than 50 bytes"):
        snapshot.load(path)


# --- names never become program text (DESIGN.md: "a card or permanent name must never be able to
# inject ASP code"); ids and players are restricted to letters, digits, '_' and '-' (see CASES) ---

STRANGE_NAMES = ["x). #false :- .", 'Quote"d \\ back\\slash', "Nämé ☃ 名前", "a\" ). p(1", "%* not a comment",
                 "#show.", "X :- not X.", "ends with backslash \\"]


@pytest.mark.parametrize("name", STRANGE_NAMES)
def test_strange_card_names_are_plain_names(tmp_path, name):
    """106.7 and the Exotic Orchard ruling: with a Forest and a land of this card ({T}: Add {R})
    under alice, bob's Exotic Orchard could produce G and R; the card's own ability works; the
    odd name changes nothing else."""
    snap = {"players": ["alice", "bob"],
            "battlefield": [{"id": "forest", "card": "Forest", "controller": "alice"},
                            {"id": "odd", "card": name, "controller": "alice"},
                            {"id": "orchard", "card": "Exotic Orchard", "controller": "bob"}],
            "cards": [{"name": name, "type": "Land", "text": "{T}: Add {R}."}]}
    path = tmp_path / "snap.json"
    path.write_text(json.dumps(snap), encoding="utf-8")
    code, answer, err = run_cli(["could-produce", str(path), "--json"])
    assert (code, err) == (0, "")
    assert answer == {"forest": ["G"], "odd": ["R"], "orchard": ["G", "R"]}
    code, shown, _ = run_cli(["show", str(path), "odd", "--json"])
    assert code == 0 and shown["name"] == name and shown["types"] == ["Land"]
    assert shown["abilities"] == ["{T}: Add {R}."]


def test_a_strange_name_refers_to_itself_in_its_text(tmp_path):
    """The card's own name in its text is 'this permanent' (201.5): a cost 'Sacrifice <name>'."""
    name = "x). #false :- ."
    snap = {"players": ["alice"], "battlefield": [{"id": "odd", "card": name, "controller": "alice"}],
            "cards": [{"name": name, "type": "Artifact", "text": f"Sacrifice {name}: Add {{B}}."}]}
    path = tmp_path / "snap.json"
    path.write_text(json.dumps(snap), encoding="utf-8")
    assert run_cli(["could-produce", str(path), "--json"])[:2] == (0, {"odd": ["B"]})


def test_a_strange_name_in_hand_and_effects_changes_nothing(tmp_path):
    base_snap = {"players": ["alice", "bob"],
                 "battlefield": [{"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
                                 {"id": "plains", "card": "Plains", "controller": "alice"}]}
    odd = dict(base_snap, hand={"alice": ["x). #false :- ."]}, library={"bob": ['"']},
               effects=[{"card": "x). #false :- .", "controller": "bob"}],
               cards=[{"name": "x). #false :- .", "type": "Instant", "text": "#false :- ."},
                      {"name": '"', "type": "Sorcery", "text": ":- not p."}])
    answers = []
    for i, snap in enumerate((base_snap, odd)):
        path = tmp_path / f"s{i}.json"
        path.write_text(json.dumps(snap), encoding="utf-8")
        code, answer, _ = run_cli(["could-produce", str(path), "--json"])
        assert code == 0
        answers.append(answer)
    assert answers[0] == answers[1] == {"plains": ["W"], "pool": ["W"]}


def test_split_card_top_level_keys():
    """A split card's cost, type and text belong to its faces; anything else at the top is a typo."""
    found = problems(with_top(cards=[{"name": "A // B", "layout": "split", "text": "oops", "faces": [
        {"name": "A", "type": "Instant"}, {"name": "B", "type": "Sorcery"}]}]))
    assert found == ["cards[0]: unknown key(s) 'text' for layout split; a split or double-faced card has "
                     "name, layout and faces"]
