"""Where the work of `batch` and `sweep` runs: in this process, on a local pool of worker
processes, or on a Dask cluster. :func:`ordered_map` hands out chunks of work and yields the
results in the order of the chunks, whichever finishes first.

Workers are long-lived: each imports pyengine once (and keeps its caches: compiled cards, the
card library), so nothing is paid per snapshot but the query itself. Dask is imported only when
a scheduler is given; it is an optional extra (``pip install 'mtgkb[dask]'``).
"""

from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
import multiprocessing
import os

from .. import progress as _progress
from ..errors import InputError

progress = _progress.progress          # batch and sweep show their progress with it


def default_jobs():
    """The number of CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                    # not on Linux
        return max(1, os.cpu_count() or 1)


def warm():
    """Load what every query needs once per worker process (the commands, the card library)."""
    from .. import cardlib, cli
    for name in cli.COMMANDS:                  # the CLI imports a command's module when it runs
        cli.main.get_command(None, name)
    cardlib.bundled()


def chunked(items, size):
    """Lists of SIZE consecutive items."""
    it = iter(items)
    while True:
        chunk = list(islice(it, size))
        if not chunk:
            return
        yield chunk


def ordered_map(func, chunks, jobs=1, scheduler=None, window=None):
    """An iterator of ``func(chunk)`` for every chunk, in order: in this process (jobs 1), on a
    pool of JOBS worker processes, or on the Dask scheduler at SCHEDULER (an address such as
    tcp://127.0.0.1:8786). At most WINDOW chunks are in flight at once. The scheduler is
    connected to at once, so that a wrong address is reported before anything is written."""
    if scheduler:
        return _dask(connect(scheduler), func, chunks, window)
    if jobs <= 1:
        return _here(func, chunks)
    return _pool(func, chunks, jobs)


def _here(func, chunks):
    warm()
    for chunk in chunks:
        yield func(chunk)


def _windowed(submit, chunks, window):
    """Submit chunks, at most WINDOW in flight, and yield their results in order. SUBMIT(chunk)
    returns a future (concurrent.futures or Dask)."""
    it = iter(chunks)
    pending = deque(submit(c) for c in islice(it, window))
    while pending:
        out = pending.popleft().result()
        for c in islice(it, 1):
            pending.append(submit(c))
        yield out


def _pool(func, chunks, jobs):
    # fork shares the parent's imported modules and caches; elsewhere spawn re-imports them once
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method), initializer=warm)
    try:
        yield from _windowed(lambda c: pool.submit(func, c), chunks, 4 * jobs)
    except BrokenProcessPool:
        raise InputError("a worker process died; the lines written so far are complete "
                         "(batch --resume goes on after them)")
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def connect(scheduler):
    """A dask.distributed Client for SCHEDULER; InputError (one line) if Dask is missing or the
    scheduler can't be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--scheduler needs dask.distributed, which is not installed; "
                         "install it with: pip install 'mtgkb[dask]'")
    try:
        return Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise InputError(f"--scheduler {scheduler}: cannot connect to the Dask scheduler ({e})")


def _dask(client, func, chunks, window):
    try:
        workers = len(client.scheduler_info().get("workers", {})) or 1
        yield from _windowed(lambda c: client.submit(func, c, pure=False), chunks, window or 4 * workers)
    finally:
        client.close()
