"""Transitions (pyengine/transitions/): plain functions whose parameters are declared once, from
which `mtgkb apply SNAP ACTION` builds its arguments and --help."""

import inspect

import pytest

from helpers import run_cli
from pyengine import transitions


@pytest.mark.parametrize("name", sorted(transitions.registry()))
def test_each_transition_declares_its_function_parameters_and_has_help(name, tmp_path):
    """A transition's Params are its function's parameters (after the snapshot), so the command
    line passes every argument by name; `mtgkb apply SNAP ACTION --help` lists them."""
    t = transitions.registry()[name]
    params = list(inspect.signature(t.function).parameters)[1:]
    assert [p.name for p in t.params] == params
    snap = tmp_path / "s.yaml"
    snap.write_text("players: [alice]\n", encoding="utf-8")
    code, out, err = run_cli(["apply", str(snap), name, "--help"])
    assert code == 0 and out.startswith(f"Usage: mtgkb apply SNAP {name}") and err == ""
    for p in t.params:
        assert (p.metavar or p.name.upper()) in out if p.positional else "--" + p.name.replace("_", "-") in out
