"""Provenance rules for explanations, generated from the KB's own rules (never written by hand).

For every KB rule ``H :- B.`` (number i in the :mod:`kbmodel`), the program part
``#program __provenance(__round).`` holds

    __prov(__round,i,H,(P1,(P2,...(Pn,())))) :- __want(__round,H); B.

where the list ``P1..Pn`` records B's literals (``__pos(A)`` for an atom, ``__pat(A)`` for an
atom with anonymous variables, ``__neg(A)``, ``__notnot(A)``, ``__cmp(L,Op,R)``, ``__agg(k)``
for an aggregate or conditional literal at position k), plus, for each element of such an
aggregate, ``__aggel(__round,i,k,H,(condition list)) :- __want(__round,H); B; condition.`` The
explanation is *demand driven*: ``__want(r,A)`` starts from the atoms a question is about
(``__seed(r,A)``) and follows the positive premises of every instance found backwards (a few
generic rules walk the recorded lists), so grounding covers only what the asked atoms depend on,
not the whole board. The part is grounded after the plain KB, in a later multi-shot step per
round r = 0, 1, ..., over the KB's atoms.

Anonymous variables of a premise become the constant ``__any`` in the recorded term. Such a premise
holds if some atom matches it; explanations follow one, its *designated match*: the least matching
atom in clingo's order of terms (one generated rule per such premise wants it, through a #min over
the matches). The levels computed from the instances are then those of the least fixpoint of the
program in which each such premise is read as its designated match: the same whether the cone is
that of one atom or of the whole program, and the cone of a basic land's ``could_produce`` holds
one permanent sharing its production key, not all of them. A head
argument that is computed (``power(X,P+C+M)``) is matched through a fresh variable and an
equality. The rules are generated as program text from the parsed KB (each literal printed by
clingo), and parsed by clingo again.
"""

import re

import clingo
import clingo.ast

from . import codec

PART = "__provenance"
ROUND = "__round"        # the part's parameter: the round number (a name no KB constant has)
_T = clingo.ast.ASTType
# a string literal (kept as it is), or an anonymous variable
_ANON = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![A-Za-z0-9_\'])_(?![A-Za-z0-9_\'])')

_WALK = f"""
__list({ROUND},L) :- __prov({ROUND},_,_,L).
__list({ROUND},L) :- __aggel({ROUND},_,_,_,L).
__list({ROUND},T) :- __list({ROUND},(_,T)).
__want({ROUND},A) :- __list({ROUND},(__pos(A),_)).
__want({ROUND},A) :- __seed({ROUND},A).
__want({ROUND},A) :- __match({ROUND},_,A).
#show __prov/4.
#show __aggel/5.
#show __match/3.
"""


def _anonymous(text):
    """Does the printed term TEXT have an anonymous variable (outside string literals)?"""
    return any(m.group(0) == "_" for m in _ANON.finditer(text))


def _replace_anonymous(text, by):
    """TEXT with each anonymous variable replaced by by(n) (n = 1, 2, ...); strings untouched."""
    count = [0]

    def sub(m):
        if m.group(0) != "_":
            return m.group(0)
        count[0] += 1
        return by(count[0])
    return _ANON.sub(sub, text)


def _recorded(text):
    return _replace_anonymous(text, lambda n: codec.ANY)


def premise(lit, k):
    """The text of the term recording body literal LIT (number K of its rule), or None to omit it."""
    if lit.ast_type == _T.ConditionalLiteral:
        return f"__agg({k})"
    a = lit.atom
    if a.ast_type == _T.SymbolicAtom:
        text = str(a.symbol)
        sign = int(lit.sign)
        if sign == 0:
            return f"__pat({_recorded(text)})" if _anonymous(text) else f"__pos({text})"
        return f"{'__neg' if sign == 1 else '__notnot'}({_recorded(text)})"
    if a.ast_type == _T.Comparison and len(a.guards) == 1 and int(lit.sign) == 0:
        g = a.guards[0]
        return f'__cmp({_recorded(str(a.term))},"{codec.comparison_operator(g)}",{_recorded(str(g.term))})'
    if a.ast_type in (_T.BodyAggregate, _T.Aggregate):
        return f"__agg({k})"
    return None


def _positive_with_anonymous(lit):
    return (lit.ast_type == _T.Literal and lit.atom.ast_type == _T.SymbolicAtom and int(lit.sign) == 0
            and _anonymous(str(lit)))


def _elements(b):
    """The condition lists of the elements of body literal B (an aggregate or conditional literal)."""
    if b.ast_type == _T.ConditionalLiteral:
        return [[b.literal, *b.condition]]
    if b.ast_type == _T.Literal and b.atom.ast_type == _T.BodyAggregate:
        return [list(e.condition) for e in b.atom.elements]
    if b.ast_type == _T.Literal and b.atom.ast_type == _T.Aggregate:
        return [[e.literal, *e.condition] for e in b.atom.elements]
    return []


def _simple(t):
    """Is term AST T matchable as it is (variables, constants, functions and tuples of them)?"""
    if t.ast_type in (_T.Variable, _T.SymbolicTerm):
        return True
    if t.ast_type == _T.Function:
        return all(_simple(a) for a in t.arguments)
    return False


def _wanted_form(head_term):
    """The text of the head term with each computed argument replaced by a fresh variable, and the
    equalities binding those variables: (text, [equality texts])."""
    if head_term.ast_type != _T.Function or not head_term.arguments or _simple(head_term):
        return str(head_term), []
    args, eqs = [], []
    for a in head_term.arguments:
        if _simple(a):
            args.append(str(a))
        else:
            v = f"H__{len(eqs) + 1}"
            args.append(v)
            eqs.append(f"{v} = {a}")
    return f"{head_term.name}({','.join(args)})", eqs


def _cons(terms):
    """The texts as a list term ``(T1,(T2,...(Tn,())))``."""
    out = "()"
    for t in reversed(terms):
        out = f"({t},{out})"
    return out


def _rule(head, body):
    return f"{head} :- {'; '.join(body)}." if body else f"{head}."


def _signature(lit):
    """(name, arity) of the atom of literal AST LIT."""
    sym = lit.atom.symbol
    return sym.name, len(sym.arguments)


def _match_rules(literals, body, recursive=frozenset()):
    """For each positive literal among LITERALS (ASTs) with anonymous variables: a rule wanting its
    *designated match*, the least matching atom in clingo's order of terms (BODY, a list of literal
    texts, with that literal followed by a #min over its matches), as ``__match(r,Premise,Atom)``
    (Premise: the premise as recorded, ``__any`` for '_'). One match is enough for the
    premise to hold; wanting every match would put in the cone the derivations of atoms the asked
    one does not need (every permanent sharing a production key). A premise whose predicate is in
    RECURSIVE (it depends on the rule's head) has every match wanted instead: its designated match
    might be derivable only through the head, and the least-level match is then another one."""
    out = []
    for lit in literals:
        if not _positive_with_anonymous(lit):
            continue
        text = str(lit)
        if _signature(lit) in recursive:
            named = _replace_anonymous(text, lambda n: f"P__{n}")
            out.append(_rule(f"__want({ROUND},{named})", [named if b == text else b for b in body]))
            continue
        named = _replace_anonymous(text, lambda n: f"P__{n}")
        inner = _replace_anonymous(text, lambda n: f"Q__{n}")       # the aggregate's local variables
        count = len(re.findall(r"\bP__\d+", named))
        least = ",".join(f"Q__{i}" for i in range(1, count + 1))
        values = ",".join(f"P__{i}" for i in range(1, count + 1))
        # the literal itself stays: it may bind variables the rest of the body uses
        new = [f"{text}; W__ = #min{{ ({least},) : {inner} }}; W__ = ({values},)" if b == text else b
               for b in body]
        out.append(_rule(f"__match({ROUND},{_recorded(text)},{named})", new))
    return out


def _components(model):
    """{predicate: its strongly connected component (a number)} in the graph 'p depends on q' of
    the rules of kbmodel MODEL (Tarjan's algorithm, iterative)."""
    edges = {}
    for r in model.rules:
        for d in r.defines:
            edges.setdefault(d, set()).update(r.reads)
    index, low, comp, stack, on = {}, {}, {}, [], set()
    for start in list(edges):
        if start in index:
            continue
        work = [(start, iter(edges.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(edges.get(w, ()))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp[w] = index[v]
                    if w == v:
                        break
    return comp


def rules(model, only=None):
    """The provenance rules of kbmodel MODEL, as program text for the part ``__provenance``: those of
    every KB rule, or of the rules whose ids are in ONLY (the rules an asked atom can depend on; gringo
    pays for every rule of a step, even one that no wanted atom reaches)."""
    out = [_WALK]
    component = _components(model)
    for rule in model.rules:
        if only is not None and rule.id not in only:
            continue
        # the predicates the rule reads that depend on one it defines (the same component)
        loop = frozenset(p for p in rule.reads if any(component.get(p) == component.get(d) for d in rule.defines))
        u, heads = rule.ast, rule.head_elements
        body = list(u.body)
        texts = [str(b) for b in body]
        prem = [(b, p) for k, b in enumerate(body) if (p := premise(b, k)) is not None]
        for _, head_term, extra in heads:
            head = str(head_term)
            wanted, eqs = _wanted_form(head_term)
            extra_prem = [(b, p) for b in extra if (p := premise(b, -1)) is not None]
            full = [f"__want({ROUND},{wanted})"] + texts + [str(b) for b in extra] + eqs
            terms = [p for _, p in prem + extra_prem]
            out.append(_rule(f"__prov({ROUND},{rule.id},{head},{_cons(terms)})", full))
            out += _match_rules([b for b, _ in prem + extra_prem], full, loop)
            for k, b in enumerate(body):
                for cond in _elements(b):
                    cp = [p for c in cond if (p := premise(c, -1)) is not None]
                    cond_texts = [str(c) for c in cond]
                    out.append(_rule(f"__aggel({ROUND},{rule.id},{k},{head},{_cons(cp)})", full + cond_texts))
                    out += _match_rules(cond, full + cond_texts, loop)
    return "\n".join(out)


_KIND = re.compile(r'"(?:[^"\\]|\\.)*"|\(__(pos|pat|neg|notnot|cmp|agg)\(')


def read(text):
    """A shown provenance atom, as clingo prints it, read back without clingo (one call per
    atom instead of one per part): ("prov", (rule id, head, premises)), ("aggel", (rule id, k,
    head, premises)) or ("match", None) (see :func:`read_match`), where the head is a text and the
    premises a tuple of (kind, text): kind pos, pat, neg, notnot (text: the atom), cmp (text:
    ``L,"op",R``) or agg (text: the position k)."""
    if text.startswith("__match("):
        return "match", None
    kind = "prov" if text.startswith("__prov(") else "aggel"
    pos = text.index(",") + 1                        # after the round
    nums = []
    for _ in range(1 if kind == "prov" else 2):
        end = text.index(",", pos)
        nums.append(int(text[pos:end]))
        pos = end + 1
    starts = [(m.start(), m.group(1)) for m in _KIND.finditer(text, pos) if m.group(1)]
    n = len(starts)
    # the list is "(P1,(P2,...(Pn,())...))" and the atom's ")" closes it
    end_last = len(text) - n - 4
    head = text[pos:starts[0][0] - 1] if n else text[pos:len(text) - 4]
    prem = []
    for j, (start, k) in enumerate(starts):
        stop = starts[j + 1][0] - 1 if j + 1 < n else end_last
        prem.append((k, text[start + len(k) + 4:stop - 1]))
    return kind, (*nums, head, tuple(prem))


def items(sym):
    """The elements of a recorded list ``(T1,(T2,...()))``."""
    out = []
    args = sym.arguments
    while args:
        out.append(args[0])
        args = args[1].arguments
    return out


def read_match(sym):
    """A shown ``__match(r,Premise,Atom)`` (a Symbol): (the premise's text, the atom's text), the
    premise printed as in the instances' recorded lists."""
    _, premise, atom = sym.arguments
    return str(premise), str(atom)
