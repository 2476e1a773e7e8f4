"""The Oracle-text parser: the grammar files of ``grammar/`` read as one LALR(1) grammar.

The grammar is built with Lark in strict mode: a shift/reduce or reduce/reduce conflict is an
error when the parser is built, never resolved silently, so every line has at most one parse.
Tokens come from :mod:`pyengine.compiler.lexer`, which gives each word the first of its candidate
terminals that the parser's current state accepts.

``parse(text)`` returns the Lark tree of one normalised line or raises :class:`ParseError`
(with the position and the word where the grammar stopped).
"""

from functools import lru_cache
import hashlib
import io
from pathlib import Path
import pickle
import sys

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.grammar import Rule
from lark.lexer import Lexer, TerminalDef
from lark.parsers.lalr_analysis import Reduce, Shift

from .lalr import PLUGINS
from .lexer import LexError, Phrases, Tokens, _joined, phrase_words

GRAMMAR_DIR = Path(__file__).parent / "grammar"
# the files of the grammar, in the order they are read (each is a section of one grammar)
GRAMMAR_FILES = ("frames.lark", "keywords.lark", "sentences.lark", "verbs.lark", "triggers.lark",
                 "objects.lark", "amounts.lark", "mana.lark", "triggered.lark", "tokens.lark")


class ParseError(Exception):
    """A line the grammar does not cover; ``where`` is the word it stopped at (or None)."""

    def __init__(self, message, where=None, expected=()):
        super().__init__(message)
        self.where = where
        self.expected = tuple(sorted(expected))


def grammar_text():
    """The whole grammar: the files of GRAMMAR_FILES, in order."""
    return "\n".join((GRAMMAR_DIR / f).read_text(encoding="utf-8") for f in GRAMMAR_FILES)


# the terminals any word can be (a name inside a sentence, any other word): a literal of several
# words read as one of them is read word by word instead, where that can go on (_WordLexer.lex)
_ANY_WORD = frozenset({"OTHER_WORD", "CAP_WORD"})


def _shifts(parser_state, terminal):
    """True if the parser, in its state, shifts a token of TERMINAL (after the reductions that
    token causes): LALR's merged lookaheads may reduce on a terminal that no state then shifts,
    so that the terminal being in the state's actions is not enough. Reads the parse table only."""
    states = parser_state.parse_conf.states
    stack = list(parser_state.state_stack)
    while True:
        act = states[stack[-1]].get(terminal)
        if act is None:
            return False
        action, arg = act
        if action is Shift:
            return True
        if arg.expansion:
            del stack[-len(arg.expansion):]
        stack.append(states[stack[-1]][arg.origin.name][1])


class _WordLexer(Lexer):
    """Lark's hook for our lexer: takes each word's first candidate the parser state accepts (a
    literal of several words that it doesn't accept is split: :meth:`lexer.Tokens.split`)."""

    __future_interface__ = 2

    def __init__(self, lexer_conf):
        self.literals, self.phrases = {}, {}
        for t in lexer_conf.terminals:
            if t.pattern.type == "str":
                self.literals[t.pattern.value] = t.name
                words = phrase_words(t.pattern.value)
                if len(words) > 1:
                    self.phrases.setdefault(words[0], []).append(words)
                    # the lexer joins a phrase's raw words back ("noncombat" is "non" "combat"):
                    # the literal is also known by that joined text ("all non combat damage")
                    self.literals.setdefault(_joined(words), t.name)
        for v in self.phrases.values():
            v.sort(key=len, reverse=True)
        self.phrases = Phrases(self.phrases)

    def lex(self, lexer_state, parser_state):
        text = lexer_state.text
        text = text.text if hasattr(text, "text") else text
        try:
            toks = Tokens(text, self.literals, self.phrases)
        except LexError as e:
            raise ParseError(str(e)) from None
        states = parser_state.parse_conf.parse_table.states
        i = 0
        while i < len(toks.raws):
            accepts = states[parser_state.position]
            cands = toks.candidates(i)
            if toks.raws[i].parts and not any(n not in _ANY_WORD and _shifts(parser_state, n) for n, _ in cands):
                # a literal of several words that the parser doesn't take here as such: its words
                # are read again, if the first of them (or a shorter literal) can be taken
                old = toks.split(i)
                if toks.raws[i].parts or any(_shifts(parser_state, n) for n, _ in toks.candidates(i)):
                    continue
                toks.raws[i:] = old                                 # (not even so: as it was)
            name, value = next(((n, v) for n, v in cands if n in accepts), cands[0])
            yield Token(name, value, start_pos=toks.raws[i].pos)
            i += 1


_OPTIONS = dict(parser="lalr", lexer=_WordLexer, strict=True, maybe_placeholders=False,
                keep_all_tokens=True, start=["start", "costs", "trigger_head"], _plugins=PLUGINS)


def build_parser():
    """The Lark LALR(1) parser of the grammar, built from the grammar files. ``strict=True``: a
    shift/reduce or reduce/reduce conflict is a GrammarError, never resolved silently. Its parse
    table is Lark's, computed by :mod:`.lalr` in about a third of the time Lark's own analysis
    takes for this grammar."""
    return Lark(grammar_text(), **_OPTIONS)


# The format of the cached parse table (:func:`save_table`); part of the cache's version.
_TABLE_FORMAT = "lark-save+shared-states-1"


def _cache_version():
    """The version of the cached parse table: the compiler's version (the one fingerprint of the
    compiler sources and grammar files, :func:`pyengine.carddb.version.compiler_version`), Lark's
    version, Python's and the format of the file."""
    from ..carddb.version import compiler_version
    text = (lark.__version__ + sys.version.split()[0] + repr(sorted((k, str(v)) for k, v in _OPTIONS.items()))
            + _TABLE_FORMAT)
    return compiler_version() + "-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8] + ".lark"


def cache_path():
    """Where the built parse table is kept between runs (:mod:`pyengine.cachedir`, kind
    ``oracle-grammar``; the tables of earlier versions are pruned when a new one is written)."""
    from .. import cachedir
    return cachedir.path("oracle-grammar", _cache_version())


class _TablePickler(pickle.Pickler):
    """Pickles the parse table's states with Lark's two actions and the grammar's rules by
    reference (they are the loaded parser's own objects: the parser tests ``action is Shift``)."""

    def __init__(self, f, rules):
        super().__init__(f, protocol=pickle.HIGHEST_PROTOCOL)
        self.rules = rules

    def persistent_id(self, obj):
        if obj is Shift or obj is Reduce:
            return str(obj)
        if isinstance(obj, Rule):
            return self.rules[id(obj)]           # RULES: id(rule) -> its index in parser.rules
        return None


class _TableUnpickler(pickle.Unpickler):
    def __init__(self, f, rules):
        super().__init__(f)
        self.rules = rules

    def persistent_load(self, pid):
        return {"Shift": Shift, "Reduce": Reduce}[pid] if isinstance(pid, str) else self.rules[pid]


def save_table(parser, f):
    """Write a built parser to the file F: Lark's own form (``Lark.save``) without the states of
    its parse table, then those states pickled with every action (Shift n, Reduce rule) written
    once and shared (a table has ~770,000 entries and ~7,000 distinct actions). Lark's form
    writes a rule per entry, which :meth:`Lark.load` reads back one by one: ~3 s of CPU for this
    grammar, in every process that parses, where :func:`load_table` takes ~0.3 s."""
    table = parser.parser.parser._parse_table
    full, table.states = table.states, {}     # Lark's form, written without the states (~4 s saved)
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
    finally:
        table.states = full
    pickle.dump({"data": data, "memo": memo}, f, protocol=pickle.HIGHEST_PROTOCOL)
    # by identity: the table's Reduce actions hold the parser's own rules, and a rule's hash is
    # computed over its expansion at every lookup
    rules = {id(rule): i for i, rule in enumerate(parser.rules)}
    actions, names = {}, {}
    states = {state: {names.setdefault(tok, tok): actions.setdefault(
                          (act is Shift, arg if act is Shift else rules[id(arg)]), (act, arg))
                      for tok, (act, arg) in acts.items()}
              for state, acts in full.items()}
    _TablePickler(f, rules).dump(states)


def load_table(f):
    """The parser written by :func:`save_table` to the file F."""
    d = pickle.load(f)
    inst = Lark._load_from_dict(d["data"], d["memo"])
    table = inst.parser.parser._parse_table
    table.states.update(_TableUnpickler(f, inst.rules).load())
    return inst


@lru_cache(maxsize=None)
def lark_parser():
    """The parser, loaded from the cache when the grammar has not changed since it was built
    (building takes seconds, loading a fraction of one); built and cached otherwise. A cache
    that cannot be read or written is only slower, never an error. A process that finds another
    one building the table waits for it and loads it (:func:`pyengine.cachedir.lock`)."""
    from .. import cachedir
    try:
        return _load_cached()
    except Exception:                       # noqa: BLE001 - missing, stale or unreadable: rebuild
        pass
    with cachedir.lock("oracle-grammar", _cache_version()):
        try:
            return _load_cached()           # built by another process while this one waited
        except Exception:                   # noqa: BLE001
            pass
        parser = build_parser()
        table = io.BytesIO()
        save_table(parser, table)
        cachedir.write("oracle-grammar", _cache_version(), table.getvalue())
    return parser


def _load_cached():
    with open(cache_path(), "rb") as f:
        return load_table(f)


def parse(text, start="start"):
    """The parse tree of one normalised line; raises ParseError if the grammar does not cover it.
    ``start="costs"`` parses the cost of an activated ability alone."""
    try:
        return lark_parser().parse(text, start=start)
    except ParseError:
        raise
    except UnexpectedInput as e:
        tok = getattr(e, "token", None)
        where = None if tok is None or tok.type == "$END" else str(tok)
        expected = getattr(e, "expected", None) or getattr(e, "allowed", None) or ()
        pos = getattr(tok, "start_pos", None)
        msg = (f"not understood at {where!r} (position {pos})" if where is not None
               else "not understood: the sentence ends too early")
        raise ParseError(msg, where, expected) from None
