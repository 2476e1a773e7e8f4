"""The card database file (SQLite): where it is, its tables, reading a card, writing a new file.

Where: ``--db PATH``, else ``$MTGKB_CARDS``, else ``cards.sqlite3`` in the user's data directory
(:mod:`pyengine.userdirs`). Tables::

    meta(key, value)                    schema, compiler version, import summary (JSON), sources
    cards(id, name, layout, card,       card: the card object (JSON, cardlib's shape); compiler:
          compiler, facts,              the compiler version its facts, not-modelled lines and
          not_modelled, lines)          classified lines (pyengine.carddb.classify) were made by
    names(key, card, face, name)        every name a card answers to, folded (cardnames.fold):
                                        face 0 is the card's own name, 1.. its faces' names

A database is only ever written whole, to a new file that replaces the old one when it is
complete (:func:`write`), so a failed or interrupted import leaves the previous one intact.
"""

from dataclasses import dataclass
import json
import os
from pathlib import Path
import sqlite3
import tempfile

from .. import cardfacts
from ..cardlib import card_from_json, card_to_json  # noqa: F401 (store.card_from_json)
from ..cardnames import Suggester, fold
from ..compiled import Compiled
from ..errors import InputError
from . import codec
from .classify import Line, classify
from .version import compiler_version

SCHEMA = 1
FILE_NAME = "cards.sqlite3"
_TABLES = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, layout TEXT NOT NULL,
                   card TEXT NOT NULL, compiler TEXT NOT NULL, facts TEXT NOT NULL,
                   not_modelled TEXT NOT NULL, lines TEXT NOT NULL);
CREATE TABLE names(key TEXT NOT NULL, card INTEGER NOT NULL, face INTEGER NOT NULL, name TEXT NOT NULL);
"""
_INDEXES = "CREATE INDEX names_key ON names(key);"


def default_path():
    """$MTGKB_CARDS, else cards.sqlite3 in the user's data directory."""
    env = os.environ.get("MTGKB_CARDS")
    if env:
        return Path(env).expanduser()
    from ..userdirs import user_dir
    return Path(user_dir("data")) / FILE_NAME


# --- a card as stored (its exact fields: cardlib.card_to_json) -------------------------------------

@dataclass
class Row:
    """What the database stores for one card, ready to insert (see the module doc)."""

    name: str
    layout: str
    card: str
    compiler: str
    facts: str
    not_modelled: str
    lines: str
    names: list                 # (key, face, name)


def make_row(card, version=None):
    """Compile a Card and make its row (run in the import's worker processes)."""
    result = cardfacts.compile_fresh(card)
    lines = classify(card, result)
    names = [(fold(card.name), 0, card.name)]
    if len(card.faces) > 1:
        names += [(fold(f.name), i, f.name) for i, f in enumerate(card.faces, 1)]
    return Row(card.name, card.layout, card_to_json(card), version or compiler_version(),
               codec.encode(result.facts),
               codec.encode_notes(result.not_modelled),
               json.dumps([ln.to_json() for ln in lines], ensure_ascii=False), names)


# --- reading ---------------------------------------------------------------------------------------

class CardDB:
    """An open card database (read only, except for refreshing stale compiled facts)."""

    def __init__(self, path):
        self.path = Path(path)
        try:
            self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            meta = dict(self.conn.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as e:
            raise InputError(f"card database {self.path}: not a card database ({e}); build it again "
                             "with 'mtgkb cards import FILE'")
        if meta.get("schema") != str(SCHEMA):
            raise InputError(f"card database {self.path}: made by another version of mtgkb (schema "
                             f"{meta.get('schema')}, expected {SCHEMA}); build it again with "
                             "'mtgkb cards import FILE'")
        self.meta = meta
        self._names = self._suggester = None

    def close(self):
        self.conn.close()

    def _q(self, sql, args=()):
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise InputError(f"card database {self.path}: damaged ({e}); build it again with "
                             "'mtgkb cards import FILE'")

    def summary(self):
        """The import summary stored in meta (see importer.Summary.to_json)."""
        return json.loads(self.meta.get("summary", "{}"))

    def count(self):
        return self._q("SELECT count(*) FROM cards")[0][0]

    def find(self, name):
        """[(card id, card name, face)] of the cards answering to ``name`` (folded)."""
        return self._q("SELECT n.card, c.name, n.face FROM names n JOIN cards c ON c.id = n.card "
                       "WHERE n.key = ? ORDER BY n.face, c.name", (fold(name),))

    def names(self):
        """Every name (cards and faces) the database answers to, once each (for suggestions)."""
        if self._names is None:
            self._names = sorted({n for (n,) in self._q("SELECT name FROM names")})
        return self._names

    def suggester(self):
        """The "did you mean" index of :meth:`names` (built once)."""
        if self._suggester is None:
            self._suggester = Suggester(self.names())
        return self._suggester

    def load(self, card_id):
        """(Card, Compiled, [Line]) of one card (see :meth:`card`)."""
        rows = self._q("SELECT card, compiler, facts, not_modelled, lines FROM cards WHERE id = ?",
                       (card_id,))
        if not rows:
            raise InputError(f"card database {self.path}: damaged (card {card_id} is missing)")
        return self._decode(card_id, *rows[0])

    def _decode(self, card_id, card_text, version, facts, missing, lines=None):
        """Decode a stored card. A card stored by another compiler is compiled again, in memory:
        the answer is right at once. (A stale database is recompiled whole on first use when it
        can be written, :mod:`.refresh`; this is the fallback when it can't.)"""
        try:
            card = card_from_json(card_text)
            if version == compiler_version():
                result = Compiled(card.name, codec.decode(facts), codec.decode_notes(missing))
                return card, result, (None if lines is None else
                                      [Line.from_json(d) for d in json.loads(lines)])
        except (ValueError, TypeError, KeyError) as e:
            raise InputError(f"card database {self.path}: damaged ({e}); build it again with "
                             "'mtgkb cards import FILE'")
        result = cardfacts.compile_fresh(card)
        return card, result, (None if lines is None else classify(card, result))

    def card(self, card_id):
        """(Card, Compiled) of one card; the compiled result is what snapshots will use."""
        rows = self._q("SELECT card, compiler, facts, not_modelled FROM cards WHERE id = ?",
                       (card_id,))
        if not rows:
            raise InputError(f"card database {self.path}: damaged (card {card_id} is missing)")
        card, result, _ = self._decode(card_id, *rows[0])
        cardfacts.remember(card, result)
        return card, result

    def every_card(self):
        """(Card, Compiled) of every card, by name (the compiled result as :meth:`card` gives it)."""
        for row in self._q("SELECT id, card, compiler, facts, not_modelled FROM cards ORDER BY name"):
            card, result, _ = self._decode(*row)
            yield card, result

    def rows(self):
        """(name, layout, card JSON, compiler, lines JSON) of every card, by name."""
        return self._q("SELECT name, layout, card, compiler, lines FROM cards ORDER BY name")

    def stale(self):
        """How many cards were compiled by another compiler than the current one."""
        return self._q("SELECT count(*) FROM cards WHERE compiler != ?", (compiler_version(),))[0][0]


_OPEN = {}


def open_db(path=None, must_exist=False):
    """The card database at ``path`` (default: :func:`default_path`), or None if there is none.
    Cached per process while the file is unchanged (an import replaces it with a new file)."""
    path = Path(path) if path else default_path()
    try:
        st = path.stat()
    except OSError:
        if must_exist:
            raise InputError(f"no card database at {path}; build one with 'mtgkb cards import FILE' "
                             "(MTGJSON AtomicCards or Scryfall bulk data) or 'mtgkb cards update'")
        return None
    key = (str(path), st.st_ino, st.st_mtime_ns, st.st_size)
    db = _OPEN.get(str(path))
    if db is None or db[0] != key:
        if db is not None:
            db[1].close()
        _OPEN[str(path)] = db = (key, CardDB(path))
    return db[1]


# --- writing ---------------------------------------------------------------------------------------

def write(path, rows, meta):
    """Write a whole new database to ``path`` from ``rows`` (an iterable of Row) and ``meta()``
    (called once the rows are written: a dict of meta values); the old file is replaced only when
    the new one is complete."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as e:
        raise InputError(f"cannot write the card database {path} ({e.strerror or e})")
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)                 # mkstemp's 0600 would hide it from other users
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            conn.executescript(_TABLES)
            for i, r in enumerate(rows, 1):
                conn.execute("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?)",
                             (i, r.name, r.layout, r.card, r.compiler, r.facts, r.not_modelled, r.lines))
                conn.executemany("INSERT INTO names VALUES (?,?,?,?)",
                                 [(k, i, face, n) for k, face, n in r.names])
            conn.executescript(_INDEXES)
            meta = dict(meta(), schema=str(SCHEMA))
            conn.executemany("INSERT INTO meta VALUES (?,?)",
                             [(k, v if isinstance(v, str) else json.dumps(v, ensure_ascii=False))
                              for k, v in meta.items()])
            conn.commit()
        finally:
            conn.close()
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, (OSError, sqlite3.Error)):     # a full disk, a directory in the way
            raise InputError(f"cannot write the card database {path} ({e}); it is unchanged")
        raise
