"""What an explanation needs from the KB model, kept between runs (explain's speed, issue 9).

Explaining an atom reads, of the KB model (:mod:`kbmodel`, which parses every KB file with
``clingo.ast``: ~0.4 s of CPU), the rules the atom's predicate can depend on (their ids, their
program parts, whether ``outcome_asked/1`` is among what they read), the provenance twins of those
rules (:mod:`provenance`, ~0.3 s to generate) and, for what its tree shows, each rule's text,
source and tags, the text of its aggregates, and the declarations of the input predicates. A
:class:`Book` holds exactly that for one predicate (or for every rule), and is kept in the cache
(:mod:`pyengine.cachedir`, kind ``explain-book``) as JSON, named by the digest of rules.lp and
every file it includes (read back while their stamps are unchanged: :mod:`pyengine.filestamps`)
and the predicate; the provenance text of a set of rules is kept beside it, named by the book and
the rules' ids. The version of the kind is the digest of this module's source and of the modules
the kept values come from, and clingo's version. A warm explanation neither parses the KB model
nor generates its provenance rules; ``--why-not`` (which reads every rule's patterns) and a rule
the book does not hold read the model itself (:meth:`Book.model`).
"""

from functools import lru_cache
import json
import os

import clingo

from .. import cachedir, filestamps
from . import layout

KIND = "explain-book"


@lru_cache(maxsize=1)
def version():
    """The version of the kind: the source of this module and of those its values come from
    (kbmodel.py, provenance.py, cone.py, codec.py), and clingo's version."""
    here = os.path.dirname(os.path.abspath(__file__))
    files = filestamps.digest(here, ["rulebook.py", "kbmodel.py", "provenance.py", "cone.py", "codec.py"])
    return cachedir.digest((files + clingo.__version__).encode())[:16]


class Rule:
    """What an explanation shows of one KB rule (the fields of a kbmodel.KbRule it reads)."""

    __slots__ = ("id", "file", "line", "text", "tags", "head_kind", "unpooled", "body_texts")

    def __init__(self, id, file, line, text, tags, head_kind, unpooled, body_texts):
        self.id, self.file, self.line, self.text = id, file, line, text
        self.tags, self.head_kind, self.unpooled, self.body_texts = tags, head_kind, unpooled, body_texts

    @property
    def cr(self):
        """CR rule numbers of its @cr tag(s)."""
        return tuple(n for kind, text in self.tags if kind == "cr" for n in text.split())

    @property
    def rulings(self):
        """Texts of its @ruling tag(s)."""
        return tuple(text for kind, text in self.tags if kind == "ruling")

    @property
    def source(self):
        """file:line of the rule."""
        return f"{self.file}:{self.line}"

    def fields(self):
        return [self.id, self.file, self.line, self.text, [list(t) for t in self.tags], self.head_kind,
                self.unpooled, list(self.body_texts)]

    @classmethod
    def of(cls, r):
        """The Rule of the kbmodel rule R."""
        return cls(r.id, r.file, r.line, r.text, tuple((t.kind, t.text) for t in r.tags), r.head_kind,
                   str(r.ast), tuple(b.text for b in r.body))


class Book:
    """What explaining the atoms of one predicate PRED ((name, arity); None: any atom) needs from
    the KB under ROOT: ``only`` (the ids of the rules PRED can depend on; None: every rule),
    ``parts`` (the program parts holding them, base first), ``outcomes`` (whether PRED depends on
    outcome_asked/1), the predicates the KB defines or declares (:meth:`known`), the declarations
    of the ``#defined`` predicates (:meth:`declaration`) and the rules (:meth:`rule`)."""

    def __init__(self, root, name, data):
        self.root, self.name = str(root), name
        self.only = None if data["only"] is None else frozenset(data["only"])
        self.parts, self.outcomes = list(data["parts"]), bool(data["outcomes"])
        self._known = {tuple(p) for p in data["known"]}
        self._defined = {(n, a): (f, section) for n, a, f, section in data["defined"]}
        self._rules = {f[0]: Rule(f[0], f[1], f[2], f[3], tuple(map(tuple, f[4])), *f[5:7], tuple(f[7]))
                       for f in data["rules"]}

    def model(self):
        """The whole KB model (kbmodel.kb: parsed once per process)."""
        from . import kbmodel
        return kbmodel.kb(self.root)

    def rule(self, rid):
        """The Rule of id RID (from the model if the book does not hold it)."""
        r = self._rules.get(rid)
        if r is None:
            r = self._rules[rid] = Rule.of(self.model().rules[rid])
        return r

    def known(self, sig):
        """Does a KB rule define, or a declaration declare, the predicate SIG?"""
        return sig in self._known

    def declaration(self, sig):
        """(file, section) of the ``#defined`` declaration of SIG, or None."""
        return self._defined.get(sig)

    def in_program(self, text):
        """Of the ids ``only``, those of the rules in the sliced program TEXT (None: the whole KB).
        A rule's text there is its unpooled AST as clingo prints it; a text found inside another
        rule's only adds a twin that derives nothing."""
        if text is None or self.only is None:
            return self.only
        return frozenset(i for i in self.only if self.rule(i).unpooled in text)

    def provenance(self, ids):
        """The provenance rules (provenance.rules) of the rules IDS (None: every rule): from this
        process's memory, else from the cache, else generated from the model and kept."""
        key = None if ids is None else tuple(sorted(ids))
        text = _TEXTS.get((self.name, key))
        if text is None:
            entry = cachedir.digest(repr((self.name, key)).encode("utf-8")) + ".json"
            text = _read(entry)
            if not isinstance(text, str):
                from . import provenance
                text = provenance.rules(self.model(), None if ids is None else frozenset(ids))
                cachedir.write(KIND, version(), json.dumps(text).encode("utf-8"), entry)
            if len(_TEXTS) > 64:
                _TEXTS.clear()
            _TEXTS[(self.name, key)] = text
        return text


_BOOKS = {}                 # (root, the book's name) -> Book, as read or made by this process
_TEXTS = {}                 # (the book's name, rule ids) -> provenance text


def book(root, pred=None):
    """The Book of the predicate PRED ((name, arity); None: every atom) of the KB under ROOT: from
    this process's memory, else from the cache, else made from the model and kept."""
    root = str(root)
    kb = filestamps.digest(root, ["rules.lp"] + layout.included(root))
    name = cachedir.digest(repr((kb, pred)).encode("utf-8"))
    got = _BOOKS.get((root, name))
    if got is None:
        data = _read(name + ".json")
        try:
            got = Book(root, name, data)
        except (TypeError, KeyError, ValueError, IndexError):
            data = _made(root, pred)
            cachedir.write(KIND, version(), json.dumps(data).encode("utf-8"), name + ".json")
            got = Book(root, name, data)
        _BOOKS[(root, name)] = got
    return got


def _made(root, pred):
    """The data of a Book, from the model."""
    from . import kbmodel
    model = kbmodel.kb(root)
    if pred is None:
        from .driver import kb_parts
        rules, only, parts, outcomes = model.rules, None, ["base", *kb_parts(root)], True
    else:
        depends, rules = kbmodel.closure([model], {tuple(pred)})
        only = sorted(r.id for r in rules)
        parts = ["base"] + sorted({r.part for r in rules if r.part != "base"})
        outcomes = ("outcome_asked", 1) in depends
    known = set(model.defined) | {p for r in model.rules for p in r.defines}
    return {"only": only, "parts": parts, "outcomes": outcomes, "known": sorted(map(list, known)),
            "defined": sorted([n, a, d.file, d.section] for (n, a), d in model.defined.items()),
            "rules": [Rule.of(r).fields() for r in rules]}


def _read(entry):
    """The JSON value of the file ENTRY of the kind, or None."""
    try:
        with open(cachedir.path(KIND, version(), entry), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None
