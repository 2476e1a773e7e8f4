"""An installed mtgkb (``pip install .``, not editable) carries its knowledge base.

The KB lives at the top of the checkout (rules.lp, kb/, queries/, properties/, the CR text in
docs/); pyproject.toml ships it as the data package ``pyengine.kbfiles`` and
``asp.driver.kb_root`` finds it there when no checkout surrounds the package. A wheel can't be
built here without network (its build backend needs ``wheel``), so the test lays out what the
wheel holds -- the ``pyengine`` package and the files pyproject's patterns select, and nothing
else -- and runs queries from it, away from the checkout.
"""
import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:                      # Python 3.10: pip's own copy of the same parser
    from pip._vendor import tomli as tomllib

REPO = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _shipped():
    """The checkout's files that the package-data patterns of pyengine.kbfiles select."""
    source = REPO / CONFIG["package-dir"]["pyengine.kbfiles"]
    files = set()
    for pattern in CONFIG["package-data"]["pyengine.kbfiles"]:
        files |= {Path(p).relative_to(source) for p in glob.glob(str(source / pattern))}
    return files


def test_every_file_of_the_knowledge_base_is_shipped():
    from pyengine.asp import layout
    shipped = _shipped()
    needed = {Path("rules.lp")} | {Path(n) for n in layout.included(REPO)}
    needed |= {p.relative_to(REPO) for d in ("queries", "properties") for p in (REPO / d).glob("*.lp")}
    needed |= {Path("docs") / "MagicCompRules-2025-11-14.txt"}
    assert not needed - shipped, f"not in the package: {sorted(map(str, needed - shipped))}"
    assert "pyengine.kbfiles" in CONFIG["packages"]


def test_an_installed_copy_answers_from_its_own_knowledge_base(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(REPO / "pyengine", site / "pyengine", ignore=shutil.ignore_patterns("__pycache__"))
    for rel in _shipped():
        target = site / "pyengine" / "kbfiles" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / rel, target)
    snap = tmp_path / "snap.yaml"
    snap.write_text("players: [alice]\nbattlefield:\n"
                    "  - {id: forest, card: Forest, controller: alice}\n"
                    "  - {id: pool, card: Reflecting Pool, controller: alice}\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "MTGKB_HOME"}
    env["PYTHONPATH"] = str(site)
    run = lambda *args: subprocess.run([sys.executable, "-m", "pyengine", *args], cwd=tmp_path, env=env,
                                       capture_output=True, text=True)
    where = subprocess.run([sys.executable, "-c", "import pyengine.asp.driver as d; print(d.kb_root())"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert where.stdout.strip() == str(site / "pyengine" / "kbfiles"), where.stderr
    # 106.7: Reflecting Pool could produce what the Forest could produce
    out = run("could-produce", str(snap))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["forest: G", "pool: G"]
    # the explanation quotes the CR text shipped in kbfiles/docs
    why = run("explain", str(snap), 'could_produce("pool",g)')
    assert why.returncode == 0, why.stderr
    assert "106.7" in why.stdout and "could produce" in why.stdout.lower()
