"""The `mtgkb` command line: --help everywhere, exit codes, the --json shapes of could-produce and
show (DESIGN.md, "Public queries"), the contract examples, unknown ids, and '-' for stdin."""

import json
import re
from pathlib import Path
import subprocess
import sys

from click.testing import CliRunner
import pytest
import yaml

from helpers import run_cli
from pyengine.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent
MANA = {"W", "U", "B", "R", "G", "C"}


def write(tmp_path, snap, name="snap.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(snap, allow_unicode=True), encoding="utf-8")
    return str(path)


# --- help and exit codes ---

@pytest.mark.parametrize("command", [[]] + [[name] for name in main.list_commands(None)])
def test_help_on_every_command(command):
    code, out, err = run_cli(command + ["--help"])
    assert code == 0 and out.startswith("Usage: ") and err == ""


def test_the_foundation_commands_exist():
    assert {"could-produce", "show"} <= set(main.list_commands(None))


def test_every_command_module_is_registered_under_its_name():
    """cli.COMMANDS lists every module of pyengine/commands, under the name its command has."""
    modules = {p.stem for p in (ROOT / "pyengine" / "commands").glob("*.py") if not p.stem.startswith("_")}
    assert {m for m, _ in COMMANDS.values()} == modules
    for name in COMMANDS:
        assert main.get_command(None, name).name == name
    assert main.get_command(None, "no-such-command") is None


def test_start_up_does_not_import_clingo_or_yaml():
    """Start-up is light: importing the CLI module and `mtgkb --help` import neither clingo nor
    PyYAML nor any command's module (they are imported where used, when a command runs)."""
    code = ("import sys\nfrom pyengine.cli import main\n"
            "assert 'clingo' not in sys.modules and 'yaml' not in sys.modules, 'at import'\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in ('clingo', 'yaml', 'sqlite3', 'dask')\n"
            "             or m.startswith('pyengine.commands.')))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_a_json_query_imports_only_what_it_needs(tmp_path):
    """A one-permanent could-produce from JSON imports no PyYAML (the snapshot is JSON), no KB model
    and no clingo.ast once the KB's statement table is cached (pyengine/asp/slicing.py; the first
    query of a KB builds it, as it compiles and caches its cards), and hands clingo only the rules
    that can fire on its facts: no file loaded whole, no rule of kb/combat.lp (another part), no
    rule about counters (the board has none)."""
    snap = tmp_path / "one.json"
    snap.write_text('{"players": ["alice"], "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]}')
    code = ("import sys, clingo\n"
            "loaded, added = [], []\n"
            "load, add = clingo.Control.load, clingo.Control.add\n"
            "clingo.Control.load = lambda self, path: (loaded.append(path), load(self, path))[1]\n"
            "clingo.Control.add = lambda self, *a: (added.append(a[-1]), add(self, *a))[1]\n"
            "from pyengine.cli import main\n"
            f"try:\n    main(['could-produce', {str(snap)!r}, '--json'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in ('yaml', 'clingo.ast', 'pyengine.asp.kbmodel')))\n"
            "import json; print(json.dumps([loaded, added]))")
    run = lambda: subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run().returncode == 0                            # the card and the KB's table cached
    r = run()
    assert r.returncode == 0, r.stderr
    answer, modules, programs = r.stdout.strip().splitlines()[-3:]
    assert json.loads(answer) == {"f": ["G"]}               # 305.6: a Forest taps for {G}
    assert modules == "[]"
    loaded, [added] = json.loads(programs)
    assert loaded == []
    assert "could_produce(X,T) : could_produce(X,T), asked(X)" in added.replace("; ", ", ")
    assert "may_be_declared(" not in added                  # kb/combat.lp: #program combat
    rules = [line for line in added.splitlines() if not line.startswith("#")]
    assert "counter(" in (ROOT / "kb" / "objects.lp").read_text()
    assert not [r for r in rules if re.search(r"\bcounter\(", r)]       # no counter/3 fact


def test_version():
    code, out, _ = run_cli(["--version"])
    assert code == 0 and "0.1.0" in out


def test_unknown_command_and_missing_argument_exit_2():
    assert run_cli(["no-such-command"])[0] == 2
    assert run_cli(["could-produce"])[0] == 2
    assert run_cli(["show", str(ROOT / "examples" / "basic-lands.yaml")])[0] == 2      # ID missing


# --- the public contract's worked examples (copied into tests/scenarios/contract.yaml) for could-produce and show ---

CONTRACT = [
    ("106.7 — Reflecting Pool could produce any type a land you control could produce",
     {"players": ["alice", "bob"], "battlefield": [
         {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
         {"id": "plains", "card": "Plains", "controller": "alice"},
         {"id": "swamp", "card": "Swamp", "controller": "bob"}]},
     ["could-produce", "SNAP", "--json"], 0, {"plains": ["W"], "pool": ["W"], "swamp": ["B"]}),
    ("106.7 — only the listed permanents when ids are given",
     {"players": ["alice"], "battlefield": [
         {"id": "a", "card": "Island", "controller": "alice"}, {"id": "b", "card": "Mountain", "controller": "alice"}]},
     ["could-produce", "SNAP", "b", "--json"], 0, {"b": ["R"]}),
    ("bad input — exit status 2, one clear line on stderr, nothing on stdout",
     {"players": ["alice"], "battlefield": [{"id": "a", "card": "Island", "controller": "nobody"}]},
     ["could-produce", "SNAP", "--json"], 2, None),
]


@pytest.mark.parametrize("rule,snap,command,status,answer", CONTRACT, ids=[c[0][:40] for c in CONTRACT])
def test_contract_examples(tmp_path, rule, snap, command, status, answer):
    path = write(tmp_path, snap)
    code, out, err = run_cli([path if a == "SNAP" else a for a in command])
    assert code == status, err
    if status == 0:
        assert out == answer, rule
    else:
        assert out == "" and len(err.splitlines()) == 1 and err.startswith("error: ")


# --- could-produce ---

def test_could_produce_json_shape(tmp_path):
    """{"id": [types], ...}: every permanent, keys sorted, each list sorted, letters W U B R G C."""
    code, out, _ = run_cli(["could-produce", str(ROOT / "examples" / "basic-lands.yaml"), "--json"])
    assert code == 0
    # the text as printed (in-process: a real process's output is checked by the tests that start one)
    raw = CliRunner().invoke(main, ["could-produce", str(ROOT / "examples" / "basic-lands.yaml"), "--json"]).stdout
    assert list(json.loads(raw)) == sorted(json.loads(raw))
    # 305.6: each basic land type gives "{T}: Add [mana symbol]"; Wastes: "{T}: Add {C}."
    assert out == {"plains": ["W"], "island": ["U"], "swamp": ["B"], "mountain": ["R"], "forest": ["G"],
                   "wastes": ["C"], "tropical": ["G", "U"]}
    for types in out.values():
        assert types == sorted(types) and set(types) <= MANA


def test_could_produce_human_output(tmp_path):
    path = write(tmp_path, {"players": ["alice"], "battlefield": [
        {"id": "t", "card": "Tropical Island", "controller": "alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "alice"}]})
    code, out, err = run_cli(["could-produce", path])
    assert (code, out, err) == (0, "bear: (none)\nt: G U\n", "")


def test_could_produce_nothing_on_an_empty_battlefield(tmp_path):
    assert run_cli(["could-produce", write(tmp_path, {"players": ["alice"]}), "--json"])[:2] == (0, {})


def test_exotic_orchard_chain(tmp_path):
    """Exotic Orchard ruling: "if you control a Forest and an Exotic Orchard, and your opponent
    controls an Exotic Orchard and a Reflecting Pool, then each of those lands can be tapped to
    produce {G}." And: "if you control an Exotic Orchard and your opponent controls an Exotic
    Orchard and a Reflecting Pool, none of those lands would produce mana"."""
    lands = [{"id": "orchard1", "card": "Exotic Orchard", "controller": "alice"},
             {"id": "orchard2", "card": "Exotic Orchard", "controller": "bob"},
             {"id": "pool", "card": "Reflecting Pool", "controller": "bob"}]
    forest = [{"id": "forest", "card": "Forest", "controller": "alice"}]
    code, out, _ = run_cli(["could-produce", write(tmp_path, {"players": ["alice", "bob"], "battlefield": forest + lands}), "--json"])
    assert (code, out) == (0, {"forest": ["G"], "orchard1": ["G"], "orchard2": ["G"], "pool": ["G"]})
    code, out, _ = run_cli(["could-produce", write(tmp_path, {"players": ["alice", "bob"], "battlefield": lands}, "b.yaml"), "--json"])
    assert (code, out) == (0, {"orchard1": [], "orchard2": [], "pool": []})


def test_unknown_id_exits_2(tmp_path):
    path = write(tmp_path, {"players": ["alice"], "battlefield": [{"id": "a", "card": "Island", "controller": "alice"}]})
    code, out, err = run_cli(["could-produce", path, "a", "nope", "gone", "--json"])
    assert (code, out) == (2, "")
    assert err.splitlines() == ["error: unknown permanent id 'nope'; the battlefield has: a",
                                "error: unknown permanent id 'gone'; the battlefield has: a"]
    code, out, err = run_cli(["show", path, "nope"])
    assert (code, out) == (2, "") and err.startswith("error: unknown permanent id 'nope'")


def test_dash_reads_stdin():
    text = (ROOT / "examples" / "basic-lands.yaml").read_text(encoding="utf-8")
    code, out, _ = run_cli(["could-produce", "-", "forest", "--json"], input=text)
    assert (code, out) == (0, {"forest": ["G"]})
    code, out, err = run_cli(["could-produce", "-"], input="players: [")
    assert (code, out) == (2, "") and err.startswith("error: <stdin>: not valid YAML or JSON")
    code, out, _ = run_cli(["show", "-", "island", "--json"], input=json.dumps(yaml.safe_load(text)))
    assert code == 0 and out["name"] == "Island"


# --- show ---

SHOW_KEYS = {"id", "name", "power", "toughness", "colors", "supertypes", "types", "subtypes", "mana_value",
             "keywords", "abilities", "face_down", "face_down_by", "modified", "tapped", "controller", "phased_out"}


def test_show_json_shape_llanowar_elves(tmp_path):
    """Llanowar Elves ({G}, Creature — Elf Druid, 1/1, "{T}: Add {G}."): 202.2 green from its
    cost, 202.3 mana value 1."""
    path = write(tmp_path, {"players": ["alice"], "battlefield": [
        {"id": "elf", "card": "Llanowar Elves", "controller": "alice", "tapped": True}]})
    code, out, err = run_cli(["show", path, "elf", "--json"])
    assert (code, err) == (0, "")
    assert set(out) >= SHOW_KEYS                         # areas may add keys ("..." in DESIGN.md)
    assert {k: out[k] for k in SHOW_KEYS} == {"id": "elf", "name": "Llanowar Elves", "power": 1, "toughness": 1, "colors": ["G"],
                   "supertypes": [], "types": ["Creature"], "subtypes": ["Druid", "Elf"], "mana_value": 1,
                   "keywords": [], "abilities": ["{T}: Add {G}."], "face_down": False, "face_down_by": None,
                   "modified": False, "tapped": True, "controller": "alice", "phased_out": False}


def test_show_counters_modify_power_and_toughness(tmp_path):
    """613.4c: +1/+1 counters change P/T; 700.9: a permanent with a counter is modified."""
    path = write(tmp_path, {"players": ["alice"], "battlefield": [
        {"id": "bear", "card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 3, "-1/-1": 1}}]})
    code, out, _ = run_cli(["show", path, "bear", "--json"])
    assert code == 0 and (out["power"], out["toughness"], out["modified"], out["mana_value"]) == (4, 4, True, 2)


def test_show_colors_and_mana_value_from_the_mana_cost(tmp_path):
    """202.2d: hybrid and Phyrexian symbols give their colors; 202.3e X is 0 off the stack;
    202.3f hybrid counts its largest component ({2/W} counts 2); 202.3g Phyrexian counts 1."""
    path = write(tmp_path, {"players": ["alice"], "battlefield": [{"id": "c", "card": "Odd", "controller": "alice"}],
                            "cards": [{"name": "Odd", "mana_cost": "{X}{2/W}{U/B}{G/P}{1}", "type": "Legendary Artifact Creature — Golem",
                                       "power": 0, "toughness": 4, "text": "Flying, haste"}]})
    code, out, _ = run_cli(["show", path, "c", "--json"])
    assert code == 0
    assert (out["colors"], out["mana_value"]) == (["B", "G", "U", "W"], 5)
    assert (out["supertypes"], out["types"], out["keywords"]) == (["Legendary"], ["Artifact", "Creature"], ["flying", "haste"])


def test_show_land_has_no_power(tmp_path):
    """A noncreature has no power or toughness; a land has no mana cost: mana value 0 (202.3a)."""
    code, out, _ = run_cli(["show", str(ROOT / "examples" / "basic-lands.yaml"), "plains", "--json"])
    assert code == 0 and (out["power"], out["toughness"], out["mana_value"], out["colors"]) == (None, None, 0, [])
    assert (out["supertypes"], out["types"], out["subtypes"]) == (["Basic"], ["Land"], ["Plains"])


def test_show_phased_out(tmp_path):
    path = write(tmp_path, {"players": ["alice"], "battlefield": [
        {"id": "bear", "card": "Grizzly Bears", "controller": "alice", "phased_out": True}]})
    code, out, _ = run_cli(["show", path, "bear", "--json"])
    assert code == 0 and out["phased_out"] is True


def test_show_human_output(tmp_path):
    path = write(tmp_path, {"players": ["alice"], "battlefield": [
        {"id": "elf", "card": "Llanowar Elves", "controller": "alice"}]})
    code, out, _ = run_cli(["show", path, "elf"])
    assert code == 0
    assert out.splitlines() == ["elf: Llanowar Elves", "  types:      Creature — Druid Elf", "  colors:     G",
                                "  P/T:        1/1", "  mana value: 1", "  status:     untapped, face up",
                                "  ability:    {T}: Add {G}."]


# --- examples/: every file loads and answers; the answers their comments promise ---

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def test_there_are_examples():
    names = {p.name for p in EXAMPLES}
    assert {"basic-lands.yaml", "reflecting-pool.yaml", "exotic-orchard-chain.yaml", "face-down-manifest.yaml",
            "summoning-sick-elf.yaml", "exerted-creature.yaml", "cast-free-hand.yaml"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_loads_and_answers(path):
    from pyengine import snapshot
    s = snapshot.load(path)
    assert s.battlefield
    code, out, _ = run_cli(["could-produce", str(path), "--json"])
    assert code == 0 and set(out) == {p.id for p in s.battlefield}


def test_example_reflecting_pool():
    """106.7: Reflecting Pool could produce what alice's lands could (a tapped Forest too: costs
    are ignored); not bob's Swamp."""
    code, out, _ = run_cli(["could-produce", str(ROOT / "examples" / "reflecting-pool.yaml"), "pool", "--json"])
    assert (code, out) == (0, {"pool": ["G", "W"]})


def test_example_exotic_orchard_chain():
    """Exotic Orchard ruling: "...then each of those lands can be tapped to produce {G}"."""
    code, out, _ = run_cli(["could-produce", str(ROOT / "examples" / "exotic-orchard-chain.yaml"), "--json"])
    assert (code, out) == (0, {"forest": ["G"], "my-orchard": ["G"], "their-orchard": ["G"], "their-pool": ["G"]})


def test_example_summoning_sick_elf():
    """302.6: the elf that came under alice's control this turn can't use its {T} ability; the
    Forest can (a land is not a creature), and so can the elf she has had since her turn began."""
    code, out, _ = run_cli(["actions", str(ROOT / "examples" / "summoning-sick-elf.yaml"), "--player", "alice", "--json"])
    assert code == 0
    assert sorted(a["permanent"] for a in out["actions"] if a["kind"] == "activate") == ["forest", "old-elf"]
    assert [(a["permanent"], a["rule"]) for a in out["refused"] if a["kind"] == "activate"] == [("new-elf", "302.6")]


def test_usage_errors_are_one_error_line_and_exit_2():
    """Bad input, including a missing argument or an unknown option, is one `error:` line and exit 2."""
    for args in (["show", "examples/basic-lands.yaml"], ["nope"], ["could-produce", "--bogus"]):
        code, out, err = run_cli(args)
        assert code == 2 and out == ""
        assert len(err.splitlines()) == 1 and err.startswith("error: ") and "--help" in err


def test_strict_refuses_when_card_text_is_not_modelled(tmp_path):
    """With --strict, an answer that could depend on unmodelled card text is refused (exit 3):
    here a mana ability of a kind the KB does not carry out yet changes what could be produced."""
    snap = tmp_path / "s.yaml"
    snap.write_text(yaml.safe_dump({"players": ["alice"], "battlefield": [
        {"id": "c", "card": "Test Prism", "controller": "alice"}], "cards": [
        {"name": "Test Prism", "type": "Artifact",
         "text": "{T}: Add two mana of any color in your commander's color identity."}]}))
    code, out, err = run_cli(["--strict", "could-produce", str(snap), "--json"])
    assert code == 3 and out == ""
    assert "note: Test Prism (line 1) not modelled" in err and "error: --strict" in err
    code, out, _ = run_cli(["--strict", "could-produce", "examples/basic-lands.yaml", "--json"])
    assert code == 0 and out["forest"] == ["G"]


def test_strict_refuses_exactly_when_a_note_is_printed(tmp_path):
    """Contamination's upkeep trigger could change what `apply` does, not what could be produced
    now: --strict answers could-produce (no note) and refuses apply (a note)."""
    snap = tmp_path / "s.yaml"
    snap.write_text(yaml.safe_dump({"players": ["alice"], "battlefield": [
        {"id": "c", "card": "Contamination", "controller": "alice"}]}))
    code, out, err = run_cli(["--strict", "could-produce", str(snap), "--json"])
    assert (code, out, err) == (0, {"c": []}, "")
    code, out, err = run_cli(["--strict", "apply", str(snap), "untap_step", "alice"])
    assert code == 3 and out == "" and err.startswith("note: Contamination (line 1) not modelled")


def test_a_query_process_ends_without_pythons_clean_up_and_keeps_its_output(tmp_path):
    """`mtgkb` (cli.run) ends a query command's process at once after flushing its output (no
    atexit handler runs), with the command's exit status; other commands end as usual."""
    snap = tmp_path / "many.json"
    snap.write_text(json.dumps({"players": ["alice"], "battlefield": [
        {"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(3000)]}))
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('clean-up', file=sys.stderr))\n"
            "sys.argv = ['mtgkb'] + sys.argv[1:]\n"
            "from pyengine.cli import run\nrun()\n")
    run_ = lambda *args: subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                                        text=True)
    r = run_("could-produce", str(snap), "--json")
    assert r.returncode == 0 and "clean-up" not in r.stderr
    assert json.loads(r.stdout) == {f"f{i}": ["G"] for i in range(3000)}      # 305.6, every line
    r = run_("could-produce", str(snap), "nope")
    assert r.returncode == 2 and r.stderr.startswith("error: unknown permanent id") and "clean-up" not in r.stderr
    r = run_("check", "--help")
    assert r.returncode == 0 and "Usage:" in r.stdout and "clean-up" in r.stderr


def test_a_query_process_runs_without_the_cyclic_garbage_collector():
    """In its own process (cli.run), a query command runs with the cyclic GC off; main() called by
    a program (as the tests do) leaves the caller's GC alone."""
    import gc
    code = ("import gc, sys\nimport pyengine.commands.could_produce as c\n"
            "real = c.command.callback\n"
            "c.command.callback = lambda *a, **k: (print(gc.isenabled()), real(*a, **k))[1]\n"
            "sys.argv = ['mtgkb', 'could-produce', 'examples/basic-lands.yaml', 'forest']\n"
            "from pyengine.cli import run\nrun()\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["False", "forest: G"]           # 305.6
    with pytest.raises(SystemExit):
        main(["could-produce", str(ROOT / "examples" / "basic-lands.yaml"), "forest"])
    assert gc.isenabled()
