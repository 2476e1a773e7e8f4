"""The user's folders (pyengine/userdirs.py): on Linux, the XDG Base Directory Specification read
directly, which is what platformdirs answers there; without an absolute $HOME, platformdirs."""

import os
import subprocess
import sys

import pytest

from pyengine import userdirs

ENVS = [   # (XDG_CACHE_HOME, XDG_DATA_HOME, HOME) -> expected cache and data folders (XDG spec)
    ({"HOME": "/home/u"}, "/home/u/.cache/mtgkb", "/home/u/.local/share/mtgkb"),
    ({"HOME": "/home/u/", "XDG_CACHE_HOME": "", "XDG_DATA_HOME": "  "},
     "/home/u/.cache/mtgkb", "/home/u/.local/share/mtgkb"),
    ({"HOME": "/home/u", "XDG_CACHE_HOME": "/x/c", "XDG_DATA_HOME": "/x/d/"}, "/x/c/mtgkb", "/x/d/mtgkb"),
    # a relative XDG variable is ignored (the spec: "the path must be absolute")
    ({"HOME": "/home/u", "XDG_CACHE_HOME": "rel/c", "XDG_DATA_HOME": "rel/d"},
     "/home/u/.cache/mtgkb", "/home/u/.local/share/mtgkb"),
]


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
@pytest.mark.parametrize("env,cache,data", ENVS)
def test_linux_folders_follow_the_xdg_spec_as_platformdirs_does(monkeypatch, env, cache, data):
    import platformdirs
    for var in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "HOME"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert userdirs.user_dir("cache") == cache
    assert userdirs.user_dir("data") == data
    assert platformdirs.user_cache_dir("mtgkb", appauthor=False) == cache
    assert platformdirs.user_data_dir("mtgkb", appauthor=False) == data


def test_without_an_absolute_home_platformdirs_answers(monkeypatch):
    import platformdirs
    monkeypatch.setenv("HOME", "relative/home")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    calls = []
    real = platformdirs.user_cache_dir
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda *a, **k: calls.append(a) or real(*a, **k))
    userdirs.user_dir("cache")
    assert calls == [("mtgkb",)]


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_a_query_finds_its_cache_without_platformdirs(tmp_path):
    """Without $MTGKB_CACHE_DIR, a query keeps its cache in ~/.cache/mtgkb without importing
    platformdirs."""
    snap = tmp_path / "one.json"
    snap.write_text('{"players": ["alice"], "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]}')
    code = ("import sys\nfrom pyengine.cli import main\n"
            f"try:\n    main(['could-produce', {str(snap)!r}, '--json'])\nexcept SystemExit:\n    pass\n"
            "print('platformdirs' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if k not in ("MTGKB_CACHE_DIR", "XDG_CACHE_HOME")}
    env["HOME"] = str(tmp_path)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ['{"f": ["G"]}', "False"]          # 305.6: a Forest taps for {G}
    assert any((tmp_path / ".cache" / "mtgkb").glob("cards-*/*.json"))
