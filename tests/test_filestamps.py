"""The digest of a set of files kept by their stamps (pyengine/filestamps.py): the same digest as
reading and hashing them; kept (and the files not read again) only once every file has settled;
any change of a file, even within one tick of the clock, is a new digest; the compiler version
(pyengine/carddb/version.py) is such a digest; the bundled card library is kept by such a digest
(pyengine/cardlib.py)."""

import os
from pathlib import Path

import pytest

from pyengine import cachedir, cardlib, filestamps
from pyengine.errors import InputError
from pyengine.carddb import version


def hashed(root, names):
    """The digest as reading and hashing every file gives it."""
    h = cachedir.hasher()
    for n in names:
        h.update(n.encode() + b"\0")
        h.update((root / n).read_bytes() + b"\0")
    return h.hexdigest()


def files(tmp_path, **texts):
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return list(texts)


def test_the_digest_is_that_of_the_names_and_contents(tmp_path):
    names = files(tmp_path, a="a(1).\n", b="b(X) :- a(X).\n")
    assert filestamps.digest(tmp_path, names) == hashed(tmp_path, names)
    assert filestamps.digest(tmp_path, names[::-1]) == hashed(tmp_path, names[::-1]) != hashed(tmp_path, names)


def test_settled_files_are_not_read_again(tmp_path, monkeypatch):
    names = files(tmp_path, a="a(1).\n", b="b(2).\n")
    monkeypatch.setattr(filestamps, "SETTLED", -60.0)       # as if written a minute ago
    first = filestamps.digest(tmp_path, names)
    filestamps._KEPT.clear()                                 # a new process: read from the cache
    monkeypatch.setattr(filestamps, "_contents", lambda path: 1 / 0)
    assert filestamps.digest(tmp_path, names) == first


def test_files_just_written_are_read_every_time(tmp_path, monkeypatch):
    """A file written twice within one tick, with the same size and modification time, is still
    a new digest: a digest is kept only for files that changed SETTLED seconds before."""
    names = files(tmp_path, a="a(1).\n")
    first = filestamps.digest(tmp_path, names)
    st = os.stat(tmp_path / "a")
    (tmp_path / "a").write_text("a(2).\n", encoding="utf-8")
    os.utime(tmp_path / "a", ns=(st.st_atime_ns, st.st_mtime_ns))
    assert filestamps.digest(tmp_path, names) == hashed(tmp_path, names) != first
    assert not cachedir.path(filestamps.KIND, filestamps.VERSION).exists() or not any(
        cachedir.path(filestamps.KIND, filestamps.VERSION).glob(
            cachedir.digest(repr((str(tmp_path), names)).encode()) + "*"))


def test_a_kept_digest_follows_a_change(tmp_path, monkeypatch):
    names = files(tmp_path, a="a(1).\n")
    monkeypatch.setattr(filestamps, "SETTLED", -60.0)
    first = filestamps.digest(tmp_path, names)
    (tmp_path / "a").write_text("a(3).\n", encoding="utf-8")       # same size
    assert filestamps.digest(tmp_path, names) == hashed(tmp_path, names) != first


def test_the_compiler_version_is_the_digest_of_its_sources():
    names = list(version._files())
    assert "compiler/grammar" in {n.rsplit("/", 1)[0] for n in names} and "terms.py" in names
    root = version._PKG
    from pathlib import Path
    assert version.compiler_version() == hashed(Path(root), names)[:16]


def test_the_bundled_library_is_read_back_from_the_cache(monkeypatch):
    """The bundled cards kept in the cache are load_bundled()'s, in its order, and a run reads
    them back without validating them again."""
    monkeypatch.setattr(cardlib, "_BUNDLED", None)
    fresh = cardlib.load_bundled()
    assert cardlib.bundled() == fresh
    monkeypatch.setattr(cardlib, "_BUNDLED", None)
    monkeypatch.setattr(cardlib, "parse_card", lambda *a: 1 / 0)
    kept = cardlib.bundled()
    assert list(kept.items()) == list(fresh.items()) and repr(kept) == repr(fresh)


def test_a_changed_card_file_is_validated_again(tmp_path, monkeypatch):
    import shutil
    for name in cardlib._VALIDATION:
        shutil.copy(Path(cardlib.__file__).parent / name, tmp_path / name)
    shutil.copytree(cardlib.CARD_DIR, tmp_path / "cards")
    monkeypatch.setattr(cardlib, "CARD_DIR", tmp_path / "cards")
    monkeypatch.setattr(cardlib, "_BUNDLED", None)
    assert cardlib.bundled()["Forest"].front.type_line == "Basic Land — Forest"
    mana = tmp_path / "cards" / "reference.json"
    mana.write_text(mana.read_text(encoding="utf-8").replace('"Basic Land — Forest"', '"Basic Land — Forest Island"'),
                    encoding="utf-8")
    monkeypatch.setattr(cardlib, "_BUNDLED", None)
    assert cardlib.bundled()["Forest"].front.type_line == "Basic Land — Forest Island"
    mana.write_text("[{}]", encoding="utf-8")
    monkeypatch.setattr(cardlib, "_BUNDLED", None)
    with pytest.raises(InputError):
        cardlib.bundled()
