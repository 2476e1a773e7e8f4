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


# The parse table of the Oracle grammar (~25 s of CPU) is built into the session's cache by a
# process the controller starts as the session begins, while the workers start, collect and run
# the tests that need no parser; a worker that needs it before it is written waits for it on the
# cache's lock (pyengine.cachedir.lock, held by the builder from its start) and loads it, instead
# of one worker building it while the other waits. Without workers (-n 0), the first test that
# parses builds it, as before.
_BUILDER = None


def pytest_configure(config):
    global _BUILDER
    workers = getattr(config.option, "numprocesses", None)
    if _OWNER and not hasattr(config, "workerinput") and isinstance(workers, int) and workers > 1:
        import subprocess
        _BUILDER = subprocess.Popen(
            [sys.executable, "-c", "from pyengine.compiler.parser import lark_parser; lark_parser()"],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pytest_unconfigure(config):
    if _OWNER and not hasattr(config, "workerinput"):
        import shutil
        if _BUILDER is not None and _BUILDER.poll() is None:
            _BUILDER.kill()                 # a run too short to need it
            _BUILDER.wait()
        shutil.rmtree(_NO_DB, ignore_errors=True)



# Two computations over the real KB and checkout are made, identically, by several tests: `mtgkb
# check`'s bounded search (about 36 s of CPU for the six shipped properties: tests/test_check.py
# checks each property's result, and the `$ mtgkb check` examples of README.md and
# docs/explain-check-coverage.md, tests/test_readme_examples.py, what the CLI prints of the same
# searches) and `mtgkb coverage`'s report (every test file read and matched against every seed
# sentence: tests/test_coverage.py asks for it as JSON, as the human table and as --gaps, and the
# documented example once more). Each is deterministic given the files it reads, so within one
# session it is computed once, by the first test that asks, and kept in the session's folder as
# JSON (shared by the xdist workers; a worker that finds no result computes it itself). The key
# covers the files read (and, for check, the bundled cards' facts, the property and the bounds);
# a test that runs on a copy of the KB (MTGKB_HOME: the planted bugs of test_check.py) is never
# served a kept result, and an inconclusive search is not kept.
_SHARED = os.path.join(_NO_DB, "shared-results")


def _digest_files(h, dirs, pattern):
    for d in dirs:
        base = ROOT / d
        paths = sorted(base.rglob(pattern)) if base.is_dir() else [base] if base.is_file() else []
        for path in paths:
            h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")


def _real_kb():
    from pyengine.asp.driver import kb_root
    return kb_root() == ROOT.resolve()


def _shared(kind, key, compute, keep=lambda result: True):
    """COMPUTE()'s result, computed once per session for KEY (None: computed, never kept)."""
    import json
    path = key and os.path.join(_SHARED, f"{kind}-{key}.json")
    if path and os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    result = compute()
    if path and keep(result):
        os.makedirs(_SHARED, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(result, f)
        os.replace(tmp, path)               # whole or absent for a reader in another worker
        with open(path, encoding="utf-8") as f:
            return json.load(f)             # the same form a later reader gets
    return result


@pytest.fixture(autouse=True, scope="session")
def _shared_searches_and_reports():
    import hashlib
    from pyengine import check as check_mod, coverage as coverage_mod
    search, report = check_mod.search, coverage_mod.report

    def shared_search(prop, bound=check_mod.DEFAULT_BOUND, players=2, effects=1, counters=1,
                      time_limit=check_mod.DEFAULT_TIME_LIMIT):
        key = None
        if _real_kb():
            h = hashlib.sha256(repr((prop.name, bound, players, effects, counters, time_limit)).encode())
            _digest_files(h, ["rules.lp", "kb", "queries", "properties"], "*.lp")
            h.update(repr(check_mod._card_facts()).encode())
            key = h.hexdigest()[:32]
        return _shared("check", key, lambda: search(prop, bound, players, effects, counters,
                                                    time_limit=time_limit),
                       keep=lambda r: r.get("holds") is not None)

    def shared_report():
        key = None
        if _real_kb() and coverage_mod._repo() == ROOT.resolve():
            h = hashlib.sha256()
            _digest_files(h, ["rules.lp", "kb", "queries"], "*.lp")
            _digest_files(h, ["tests"], "*.py")
            _digest_files(h, ["tests/scenarios"], "*.yaml")
            _digest_files(h, ["docs/sources"], "*")
            key = h.hexdigest()[:32]
        return _shared("coverage", key, report)

    check_mod.search, coverage_mod.report = shared_search, shared_report
    yield
    check_mod.search, coverage_mod.report = search, report


@pytest.fixture
def false_property_kb(tmp_path, monkeypatch):
    """A copy of the KB (MTGKB_HOME) with one more property, false by CR 305.6 (a Forest could
    produce G): what `check` and `sweep` must find."""
    import shutil
    root = Path(__file__).resolve().parent.parent
    kb = tmp_path / "kb-home"
    kb.mkdir()
    for name in ("rules.lp", "kb", "queries"):
        (kb / name).symlink_to(root / name)
    shutil.copytree(root / "properties", kb / "properties")
    (kb / "properties" / "no_green_forest.lp").write_text(
        "%*! property: (deliberately false, for the test) no Forest could produce green mana *%\n"
        "property_violated(forest_could_produce_green(X)) :- perm_card(X,\"Forest\"), could_produce(X,g).\n")
    monkeypatch.setenv("MTGKB_HOME", str(kb))
    return kb


# The order of the tests on two or more workers (pytest-xdist's "load" distribution, addopts): each
# worker's first batch (xdist's LoadScheduling hands the first len/workers/4 tests to the first
# worker, the next as many to the second, and later ones as workers finish) starts with whole
# test files that need no Oracle parser, so that a worker's first tests do not wait for the parse
# table that the builder started by pytest_configure writes (~25 s of CPU on one core, while the
# other sat idle when both workers began with compiler or custom-card tests). Only the order
# changes: the same tests run, each file's in its own order; files named here that need the parser
# somewhere (test_pay_reference.py, one test) only wait later. Without workers nothing moves.
_PARSER_FREE_FIRST = (
    ("test_differential_could_produce.py",),
    ("test_parts_and_sessions.py", "test_engine.py", "test_kb_conventions.py", "test_pay_reference.py"),
)


def pytest_collection_modifyitems(config, items):
    workers = getattr(config, "workerinput", {}).get("workercount", 0)
    if workers < 2 or not items:
        return
    batch = max(len(items) // workers // 4, 2)
    heads = [[it for it in items if it.path.name in names] for names in _PARSER_FREE_FIRST[:workers]]
    moved = {id(it) for head in heads for it in head}
    rest = [it for it in items if id(it) not in moved]
    order = []
    for k, head in enumerate(heads):
        fill = max(batch * k - len(order), 0)        # the k-th worker's first batch starts here
        order += rest[:fill] + head
        rest = rest[fill:]
    items[:] = order + rest
