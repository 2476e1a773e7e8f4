"""What each line of a card is, and whether its meaning reaches the KB: the classifier behind
``mtgkb cards show`` and ``mtgkb cards coverage``.

The kinds of a line come from the compiler (:func:`pyengine.compiler.classify.kinds_of`, read
off the line's parsed form): there is one classifier, and this module only shapes what it says.

- :func:`classify(card, compiled) <classify>` -> one :class:`Line` per ability line of each face
  (reminder-only lines are not abilities and are left out), plus a line 0 per face for printed
  characteristics the compiler could not read (a ``*`` power, an unknown type, a Room's halves).
- :func:`reaches_kb(line, vocabulary) <reaches_kb>`: the line was compiled whole *and* every fact
  it gives the KB is read by some KB rule (:func:`kb_vocabulary`). A keyword the compiler
  recognises but no rule uses (flying, today) is "recognised", not modelled.
- :func:`shape(text) <shape>`: a line with numbers, mana symbols and names replaced by
  placeholders, to count the most common shapes of text the compiler does not model.

A line's ``kind`` (:data:`KINDS`) is read off the compiler's frame of it (:data:`_KIND_OF_FRAME`):
``mana_ability`` for an activated ability that adds mana (605.1a), a loyalty ability or a Class
level is ``activated`` (606.3, 716.2a), a chapter ability ``triggered`` (714.2b), a replacement
``static`` (614.1), a leveler's level and P/T boxes ``characteristics`` (711.2), a mode (700.2)
the kind of the line that introduces it; a line the grammar cannot read is ``unparsed``. Its
``mana`` kinds are :data:`MANA_KINDS`. :func:`kind_of(text, spell) <kind_of>` classifies one
line of text the same way.
"""

from dataclasses import dataclass
from functools import lru_cache
import re

from ..compiler.classify import FRAMES, MANA_KINDS
from ..compiler.text import names_of as _names_of_name, strip_reminders
from ..terms import Fn

KINDS = ("mana_ability", "activated", "triggered", "static", "keyword", "spell", "characteristics",
         "other", "unparsed")
_KIND_OF_FRAME = {"keyword": "keyword", "activated": "activated", "loyalty": "activated",
                  "class_level": "activated", "triggered": "triggered", "chapter": "triggered",
                  "static": "static", "replacement": "static", "spell": "spell",
                  "level": "characteristics", "unparsed": "unparsed"}
# facts that only record that a line exists; what a line *means* is in its other facts
_BOOKKEEPING = {"card_ability", "ability_text"}


@dataclass(frozen=True)
class Line:
    """One ability line of a card face (``line`` 0: its printed characteristics)."""

    face: str            # the face's name (a card of one face: the card's name)
    line: int            # 1-based line of the face's text; 0 for characteristics
    text: str            # the Oracle text of the line, as printed
    kind: str            # one of KINDS
    mana: tuple          # the MANA_KINDS it has, () if it is not about mana
    compiled: bool       # the compiler turned all of it into facts the KB carries out
    reason: str          # why it is not compiled (the compiler's words), or ""
    uses: tuple          # what its facts hand to the KB: "pred:<name>" and "keyword:<name>"

    def to_json(self):
        return {"face": self.face, "line": self.line, "text": self.text, "kind": self.kind,
                "mana": list(self.mana), "compiled": self.compiled, "reason": self.reason,
                "uses": list(self.uses)}

    @classmethod
    def from_json(cls, d):
        return cls(d["face"], d["line"], d["text"], d["kind"], tuple(d["mana"]), d["compiled"],
                   d["reason"], tuple(d["uses"]))


def _ab_keys(term, out):
    """(face, line) of every ab/granted term inside a fact argument."""
    if isinstance(term, Fn):
        if term.name in ("ab", "granted") and len(term.args) == 2 and isinstance(term.args[1], int):
            inner = term.args[0]
            if isinstance(inner, Fn):               # granted(ab(F,I),K): the outer line owns it
                _ab_keys(inner, out)
            else:
                out.add((inner, term.args[1]))
        for a in term.args:
            _ab_keys(a, out)
    elif isinstance(term, tuple):
        for a in term:
            _ab_keys(a, out)


def facts_by_line(facts):
    """{(face, line): [facts about that line's ability]} (a fact may belong to several lines)."""
    by = {}
    for f in facts:
        keys = set()
        for a in f[1:]:
            _ab_keys(a, keys)
        for k in keys:
            by.setdefault(k, []).append(f)
    return by


def _uses(facts):
    out = set()
    for f in facts:
        if f[0] in _BOOKKEEPING or f[0] == "card_not_modelled":
            continue
        out.add(f"pred:{f[0]}")
        if f[0] == "keyword":
            out.add(f"keyword:{f[2]}")
    return tuple(sorted(out))


def faces_of(card):
    """(key, face) pairs: the name the compiler keys a face's facts by, and the face."""
    if len(card.faces) == 1:
        return [(card.name, card.front)]
    return [(f.name, f) for f in card.faces]


def _kind(kinds, prev=None):
    """(kind, mana kinds) of a line from the compiler's kinds of it and the (kind, mana kinds) of
    the line above it (see the module doc)."""
    frame = next((k for k in FRAMES if k in kinds), "unparsed")
    if frame == "mode" and prev is not None:            # a mode of the line above (700.2)
        return prev
    kind = _KIND_OF_FRAME.get(frame, "other")
    if frame == "activated" and "mana_ability" in kinds:
        kind = "mana_ability"
    return kind, tuple(k for k in MANA_KINDS if f"mana:{k}" in kinds)


def kind_of(text, spell=False):
    """(kind, mana kinds) of one line of Oracle text, of an instant or sorcery if ``spell``."""
    from ..compiler import compile_text
    infos = compile_text(text, "~", "Instant" if spell else "Artifact")
    return _kind(infos[0].kinds) if infos else ("other", ())


def classify(card, compiled):
    """Every ability line of every face of ``card`` with its kind and compiled status. The kinds
    come from ``compiled.lines``; a card read back from the database has none (they are not
    stored), and is compiled again here (one card: milliseconds)."""
    infos = compiled.lines
    if not infos and any(f.text for f in card.faces):
        from ..cardfacts import compile_fresh
        infos = compile_fresh(card).lines
    by_line = facts_by_line(compiled.facts)
    missing = {}
    for n in compiled.not_modelled:
        missing.setdefault((n.card, n.line), []).append(n)
    out = []
    face_keys = {k for k, _ in faces_of(card)}
    for n in compiled.not_modelled:       # notes about the card as a whole
        if n.line == 0 and n.card not in face_keys:
            out.append(Line(n.card, 0, n.text, "characteristics", (), False, n.reason or n.text, ()))
    info_of = {(li.card, li.line.index): li for li in infos}
    for key, face in faces_of(card):
        prev = None
        for n in missing.get((key, 0), []):
            out.append(Line(key, 0, n.text, "characteristics", (), False, n.reason or n.text, ()))
        for i, raw in enumerate(face.text.split("\n"), 1):
            li = info_of.get((key, i))
            if li is None:              # reminder text only: not an ability
                continue
            facts = by_line.get((key, i), [])
            notes = missing.get((key, i), [])
            whole = li.modelled and not notes
            reason = "" if whole else ("; ".join(n.reason or "not modelled" for n in notes)
                                       or "not understood")
            kind, mana = prev = _kind(li.kinds, prev)
            out.append(Line(key, i, raw.strip(), kind, mana, whole, reason, _uses(facts)))
    return out


def names_of(names):
    """The names a card's text may use for itself, given its name and its faces' names: those and
    their short names (201.5c; :func:`pyengine.compiler.text.names_of`)."""
    out = set()
    for n in names:
        out |= _names_of_name(n)
    return out


_NUMBER_WORDS = r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|X)\b"


def shape(text, names=()):
    """A line as a shape: reminder text dropped, the card's own names (:func:`names_of`) -> '~',
    'named X' -> 'named NAME', mana symbols -> {M}, generic amounts -> {N}, numbers -> N."""
    t = strip_reminders(text).strip()
    for n in sorted(names, key=len, reverse=True):
        if n:
            t = t.replace(n, "~")
    t = re.sub(r"\b[Tt]his (?:creature|land|artifact|enchantment|Equipment|permanent|card|spell|"
               r"Aura|Vehicle|planeswalker|battle|Saga|Class|Case|Room)\b", "~", t)
    t = re.sub(r"named [A-Z][^.,;]*", "named NAME", t)
    t = re.sub(r"\{(?:[WUBRGCS]|[WUBRGC2]/[WUBRGP](?:/P)?)\}", "{M}", t)
    t = re.sub(r"\{\d+\}|\{X\}", "{N}", t)
    t = re.sub(r"[+-]?\b\d+\b", "N", t)
    t = re.sub(_NUMBER_WORDS, "N", t)
    return re.sub(r"\s+", " ", t).strip()


def reaches_kb(line, vocabulary):
    """True if the line was compiled whole and the KB reads every fact it makes."""
    return line.compiled and bool(line.uses) and all(u.split(":", 1)[1] in vocabulary
                                                     for u in line.uses)


_IDENT = re.compile(r"\b[a-z_][A-Za-z0-9_]*\b")


@lru_cache(maxsize=4)
def kb_vocabulary(root=None):
    """Every identifier (predicate or constant) that a rule of kb/ or queries/ uses, comments and
    the schema's #defined declarations left out: what the KB can read."""
    from ..asp.driver import kb_root
    root = kb_root() if root is None else root
    words = set()
    for path in sorted(list((root / "kb").glob("*.lp")) + list((root / "queries").glob("*.lp"))):
        text = re.sub(r"%\*.*?\*%", " ", path.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r'"(?:[^"\\]|\\.)*"', " ", text)          # strings are data, not vocabulary
        for ln in text.splitlines():
            ln = ln.split("%", 1)[0]
            if ln.strip().startswith("#defined"):
                continue
            words.update(_IDENT.findall(ln))
    return frozenset(words)
