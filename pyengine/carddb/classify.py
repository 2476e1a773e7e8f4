"""What each line of a card is, and whether its meaning reaches the KB: the classifier behind
``mtgkb cards show`` and ``mtgkb cards coverage``.

Interface (small on purpose, so that a compiler with a typed intermediate form can feed it too):

- :func:`classify(card, compiled) <classify>` -> one :class:`Line` per ability line of each face
  (reminder-only lines are not abilities and are left out), plus a line 0 per face for printed
  characteristics the compiler could not read (a ``*`` power, an unknown type, a Room's halves).
- :func:`reaches_kb(line, vocabulary) <reaches_kb>`: the line was compiled whole *and* every fact
  it gives the KB is read by some KB rule (:func:`kb_vocabulary`). A keyword the compiler
  recognises but no rule uses (flying, today) is "recognised", not modelled.
- :func:`shape(text) <shape>`: a line with numbers, mana symbols and names replaced by
  placeholders, to count the most common shapes of text the compiler does not model.

A line's ``kind`` and ``mana`` kinds are read from its text (the same way for modelled and
unmodelled lines, so the counts compare); whether it is modelled comes from the compiler's facts.
"""

from dataclasses import dataclass
from functools import lru_cache
import re

from ..terms import Fn

KINDS = ("mana_ability", "activated", "triggered", "static", "keyword", "spell", "characteristics")
MANA_KINDS = ("fixed", "choice", "any_color", "reflector", "chosen_color", "count_dependent",
              "costs_beyond_tap", "spend_restriction", "activation_restriction", "mana_trigger",
              "mana_replacement", "ritual")
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
    compiled: bool       # the compiler turned all of it into facts
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


_REMINDER = re.compile(r"\s*\([^()]*\)")


def strip_reminder(text):
    """Text without reminder text (parentheses, innermost first)."""
    prev = None
    while prev != text:
        prev, text = text, _REMINDER.sub("", text)
    return text.strip()


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


def classify(card, compiled):
    """Every ability line of every face of ``card`` with its kind and compiled status."""
    by_line = facts_by_line(compiled.facts)
    missing = {}
    for key, line, text in compiled.not_modelled:
        missing.setdefault((key, line), []).append(text)
    out = []
    face_keys = {k for k, _ in faces_of(card)}
    for key, line, text in compiled.not_modelled:       # notes about the card as a whole
        if line == 0 and key not in face_keys:
            out.append(Line(key, 0, text, "characteristics", (), False, text, ()))
    for key, face in faces_of(card):
        spell = bool(re.search(r"\b(Instant|Sorcery)\b", face.type_line))
        for reason in missing.get((key, 0), []):
            out.append(Line(key, 0, reason, "characteristics", (), False, reason, ()))
        prev = None
        for i, raw in enumerate(face.text.split("\n"), 1):
            text = strip_reminder(raw)
            if not text:
                continue
            facts = by_line.get((key, i), [])
            notes = missing.get((key, i), [])
            compiled_whole = bool(facts) and not notes
            reason = "" if compiled_whole else "; ".join(n for n in notes) or "not understood"
            if text.startswith("•") and prev is not None:        # a mode of the line above (700.2)
                kind, mana = prev
            else:
                kind, mana = prev = kind_of(text, spell)
            out.append(Line(key, i, raw.strip(), kind, mana, compiled_whole,
                            "" if compiled_whole else _reason(reason, raw.strip()), _uses(facts)))
    return out


def _reason(reason, raw):
    """The compiler's note without the line's own text in front of it."""
    if reason.startswith(raw):
        reason = reason[len(raw):].strip()
        if reason.startswith("[") and reason.endswith("]"):
            reason = reason[1:-1]
    return reason or "not understood"


_TRIGGER = re.compile(r"^(When|Whenever|At)\b")
_LEVEL_BOX = re.compile(r"LEVEL \d+(?:-\d+|\+)|\d+/\d+")
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* —")
_ACTIVATED = re.compile(r'^(?P<cost>[^:"—]+?): (?P<effect>.+)$')
_ADD = re.compile(r"\b[Aa]dds? (?:\{|one|two|three|X|an amount|that much|mana|\w+ mana)")


def kind_of(text, spell=False):
    """(kind, mana kinds) of one ability line (reminder text removed), read from its words."""
    if _LEVEL_BOX.fullmatch(text):             # a leveler's level and P/T boxes (711.2), not abilities
        return "characteristics", ()
    mana = set()
    adds = bool(_ADD.search(text))
    m = _ACTIVATED.match(text)
    if _TRIGGER.match(text) or _CHAPTER.match(text):
        kind = "triggered"
        if adds and re.search(r"for mana|mana ability", text) and "target" not in text:
            mana.add("mana_trigger")                            # 605.1b
    elif m and not text.startswith(("As ", "If ")):
        kind = "activated"
        if adds and "target" not in m.group("effect"):          # 605.1a
            kind = "mana_ability"
            cost = m.group("cost")
            if any(c.strip() != "{T}" for c in cost.split(",")):
                mana.add("costs_beyond_tap")
            if "Activate only" in text:
                mana.add("activation_restriction")
    elif not text.endswith((".", '"', ")", "—")) and ":" not in text:
        kind = "keyword"
    elif spell:
        kind = "spell"
        if adds:
            mana.add("ritual")                                  # an instant or sorcery adds mana
    else:
        kind = "static"
    if re.search(r"for mana\b.*\b(instead|produces?)\b|produces? .* instead", text):
        mana.add("mana_replacement")
    if adds and (kind == "mana_ability" or mana & {"mana_trigger", "ritual"}):
        mana |= _amount_kinds(text)
    if "Spend this mana only" in text or "spend this mana only" in text:
        mana.add("spend_restriction")
    return kind, tuple(k for k in MANA_KINDS if k in mana)


def _amount_kinds(text):
    """What an 'Add ...' sentence adds: fixed, a choice, any color, a reflected type, ..."""
    out = set()
    if re.search(r"could produce|that (?:a|an) \w+ .*produced|type .* produced", text):
        out.add("reflector")
    if re.search(r"chosen color|color (?:you|of your) cho", text):
        out.add("chosen_color")
    if re.search(r"\bfor each\b|\bequal to\b|\bX\b|amount of", text):
        out.add("count_dependent")
    if re.search(r"of any (?:one )?color|any combination of colors", text):
        out.add("any_color")
    adds = re.search(r"[Aa]dd ((?:\{[^}]+\})+(?:(?:,| or|, or) (?:\{[^}]+\})+)+)", text)
    if adds and " or " in adds.group(1):
        out.add("choice")
    elif re.search(r"[Aa]dd (?:\{[WUBRGC]\})+(?:\.| for| to)", text) and not out:
        out.add("fixed")
    return out


_NUMBER_WORDS = r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|X)\b"


def names_of(names):
    """The names a card's text may use for itself, given its name and its faces' names: those,
    and the short name of a legendary card before its comma (201.5)."""
    out = set(names)
    return out | {n.split(",")[0] for n in out if "," in n}


def shape(text, names=()):
    """A line as a shape: reminder text dropped, the card's own names (:func:`names_of`) -> '~',
    'named X' -> 'named NAME', mana symbols -> {M}, generic amounts -> {N}, numbers -> N."""
    t = strip_reminder(text)
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
