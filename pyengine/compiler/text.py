"""Oracle text before parsing: reminder text removed, the card's own name replaced by ``~``.

Both steps are linear in the length of the line, whatever it holds (100,000 spaces, 20,000
nested parentheses): reminder text is removed in one pass with a stack of open parentheses, and names are
replaced by one regular expression built from the card's names.
"""

import re


def strip_reminders(text):
    """TEXT without reminder text (207.2): every balanced parenthesised part, nested ones included,
    with the white space before it. One pass with a stack of open parentheses, so linear in the
    text (a regex applied until nothing changes was quadratic in spaces and in nesting depth); an
    unbalanced parenthesis is kept, with what follows it (the grammar then does not parse it)."""
    out, opened = [], []
    for ch in text:
        if ch == "(":
            start = len(out)
            while start and out[start - 1].isspace():    # each space is passed over once:
                start -= 1                                # the '(' after it stops the next scan
            opened.append(start)
            out.append(ch)
        elif ch == ")" and opened:
            del out[opened.pop():]
        else:
            out.append(ch)
    return "".join(out)


def names_of(name, legendary=False):
    """The names by which a face's text refers to the object itself: its full name and, for a
    name with a comma, the short name before it (201.5c: "Jace" for "Jace, the Mind Sculptor").
    A rebalanced digital card ("A-Nahiri, Heir of the Ancients") is written with its printed
    name, without the "A-". A card named by its faces' names ("Cut // Ribbons", 709.1) is
    written by each face's name. A LEGENDARY one's name "X the Y" or "X of Y" is shortened to X
    (201.5c: "Oketra can't attack or block ..." on Oketra the True), unless X is a word of a
    class of the grammar or a subtype ("Sliver Queen"'s text means Sliver tokens)."""
    names = {name}
    if name.startswith("A-") and len(name) > 2:
        names |= names_of(name[2:], legendary)
    if " // " in name:
        for face in name.split(" // "):
            names |= names_of(face.strip(), legendary)
    if "," in name:
        names.add(name.split(",")[0].strip())
    elif legendary:
        m = _SHORT_NAME.match(name)
        if m and not _is_vocabulary(m.group(1)):
            names.add(m.group(1))
    return {n for n in names if n}


# "X the Y", "X of Y", "X of the Y": X, one or two capitalised words
_SHORT_NAME = re.compile(r"^([A-Z\u00C0-\u00DE][\w'\u2019-]*(?: [A-Z][\w'\u2019-]*)?) (?:the|of) \S")


def _is_vocabulary(word):
    """Whether WORD is a word the grammar reads as a class or a subtype (not a name)."""
    from .vocabulary import subtypes, word_classes
    return word.lower() in word_classes() or word in subtypes()


def replace_names(text, names):
    """``text`` with each whole-word occurrence of the given names replaced by ``~`` (201.5).
    Never inside a mana symbol: a card named "T" keeps {T}."""
    names = sorted((n for n in names if n and n in text), key=len, reverse=True)
    if not names:                   # no name in the text: no expression to build (most lines)
        return text
    rx = re.compile(r"(?<![\w{])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w}])")
    return rx.sub("~", text)


def normalise(text, names):
    """Ability text without reminder text, with the card's own name(s) replaced by '~'."""
    return replace_names(strip_reminders(text), names).strip()
