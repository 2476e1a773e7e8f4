"""The knowledge base as data, read by clingo's own parser (never by regular expressions).

One :class:`KbModel` describes a set of ``.lp`` files (``rules.lp`` and everything it
``#include``s, a query, a property file): every rule, unpooled, with its file and lines, the
``@cr`` / ``@ruling`` tags stacked directly above it, its kind, head atoms and body literals, the
predicates it defines and reads, and the ``#program`` part it belongs to; every ``%*!`` doc
comment and the predicates it documents; every ``#defined`` and ``#external`` declaration with
the section it is in; every ``#show``; each file's banner; and each file's annotations (comment
lines ``% @key value``: ``@uses`` and ``@max`` of a property, ``@parts`` of a query). Explain,
check, coverage, the driver's part analysis and the convention tests all read the KB through it.
"""

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
import os
from pathlib import Path
import re

import clingo
import clingo.ast

from ..patterns import BodyLit
from . import codec
from .cone import cone

_ANNOTATION = re.compile(r"^%\s*@([a-z_]+)\b\s*(.*?)\s*$")
_BANNER = re.compile(r"^%%%+\s*(.*?)\s*%*$")
_SIG = re.compile(r"([a-z_][A-Za-z0-9_]*)\s*(?:\(([^()]*(?:\([^()]*\)[^()]*)*)\))?")
TAG_KINDS = ("cr", "ruling")


@dataclass(frozen=True)
class Tag:
    """One source line above a rule: ``% @cr 106.7 106.5`` or ``% @ruling Card: first words``."""

    kind: str
    text: str
    line: int


@dataclass(eq=False)
class KbRule:
    """One rule of the KB (a pooled rule gives one KbRule per unpooled copy, same line). Its head
    and body patterns and the predicates it reads are computed from its AST on first use."""

    id: int
    file: str                 # path relative to the KB root, e.g. kb/mana.lp
    line: int
    text: str                 # the rule as clingo prints it
    tags: tuple               # Tag, in source order
    head_kind: str            # atom | choice | constraint | other
    end_line: int = 0
    part: str = "base"        # the #program part it belongs to
    defines: frozenset = frozenset()   # (name, arity) of its head atoms
    ast: object = field(default=None, repr=False)   # the unpooled rule

    @property
    def cr(self):
        """CR rule numbers of its @cr tag(s)."""
        return tuple(n for t in self.tags if t.kind == "cr" for n in t.text.split())

    @property
    def rulings(self):
        """Texts of its @ruling tag(s)."""
        return tuple(t.text for t in self.tags if t.kind == "ruling")

    @property
    def source(self):
        """file:line of the rule."""
        return f"{self.file}:{self.line}"

    @cached_property
    def head_elements(self):
        """[(atom pattern, atom term AST, extra body literals)] of the head: one per atom a choice
        rule may choose, with the literal and condition that choose it."""
        return _heads(self.ast.head)

    @cached_property
    def heads(self):
        """Head atom patterns (several for a choice rule)."""
        return tuple(h[0] for h in self.head_elements if h[0])

    @cached_property
    def body(self):
        """Body literals (BodyLit)."""
        return tuple(_body_lit(b) for b in self.ast.body)

    @cached_property
    def reads(self):
        """(name, arity) of every atom in its body and in its head's conditions."""
        reads = set()
        _collect(self.ast.head, set(), reads, head=True)
        for b in self.ast.body:
            _collect(b, set(), reads)
        return frozenset(reads)


@dataclass(frozen=True)
class Doc:
    """A ``%*! pred(Args) / pred2(Args)   meaning *%`` doc comment."""

    file: str
    line: int
    text: str                 # the comment, markers included
    preds: frozenset          # (name, arity) of each predicate of its signature part

    @property
    def body(self):
        """The comment without its markers, on one line."""
        return " ".join(self.text[3:].rstrip("*%").split())


@dataclass(frozen=True)
class Declaration:
    """A ``#defined``, ``#external``, ``#show`` or ``#minimize`` statement."""

    kind: str                 # defined | external | show | minimize
    file: str
    line: int
    text: str
    part: str = "base"
    section: str = ""         # the banner heading the declaration is under
    comment: str | None = None     # a comment on the same line, after it
    defines: frozenset = frozenset()
    reads: frozenset = frozenset()


@dataclass
class KbModel:
    """What :func:`read` finds in a set of .lp files (see the module docstring)."""

    root: Path
    files: list = field(default_factory=list)          # relative paths, in reading order
    rules: list = field(default_factory=list)          # KbRule, id = index
    docs: list = field(default_factory=list)           # Doc
    declarations: list = field(default_factory=list)   # Declaration
    banners: dict = field(default_factory=dict)        # file -> its first banner
    annotations: dict = field(default_factory=dict)    # file -> [(key, value, line)] (not @cr/@ruling)
    parts: dict = field(default_factory=dict)          # part name -> its parameters (names)

    @cached_property
    def defined(self):
        """{(name, arity): Declaration} of every ``#defined`` input or hook."""
        return {next(iter(d.defines)): d for d in self.declarations if d.kind == "defined"}

    def documented(self):
        """{(name, arity): [Doc]} for every predicate a doc comment documents."""
        out = {}
        for d in self.docs:
            for p in d.preds:
                out.setdefault(p, []).append(d)
        return out

    def annotation(self, file, key):
        """The values of annotation KEY (``% @key value``) in FILE, in order."""
        return [v for k, v, _ in self.annotations.get(file, []) if k == key]



def closure(models, roots):
    """The predicates the ROOTS (name, arity) depend on through the rules of MODELS (kbmodel
    models), the roots included, and the rules that define them."""
    rules = [r for m in models for r in m.rules]
    return cone(roots, rules, lambda r: r.defines, lambda r: r.reads)


def required_parts(kb_model, query_model):
    """The ``#program`` parts of the KB (other than base) that the query needs: those defining a
    predicate its rules, externals and #show statements depend on."""
    roots = set()
    for r in query_model.rules:
        roots |= r.reads | r.defines
    for d in query_model.declarations:
        roots |= d.reads
    _, rules = closure([kb_model, query_model], roots)
    return sorted({r.part for r in rules if r.file.startswith("kb/") and r.part != "base"})


def docstring_preds(text):
    """(name, arity) of each predicate a ``%*! ... *%`` doc comment documents: its signature part
    (up to a run of two spaces or the end of the first line) may list several, separated by '/'."""
    body = text[3:] if text.startswith("%*!") else text
    sig = re.split(r"\n| {2,}|\t", body.strip(), maxsplit=1)[0]
    out = set()
    for part in sig.split(" / "):
        m = _SIG.match(part.strip())
        if m:
            out.add((m.group(1), _arity(m.group(2))))
    return frozenset(out)


def _arity(args):
    if args is None or not args.strip():
        return 0
    depth, n = 0, 1
    for ch in args:
        depth += ch == "("
        depth -= ch == ")"
        n += ch == "," and depth == 0
    return n


# --- reading --------------------------------------------------------------------------------------

def relative(root, filename):
    """FILENAME as a path relative to ROOT when it is inside it."""
    p = Path(filename)
    if not p.is_absolute():
        p = root / p
    try:
        return str(p.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(p)


def read(root, paths):
    """The model of the given .lp files (``#include``s followed), parsed with clingo relative to
    ROOT (includes resolve against it)."""
    root = Path(root)
    stms = []
    before = os.getcwd()
    os.chdir(root)                     # #include "kb/x.lp" resolves against the KB root
    try:
        clingo.ast.parse_files([str(p) for p in paths], stms.append, logger=codec.quiet)
    finally:
        os.chdir(before)
    return _model(root, stms)


def _model(root, stms, default_file=None):
    T = clingo.ast.ASTType
    m = KbModel(root)
    rel = {}

    def file_of(s):
        name = s.location.begin.filename
        if name not in rel:
            rel[name] = default_file if default_file and name in ("<string>", "") else relative(root, name)
        return rel[name]

    occupied = set()                  # (file, line) holding (part of) a statement other than a comment
    for s in stms:
        if s.ast_type not in (T.Comment, T.Program):
            for line in range(s.location.begin.line, s.location.end.line + 1):
                occupied.add((file_of(s), line))
    tags = {}                         # (file, line of the comment) -> Tag, for whole-line tag comments
    section, part = {}, {}
    last_decl = {}                    # (file, line) -> index of a declaration (for same-line comments)
    for s in stms:
        f = file_of(s)
        if f not in m.files:
            m.files.append(f)
        loc = s.location
        if s.ast_type == T.Program:
            part[f] = s.name
            m.parts.setdefault(s.name, tuple(p.name for p in s.parameters))
            continue
        if s.ast_type == T.Comment:
            text = s.value.strip()
            whole_line = (f, loc.begin.line) not in occupied
            ann = _ANNOTATION.match(text) if whole_line else None
            if ann and ann.group(1) in TAG_KINDS:
                tags[(f, loc.begin.line)] = Tag(ann.group(1), ann.group(2), loc.begin.line)
            elif ann:
                m.annotations.setdefault(f, []).append((ann.group(1), ann.group(2), loc.begin.line))
            elif text.startswith("%*!"):
                m.docs.append(Doc(f, loc.begin.line, text, docstring_preds(text)))
            elif _BANNER.match(text) and whole_line:
                section[f] = _BANNER.match(text).group(1)
                m.banners.setdefault(f, section[f])
            if not whole_line and (f, loc.begin.line) in last_decl:
                i = last_decl[(f, loc.begin.line)]
                d = m.declarations[i]
                m.declarations[i] = Declaration(d.kind, d.file, d.line, d.text, d.part, d.section, text,
                                                d.defines, d.reads)
            continue
        where = (f, loc.begin.line)
        current = part.get(f, "base")
        if s.ast_type == T.Rule:
            above, stacked = loc.begin.line - 1, []
            while (f, above) in tags:          # the tag lines stacked directly above the rule
                stacked.insert(0, tags[(f, above)])
                above -= 1
            for u in s.unpool():
                m.rules.append(KbRule(len(m.rules), f, loc.begin.line, str(s), tuple(stacked),
                                      _head_kind(u.head), loc.end.line, current, _head_signatures(u.head), u))
            continue
        decl = None
        if s.ast_type == T.Defined:
            decl = Declaration("defined", *where, str(s), current, section.get(f, ""),
                               defines=frozenset({(s.name, s.arity)}))
        elif s.ast_type == T.External:
            defines, reads = set(), set()
            _collect(s.atom, defines, reads, head=True)
            for b in s.body:
                _collect(b, set(), reads)
            decl = Declaration("external", *where, str(s), current, section.get(f, ""),
                               defines=frozenset(defines), reads=frozenset(reads))
        elif s.ast_type in (T.ShowTerm, T.ShowSignature, T.Minimize):
            reads = set()
            if s.ast_type == T.ShowSignature:
                if s.name:
                    reads.add((s.name, s.arity))
            else:
                for b in s.body:
                    _collect(b, set(), reads)
            decl = Declaration("minimize" if s.ast_type == T.Minimize else "show", *where, str(s), current,
                               section.get(f, ""), reads=frozenset(reads))
        if decl is not None:
            m.declarations.append(decl)
            last_decl[where] = len(m.declarations) - 1
    return m


def _collect(node, defines, reads, head=False):
    """Add the (name, arity) of atoms in NODE to DEFINES (head atoms) and READS (everything else)."""
    T = clingo.ast.ASTType
    t = node.ast_type
    if t == T.Literal:
        _collect(node.atom, defines, reads, head)
    elif t == T.SymbolicAtom:
        sig = _signature(node.symbol)
        if sig:
            (defines if head else reads).add(sig)
    elif t == T.ConditionalLiteral:
        _collect(node.literal, defines, reads, head)
        for c in node.condition:
            _collect(c, set(), reads)
    elif t in (T.Aggregate, T.Disjunction):
        for e in node.elements:
            _collect(e, defines, reads, head)
    elif t == T.HeadAggregate:
        for e in node.elements:
            _collect(e.condition, defines, reads, head)
    elif t == T.BodyAggregate:
        for e in node.elements:
            for c in e.condition:
                _collect(c, set(), reads)
    elif t == T.HeadAggregateElement:
        _collect(node.condition, defines, reads, head)


def _head_kind(head):
    """atom, choice (a choice rule or disjunction), constraint or other."""
    T = clingo.ast.ASTType
    if head.ast_type == T.Literal:
        if head.atom.ast_type == T.SymbolicAtom and int(head.sign) == 0:
            return "atom"
        if head.atom.ast_type == T.BooleanConstant and not head.atom.value:
            return "constraint"
        return "other"
    return "choice" if head.ast_type in (T.Aggregate, T.Disjunction) else "other"


def _head_signatures(head):
    defines = set()
    _collect(head, defines, set(), head=True)
    return frozenset(defines)


def _signature(term):
    T = clingo.ast.ASTType
    if term.ast_type == T.Function:
        return (term.name, len(term.arguments)) if term.name else None
    if term.ast_type == T.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return (term.symbol.name, len(term.symbol.arguments)) if term.symbol.name else None
    if term.ast_type == T.Pool and term.arguments:
        return _signature(term.arguments[0])
    return None


def _body_lit(lit):
    T = clingo.ast.ASTType
    text = str(lit)
    if lit.ast_type == T.ConditionalLiteral:
        return BodyLit("cond", text)
    a = lit.atom
    if a.ast_type == T.SymbolicAtom:
        atom = codec.atom_pattern(a.symbol)
        kind = {0: "pos", 1: "neg", 2: "notnot"}[int(lit.sign)]
        return BodyLit(kind if atom else "other", text, atom=atom)
    if a.ast_type == T.Comparison and len(a.guards) == 1 and int(lit.sign) == 0:
        g = a.guards[0]
        return BodyLit("cmp", text, cmp=(codec.pattern(a.term), codec.comparison_operator(g), codec.pattern(g.term)))
    if a.ast_type in (T.BodyAggregate, T.Aggregate):
        return BodyLit("agg", text)
    return BodyLit("other", text)


def _heads(head):
    """[(atom pattern, atom term AST, extra body literals)] of a rule head (see
    :attr:`KbRule.head_elements`)."""
    T = clingo.ast.ASTType
    kind = _head_kind(head)
    if kind == "atom":
        return [(codec.atom_pattern(head.atom.symbol), head.atom.symbol, [])]
    if kind == "choice":
        return [(codec.atom_pattern(e.literal.atom.symbol), e.literal.atom.symbol, [e.literal, *e.condition])
                for e in head.elements
                if e.literal.atom.ast_type == T.SymbolicAtom and int(e.literal.sign) == 0]
    return []


# --- the project's programs -------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _cached(root, paths):
    return read(Path(root), paths)


def kb(root):
    """The KB: rules.lp and every file it includes (cached per KB root)."""
    return _cached(str(root), ("rules.lp",))


def query(root, name):
    """One query program, queries/<name>.lp (cached)."""
    return _cached(str(root), (f"queries/{name}.lp",))


def queries(root):
    """Every query program together: the helper rules of queries/*.lp (cached)."""
    names = tuple(f"queries/{p.name}" for p in sorted((Path(root) / "queries").glob("*.lp")))
    return _cached(str(root), names)


def program_file(path):
    """Any one .lp file (a property), read relative to its own folder (not cached: such files
    are small, and may change between two reads)."""
    path = Path(path).resolve()
    return read(path.parent, (path.name,))
