"""The closed word lists of the Comprehensive Rules that the lexer needs: subtypes (205.3g-q),
supertypes (205.4a), card types (205.2a), ability words (207.2c), keyword abilities (702) and
keyword actions (701).

They are package data (``grammar/words.txt``), extracted from the CR text by :func:`extract`;
``python -m pyengine.compiler.vocabulary docs/MagicCompRules-2025-11-14.txt`` writes the file
again, and a test checks that the file still matches the CR in ``docs/``.
"""

from functools import lru_cache
from pathlib import Path
import re
import sys

WORDS_FILE = Path(__file__).parent / "grammar" / "words.txt"
LEXICON_FILE = Path(__file__).parent / "grammar" / "lexicon.txt"

# section name -> CR rule whose text lists the words
SECTIONS = {
    "card types": "205.2a",
    "supertypes": "205.4a",
    "artifact types": "205.3g",
    "enchantment types": "205.3h",
    "land types": "205.3i",
    "planeswalker types": "205.3j",
    "spell types": "205.3k",
    "creature types": "205.3m",
    "dungeon types": "205.3p",
    "battle types": "205.3q",
    "ability words": "207.2c",
}
SUBTYPE_SECTIONS = ("artifact types", "enchantment types", "land types", "planeswalker types",
                    "spell types", "creature types", "dungeon types", "battle types")

# Plural forms that English spelling rules below don't produce (as printed in Oracle text).
_IRREGULAR_PLURALS = {"Mouse": "Mice", "Ox": "Oxen", "Fish": "Fish", "Sheep": "Sheep",
                      "Merfolk": "Merfolk", "Kithkin": "Kithkin", "Treefolk": "Treefolk",
                      "Moonfolk": "Moonfolk", "Plains": "Plains", "Samurai": "Samurai",
                      "Urza's": "Urza's", "Elf": "Elves", "Wolf": "Wolves", "Werewolf": "Werewolves",
                      "Dwarf": "Dwarves", "Octopus": "Octopuses", "Pegasus": "Pegasi",
                      "Lammasu": "Lammasu", "Sphinx": "Sphinxes", "Fox": "Foxes", "Ninja": "Ninja",
                      "Zubera": "Zubera", "Azra": "Azra", "Kor": "Kor", "Vedalken": "Vedalken",
                      "Aetherborn": "Aetherborn", "Metathran": "Metathran", "Nephilim": "Nephilim",
                      "Soltari": "Soltari", "Surrakar": "Surrakar", "Thalakos": "Thalakos",
                      "Jellyfish": "Jellyfish", "Starfish": "Starfish", "Lhurgoyf": "Lhurgoyfs",
                      "Mongoose": "Mongooses", "Moogle": "Moogles", "Qu": "Qu", "Astartes": "Astartes",
                      "Cyclops": "Cyclopes", "Homunculus": "Homunculi", "Fungus": "Fungi",
                      "Incubus": "Incubi", "Succubus": "Succubi", "Aurochs": "Aurochs",
                      "Gnome": "Gnomes", "Phyrexian": "Phyrexians", "Efreet": "Efreets"}


def plural(word):
    """The plural of a subtype as Oracle text prints it ("Elves", "Zombies", "Allies")."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def _listed(sentence_tail):
    """Words of an English list 'A, B, and C' (each item without a trailing '(see rule ...)')."""
    tail = re.sub(r"\s*\(see rule [^)]*\)", "", sentence_tail).strip().rstrip(".")
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", tail)
    return [i.strip() for i in items if i.strip()]


def extract(cr_text):
    """{section: [words]} read from the CR text."""
    cr_text = cr_text.replace("\u2019", "'")
    rules = {}
    for name, rule in SECTIONS.items():
        m = re.search(rf"^{re.escape(rule)} (.*)$", cr_text, re.M)
        if not m:
            raise ValueError(f"CR rule {rule} not found")
        text = m.group(1)
        if name == "creature types":
            tail = text.split("All other creature types are one word long:", 1)[1]
            words = ["Time Lord"] + _listed(tail)
        elif name in ("dungeon types", "battle types"):
            words = [re.search(r"That \w+ type is (\w+)\.", text).group(1)]
        elif name == "ability words":
            words = _listed(text.split("The ability words are", 1)[1])
        elif name in ("card types", "supertypes"):
            words = _listed(re.search(r"The (?:card types|supertypes) are ([^.]*)\.", text).group(1))
        else:
            words = _listed(re.search(r"The [a-z ]+ types are (.*?)\.(?: |$)", text).group(1))
        rules[name] = words
    keywords = re.findall(r"^702\.\d+\. (.+)$", cr_text, re.M)
    rules["keyword abilities"] = [k for k in keywords if not k.startswith("Most abilities")]
    actions = re.findall(r"^701\.\d+\. (.+)$", cr_text, re.M)
    rules["keyword actions"] = [a for a in actions if not a.startswith("Most actions")]
    return rules


def render(sections):
    """The text of grammar/words.txt."""
    out = ["# Word lists of the Comprehensive Rules that the Oracle-text lexer needs.",
           "# Written by `python -m pyengine.compiler.vocabulary docs/MagicCompRules-2025-11-14.txt`;",
           "# tests/test_grammar.py checks that they still match the CR. One section per list:",
           "# [name] then one word or phrase per line."]
    for name, words in sections.items():
        rule = SECTIONS.get(name, "702" if name == "keyword abilities" else "701")
        out.append(f"\n[{name}] {rule}")
        out += words
    return "\n".join(out) + "\n"


@lru_cache(maxsize=None)
def sections():
    """{section: (words...)} from grammar/words.txt."""
    return _read_sections(WORDS_FILE)


@lru_cache(maxsize=None)
def subtypes():
    """{printed form (singular or plural): canonical subtype} for every subtype of 205.3."""
    out = {}
    for sec in SUBTYPE_SECTIONS:
        for w in sections()[sec]:
            out[w] = w
            out.setdefault(plural(w), w)
    return out


@lru_cache(maxsize=None)
def subtype_kinds():
    """{canonical subtype: section} ("Forest": "land types")."""
    return {w: sec for sec in SUBTYPE_SECTIONS for w in sections()[sec]}


def _read_sections(path):
    out, current = {}, None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[(.+?)\] .*", line)
        if m:
            current = out.setdefault(m.group(1), [])
        else:
            current.append(line.strip())
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=None)
def word_classes():
    """{word or phrase (lower case): terminal} for the lexer's closed word classes: those of
    grammar/lexicon.txt, CARDTYPE (205.2a, singular and plural, and "tribal") and SUPERTYPE."""
    out = {}
    for cls, words in _read_sections(LEXICON_FILE).items():
        for w in words:
            out[w.lower()] = cls
    for t in sections()["card types"]:
        out[t] = out[plural(t)] = "CARDTYPE"
    out["sorceries"] = out["tribal"] = "CARDTYPE"
    for s in sections()["supertypes"]:
        out[s] = "SUPERTYPE"
    return out


@lru_cache(maxsize=None)
def phrases():
    """{first word: [phrases of several words starting with it, longest first]} (lower case)."""
    out = {}
    for w in word_classes():
        if " " in w:
            out.setdefault(w.split()[0], []).append(w)
    return {k: sorted(v, key=lambda p: -len(p.split())) for k, v in out.items()}


# the card types whose subtypes each section of 205.3 lists (205.3m: creatures and kindreds share
# theirs, 205.3k: instants and sorceries theirs)
SUBTYPE_OWNERS = {"artifact types": ("artifact",), "enchantment types": ("enchantment",),
                  "land types": ("land",), "planeswalker types": ("planeswalker",),
                  "spell types": ("instant", "sorcery"), "creature types": ("creature", "kindred"),
                  "dungeon types": ("dungeon",), "battle types": ("battle",)}
KB_SUBTYPES_FILE = Path(__file__).resolve().parents[2] / "kb" / "subtypes.lp"


def render_kb(sections_=None):
    """The text of kb/subtypes.lp: subtype_of_type(S,T) for each subtype S of 205.3 and each card
    type T it belongs to, from grammar/words.txt."""
    sections_ = sections() if sections_ is None else sections_
    out = ["%%% kb/subtypes.lp -- CR 205.3: the subtypes of each card type %%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%",
           "% Written by `python -m pyengine.compiler.vocabulary --kb` from grammar/words.txt (the CR's lists);",
           "% tests/test_grammar.py checks that it is still what that writes.",
           "",
           "%*! subtype_of_type(S,T)   S is a subtype of card type T (205.3d: an object can have a subtype only",
           "    of a type it has) *%"]
    for sec, types in SUBTYPE_OWNERS.items():
        rule = SECTIONS[sec]
        for t in types:
            out.append(f"% @cr {rule}")
            items = [f'"{w}",{t}' for w in sections_[sec]]
            lines, line = [], "subtype_of_type("
            for i, item in enumerate(items):
                piece = item + (";" if i < len(items) - 1 else ").")
                if len(line) + len(piece) + 1 > 110:
                    lines.append(line.rstrip())
                    line = "                "
                line += piece + " "
            lines.append(line.rstrip())
            out += lines
    return "\n".join(out) + "\n"


if __name__ == "__main__":          # regenerate grammar/words.txt from the CR text (--kb: kb/subtypes.lp)
    if sys.argv[1:] == ["--kb"]:
        sys.stdout.write(render_kb())
    else:
        sys.stdout.write(render(extract(Path(sys.argv[1]).read_text(encoding="utf-8"))))
