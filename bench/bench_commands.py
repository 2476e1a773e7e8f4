"""Benchmark of the CLI: start-up, and every query command on the boards of bench_could_produce.py.

Run from the repository root:

    /tmp/v/bin/python bench/bench_commands.py                        # start-up; 1,000 and 10,000
    /tmp/v/bin/python bench/bench_commands.py --sizes 100000 --runs 1 # every command completes?
    PYTHONPATH=OLD MTGKB_HOME=OLD /tmp/v/bin/python bench/bench_commands.py --commands show  # another tree
    /tmp/v/bin/python bench/bench_commands.py --sizes 1000 --runs 15 --against OLD   # start-up A/B

Each measure runs `python -m pyengine ...` in a new process and reads that process's own CPU time
(user + sys) and peak memory (wait4's rusage): the machine is shared, so wall time is noise.

Start-up: a bare `python -c pass`, the floor (`import click, clingo`, also ended with `os._exit` as
a query is), `mtgkb --help`, and could-produce on a one-permanent board (YAML, YAML edited before
each run so that its parse is not in the cache (pyengine/parsecache.py), JSON, and JSON with the
kept sliced programs removed before each run (pyengine/asp/slicing.py, kind kb-programs)), as
multiples of the bare start-up (the target is 3x), in interleaved runs (each round runs every
command once). The package's bytecode is compiled first (as an
installed package has it, whatever PYTHONDONTWRITEBYTECODE says), and one untimed run puts the
board's card in the compiled-card cache (pyengine/cardcache.py) and the KB's statement table in
the cache (pyengine/asp/slicing.py), as any earlier query would.
Then, per board size, each query command about one thing (one permanent, one hand card, one
player), next to could-produce for every permanent: show, cast-free, untap, actions, produce,
explain (a basic land's could_produce atom), and their ratio to could-produce (the target is 1.5x
at 10,000 permanents).
"""

import argparse
import compileall
import json
import os
from pathlib import Path
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_could_produce import build_board  # noqa: E402


def run(args, check=True, env=None, cwd=ROOT):
    """(CPU seconds, peak resident MB) of one process running ARGS (in the environment ENV and the
    folder CWD: `python -m pyengine` imports the package of its current folder first)."""
    p = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    if check and p.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, args))} failed ({p.returncode}): {err.strip()[-300:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def median(args, runs):
    samples = [run(args) for _ in range(runs)]
    return statistics.median(s[0] for s in samples), max(s[1] for s in samples)


def interleaved(commands, runs, where=None, before=None):
    """{name: median CPU seconds} of each of COMMANDS (name -> args; WHERE: name -> run()'s env
    and cwd; BEFORE: name -> a function called, untimed, before each of its runs), run one after
    the other RUNS times over: a change of load on the shared machine then hits every command
    alike."""
    where, before = where or {}, before or {}
    samples = {name: [] for name in commands}
    for _ in range(runs):
        for name, args in commands.items():
            if name in before:
                before[name]()
            samples[name].append(run(args, **where.get(name, {}))[0])
    return {name: statistics.median(s) for name, s in samples.items()}


def board(n):
    """A board of N permanents with a hand card and a face-down permanent to ask about."""
    b = build_board(n)
    b["battlefield"].append({"id": "fd", "card": "Grizzly Bears", "controller": "alice", "face_down": "manifest"})
    b["hand"] = {"alice": ["Grizzly Bears"]}
    return b


def commands(path, snap):
    land = next(p["id"] for p in snap["battlefield"] if p["card"] == "Forest")
    mtgkb = [sys.executable, "-m", "pyengine"]
    out = subprocess.run(mtgkb + ["could-produce", path, land, "--json"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    kind = json.loads(out)[land][0].lower()          # what the land could produce on this board
    return {
        "could-produce": mtgkb + ["could-produce", path],
        "show": mtgkb + ["show", path, "fd"],
        "cast-free": mtgkb + ["cast-free", path, "Grizzly Bears", "--player", "alice"],
        "untap": mtgkb + ["untap", path, "bob"],
        "actions": mtgkb + ["actions", path, "--player", "alice"],
        "produce": mtgkb + ["produce", path, land],
        "explain": mtgkb + ["explain", path, f'could_produce("{land}",{kind})'],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 10000], help="board sizes (none: start-up only)")
    ap.add_argument("--runs", type=int, default=5, help="runs per measure (median reported)")
    ap.add_argument("--no-startup", action="store_true", help="skip the start-up measures")
    ap.add_argument("--commands", nargs="+", metavar="NAME", help="only these commands (could-produce is always run)")
    ap.add_argument("--against", metavar="DIR", help="also time the start-up of the checkout DIR (a copy of "
                    "another commit, its bytecode compiled), interleaved with this one's: an A/B")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="mtgkb-bench-"))
    print(f"CLI benchmark: median of {args.runs} runs, CPU seconds of the process (user+sys), peak MB "
          f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
    ok = True
    if not args.no_startup:
        compileall.compile_dir(str(ROOT / "pyengine"), quiet=1)
        one = folder / "board-1.yaml"
        one.write_text(yaml.safe_dump({"players": ["alice"], "battlefield": [
            {"id": "f", "card": "Forest", "controller": "alice"}]}), encoding="utf-8")
        one_json = folder / "board-1.json"
        one_json.write_text(json.dumps(yaml.safe_load(one.read_text(encoding="utf-8"))), encoding="utf-8")
        run([sys.executable, "-m", "pyengine", "could-produce", str(one_json)])     # the card, cached
        edited = folder / "board-1-edited.yaml"

        def edit():                          # a YAML text never read before: its parse is not kept
            edited.write_text(one.read_text(encoding="utf-8") + f"# {time.time_ns()}\n", encoding="utf-8")
        mtgkb = [sys.executable, "-m", "pyengine"]
        starts = {"help": mtgkb + ["--help"], "yaml": mtgkb + ["could-produce", str(one)],
                  "yaml_new": mtgkb + ["could-produce", str(edited)],
                  "json": mtgkb + ["could-produce", str(one_json)]}
        from pyengine import cachedir
        from pyengine.asp import slicing
        programs = cachedir.path(slicing.PROGRAMS_KIND, slicing.version())

        def forget():                        # no sliced program kept: made from the statement table
            shutil.rmtree(programs, ignore_errors=True)
        starts["json_new"] = starts["json"]
        before = {"yaml_new": edit, "against yaml_new": edit, "json_new": forget, "against json_new": forget}
        edit()
        timed, where = {"bare": [sys.executable, "-c", "pass"],
                        "floor": [sys.executable, "-c", "import click, clingo"],
                        "floor_exit": [sys.executable, "-c", "import click, clingo, os; os._exit(0)"],
                        **starts}, {}
        if args.against:
            other = str(Path(args.against).resolve())
            compileall.compile_dir(str(Path(other) / "pyengine"), quiet=1)
            there = {"env": dict(os.environ, PYTHONPATH=other, MTGKB_HOME=other), "cwd": other}
            for name, cmd in starts.items():
                timed["against " + name], where["against " + name] = cmd, there
                run(cmd, **there)                                   # its caches, warm
        times = interleaved(timed, args.runs, where, before)
        bare, floor, helpt, cp, cpj = (times[k] for k in ("bare", "floor", "help", "yaml", "json"))
        cpn, cjn = times["yaml_new"], times["json_new"]
        print(f"\nstart-up ({args.runs} interleaved runs, load average {os.getloadavg()[0]:.1f}): python -c pass "
              f"{bare * 1000:.1f} ms; import click, clingo {floor * 1000:.1f} ms (x{floor / bare:.2f}; ending "
              f"with os._exit {times['floor_exit'] * 1000:.1f} ms, x{times['floor_exit'] / bare:.2f}); mtgkb --help "
              f"{helpt * 1000:.1f} ms (x{helpt / bare:.2f}); could-produce, 1 permanent {cp * 1000:.1f} ms "
              f"(x{cp / bare:.2f}; a YAML text not read before {cpn * 1000:.1f} ms, x{cpn / bare:.2f}), from JSON "
              f"{cpj * 1000:.1f} ms (x{cpj / bare:.2f}; its sliced program not kept {cjn * 1000:.1f} ms, "
              f"x{cjn / bare:.2f}); target x3")
        if args.against:
            print(f"  {args.against}: " + "; ".join(
                f"{name} {times['against ' + name] * 1000:.1f} ms (x{times['against ' + name] / bare:.2f})"
                for name in starts))
        for name, t in (("--help", helpt), ("could-produce (1 permanent)", cp),
                        ("could-produce (a YAML text not read before)", cpn), ("could-produce (JSON)", cpj),
                        ("could-produce (JSON, its sliced program not kept)", cjn)):
            good = t <= 3 * bare
            ok &= good
            print(f"  {'ok  ' if good else 'FAIL'} {name}: x{t / bare:.1f} a bare start-up")
    for n in args.sizes:
        snap = board(n)
        path = folder / f"board-{n}.yaml"
        path.write_text(yaml.safe_dump(snap, sort_keys=False, width=200), encoding="utf-8")
        results = {name: median(cmd, args.runs) for name, cmd in commands(str(path), snap).items()
                   if not args.commands or name == "could-produce" or name in args.commands}
        ref = results["could-produce"][0]
        print(f"\n{n} permanents:   {'command':<14} {'cpu s':>7} {'peak MB':>8} {'/could-produce':>15}")
        for name, (t, mb) in results.items():
            print(f"{'':17}{name:<14} {t:>7.2f} {mb:>8.0f} {t / ref:>14.2f}x")
        if n == 10000:
            for name, (t, _) in results.items():
                good = t <= 1.5 * ref
                ok &= good
                if not good:
                    print(f"  FAIL {name}: x{t / ref:.2f} could-produce at 10,000 permanents (target 1.5x)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
