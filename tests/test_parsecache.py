"""YAML snapshots read back as parsed (pyengine/parsecache.py): the same data, the same validation
and error messages, PyYAML not imported by a question asked again about one file, and never the
data of another text (a changed file, even of the same size, is parsed again); data JSON can't
give back exactly (dates, number keys, aliases, sets), texts that don't parse and broken entries
are parsed every time."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine import cachedir, parsecache, reader, snapshot
from pyengine.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
FOREST = "players: [alice]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, tapped: false}\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder; the entries of parsecache's kind in it."""
    monkeypatch.setenv("MTGKB_CACHE_DIR", str(tmp_path / "cache"))
    return lambda: sorted(cachedir.path(parsecache.KIND, parsecache.version()).glob("*.json"))


def not_parsed(monkeypatch):
    """From now on a YAML parse fails the test: what is read comes from the cache."""
    monkeypatch.setattr(reader, "_loader", lambda: pytest.fail("parsed again"))


def test_a_text_read_again_is_its_data_without_parsing(tmp_path, cache, monkeypatch):
    path = tmp_path / "board.yaml"
    path.write_text(FOREST, encoding="utf-8")
    first = reader.read_file(path)
    assert first == {"players": ["alice"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice", "tapped": False}]}
    assert len(cache()) == 1
    not_parsed(monkeypatch)
    again = reader.read_file(path)
    assert again == first and type(again["battlefield"][0]["tapped"]) is bool
    assert list(again) == list(first) and list(again["battlefield"][0]) == list(first["battlefield"][0])


def test_a_question_asked_again_does_not_import_pyyaml(tmp_path):
    """Two processes asking could-produce about one YAML file (a text no earlier test read; the
    tests' cache folder, where the Forest is compiled): the same answer (305.6: a Forest taps for
    {G}); the second never imports PyYAML."""
    path = tmp_path / "board.yaml"
    path.write_text(FOREST + f"# {tmp_path}\n", encoding="utf-8")
    code = ("import sys\nfrom pyengine.cli import main\n"
            f"try:\n    main(['could-produce', {str(path)!r}, '--json'])\nexcept SystemExit:\n    pass\n"
            "print('yaml' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           env=dict(os.environ)) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr
    (a1, y1), (a2, y2) = (r.stdout.strip().splitlines()[-2:] for r in runs)
    assert json.loads(a1) == json.loads(a2) == {"f": ["G"]}
    assert (y1, y2) == ("True", "False")


def test_a_changed_file_is_parsed_again(tmp_path, cache):
    """The entry is named by the text itself: a file changed in place (same size, same
    modification time) gives its new data, never the kept one."""
    path = tmp_path / "board.yaml"
    path.write_text(FOREST, encoding="utf-8")
    assert reader.read_file(path)["battlefield"][0]["tapped"] is False
    st = os.stat(path)
    path.write_text(FOREST.replace("false", "true "), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_size == st.st_size
    assert reader.read_file(path)["battlefield"][0]["tapped"] is True
    assert len(cache()) == 2


def test_validation_errors_are_the_same_read_back(tmp_path, cache, monkeypatch):
    path = tmp_path / "board.yaml"
    path.write_text(FOREST + "colour: blue\n", encoding="utf-8")
    with pytest.raises(InputError) as first:
        snapshot.load(str(path))
    assert "colour" in str(first.value)
    not_parsed(monkeypatch)
    with pytest.raises(InputError) as again:
        snapshot.load(str(path))
    assert str(again.value) == str(first.value)


@pytest.mark.parametrize("text", [
    FOREST + "since: 2024-01-01\n",                      # a date
    FOREST + "life: {1: 20}\n",                          # a number as a key
    FOREST + "x: &a [1]\ny: *a\n",                       # one list reached twice (an alias)
    FOREST + "s: !!set {a: null}\n",                     # a set
    FOREST + "z: .nan\n",                                # not a finite number
])
def test_data_json_does_not_give_back_exactly_is_parsed_every_time(tmp_path, cache, text):
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    first = reader.read_file(path)
    assert cache() == []
    assert not parsecache.exact(first)


def test_a_text_that_does_not_parse_is_never_kept(tmp_path, cache):
    path = tmp_path / "board.yaml"
    path.write_text("players: [alice\n", encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(InputError) as e:
            reader.read_file(path)
        messages.append(str(e.value))
    assert messages[0] == messages[1] and "not valid YAML" in messages[0]
    assert cache() == []


def test_a_broken_entry_is_parsed_again(tmp_path, cache):
    path = tmp_path / "board.yaml"
    path.write_text(FOREST, encoding="utf-8")
    first = reader.read_file(path)
    for broken in ('{"players": [', "[1, 2]"):
        cache()[0].write_text(broken, encoding="utf-8")
        assert reader.read_file(path) == first
    assert json.loads(cache()[0].read_text(encoding="utf-8")) == first


def test_exact_is_strict_on_types():
    assert parsecache.exact({"a": [1, 2.5, "x", None, True, {"b": -0.0}]})
    shared = [1]
    for data in ({"a": (1,)}, {"a": float("inf")}, {1: "a"}, {"a": [shared, shared]}, {"a": b"x"}):
        assert not parsecache.exact(data), data
    deep = inner = {}
    for _ in range(20):
        inner["a"] = {}
        inner = inner["a"]
    assert not parsecache.exact(deep)


def test_the_least_recently_used_entries_go_beyond_the_limit(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(parsecache, "MAX_ENTRIES", 2)
    paths = []
    for i in range(3):
        paths.append(tmp_path / f"b{i}.yaml")
        paths[-1].write_text(FOREST + f"# {i}\n", encoding="utf-8")
        reader.read_file(paths[-1])
        entry = cachedir.path(parsecache.KIND, parsecache.version(), parsecache._entry(paths[-1].read_text()))
        os.utime(entry, ns=(i * 10**9, i * 10**9))            # written in this order
    assert len(cache()) == 2
    assert not cachedir.path(parsecache.KIND, parsecache.version(),
                             parsecache._entry(paths[0].read_text())).exists()
