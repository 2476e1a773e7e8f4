"""The one place that runs a query on a snapshot the way the command line would.

:func:`run` runs a ``mtgkb`` command in this process (the same click command, so its semantics
can't drift from the CLI's), with standard input, output and error captured, and returns what
the command line would have shown: the exit status, the ``--json`` answer, and the ``error:`` and
``note:`` lines. A process imports pyengine once and reuses it for every snapshot, so a batch pays
the KB's setup once per worker, not once per snapshot.

Standard streams and the working directory (the engine changes it while it loads the KB) are
process-wide, so runs in one process are serialised by :data:`PROCESS_LOCK` (a Dask worker with
several threads still gives right answers, it just doesn't run them in parallel: use
single-threaded workers).
"""

from contextlib import redirect_stderr, redirect_stdout
import io
import json
import sys
import threading
import traceback

#: held while a query runs in this process (standard streams and the working directory are shared)
PROCESS_LOCK = threading.Lock()


def run_cli(argv, stdin=None):
    """Run ``mtgkb ARGV`` in-process: (exit status, stdout text, stderr text). STDIN (bytes) is
    what the command reads from standard input."""
    from ..cli import main                     # imported here: commands import this package lazily
    out, err = io.StringIO(), io.StringIO()
    with PROCESS_LOCK:
        saved = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
        try:
            with redirect_stdout(out), redirect_stderr(err):
                try:
                    rv = main.main(args=list(argv), prog_name="mtgkb")
                    status = rv if isinstance(rv, int) else 0
                except SystemExit as e:
                    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                    if e.code is not None and not isinstance(e.code, int):
                        print(e.code, file=sys.stderr)
                except Exception as e:            # a bug: the CLI would print a traceback, exit 1
                    status = 1
                    print(f"error: internal error: {type(e).__name__}: {e}", file=sys.stderr)
                    traceback.print_exc(limit=3, file=sys.stderr)
        finally:
            sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def result(status, stdout, stderr):
    """A run as the JSON-able result a batch line holds: {"status", "answer", "errors", "notes"}.

    ``answer`` is the parsed --json output (the raw text if it isn't JSON, None if empty);
    ``errors`` and ``notes`` are the ``error:`` and ``note:`` lines without their prefix; any other
    line on standard error (warnings, a traceback) is kept under ``messages``."""
    text = stdout.strip()
    try:
        answer = json.loads(text) if text else None
    except json.JSONDecodeError:
        answer = stdout
    errors, notes, other = [], [], []
    for line in stderr.splitlines():
        if line.startswith("error: "):
            errors.append(line[len("error: "):])
        elif line.startswith("note: "):
            notes.append(line[len("note: "):])
        elif line.strip():
            other.append(line)
    out = {"status": status, "answer": answer, "errors": errors, "notes": notes}
    if other:
        out["messages"] = other
    return out


def run(argv, stdin=None):
    """Run ``mtgkb ARGV`` in-process and return :func:`result` of it."""
    return result(*run_cli(argv, stdin))
