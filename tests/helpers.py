"""Shared test helpers: run the CLI in-process and compare answers."""

import json

from click.testing import CliRunner
import pytest
import yaml

from pyengine import snapshot
from pyengine.cli import main
from pyengine.errors import InputError


def run_seeds(fixed, varying, start=0):
    """The seeds of a randomized test: START .. START+FIXED-1 on every run (the boards its
    assertions were first checked on, reproducible anywhere), then VARYING seeds that change
    from run to run (drawn from MTGKB_TEST_SEED, which tests/conftest.py sets once per session
    and shows on failure). A run checks FIXED+VARYING boards; successive runs check ever more
    distinct boards, where a fixed list checks the same ones every time."""
    import os
    run = int(os.environ.get("MTGKB_TEST_SEED") or 0)
    base = 10**6 + run * 10**4 + start
    return list(range(start, start + fixed)) + list(range(base, base + varying))


def run_cli(args, input=None):
    """Run `mtgkb ARGS`; returns (exit code, parsed JSON answer or raw stdout, stderr)."""
    result = CliRunner().invoke(main, args, input=input)
    out = result.stdout
    try:
        answer = json.loads(out) if "--json" in args and out.strip() else out
    except json.JSONDecodeError:
        answer = out
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, answer, result.stderr


def _matches(want, got):
    """Dicts match on the keys WANT gives; a list of dicts matches if each wanted dict matches
    some element; anything else must be equal."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _matches(v, got[k]) for k, v in want.items())
    if isinstance(want, list) and want and all(isinstance(w, dict) for w in want):
        return isinstance(got, list) and all(any(_matches(w, g) for g in got) for w in want)
    return want == got


def subset(want, answer):
    """True if WANT is contained in ANSWER: dict keys match, or each list item is present."""
    if isinstance(want, dict):
        return _matches(want, answer)
    items = answer["actions"] if isinstance(answer, dict) and "actions" in answer else answer
    return all(any(_matches(w, g) for g in items) for w in want)


def problems(data):
    """The problem lines snapshot validation reports for DATA (fails if DATA is valid)."""
    with pytest.raises(InputError) as e:
        snapshot.validate(data)
    return e.value.problems


def perm(answer, pid):
    """The permanent PID of the snapshot an `apply --json` ANSWER gives, or None."""
    return next((p for p in answer["snapshot"]["battlefield"] if p["id"] == pid), None)


def events(answer, kind):
    """The events of kind KIND of an `apply --json` ANSWER."""
    return [e for e in answer["events"] if e["event"] == kind]


def tree_kinds(x, keywords=False):
    """The kinds of the intermediate form X of a parsed line: its nodes' kinds and its verbs' names
    (and "kw_<kind>" of its keywords, if KEYWORDS)."""
    from pyengine.compiler import ir
    kinds = ({y.kind for y in ir.walk(x) if isinstance(y, ir.Node)}
             | {y.name for y in ir.walk(x) if isinstance(y, ir.Verb)})
    if keywords:
        kinds |= {"kw_" + y.kind for y in ir.walk(x) if isinstance(y, ir.Keyword)}
    return kinds


def assert_parses_to(text, kind, keywords=False):
    """TEXT parses, and its tree has a node (or verb; or keyword, if KEYWORDS) of KIND."""
    from pyengine.compiler import parse_line
    line = parse_line(text)
    assert line.parsed, line.error
    got = tree_kinds(line.ability, keywords)
    assert kind in got, got


def snapshot_file(tmp_path, snap):
    """SNAP (a dict) written as a YAML snapshot in TMP_PATH; its path."""
    import yaml
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap))
    return str(p)


def cli_json(args):
    """The JSON answer of a command that must succeed (exit 0, nothing on stderr)."""
    code, out, err = run_cli(args + ["--json"])
    assert (code, err) == (0, ""), err
    return out


def compiled(name, type, text):
    """The compiled card of one card's name, type line and Oracle text."""
    from pyengine import cardlib
    from pyengine.compiler import compile_card
    return compile_card(cardlib.parse_card({"name": name, "type": type, "text": text}))


def line_of(c, i):
    """Line I (1-based) of the compiled card C."""
    return next(li for li in c.lines if li.line.index == i)


def assert_parsed_note(name, type, text, kind, affects):
    """The first line of a card (NAME, TYPE, TEXT) parses, its tree has a node KIND, the KB does
    not carry it out, and its note is for exactly the answers AFFECTS."""
    li = line_of(compiled(name, type, text), 1)
    assert li.parsed, li.line.error
    assert kind in tree_kinds(li.line.ability)
    assert not li.modelled
    assert set(li.affects) == affects


def facts_of(c, pred):
    """The facts of predicate PRED that the compiled card C gives, rendered and sorted."""
    from pyengine.terms import render_fact
    return sorted(render_fact(f) for f in c.facts if f[0] == pred)


def board(tmp_path, cards, perms, **extra):
    """A snapshot file: alice and bob, CARDS defined inline, PERMS (id, card, controller[, dict])."""
    bf = []
    for p in perms:
        d = dict(zip(("id", "card", "controller"), p[:3]))
        d.update(p[3] if len(p) > 3 else {})
        bf.append(d)
    snap = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main", "cards": cards,
            "battlefield": bf, **extra}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(snap, allow_unicode=True))
    return str(path)


def strict(args):
    """`mtgkb --strict ARGS --json`: the answer, failing on any note (exit 3)."""
    code, out, err = run_cli(["--strict", *args, "--json"])
    assert (code, err) == (0, ""), err
    return out
