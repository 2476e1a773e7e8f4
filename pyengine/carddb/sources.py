"""Card files as people download them, read as a stream of card records.

Formats, detected from the content (never from the file name):

- MTGJSON AtomicCards (v5): ``{"meta": ..., "data": {"<card name>": [<face>, ...]}}``;
- MTGJSON AllPrintings: ``{"meta": ..., "data": {"<set code>": {"cards": [<printing>, ...]}}}``,
  and a single MTGJSON set file (``"data": {"code": ..., "cards": [...]}``);
- Scryfall bulk data (oracle_cards, default_cards, all_cards): a JSON list of card objects.

Compression, also detected from the content: gzip, xz, bzip2, zip (the one ``.json`` member), or
none. Files are parsed as a stream (ijson), so a 500 MB AllPrintings never sits in memory whole.

:func:`read` yields :class:`Record`s: a card in the card-object shape of :mod:`pyengine.cardlib`,
or a skipped object (a token, an emblem, ...) with the reason, or a refused one with its name and
the reason it can't be read.
"""

import bz2
from dataclasses import dataclass
import gzip
import io
import lzma
from pathlib import Path
import zipfile

import ijson

from ..cardlib import FACED_LAYOUTS, ONE_FACE_LAYOUTS
from ..errors import InputError

# Objects that are not cards: skipped and counted by layout (planes, phenomena, schemes and
# vanguards are cards of the command zone, 113.6p: imported, for a snapshot's `command:`).
SKIPPED_LAYOUTS = ("token", "double_faced_token", "emblem", "art_series")
LAYOUT_ALIASES = {"battle": "transform"}       # Scryfall's layout of battles, which transform (712)
# Scryfall layouts that are really MTGJSON's "split" with aftermath, etc. need no alias.


@dataclass
class Record:
    """One object read from a card file: ``kind`` is card, skipped or refused."""

    kind: str
    name: str
    card: dict = None          # kind "card": the cardlib card object
    reason: str = ""           # kind "skipped": the layout or why; "refused": what is wrong


def _card(name, card):
    return Record("card", name, card)


def _skip(name, why):
    return Record("skipped", name, reason=why)


def _refuse(name, why):
    return Record("refused", str(name)[:200], reason=why)


# --- opening: compression, then the first bytes of the JSON --------------------------------------

_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"), (b"BZh", "bzip2"), (b"PK\x03\x04", "zip"))


def _open(path):
    """A binary stream of the JSON text inside ``path``, whatever its compression."""
    try:
        with open(path, "rb") as f:
            magic = f.read(6)
        kind = next((k for m, k in _MAGIC if magic.startswith(m)), None)
        if kind == "gzip":
            return gzip.open(path, "rb")
        if kind == "xz":
            return lzma.open(path, "rb")
        if kind == "bzip2":
            return bz2.open(path, "rb")
        if kind == "zip":
            z = zipfile.ZipFile(path)
            members = [i for i in z.infolist() if not i.is_dir()]
            jsons = [i for i in members if i.filename.lower().endswith(".json")] or members
            if len(jsons) != 1:
                raise InputError(f"{path}: a zip file with {len(jsons)} JSON files; expected one")
            return z.open(jsons[0])
        return open(path, "rb")
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a card file")
    except OSError as e:
        raise InputError(f"{path}: cannot read file ({e.strerror or e})")
    except (zipfile.BadZipFile, EOFError, lzma.LZMAError) as e:
        raise InputError(f"{path}: a damaged compressed file ({e})")


class _Prefixed(io.RawIOBase):
    """A stream that first returns ``head`` (bytes already read) and then the rest of ``f``."""

    def __init__(self, head, f):
        self.head, self.f = head, f

    def readable(self):
        return True

    def readinto(self, b):
        if self.head:
            n = min(len(b), len(self.head))
            b[:n], self.head = self.head[:n], self.head[n:]
            return n
        data = self.f.read(len(b))
        b[:len(data)] = data
        return len(data)


def _one_line(e):
    """The first line of an exception's message (yajl's draws a picture below it)."""
    return (str(e).strip().splitlines() or [type(e).__name__])[0].strip()


def _first_char(head):
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text[:1]


# --- reading -----------------------------------------------------------------------------------------

def read(path):
    """Every record of a card file (see the module doc). Raises InputError for a missing file, an
    unknown format or JSON that stops being valid part way (nothing of the file is then used)."""
    path = Path(path)
    stream = _open(path)
    try:
        try:
            head = stream.read(1 << 16)
        except (OSError, EOFError, lzma.LZMAError, zipfile.BadZipFile) as e:
            raise InputError(f"{path}: a damaged compressed file ({_one_line(e)})")
        first = _first_char(head)
        body = io.BufferedReader(_Prefixed(head, stream), 1 << 20)
        if first == b"[":
            records = _scryfall(ijson.items(body, "item", use_float=True))
        elif first == b"{":
            records = _mtgjson(path, ijson.kvitems(body, "data", use_float=True))
        else:
            raise InputError(f"{path}: not a card file: expected MTGJSON AtomicCards or AllPrintings "
                             "(JSON), or Scryfall bulk data (a JSON list of cards)")
        count = 0
        try:
            for r in records:
                count += 1
                yield r
        except ijson.JSONError as e:
            raise InputError(f"{path}: not valid JSON after {count} records ({_one_line(e)})")
        except (OSError, EOFError, lzma.LZMAError, zipfile.BadZipFile) as e:
            raise InputError(f"{path}: a damaged compressed file after {count} records ({_one_line(e)})")
        if count == 0:
            raise InputError(f"{path}: no cards found: expected MTGJSON AtomicCards or AllPrintings "
                             "(with a 'data' object), or Scryfall bulk data (a JSON list of cards)")
    finally:
        stream.close()


# --- MTGJSON -----------------------------------------------------------------------------------------

def _mtgjson(path, items):
    """AtomicCards entries, AllPrintings sets, or the fields of a single set file."""
    mode = None
    printings = {}                       # AllPrintings / set file: name -> {side: face}
    for key, value in items:
        if mode is None:
            mode = ("atomic" if isinstance(value, list) else
                    "printings" if isinstance(value, dict) and "cards" in value else "set")
        if mode == "atomic":
            yield atomic_entry(key, value)
        elif mode == "printings":
            if isinstance(value, dict):
                yield from _set_cards(value.get("cards"), value.get("tokens"), printings)
        elif key == "cards":
            yield from _set_cards(value, None, printings)
        elif key == "tokens":
            yield from _set_cards(None, value, printings)
    for name, sides in printings.items():
        yield atomic_entry(name, [sides[s] for s in sorted(sides)])


def _set_cards(cards, tokens, printings):
    """Collect the faces of each card of one set (first printing of a name wins)."""
    for t in tokens or []:
        yield _skip(t.get("name", "?") if isinstance(t, dict) else "?", "token")
    for c in cards or []:
        if not isinstance(c, dict) or not isinstance(c.get("name"), str):
            yield _refuse(c.get("name", "?") if isinstance(c, dict) else "?", "a card without a name")
            continue
        sides = printings.setdefault(c["name"], {})
        side = c.get("side") or "a"
        sides.setdefault(side if isinstance(side, str) else "a", c)


def _face_dict(name, cost, type_line, text, power, toughness, loyalty, defense, indicator):
    d = {"name": name, "mana_cost": cost or None, "type": type_line, "text": text or ""}
    for k, v in (("power", power), ("toughness", toughness), ("loyalty", loyalty),
                 ("defense", defense)):
        if v is not None:
            d[k] = v
    if indicator:
        d["color_indicator"] = indicator
    return d


def _mtgjson_face(f, name):
    return _face_dict(name, f.get("manaCost"), f.get("type"), f.get("text"), f.get("power"),
                      f.get("toughness"), f.get("loyalty"), f.get("defense"),
                      f.get("colorIndicator"))


def atomic_entry(name, faces):
    """One AtomicCards entry (a card name and its list of faces) as a Record."""
    if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
        return _refuse(name, "expected a list of faces")
    layout = faces[0].get("layout")
    layout = LAYOUT_ALIASES.get(layout, layout)
    if layout in SKIPPED_LAYOUTS:
        return _skip(name, layout)
    if layout in ONE_FACE_LAYOUTS:
        if len(faces) > 1:
            return _refuse(name, f"{len(faces)} different cards share this name")
        return _card(name, dict(_mtgjson_face(faces[0], name), layout=layout))
    if layout in FACED_LAYOUTS:
        if len(faces) == 1 and layout == "meld":          # the melded permanent alone: it is
            return _skip(name, "meld_result")             # kept as a face of its two front cards
        faces = sorted(faces, key=lambda f: str(f.get("side") or ""))
        return _card(name, {"name": name, "layout": layout, "faces": [
            _mtgjson_face(f, f.get("faceName") or f.get("name")) for f in faces]})
    return _refuse(name, f"layout {layout!r} is not known")


# --- Scryfall ----------------------------------------------------------------------------------------

def _scryfall_face(f):
    return _face_dict(f.get("name"), f.get("mana_cost"), f.get("type_line"), f.get("oracle_text"),
                      f.get("power"), f.get("toughness"), f.get("loyalty"), f.get("defense"),
                      f.get("color_indicator"))


def _scryfall(objects):
    """Scryfall card objects; a meld card's two fronts each get the melded back face (712.4)."""
    seen = set()
    melds, results = [], {}
    for o in objects:
        if not isinstance(o, dict) or not isinstance(o.get("name"), str):
            yield _refuse(o.get("name", "?") if isinstance(o, dict) else "?", "a card without a name")
            continue
        name = o["name"]
        if o.get("object", "card") != "card":
            yield _skip(name, f"object {o.get('object')!r}")
            continue
        if name in seen:                 # default_cards: one object per printing
            continue
        seen.add(name)
        layout = LAYOUT_ALIASES.get(o.get("layout"), o.get("layout"))
        if layout in SKIPPED_LAYOUTS:
            yield _skip(name, layout)
        elif layout == "meld":
            parts = o.get("all_parts") or []
            result = [p.get("name") for p in parts if isinstance(p, dict) and p.get("component") == "meld_result"]
            if name in result:
                results[name] = o
                yield _skip(name, "meld_result")
            else:
                melds.append((o, result[0] if len(result) == 1 else None))
        elif layout in ONE_FACE_LAYOUTS:
            if o.get("card_faces"):
                yield _refuse(name, f"layout {layout} with card_faces")
            else:
                yield _card(name, dict(_scryfall_face(o), layout=layout))
        elif layout in FACED_LAYOUTS:
            faces = o.get("card_faces")
            if not isinstance(faces, list) or not all(isinstance(f, dict) for f in faces):
                yield _refuse(name, f"layout {layout} without card_faces")
                continue
            # a face without its own colour indicator or cost has none (Scryfall puts the card's
            # mana cost on the card for split cards; the faces have their own)
            yield _card(name, {"name": name, "layout": layout,
                               "faces": [_scryfall_face(f) for f in faces]})
        else:
            yield _refuse(name, f"layout {layout!r} is not known")
    for o, result in melds:
        back = results.get(result)
        if back is None:
            yield _refuse(o["name"], f"meld card whose melded face {result!r} is not in the file")
            continue
        full = f"{o['name']} // {result}"
        yield _card(full, {"name": full, "layout": "meld",
                           "faces": [_scryfall_face(o), _scryfall_face(back)]})
