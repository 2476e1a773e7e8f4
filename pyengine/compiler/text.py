"""Oracle text before parsing: reminder text removed, the card's own name replaced by ``~``.

Both steps are linear in the length of the line, whatever it holds (100,000 spaces, 20,000
nested parentheses): reminder text is removed in one pass with a depth counter, and names are
replaced by one regular expression built from the card's names.
"""

import re


def strip_reminder(text):
    """The text without reminder text: anything in parentheses, nested ones included (207.2).
    An unbalanced ')' is kept as text; an unclosed '(' removes the rest of the line."""
    out, depth = [], 0
    for ch in text:
        if ch == "(":
            if not depth:               # the space before reminder text goes with it
                while out and out[-1].isspace():
                    out.pop()
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out).strip()


def names_of(name):
    """The names by which a face's text refers to the object itself: its full name and, for a
    name with a comma, the short name before it (201.5c: "Jace" for "Jace, the Mind Sculptor").
    A rebalanced digital card ("A-Nahiri, Heir of the Ancients") is written with its printed
    name, without the "A-"."""
    names = {name}
    if name.startswith("A-") and len(name) > 2:
        names |= names_of(name[2:])
    if "," in name:
        names.add(name.split(",")[0].strip())
    return {n for n in names if n}


def replace_names(text, names):
    """``text`` with each whole-word occurrence of the given names replaced by ``~`` (201.5).
    Never inside a mana symbol: a card named "T" keeps {T}."""
    names = sorted((n for n in names if n), key=len, reverse=True)
    if not names:
        return text
    rx = re.compile(r"(?<![\w{])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w}])")
    return rx.sub("~", text)


def normalise(text, names):
    """Ability text without reminder text, with the card's own name(s) replaced by '~'."""
    return replace_names(strip_reminder(text), names).strip()
