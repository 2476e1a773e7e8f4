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
    name, without the "A-". A card of two faces or halves ("Storm the Vault // Vault of
    Catlacan") is named by each (709.1, 712.1). A LEGENDARY name without a comma is shortened
    as its Oracle text writes it (201.5c): to the words before " the " or " of " ("Arcanis" for
    "Arcanis the Omnipotent", "Jedit Ojanen" for "Jedit Ojanen of Efrava"), a name of two words
    to its first ("Rasputin" for "Rasputin Dreamweaver"); never to a word of the rules'
    vocabulary ("Sliver Queen" is not "Sliver"); see :func:`replace_names` for where it applies."""
    names = {name}
    if name.startswith("A-") and len(name) > 2:
        names |= names_of(name[2:], legendary)
    if " // " in name:
        for half in (h.strip() for h in name.split(" // ")):
            if not _vocabulary_word(half):          # "Coward // Killer": "becomes a Coward" is a type
                names.add(half)
                names |= {n if n == half or n.startswith(_SHORT) else _SHORT + n
                          for n in names_of(half, legendary)}
        return {n for n in names if n}
    if "," in name:
        names.add(name.split(",")[0].strip())
    elif legendary:
        short = _legendary_short_name(name)
        if short:
            names.add(_SHORT + short)
    return {n for n in names if n}


# marks a shortened name of 201.5c read from the name alone: replaced only where no capitalized
# word follows it, nor "the"/"of" and one ("conjure two cards named Mitotic Slime", "create
# Tuktuk the Returned" are other names)
_SHORT = "\x00short:"


def _vocabulary_word(word):
    from . import vocabulary
    return word.lower() in vocabulary.word_classes() or word in vocabulary.subtypes()


def _legendary_short_name(name):
    words = name.split(" ")
    for sep in ("the", "of"):
        if sep in words[1:]:
            short = " ".join(words[:words.index(sep, 1)])
            break
    else:
        short = words[0] if len(words) == 2 else ""
    return "" if not short or _vocabulary_word(short) else short


def replace_names(text, names):
    """``text`` with each whole-word occurrence of the given names replaced by ``~`` (201.5).
    Never inside a mana symbol: a card named "T" keeps {T}."""
    short = [n[len(_SHORT):] for n in names if n.startswith(_SHORT)]
    names = sorted((n for n in names if n and not n.startswith(_SHORT) and n in text), key=len, reverse=True)
    short = [n for n in short if n in text]
    if not names and not short:     # no name in the text: no expression to build (most lines)
        return text
    # (a name followed by a capitalised word is part of another card's name: "Hanweir Garrison"
    # is not "Hanweir" of "Hanweir, the Writhing Township", 201.5c)
    parts = [re.escape(n) + r"(?![\w}])(?! [A-Z][a-z])" for n in names]
    parts += [re.escape(n) + r"(?![\w}-])(?! [A-Z]| the [A-Z]| of [A-Z])" for n in sorted(short, key=len, reverse=True)]
    # (the card named after "meld them into" is the melded card, another card than either half:
    # its name stays a name, 712.4, 701.42a)
    rx = re.compile(r"(?<![\w{])(?<!meld them into )(?:" + "|".join(parts) + r")")
    return rx.sub("~", text)


def normalise(text, names):
    """Ability text without reminder text, with the card's own name(s) replaced by '~'."""
    return replace_names(strip_reminders(text), names).strip()
