"""The engine loads its own knowledge base whatever the working directory holds.

clingo resolves ``#include "kb/mana.lp"`` against the current working directory first; a user
running mtgkb from a folder that has its own ``kb/`` (another checkout, an unrelated project)
must still get the answers of this knowledge base.
"""

from pyengine import api, snapshot


def test_a_kb_folder_in_the_working_directory_is_not_included(tmp_path, monkeypatch):
    decoy = tmp_path / "kb"
    decoy.mkdir()
    for name in ("schema.lp", "vocabulary.lp", "objects.lp", "mana.lp", "modified.lp", "actions.lp",
                 "activation.lp", "violations.lp"):
        (decoy / name).write_text('could_produce(X,w) :- permanent(X).\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    snap = snapshot.load({"players": ["alice"], "battlefield": [
        {"id": "forest", "card": "Forest", "controller": "alice"}]})
    # 305.6: a Forest has the intrinsic ability "{T}: Add {G}."
    assert api.could_produce(snap) == {"forest": ["G"]}
