"""`batch` and `sweep` on a Dask cluster (a LocalCluster on 127.0.0.1) give the same lines and the
same counterexamples as on the local pool. Skipped only when dask.distributed is not installed
(`pip install -e '.[test,dask]'` installs it, as CI does)."""

import json
from pathlib import Path

import pytest

from helpers import run_cli

# imported by the module's fixture, in the one worker that runs these tests (~0.5 s of CPU a
# worker at collection); a missing dask skips them there, as an import at the top did
distributed = None

ROOT = Path(__file__).resolve().parent.parent
FORGE = Path(__file__).parent / "data" / "forge"


@pytest.fixture(scope="module")
def scheduler():
    global distributed
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def ran_on_workers(scheduler, module):
    """For each worker process of the cluster: has it imported MODULE (run our tasks)?"""
    with distributed.Client(scheduler) as client:
        return set(client.run(lambda: __import__("sys").modules.get(module) is not None).values())


def test_batch_on_dask_equals_the_local_pool(tmp_path, scheduler):
    ins = [str(ROOT / "examples"), str(FORGE / "mana-board.pzl"), str(FORGE / "refused.pzl"),
           str(tmp_path / "missing.yaml")]
    local, dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    code, _, err = run_cli(["batch", "actions", *ins, "-o", str(local), "-j", "2"])
    assert code == 0, err
    code, _, err = run_cli(["batch", "actions", *ins, "-o", str(dask), "--scheduler", scheduler, "--chunk", "3"])
    assert code == 0, err
    assert dask.read_text() == local.read_text()
    assert True in ran_on_workers(scheduler, "pyengine.scale.batch")
    statuses = [json.loads(l)["status"] for l in local.read_text().splitlines()]
    assert statuses.count(0) >= 15 and statuses[-2:] == [2, 2]


def test_sweep_on_dask_equals_the_local_pool(tmp_path, scheduler):
    args = ["sweep", "--cards", "mana", "--size", "2", "--sample", "6", "--seed", "3", "--json"]
    code, local, err = run_cli(args + ["-j", "2", "--out", str(tmp_path / "l")])
    assert code == 0, err
    code, dask, err = run_cli(args + ["--scheduler", scheduler, "--out", str(tmp_path / "d")])
    assert code == 0, err
    strip = lambda r: {k: v for k, v in r.items() if k not in ("seconds", "states_per_second")}
    assert strip(dask) == strip(local)
    assert local["checked"] + local["skipped"] == 6
    assert True in ran_on_workers(scheduler, "pyengine.scale.statecheck")
