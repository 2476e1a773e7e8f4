"""The Oracle-text parser: the grammar files of ``grammar/`` read as one LALR(1) grammar.

The grammar is built with Lark in strict mode: a shift/reduce or reduce/reduce conflict is an
error when the parser is built, never resolved silently, so every line has at most one parse.
Tokens come from :mod:`pyengine.compiler.lexer`, which gives each word the first of its candidate
terminals that the parser's current state accepts.

``parse(text)`` returns the Lark tree of one normalised line or raises :class:`ParseError`
(with the position and the word where the grammar stopped).
"""

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from .lexer import LexError, Tokens

GRAMMAR_DIR = Path(__file__).parent / "grammar"
# the files of the grammar, in the order they are read (each is a section of one grammar)
GRAMMAR_FILES = ("frames.lark", "keywords.lark", "sentences.lark", "verbs.lark", "triggers.lark",
                 "objects.lark", "amounts.lark", "mana.lark", "tokens.lark")


class ParseError(Exception):
    """A line the grammar does not cover; ``where`` is the word it stopped at (or None)."""

    def __init__(self, message, where=None, expected=()):
        super().__init__(message)
        self.where = where
        self.expected = tuple(sorted(expected))


def grammar_text():
    """The whole grammar: the files of GRAMMAR_FILES, in order."""
    return "\n".join((GRAMMAR_DIR / f).read_text(encoding="utf-8") for f in GRAMMAR_FILES)


class _WordLexer(Lexer):
    """Lark's hook for our lexer: takes each word's first candidate the parser state accepts."""

    __future_interface__ = 2

    def __init__(self, lexer_conf):
        self.literals, self.phrases = {}, {}
        for t in lexer_conf.terminals:
            if t.pattern.type == "str":
                self.literals[t.pattern.value] = t.name
                words = t.pattern.value.split(" ")
                if len(words) > 1:
                    self.phrases.setdefault(words[0], []).append(tuple(words))
        for v in self.phrases.values():
            v.sort(key=len, reverse=True)

    def lex(self, lexer_state, parser_state):
        text = lexer_state.text
        text = text.text if hasattr(text, "text") else text
        try:
            toks = Tokens(text, self.literals, self.phrases)
        except LexError as e:
            raise ParseError(str(e)) from None
        states = parser_state.parse_conf.parse_table.states
        for i, raw in enumerate(toks.raws):
            accepts = states[parser_state.position]
            cands = toks.candidates(i)
            name, value = next(((n, v) for n, v in cands if n in accepts), cands[0])
            yield Token(name, value, start_pos=raw.pos)


@lru_cache(maxsize=None)
def lark_parser():
    """The Lark LALR(1) parser of the grammar (built once per process, strict: no conflicts)."""
    return Lark(grammar_text(), parser="lalr", lexer=_WordLexer, strict=True, start=["start", "costs", "trigger_head"],
                maybe_placeholders=False, keep_all_tokens=True, cache=False)


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
