"""Data-driven golden cases: every ``tests/scenarios/*.yaml`` file is a list of scenarios.

A scenario (readable and writable without Python)::

    - name: short-unique-name
      source: "the ruling or CR sentence it checks, quoted"
      cite: "106.7"                      # CR rule, or "ruling: <card>"
      snapshot: {players: [alice], battlefield: [...]}
      command: [could-produce, --json]   # mtgkb arguments; SNAP is inserted after the command name
      expect: {...}                      # the exact --json answer, or
      expect_contains: {...} | [...]     # a sub-dict / items that must be in the answer
      expect_lacks: [...]                # items that must not be in the answer
      exit_status: 2                     # default 0; a non-zero status needs error_contains
      error_contains: "unknown player"   # text (or list of texts) that stderr must contain: the
                                         # reason the input is refused, so a typo can't pass
      filter_kind: turn_face_up          # actions only: compare only actions of this kind

``expect_contains`` with a dict checks each key it gives (a list of dicts under a key: each must
match some element; any other value must be equal); with a list, each item must be an element
of the answer (for actions, matched against ``answer["actions"]`` on the keys it gives).
"""

from pathlib import Path

import pytest
import yaml

from helpers import run_cli, subset

SCEN_DIR = Path(__file__).parent / "scenarios"


def _cases():
    # read with libyaml's loader where PyYAML has it: the same data, and each xdist worker
    # collects every case (~1.5 s of CPU a worker with the pure-Python loader)
    out, loader = [], getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(SCEN_DIR.glob("*.yaml")):
        for case in yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or []:
            out.append(pytest.param(case, id=f"{path.stem}::{case['name']}"))
    return out


# written with libyaml's emitter where PyYAML has it: the same data as yaml.safe_dump's (~1 s of
# CPU over the scenarios with the pure-Python emitter)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@pytest.mark.parametrize("case", _cases())
def test_scenario(case, tmp_path):
    snap = tmp_path / "snap.yaml"
    snap.write_text(yaml.dump(case["snapshot"], Dumper=_DUMPER), encoding="utf-8")
    cmd = list(case["command"])
    args = [cmd[0], str(snap)] + [str(a) for a in cmd[1:]]
    code, answer, err = run_cli(args)
    assert code == case.get("exit_status", 0), err
    if code != 0:
        wanted = case.get("error_contains")
        assert wanted, "a scenario that expects a non-zero exit status must say why (error_contains)"
        lines = err.splitlines()
        assert lines and all(line.startswith("error: ") for line in lines), err
        for text in [wanted] if isinstance(wanted, str) else wanted:
            assert text in err, (text, err)
        return
    if "filter_kind" in case:
        answer = {k: [a for a in v if a.get("kind") == case["filter_kind"]] if isinstance(v, list) else v
                  for k, v in answer.items()}
    if "expect" in case:
        assert answer == case["expect"], case.get("source")
    if "expect_contains" in case:
        assert subset(case["expect_contains"], answer), (case.get("source"), answer)
    for item in case.get("expect_lacks", []):
        assert not subset([item], answer), (case.get("source"), answer)
