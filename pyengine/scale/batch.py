"""`mtgkb batch`: one query over many snapshots, one JSON line per input, in input order.

A line is ``{"id", "status", "answer", "errors", "notes"}``: the input's id, the exit status the
command would have had, its ``--json`` answer (null on error), and its ``error:`` and ``note:``
lines. :mod:`pyengine.scale.runner` runs the query exactly as the command line would;
:mod:`pyengine.scale.executor` runs it here, on a local pool or on a Dask cluster.
"""

from dataclasses import dataclass
from functools import partial
import json
import os
import sys
import time

import click

from ..errors import InputError
from . import executor, inputs as inputs_mod, runner

NOT_QUERIES = ("batch", "sweep", "import", "coverage")


@dataclass(frozen=True)
class Query:
    """A command line with a hole for the snapshot: ``argv(snap)`` fills it in."""

    name: str
    snap_option: str | None           # "--snapshot" when the snapshot is an option (check)
    args: tuple
    strict: bool = False

    def argv(self, snap):
        head = ["--strict"] if self.strict else []
        if self.snap_option:
            return head + [self.name, self.snap_option, snap, *self.args]
        return head + [self.name, snap, *self.args]


def snapshot_commands():
    """{name: click command} of every command that reads a snapshot."""
    from ..cli import main
    ctx = click.Context(main, info_name="mtgkb")
    out = {}
    for name in main.list_commands(ctx):
        cmd = main.get_command(ctx, name)
        if name not in NOT_QUERIES and any(p.name == "snap" for p in cmd.params):
            out[name] = cmd
    return out


def parse(words, strict=False):
    """Split QUERY [ARGS]... [--] INPUT... into a :class:`Query` and the inputs.

    Without ``--``, the query takes the arguments its signature fixes (``untap PLAYER``, ``show
    ID``) and the options it knows with their values (``--player P``); the rest are inputs.
    Variable arguments (``could-produce ID...``, ``apply ACTION ARGS...``) need ``--`` before the
    inputs. ``--json`` is added: a batch line holds the machine-readable answer."""
    commands = snapshot_commands()
    if not words:
        raise InputError(f"batch: QUERY is required, one of {', '.join(commands)}")
    name, rest = words[0], list(words[1:])
    cmd = commands.get(name)
    if cmd is None:
        raise InputError(f"batch: {name!r} is not a query on a snapshot; queries are {', '.join(commands)}")
    snap = next(p for p in cmd.params if p.name == "snap")
    snap_option = None
    if isinstance(snap, click.Option):
        snap_option = max(snap.opts, key=len)
        rest = [w for w in rest if w not in snap.opts]           # `check --snapshot INPUT...`
    if "--" in rest:
        i = rest.index("--")
        args, inputs = rest[:i], rest[i + 1:]
    else:
        args, inputs = _split(cmd, rest)
    if any(p.name == "as_json" for p in cmd.params) and "--json" not in args:
        args.append("--json")
    query = Query(name, snap_option, tuple(args), strict)
    _check_usage(cmd, query)
    if not inputs:
        raise InputError("batch: no INPUT given (snapshot files, folders, .pzl files, .jsonl files or '-')")
    return query, inputs


def _split(cmd, words):
    """The query's own arguments (by its signature) and then the inputs."""
    options, fixed = {}, 0
    for p in cmd.params:
        if isinstance(p, click.Option) and p.name not in ("snap", "as_json"):
            for o in p.opts + p.secondary_opts:
                options[o] = not (p.is_flag or p.count)
        elif isinstance(p, click.Argument) and p.name != "snap" and p.nargs > 0:
            fixed += p.nargs
    args, i = [], 0
    while i < len(words):
        w = words[i]
        if w.startswith("-") and w != "-" and w.split("=", 1)[0] in options:
            args.append(w)
            if options[w.split("=", 1)[0]] and "=" not in w and i + 1 < len(words):
                args.append(words[i + 1])
                i += 1
        elif w == "--json":
            args.append(w)
        elif fixed > 0:
            args.append(w)
            fixed -= 1
        else:
            break
        i += 1
    return args, words[i:]


def _check_usage(cmd, query):
    """Refuse a malformed query once, instead of once per input."""
    from ..cli import main
    parent = click.Context(main, info_name="mtgkb", obj={"strict": query.strict})
    argv = query.argv("-")[1 if query.strict else 0:]
    try:
        cmd.make_context(argv[0], argv[1:], parent=parent)
    except click.UsageError as e:
        raise InputError(f"batch: {e.format_message()} (see 'mtgkb {query.name} --help')")


def run_item(query, lenient, item):
    """The JSON line of one input: {"id", "status", "answer", "errors", "notes"}."""
    if item.kind == "error":
        res = {"status": 2, "answer": None, "errors": list(item.value), "notes": []}
    elif item.kind == "path":
        res = runner.run(query.argv(item.value))
    elif item.kind == "data":
        res = runner.run(query.argv("-"), stdin=item.value)
    else:                                                        # a Forge puzzle, imported first
        from ..importers import forge
        try:
            conv = forge.load(item.value, lenient=lenient)
        except InputError as e:
            res = {"status": 2, "answer": None, "errors": e.problems, "notes": []}
        else:
            res = runner.run(query.argv("-"), stdin=json.dumps(conv.snapshot, ensure_ascii=False).encode())
            res["notes"] = [f"import: {n}" for n in conv.notes] + res["notes"]
    return {"id": item.id, **res}


def run_chunk(query, lenient, items):
    """The lines of a chunk of inputs (what a worker runs)."""
    return [run_item(query, lenient, item) for item in items]


def done_ids(path):
    """The ids already in an output file (for --resume). A last line cut off by an interrupted
    run is removed from the file."""
    ids = set()
    if path == "-" or not os.path.exists(path):
        return ids
    with open(path, "rb+") as f:
        offset = 0
        for line in f:
            if not line.endswith(b"\n"):          # an unfinished last line
                f.truncate(offset)
                break
            offset += len(line)
            try:
                ids.add(str(json.loads(line)["id"]))
            except (ValueError, KeyError, TypeError):
                continue
    return ids


def unique(items):
    """Items with an id seen before become errors: ids name the lines of the output."""
    seen = set()
    for item in items:
        if item.id in seen:
            yield inputs_mod.Item(item.id, "error", [f"{item.id}: duplicate id (an earlier input has it)"])
            continue
        seen.add(item.id)
        yield item


def run(query, inputs, out, jobs=1, scheduler=None, resume=False, lenient=False, progress=False, chunk=None):
    """Run QUERY over INPUTS, writing JSON lines to OUT (a path or '-'); returns the summary."""
    t0 = time.perf_counter()
    items = list(unique(inputs_mod.expand(inputs)))
    skip = done_ids(out) if resume else set()
    todo = [it for it in items if it.id not in skip]
    workers = 1 if not scheduler and jobs <= 1 else max(jobs, 1)
    size = chunk or max(1, min(16 if scheduler else 8, len(todo) // (workers * 8) or 1))
    counts = {"inputs": len(items), "skipped": len(items) - len(todo), "ok": 0, "failed": 0}
    statuses = {}
    results = executor.ordered_map(partial(run_chunk, query, lenient), executor.chunked(todo, size),
                                   jobs=jobs, scheduler=scheduler)
    try:
        f = sys.stdout if out == "-" else open(out, "a" if resume else "w", encoding="utf-8")
    except OSError as e:
        raise InputError(f"--out {out}: cannot write ({e.strerror or e})")
    try:
        with executor.progress(len(todo), "batch", progress) as bar:
            for lines in results:
                for line in lines:
                    f.write(json.dumps(line, ensure_ascii=False) + "\n")
                    counts["ok" if line["status"] == 0 else "failed"] += 1
                    statuses[line["status"]] = statuses.get(line["status"], 0) + 1
                f.flush()
                bar.update(len(lines))
    finally:
        results.close()                  # stops the workers if the run ends early
        if out != "-":
            f.close()
    seconds = time.perf_counter() - t0
    ran = counts["ok"] + counts["failed"]
    return {**counts, "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "seconds": round(seconds, 3), "per_second": round(ran / seconds, 1) if seconds else None}


def summary_line(s):
    """The one-line summary printed at the end of a batch."""
    failed = ", ".join(f"exit {k}: {v}" for k, v in s["statuses"].items() if k != "0")
    return (f"batch: {s['inputs']} inputs" + (f" ({s['skipped']} already done)" if s["skipped"] else "")
            + f", {s['ok']} ok, {s['failed']} failed" + (f" ({failed})" if failed else "")
            + f", {s['seconds']:.2f} s, {s['per_second'] or 0:.1f} inputs/s")
