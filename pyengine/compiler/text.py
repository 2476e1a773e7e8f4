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
    A legendary object's name with an epithet ("Tuvasa the Sunlit", "Daxos of Meletis") is also
    shortened to the word before "the"/"of" (201.5c: "Tuvasa gets +1/+1 ..."). A card given as
    one face under the names of its faces ("Cut // Ribbons", "Beanstalk Giant // Fertile
    Footsteps") holds its first face's text, which names that face (709.1, 715.1): not the
    other name, which may be another object (a meld card's melded permanent, 712.4).
    A rebalanced digital card ("A-Nahiri, Heir of the Ancients") is written with its printed
    name, without the "A-"."""
    names = {name}
    if " // " in name:
        return names | names_of(name.split(" // ")[0].strip(), legendary)
    if name.startswith("A-") and len(name) > 2:
        names |= names_of(name[2:], legendary)
    if "," in name:
        names.add(name.split(",")[0].strip())
    elif legendary and (m := _EPITHET.match(name)):
        names.add(m.group(1))
    return {n for n in names if n}


# a legendary name with an epithet: its first word, then "the" or "of" (201.5c)
_EPITHET = re.compile(r"([^\s,/]+) (?:the|of) \S")


def replace_names(text, names):
    """``text`` with each whole-word occurrence of the given names replaced by ``~`` (201.5).
    Never inside a mana symbol: a card named "T" keeps {T}."""
    names = sorted((n for n in names if n and n in text), key=len, reverse=True)
    if not names:                   # no name in the text: no expression to build (most lines)
        return text
    # (a name followed by a capitalised word is part of another card's name: "Hanweir Garrison"
    # is not "Hanweir" of "Hanweir, the Writhing Township", 201.5c)
    rx = re.compile(r"(?<![\w{])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w}])(?! [A-Z][a-z])")
    return rx.sub("~", text)


def normalise(text, names):
    """Ability text without reminder text, with the card's own name(s) replaced by '~'."""
    return replace_names(strip_reminders(text), names).strip()
