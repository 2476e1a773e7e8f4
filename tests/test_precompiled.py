"""The bundled library ships compiled (pyengine/precompiled.json), so that a first query on
bundled cards, with an empty cache, builds no grammar (issue 9: start-up)."""
import json
import os
import subprocess
import sys

from pyengine import precompiled
from pyengine.carddb.version import compiler_version


def test_the_shipped_file_is_what_the_current_compiler_makes():
    shipped = json.loads(precompiled.FILE.read_text(encoding="utf-8"))
    fresh = json.loads(precompiled.build())
    assert shipped["compiler"] == compiler_version(), \
        "pyengine/precompiled.json is stale: regenerate it with `python -m pyengine.precompiled`"
    assert shipped == fresh, "pyengine/precompiled.json is stale: regenerate it with `python -m pyengine.precompiled`"


def test_a_first_query_on_bundled_cards_builds_no_grammar(tmp_path):
    snap = tmp_path / "snap.yaml"
    snap.write_text("players: [alice]\nbattlefield:\n"
                    "  - {id: forest, card: Forest, controller: alice}\n"
                    "  - {id: pool, card: Reflecting Pool, controller: alice}\n", encoding="utf-8")
    env = dict(os.environ, MTGKB_CACHE_DIR=str(tmp_path / "empty-cache"))
    code = ("import sys\nfrom pyengine.cli import main\n"
            "try:\n    main([\"could-produce\", sys.argv[1]], standalone_mode=False)\n"
            "finally:\n    print('lark loaded' if 'lark' in sys.modules else 'no lark')\n")
    out = subprocess.run([sys.executable, "-c", code, str(snap)], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    # 106.7: Reflecting Pool could produce what the Forest could produce; no parser was needed
    assert out.stdout.split("\n")[:3] == ["forest: G", "pool: G", "no lark"]
    # the entries were copied to the user's cache
    assert list((tmp_path / "empty-cache").glob("cards-*/*.json"))
