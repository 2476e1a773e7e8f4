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

Anonymous variables of a premise become the constant ``__any`` in the recorded term; every atom
that matches such a premise is wanted (one generated rule per such premise matches it again), so
the least-fixpoint levels computed from the instances equal those of the whole program. A head
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
#show __prov/4.
#show __aggel/5.
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


def _match_rules(literals, body):
    """For each positive literal among LITERALS (ASTs) with anonymous variables: a rule wanting every
    atom it matches, by matching it again (BODY, a list of literal texts, with that literal's
    anonymous variables named)."""
    out = []
    for lit in literals:
        if not _positive_with_anonymous(lit):
            continue
        text = str(lit)
        named = _replace_anonymous(text, lambda n: f"P__{n}")
        new = [named if b == text else b for b in body]
        out.append(_rule(f"__want({ROUND},{named})", new))
    return out


def rules(model):
    """The provenance rules of kbmodel MODEL, as program text for the part ``__provenance``."""
    out = [_WALK]
    for rule in model.rules:
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
            out += _match_rules([b for b, _ in prem + extra_prem], full)
            for k, b in enumerate(body):
                for cond in _elements(b):
                    cp = [p for c in cond if (p := premise(c, -1)) is not None]
                    cond_texts = [str(c) for c in cond]
                    out.append(_rule(f"__aggel({ROUND},{rule.id},{k},{head},{_cons(cp)})", full + cond_texts))
                    out += _match_rules(cond, full + cond_texts)
    return "\n".join(out)


_KIND = re.compile(r'"(?:[^"\\]|\\.)*"|\(__(pos|pat|neg|notnot|cmp|agg)\(')


def read(text):
    """A shown provenance atom, as clingo prints it, read back without clingo (one call per
    atom instead of one per part): ("prov", (rule id, head, premises)) or ("aggel", (rule id, k,
    head, premises)), where the head is a text and the premises a tuple of (kind, text): kind pos,
    pat, neg, notnot (text: the atom), cmp (text: ``L,"op",R``) or agg (text: the position k)."""
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
