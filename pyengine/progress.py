"""Progress bars on standard error, shown only on a terminal (click's progress bar).

:class:`Bar` is started once the amount of work is known (``start(total)``), stepped as work is
done and closed at the end; :func:`progress` is the same as a context manager for work whose total
is known up front. Used by `mtgkb cards import|update`, the card database's automatic recompile,
`batch` and `sweep`.
"""

from contextlib import contextmanager
import sys

import click


class Bar:
    """A progress bar on standard error, only when it is a terminal and there is work."""

    def __init__(self, label, show=None):
        self.label, self.bar = label, None
        self.show = sys.stderr.isatty() if show is None else show

    def start(self, total):
        if self.show and total and self.bar is None:
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr)
            self.bar.__enter__()

    def step(self, n):
        if self.bar is not None:
            self.bar.update(n)

    update = step

    def close(self):
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


@contextmanager
def progress(total, label, show):
    """A :class:`Bar` for TOTAL items, shown when SHOW (a terminal) and there is work."""
    bar = Bar(label, show)
    bar.start(total)
    try:
        yield bar
    finally:
        bar.close()
