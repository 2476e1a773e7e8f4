"""Test configuration: make the checkout importable without installing it."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import os
import tempfile

# One temporary folder per test session. The pytest-xdist workers inherit the environment of the
# process that starts them, which imports this file first: they find its folder in
# MTGKB_TEST_SESSION and share it (their cache entries are named by what they hold, so sharing
# is safe), and the process that made it removes it at the end (pytest_unconfigure).
_NO_DB = os.environ.get("MTGKB_TEST_SESSION", "")
_OWNER = not os.path.isdir(_NO_DB)
if _OWNER:
    _NO_DB = tempfile.mkdtemp(prefix="mtgkb-test-")
    os.environ["MTGKB_TEST_SESSION"] = _NO_DB
# No test reads or writes the user's card database: by default there is none (a path in the
# session's folder that nothing creates); tests that need one build it and point MTGKB_CARDS at it.
os.environ["MTGKB_CARDS"] = os.path.join(_NO_DB, "no-card-database.sqlite3")
# Nor the user's cache: the parse table of the Oracle grammar is built once per test session in
# the session's folder (pyengine.compiler.parser.cache_path), by the first worker that needs it
# while the others wait for it (pyengine.cachedir.lock).
os.environ["MTGKB_CACHE_DIR"] = os.path.join(_NO_DB, "cache")

# The randomized differential tests check a fixed set of seeded boards on every run and, besides,
# a share of boards that changes from run to run (tests/helpers.py run_seeds): this run's seed,
# drawn by the process that starts the session and inherited by the xdist workers (their
# collections must agree), is shown in the header and under every failure; set MTGKB_TEST_SEED
# to replay a run.
if _OWNER and not os.environ.get("MTGKB_TEST_SEED", "").isdigit():
    import random
    os.environ["MTGKB_TEST_SEED"] = str(random.SystemRandom().randrange(10**6))
TEST_SEED = int(os.environ.get("MTGKB_TEST_SEED") or 0)

import pytest  # noqa: E402


def pytest_report_header(config):
    return f"mtgkb randomized boards: MTGKB_TEST_SEED={TEST_SEED} (set it to replay this run's boards)"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        report.sections.append(("randomized boards", f"MTGKB_TEST_SEED={TEST_SEED} replays this run's boards"))


@pytest.fixture
def use_db(monkeypatch):
    """Point MTGKB_CARDS (what snapshots read) at a database for one test."""
    from pyengine.carddb import store

    def use(path):
        monkeypatch.setenv("MTGKB_CARDS", str(path))
        return store.open_db(path, must_exist=True)
    return use


def pytest_unconfigure(config):
    if _OWNER and not hasattr(config, "workerinput"):
        import shutil
        shutil.rmtree(_NO_DB, ignore_errors=True)
