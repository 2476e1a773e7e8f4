"""Oracle text -> tokens for the grammar (``grammar/*.lark``).

The text is split into words, symbols and punctuation (:func:`raw_tokens`); each raw token then
gets a terminal of the grammar. A word is matched case-insensitively against the grammar's own
words (its string literals, e.g. ``"creature"``); a word that is not one of them may be a
subtype (205.3, ``SUBTYPE``, value the canonical singular) or any other word (``WORD``: counter
kinds, names). Which of these a word is depends on where it stands: :class:`Tokens` offers the
parser the candidates of each raw token in a fixed order, and the parser takes the first one its
current state accepts (see :mod:`pyengine.compiler.parser`). The order is the lexical rule:

1. a word of the grammar before a subtype before any other word ("counter" is the grammar's word,
   never a counter kind named "counter"); a capitalized word that is none of these, inside a
   sentence, may be part of a name (``CAP_WORD``: "a Monster Role token");
2. in a list of characteristics ("artifact, creature, or enchantment"; "white or blue"), a comma
   or a conjunction that continues the list is ``LIST_COMMA`` / ``LIST_OR`` / ``LIST_AND`` /
   ``LIST_ANDOR`` when what follows it is the rest of such a list: the one place where the
   grammar needs to look two words ahead (LR(2)), decided here once.

Other fixed rules: ``{T}`` and the like are the grammar's literals ``"{t}"``; any other mana
symbol is ``MANA``; a number written in digits is ``NUMBER``; ``+1/+1`` is ``PTMOD``; ``1/1`` is
``PT``; ``[+1]`` is ``LOYALTY``; ``~`` (the object itself) is ``SELF``; "X's"/"owners'" end in
the possessive ``"'s"`` / ``"'"``; "nonland" is ``"non" "land"``; a line that starts with an ability
word of 207.2c, or with a flavor word, and an em dash is ``AWORD`` or ``FWORD`` then ``"—"``.
"""

from dataclasses import dataclass, field
from functools import lru_cache
import re

from . import vocabulary

# One raw token: a mana symbol, a loyalty cost, a P/T change, a P/T, a number, a word, ~, or a
# punctuation mark. Words keep their apostrophes and hyphens ("can't", "face-down").
_RAW = re.compile(r"""
    (?P<sym>\{[^{}\s]{1,12}\})
  | (?P<loyalty>\[[+\-]?(?:[0-9]+|X)\])
  | (?P<ptmod>[+\-](?:[0-9]+|X|\*)/[+\-](?:[0-9]+|X|\*))
  | (?P<pt>(?:[0-9]+|X|\*)/(?:[0-9]+|X|\*))
  | (?P<num>[0-9]+(?=[^A-Za-z0-9]|$))
  | (?P<word>[A-Za-z0-9][A-Za-z0-9]*(?:['\-][A-Za-z0-9]+)*'?)
  | (?P<self>~)
  | (?P<poss>'s\b)
  | (?P<punct>[.,:;"!?•—+\-/|∞→])
  | (?P<squote>')
  | (?P<space>\s+)
""", re.X)

# Contractions are words of the grammar as they stand ("can't"); any other word ending in 's is
# a possessive: "owner's" -> "owner" "'s".
CONTRACTIONS = {"can't", "don't", "doesn't", "isn't", "aren't", "wasn't", "weren't", "hasn't",
                "haven't", "hadn't", "didn't", "couldn't", "wouldn't", "won't", "shouldn't",
                "it's", "that's", "there's", "what's", "who's", "you're", "they're", "you've",
                "they've", "i'm", "let's", "here's", "he's", "she's", "you'd", "they'd", "we're",
                "where's", "one's"}

# A pronoun and a verb written as one word are two words for the grammar: "you're" -> "you" "are"
# ("it's" is always "it is" in Oracle text, "its" being the possessive).
EXPANDED = {"you're": "are", "they're": "are", "we're": "are", "you've": "have", "they've": "have",
            "it's": "is", "that's": "is", "there's": "is", "he's": "is", "she's": "is"}

_ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii"}
_ABILITY_WORD = re.compile(r"(?P<prefix>[A-Z][^—:{}\"•]*?) — (?=\S)")


@dataclass(frozen=True)
class Raw:
    """A raw token: its kind (sym, word, ...), its text and where it starts in the line; a literal
    of several words joined into one token keeps the raw tokens it was joined from (``parts``)."""

    kind: str
    text: str
    pos: int
    parts: tuple = field(default=(), compare=False, repr=False)


class LexError(Exception):
    """Text that is not made of Oracle-text tokens (an unknown character)."""


def _text_clean(text):
    return (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
            .replace("\u201d", '"').replace("\u2212", "-").replace("\u2013", "-"))


# parseB: keyword abilities written "Keyword — [text]" (702.139a companion): not a flavor word
_KEYWORDS_WITH_DASH = {"companion"}


def raw_tokens(text):
    """The raw tokens of one normalised line (see module doc). Raises LexError."""
    text = _text_clean(text)
    out, pos = [], 0
    lead = re.match(r"^(?:• |(?:[IVX]+, )*[IVX]+ — |(?:\{TK\})+ — )", text)   # a mode, a chapter, a sticker's ticket cost first
    if lead:
        out += _raw_plain(lead.group(0))
        pos = lead.end()
    m = _ABILITY_WORD.match(text, pos)
    if m and not _is_chapter(m.group("prefix")) and not m.group("prefix").startswith(("Choose", "LEVEL")):
        prefix = m.group("prefix")
        words = {w.lower() for w in vocabulary.sections()["ability words"]}
        if prefix.lower() not in _KEYWORDS_WITH_DASH:   # parseB: "Companion — ..." is the keyword (702.139a)
            out.append(Raw("aword" if prefix.lower() in words else "fword", prefix, pos))
            pos = m.end() - 2
            out.append(Raw("punct", "—", pos))
            pos += 1
    nested = False
    while pos < len(text):
        m = _RAW.match(text, pos)
        if not m:
            raise LexError(f"unexpected character {text[pos]!r}")
        kind = m.lastgroup
        tok = m.group(kind)
        if kind == "squote":
            nested = not nested                 # a quote within a quote opens or closes
        if kind == "word" and nested and tok.endswith("'"):
            # '... any target'": the quote within a quote closes, no plural possessive ("owners'")
            out += _split_word(tok[:-1], pos) + [Raw("squote", "'", m.end() - 1)]
            nested = False
        elif kind == "word":
            out += _split_word(tok, pos)
        elif kind == "poss":
            out.append(Raw("word", tok, pos))
        elif kind != "space":
            out.append(Raw(kind, tok, pos))
        pos = m.end()
    return _names(_phrases(_and_or(_close_quotes(out))))


_NAME_JOINERS = {"of", "the", "and", "to", "in", "a", "on", "for", "with", "from", "at", "into"}


def _name_goes_on(raws, j):
    """After small words or a comma at raws[j], a capitalized word follows (the name goes on:
    "Nicol Bolas, the Deceiver"; "Find the Path")."""
    k = j
    while k < len(raws) and k - j < 3 and (raws[k].text in _NAME_JOINERS or raws[k].text == ","):
        k += 1
    return k < len(raws) and raws[k].kind == "word" and _name_word(raws[k].text)


def _name_word(word):
    """A word of a card's name: capitalized, or a lowercase elision before one ("l'Cie" of
    "Fang, Fearless l'Cie")."""
    return word[:1].isupper() or bool(re.match(r"[a-z]{1,2}'[A-Z]", word))


def _names(raws):
    """A card's name after "named" is one NAME token: its capitalized words, with the small
    words and commas between them ("named Nicol Bolas, the Deceiver", "named Find the Path") and
    possessives ("named Everflame, Heroes' Legacy")."""
    out, i = [], 0
    while i < len(raws):
        r = raws[i]
        out.append(r)
        i += 1
        if not (r.kind == "word" and (r.text == "named" or _melds_into(raws, i - 1))):
            continue
        j = i
        while j < len(raws):
            t = raws[j]
            if t.kind == "word" and (_name_word(t.text) or t.text in ("'s", "'")):
                j += 1
            elif t.kind in ("word", "punct") and (t.text in _NAME_JOINERS or t.text == ",") and j > i \
                    and _name_goes_on(raws, j):
                j += 1
            else:
                break
        if j > i:
            text = " ".join(t.text for t in raws[i:j]).replace(" 's", "'s").replace(" '", "'").replace(" ,", ",")
            out.append(Raw("name", text, raws[i].pos))
            i = j
    return out


def _melds_into(raws, i):
    """raws[i] is the "into" of "meld them into <name>" (701.42a): a card's name follows."""
    return raws[i].text == "into" and i >= 2 and raws[i - 2].text.lower() == "meld" \
        and raws[i - 1].text.lower() in ("them", "it")


def _close_quotes(raws):
    """A quoted ability that ends a sentence carries the sentence's period inside the quotes
    ('has "{T}: Add {G}."'); the sentence itself gets its own period after the closing quote,
    unless the sentence goes on ('"..." and "..."', '"..." until end of turn'). A quoted ability
    written without its period ('"{T}: Add {C}" and "..."'), or with the comma of the sentence that
    goes on ('"..., Sacrifice this artifact: Add one mana of any color," and it loses ...'), gets
    one before the closing quote. A quote within a quote is written with single quotes (113.1a: an ability granted by a granted
    ability, 'have "Swamps you control have '{T}: Add {B}.'"'): it is a quote like the outer one,
    one level deeper."""
    out, stack = [], []                     # stack: (quote character, index of the opening)
    for i, r in enumerate(raws):
        if r.text != '"' and r.kind != "squote":
            out.append(r)
            continue
        r = Raw("punct", '"', r.pos) if r.kind == "squote" else r
        char = raws[i].text
        if not stack or stack[-1][0] != char:
            stack.append((char, i))
            out.append(r)
            continue
        opening = stack.pop()[1]
        prev = raws[i - 1].text if i else ""
        if raws[i - 1].kind == "squote":
            prev = '"'
        comma = None
        if prev == "," and out and out[-1].text == ",":
            comma = out.pop()           # '"{T}: Add {C}," and ...': the ability ends there
            prev = ""
            if i - opening > 4:
                comma = None
            # else a quoted word ('says "save" or "life," you may ...'): the sentence's comma,
            # written inside the quotes, follows them
        if prev not in (".", "!") and i - opening > 4:
            out.append(Raw("punct", ".", r.pos))          # '"... Add {G} or {B}".': its period
            prev = "."
        out.append(r)
        if comma is not None:
            out.append(comma)
        if prev in (".", "!"):
            nxt = raws[i + 1] if i + 1 < len(raws) else None
            if nxt is None or (nxt.kind in ("word", "self") and nxt.text[:1].isupper()) or nxt.text == "~":
                out.append(Raw("punct", ".", r.pos))
    return out


def _raw_plain(text):
    """The raw tokens of a short plain text (a mode's bullet, a chapter's numbers)."""
    out, pos = [], 0
    while pos < len(text):
        m = _RAW.match(text, pos)
        if m.lastgroup != "space":
            out.append(Raw(m.lastgroup, m.group(), pos))
        pos = m.end()
    return out


def _and_or(raws):
    """'and/or' is one word."""
    out = []
    for r in raws:
        if (r.text.lower() == "or" and len(out) >= 2 and out[-1].text == "/"
                and out[-2].text.lower() == "and"):
            out[-2:] = [Raw("word", "and/or", out[-2].pos)]
        else:
            out.append(r)
    return out


def _phrases(raws):
    """Phrases of a word class ("first strike", "for mirrodin!") and subtypes of two words
    ("Time Lord", 205.3m) joined into one word token."""
    table = vocabulary.phrases()
    out, i = [], 0
    while i < len(raws):
        r = raws[i]
        if (r.kind == "word" and i + 1 < len(raws) and raws[i + 1].kind == "word"
                and f"{r.text} {raws[i + 1].text}" in vocabulary.subtypes()):
            out.append(Raw("word", f"{r.text} {raws[i + 1].text}", r.pos))
            i += 2
            continue
        for phrase in table.get(r.text.lower(), ()) if r.kind == "word" else ():
            words = _phrase_words(phrase)
            if _spells(raws, i, words):
                seg = raws[i:i + len(words)]
                out.append(Raw("word", " ".join(t.text for t in seg).replace(" !", "!"), r.pos))
                i += len(words)
                break
        else:
            out.append(r)
            i += 1
    return out


def phrase_words(text):
    """The raw tokens of a literal of several words, lower case: "under its owner's control" ->
    ("under", "its", "owner", "'s", "control")."""
    out = []
    for r in _split_plain(text):
        out += _split_word(r.text, r.pos) if r.kind == "word" else [r]
    return tuple(t.text.lower() for t in out)


@lru_cache(maxsize=None)
def _phrase_words(phrase):
    """The raw tokens of a phrase: 'for mirrodin!' -> ('for', 'mirrodin', '!')."""
    return phrase_words(phrase)


def _split_plain(text):
    """Raw tokens of a literal of the grammar (any character the text tokenizer does not know,
    such as a lone apostrophe, is one token)."""
    out, pos = [], 0
    while pos < len(text):
        m = _RAW.match(text, pos)
        if m is None:
            out.append(Raw("punct", text[pos], pos))
            pos += 1
            continue
        if m.lastgroup != "space":
            out.append(Raw(m.lastgroup, m.group(), pos))
        pos = m.end()
    return out


def _is_chapter(prefix):
    return all(p.strip().lower() in _ROMAN for p in prefix.split(","))


def _split_word(tok, pos):
    low = tok.lower()
    if low in EXPANDED:
        head = tok[:tok.index("'")]
        return [Raw("word", head, pos), Raw("word", EXPANDED[low], pos + len(head))]
    if low in CONTRACTIONS or tok in vocabulary.subtypes():
        return [Raw("word", tok, pos)]
    if low.endswith("'s") and len(tok) > 2:
        return _split_word(tok[:-2], pos) + [Raw("word", "'s", pos + len(tok) - 2)]
    if low.endswith("s'") and len(tok) > 2:
        return _split_word(tok[:-1], pos) + [Raw("word", "'", pos + len(tok) - 1)]
    for suffix in ("walk", "cycling"):     # 702.14 landwalk, 702.29e typecycling
        if low.endswith(suffix) and len(tok) > len(suffix):
            stem = tok[:-len(suffix)]
            if stem[:1].islower() and stem.capitalize() in vocabulary.subtypes():
                stem = stem.capitalize()
            if stem in vocabulary.subtypes() or stem.lower() in ("land", "non-basic land"):
                return [Raw("word", stem, pos), Raw("word", suffix, pos + len(stem))]
    if low.startswith("non") and len(tok) > 3:
        rest = tok[4:] if tok[3] == "-" else tok[3:]
        # a plural stands for the nouns too: "Craft with four or more nonlands" (702.167a)
        stem = rest[:-1] if rest.lower().endswith("s") else rest
        if rest and (rest.lower() in _non_words() or rest in vocabulary.subtypes()
                     or stem.lower() in _non_words()):
            return [Raw("word", "non", pos), Raw("word", rest, pos + len(tok) - len(rest))]
    return [Raw("word", tok, pos)]


@lru_cache(maxsize=None)
def _non_words():
    """Words that "non" may prefix (nonland, nontoken, nonblack, ...)."""
    v = vocabulary.sections()
    return (set(v["card types"]) | set(v["supertypes"]) |
            {"white", "blue", "black", "red", "green", "colorless", "token", "attacking", "blocking",
             "creature", "permanent", "human", "wall", "historic", "equipment", "aura", "vehicle",
             "mana", "combat", "lethal", "commander", "rat", "food", "modified", "saga"})


_LIST_CLASSES = {"CARDTYPE", "SUPERTYPE", "COLOR_WORD", "STATUS_WORD", "NOUN_WORD", "KEYWORD_NAME"}


def _is_list_item(raw):
    """A word that may stand in a list of characteristics or of keywords, or a mana symbol."""
    if raw.kind == "sym":
        return raw.text.upper() not in ("{T}", "{Q}", "{E}")
    if raw.kind != "word":
        return False
    low = raw.text.lower()
    return (vocabulary.word_classes().get(low) in _LIST_CLASSES or raw.text in vocabulary.subtypes()
            or low in _LIST_WORDS)


# words of the grammar that may start an item of such a list ("protection from red")
_LIST_WORDS = {"non", "protection", "hexproof", "ward", "mana", "instant", "sorcery", "hand",
               "graveyard", "library", "graveyards", "hands", "libraries",
               # keywords with a number (702): "devoid and annihilator 1", "flying and toxic 2"
               "annihilator", "toxic", "afflict", "bushido", "rampage", "firebending", "modular",
               "landwalk", "land walk"}     # 702.14a, in a list of keywords: "..., landwalk, lifelink, ..."


def _keyword_after(raws, i):
    """The comma/conjunction at raws[i], after a P/T, is followed (after "and"/"or" for a comma) by
    a keyword: base power and toughness then abilities ("4/4, flying, and haste", "5/5 and
    vigilance"), not another clause ("6/6 and creatures you control gain trample")."""
    j = i + 1
    if raws[i].text == "," and j < len(raws) and raws[j].text.lower() in ("and", "or"):
        j += 1
    words = [r.text.lower() for r in raws[j:j + 2]]
    classes = vocabulary.word_classes()
    return bool(words) and (classes.get(words[0]) == "KEYWORD_NAME" or words[0] in ("protection", "hexproof")
                            or classes.get(" ".join(words)) == "KEYWORD_NAME")


def _continues_list(raws, i):
    """True if the comma/conjunction at raws[i] is followed by the rest of a list of
    characteristics: items, more commas, and a final or/and/and/or before an item."""
    n = len(raws)
    conj = ("or", "and", "and/or")
    if 0 < i < n - 1 and raws[i - 1].kind == raws[i + 1].kind == "ptmod":
        return True                     # "+1/-1 or -1/+1": a list of P/T changes
    if 0 < i < n - 1 and raws[i - 1].kind == "pt":
        return _keyword_after(raws, i)  # "base power and toughness 4/4, flying, and haste"
    if _number_list(raws, i):
        return True                     # "mana value 4, 5, or 6": a list of numbers (107.1)
    if _counter_list(raws, i):
        return True                     # "two +1/+1 counters and a flying counter": kinds of counters (122.1)
    if 0 < i < n - 2 and raws[i].text.lower() in conj and raws[i - 1].kind == raws[i + 2].kind == "sym" \
            and raws[i + 1].text == "X":
        return True                     # "X {G} or X {W}": a list of amounts of mana (107.3)
    j = i + 1
    conj_seen = raws[i].text.lower() in conj
    if not conj_seen and j < n and raws[j].text.lower() in conj:
        j += 1
        conj_seen = True
    if j < n and raws[j].text.lower() in ("a", "an") and raws[i].text != ",":
        j += 1
    elif j < n and raws[j].text.lower() in ("a", "an") and _article_list(raws, i):
        j += 1
    if j + 1 < n and raws[j].text.lower() == "mana" and raws[j + 1].text.lower() == "of":
        return False                    # ", and mana of any type can be spent ...": a clause
    if j + 1 < n and raws[j + 1].text.lower() in ("it", "them"):
        return False                    # "... from a graveyard and copy it": a verb and its object
    if (raws[i].text == "," and not conj_seen and j + 1 < n and raws[j].text.lower() == "non"
            and i > 0 and _non_before(raws, i)):
        return True                     # "noncreature, nonland card": both apply (Oracle style)
    while j < n and _is_list_item(raws[j]):
        while j < n and (_is_list_item(raws[j]) or raws[j].kind == "num" and _is_list_item(raws[j - 1])):
            j += 1                      # (a keyword's number: "annihilator 1, and ...")
        if conj_seen:
            return True
        if j < n and raws[j].text.lower() == ', and "':
            return True                 # "flying, haste, and \"...\"": the list ends with a quoted ability
        if j < n and raws[j].text == ",":
            j += 1
        if j < n and raws[j].text.lower() in conj:
            j += 1
            conj_seen = True
            if j < n and raws[j].text == '"':
                return True             # 'flying, lifelink, and "When ..."': keywords, then an ability in quotes
        if j < n and raws[j].text.lower() in ("a", "an"):
            j += 1
    return False


def _number_list(raws, i):
    """The comma/conjunction at raws[i] stands between numbers written in digits, in a list that
    ends with "or"/"and" and a number ("4, 5, or 6")."""
    k = i - 1 if i > 0 and raws[i - 1].text == "," else i
    if k < 1 or raws[k - 1].kind != "num":
        return False
    j, conj_seen, comma = k - 1, False, False
    while j < len(raws) and (raws[j].kind == "num" or raws[j].text in (",", "or", "and")):
        comma = comma or raws[j].text == ","
        if raws[j].text == "or" or (raws[j].text == "and" and comma):
            conj_seen = True            # ("between 0 and 13": two numbers joined by "and" are no list)
        elif raws[j].kind == "num" and conj_seen:
            return True
        j += 1
    return False


def _counter_list(raws, i):
    """The "and" (comma, "or") at raws[i] joins two counter phrases ("two +1/+1 counters and a
    flying counter on target creature", "a flying counter, a deathtouch counter, and a lifelink
    counter", 122.1): "counter(s)" before it (or before the comma it follows), and a quantity, at
    most one kind and "counter(s)" after it (or after the conjunction that follows the comma)."""
    word = raws[i].text.lower()
    if word not in ("and", ",", "or") or i < 1:
        return False
    k = i - 1
    if word != "," and raws[k].text == "," and k > 0:
        k -= 1
    if raws[k].text.lower() not in ("counter", "counters"):
        return False
    j = i + 1
    if word == "," and j < len(raws) and raws[j].text.lower() in ("and", "or"):
        j += 1
    rest = [r.text.lower() for r in raws[j:j + 3]]
    return len(rest) >= 2 and (rest[0] in ("a", "an") or raws[j].kind == "num"
                               or vocabulary.word_classes().get(rest[0]) == "NUM_WORD") \
        and ("counter" in rest[1:] or "counters" in rest[1:])


# 106.6: what a spending rule lets the mana be spent on, as a list of verb phrases
_SPEND_VERBS = {"cast", "activate", "unlock", "turn", "pay"}


def _spend_list(raws, i):
    """The comma/conjunction at raws[i] continues a list of uses of the mana in a spending rule
    ("Spend this mana only to cast an enchantment spell, unlock a door, or turn a permanent face
    up."): a use's verb follows it, and the sentence is such a rule. The grammar reads it as
    ``USE_COMMA`` / ``USE_OR``, which nothing else takes (a list of characteristics may end the
    use before it: "to cast creature or artifact spells, or ...")."""
    j = i + 1
    if j < len(raws) and raws[i].text == "," and raws[j].text.lower() in ("or", "and"):
        j += 1
    if j >= len(raws) or raws[j].text.lower().split(" ")[0] not in _SPEND_VERBS:
        return False            # (a literal of several words, "pay a cost that contains", is one token)
    k = i
    while k > 0 and raws[k - 1].text != ".":
        k -= 1
    words = " ".join(r.text.lower() for r in raws[k:i])
    return words.startswith("spend this mana only")


def _article_list(raws, i):
    """A comma before "a"/"an" joins a list of objects with articles ("an artifact, a creature,
    and a land") when the items before it had articles too."""
    if i >= 2 and raws[i - 2].text.lower() in ("a", "an") and _is_list_item(raws[i - 1]):
        return True
    # an item of two words ("an Urza's Mine, an Urza's Power-Plant, and an Urza's Tower", 205.3i)
    return i >= 3 and raws[i - 3].text.lower() in ("a", "an") and _is_list_item(raws[i - 2]) \
        and _is_list_item(raws[i - 1])


def _non_before(raws, i):
    """The item before position i is a "non"-characteristic ("noncreature")."""
    return i >= 2 and raws[i - 2].text.lower() == "non"


def literal_of(word, literals):
    """The grammar's literal for a word: the word itself, or for a verb's "-s"/"-es" form its
    base form ("draws" -> "draw", "scries" -> "scry") when that is a word of the grammar and the
    form itself is not."""
    if word in literals:
        return word
    if word.endswith("s") and len(word) > 3 and word not in vocabulary.word_classes():
        # "scries" -> "scry": a verb ending in a consonant and "y" takes "-ies"
        for base in (word[:-1], word[:-2] if word.endswith("es") else None,
                     word[:-3] + "y" if word.endswith("ies") else None):
            if base and base in literals and base not in vocabulary.word_classes():
                return base
    return None


class Phrases:
    """The grammar's literals of several words (as raw tokens, lower case) by their first word,
    looked up as :func:`_merge_literals` tries them: for a first word (and, for a word ending in
    "s", its singular forms: "leaves the battlefield"), the candidates longest first, grouped by
    their second word. Each group is made once, on first use."""

    def __init__(self, by_first):
        self.by_first = by_first
        self._groups = {}

    def by_second(self, first, plural):
        """{second word: [candidates, longest first]} of a first word; ``plural``: the word is a
        word ending in "s", whose singular forms' phrases are candidates too (after its own)."""
        key = (first, plural)
        groups = self._groups.get(key)
        if groups is None:
            cands = tuple(self.by_first.get(first, ()))
            if plural:
                cands += tuple(self.by_first.get(first[:-1], ())) + tuple(
                    self.by_first.get(first[:-2], ()) if first.endswith("es") else ())
            groups = {}
            for words in sorted(cands, key=len, reverse=True):
                groups.setdefault(words[1], []).append(words)
            self._groups[key] = groups
        return groups


def _merge_literals(raws, phrases, first_shorter_than=None):
    """Literals of several words ("this turn", "up to") joined into one token, longest first
    (``phrases``: a :class:`Phrases`). A candidate is compared only with the words after the
    first, among those whose second word is the next token's. ``first_shorter_than``: the first
    token joins only a literal of fewer words than that (:meth:`Tokens.split`)."""
    out, i = [], 0
    lows = [r.text.lower() for r in raws]
    n = len(raws)
    while i < n:
        r = raws[i]
        first = lows[i]
        cands = ()
        if r.kind in ("word", "punct") and i + 1 < n and not (
                r.text in (",", "or", "and")
                and (_continues_list(raws, i) or (r.text == "," and _spend_list(raws, i)))):
            # (a list separator takes no literal: LIST_COMMA, LIST_OR ..., see the module doc)
            cands = phrases.by_second(first, r.kind == "word" and first.endswith("s")).get(lows[i + 1], ())
        for words in cands:
            if i == 0 and first_shorter_than is not None and len(words) >= first_shorter_than:
                continue
            if i + len(words) <= n and tuple(lows[i + 1:i + len(words)]) == words[1:]:
                out.append(Raw("word", _joined(words), r.pos, tuple(raws[i:i + len(words)])))
                i += len(words)
                break
        else:
            out.append(r)
            i += 1
    return out


def _spells(raws, i, words):
    """True if the raw tokens from position I are WORDS (lower case)."""
    seg = raws[i:i + len(words)]
    return len(seg) == len(words) and all(t.text.lower() == w for t, w in zip(seg, words))


def _joined(words):
    """The literal a phrase of raw tokens came from: words joined by spaces, "'s" attached."""
    text = " ".join(words)
    return text.replace(" 's", "'s").replace(" '", "'").replace(" ,", ",")


class Tokens:
    """The candidate terminals of each raw token of a line, in the order of the lexical rule."""

    def __init__(self, text, literals, phrases=None):
        """``phrases``: a :class:`Phrases`, or the dict it is made of."""
        if not isinstance(phrases, Phrases):
            phrases = Phrases(phrases or {})
        self.raws = _merge_literals(raw_tokens(text), phrases)
        self.literals = literals
        self.phrases = phrases

    def split(self, i):
        """Undo the joining of raw token i, a literal of several words, where the parser accepts
        none of its candidates: its words are joined again, the first into a shorter literal only
        ("one or more" -> "one", "or more"). The longest literal is tried first, but which literals
        the grammar has must not decide whether a line parses: a literal of one rule ("roll one or
        more planar dice") would otherwise hide the same words from every other rule ("Whenever
        one or more creatures ..."). The tokens from i on as they were (to put back), or None if
        the token is not a joined literal."""
        raw = self.raws[i]
        if not raw.parts:
            return None
        old = self.raws[i:]
        # its last word may now join the words after it ("and all" + "other": "all other"): the
        # rest of the line is joined again from its own words
        words = list(raw.parts) + [w for r in old[1:] for w in (r.parts or (r,))]
        self.raws[i:] = _merge_literals(words, self.phrases, first_shorter_than=len(raw.parts))
        return old

    def _before_counter(self, i):
        """The word at i stands before "counter(s)": it names a kind of counter (122.1)."""
        return i + 1 < len(self.raws) and self.raws[i + 1].text.lower() in ("counter", "counters")

    def _before_votes(self, i):
        """The word at i stands before "gets more votes": it names an option of a vote (701.38:
        "If planeswalk gets more votes, planeswalk."), even where it is also a verb."""
        return i + 1 < len(self.raws) and self.raws[i + 1].text.lower() == "gets more votes"

    def candidates(self, i):
        """[(terminal name, value)] for raw token i, most preferred first."""
        raw = self.raws[i]
        lit = self.literals.get
        if raw.kind == "word":
            low = raw.text.lower()
            out = []
            if self._before_votes(i):
                out.append(("OTHER_WORD", raw.text))        # 701.38: a vote's option
            if low in ("or", "and") and _spend_list(self.raws, i):
                out.append(("USE_OR", low))                 # 106.6: a list of the mana's uses ("and": either)
            if low in ("or", "and", "and/or") and _continues_list(self.raws, i):
                out.append(({"or": "LIST_OR", "and": "LIST_AND"}.get(low, "LIST_ANDOR"), low))
            word = literal_of(low, self.literals)
            if word:
                out.append((self.literals[word], word))
            cls = vocabulary.word_classes().get(low)
            if cls == "NOUN_WORD" and self._before_counter(i):
                out.append(("OTHER_WORD", raw.text))        # 122.1: "a coin counter" (a kind)
            if cls:
                out.append((cls, low))
            sub = vocabulary.subtypes().get(raw.text)
            if sub:
                out.append(("SUBTYPE", sub))
            if raw.text[:1].isupper() and i > 0:
                out.append(("CAP_WORD", raw.text))          # a name inside a sentence
            out.append(("OTHER_WORD", raw.text))
            return out
        if raw.kind == "punct":
            out = []
            if raw.text == "," and _spend_list(self.raws, i):
                out.append(("USE_COMMA", ","))
            if raw.text == "," and _continues_list(self.raws, i):
                out.append(("LIST_COMMA", ","))
            if lit(raw.text):
                out.append((lit(raw.text), raw.text))
            return out or [("PUNCT", raw.text)]
        if raw.kind == "sym":
            low = raw.text.lower()
            if lit(low):
                return [(lit(low), low)]
            return [("MANA_SYM", raw.text)]
        if raw.kind == "num":
            return [("DIGITS", raw.text)]
        if raw.kind == "self":
            return [("SELF_NAME", "~")]
        if raw.kind == "name":
            return [("NAME", raw.text)]
        if raw.kind == "aword":
            return [("AWORD", raw.text)]
        if raw.kind == "fword":
            return [("FWORD", raw.text)]
        return [({"loyalty": "LOYALTY_COST", "ptmod": "PT_MOD", "pt": "PT_VAL"}[raw.kind], raw.text)]
