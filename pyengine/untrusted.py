"""Text that comes from a user: showing it in a message, and refusing characters that could change
what a name means or what a message looks like.

- :func:`show` is the one way a user's value appears in a message: a short repr, escaped, bounded
  even for deeply nested or alias-multiplied YAML.
- :func:`one_line` makes any message exactly one line (the CLI passes every ``error:`` and
  ``note:`` line through it), so that no value can forge a second ``error:`` line.
- :func:`listing` joins names for a message, at most ten of them (a 100,000-permanent board must
  not print every id).
- :func:`bad_character` finds a character no name may contain: clingo cuts strings at NUL (so
  ``"Forest\\0x"`` would become ``"Forest"``), and control, format and separator characters make
  two different names look the same or break a message into lines.
"""

import reprlib
import unicodedata

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = _REPR.maxset = 4
_REPR.maxlevel = 2

FORBIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")   # control, format, surrogate, line/paragraph separators
_KIND = {"Cc": "a control character", "Cf": "a format character", "Cs": "a lone surrogate",
         "Zl": "a line separator", "Zp": "a paragraph separator"}


def show(v):
    """A short, escaped repr of a user-supplied value for a problem line."""
    try:
        r = _REPR.repr(v)
    except ValueError:                        # an int of more than 4300 digits has no repr
        return "<a very large number>"
    except RecursionError:
        return "<a deeply nested value>"
    return one_line(r if len(r) <= 100 else r[:96] + "...]")


def _escape(ch):
    o = ord(ch)
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}"


def one_line(text):
    """TEXT with every control, format, surrogate and separator character escaped (\\n, \\x00, \\u2028 ...)."""
    if text.isprintable():                    # the common case: nothing to escape
        return text
    out = []
    for ch in text:
        if ch == "\n":
            out.append("\\n")
        elif ch != " " and unicodedata.category(ch) in FORBIDDEN_CATEGORIES + ("Zs",) and not ch.isprintable():
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


def bad_character(text, allow=""):
    """The first character of TEXT no name or text may contain (see FORBIDDEN_CATEGORIES), else None.
    Characters in ALLOW are accepted (rules text may contain line breaks)."""
    if text.isprintable():
        return None
    rest = text
    for ch in allow:
        rest = rest.replace(ch, "")
    if rest.isprintable():                    # every forbidden character is non-printable
        return None
    for ch in text:
        if ch not in allow and unicodedata.category(ch) in FORBIDDEN_CATEGORIES:
            return ch
    return None


def character_problem(where, text, allow=""):
    """A problem line if TEXT contains a forbidden character, else None."""
    ch = bad_character(text, allow)
    if ch is None:
        return None
    name = unicodedata.name(ch, None) or _KIND[unicodedata.category(ch)]
    return f"{where}: contains the character {_escape(ch)} ({name}), which is not allowed in names and text"


def listing(names, most=10):
    """NAMES joined for a message, at most MOST of them."""
    names = list(names)
    if not names:
        return "(none)"
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:most]) + f", ... ({len(names)} in all)"
