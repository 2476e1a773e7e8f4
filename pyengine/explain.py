"""Explanations: derivation trees with CR citations, and why an atom does not hold.

``mtgkb explain`` solves the plain KB on the snapshot once, then grounds provenance rules
generated from the KB (:mod:`pyengine.asp.provenance`: each KB rule ``H :- B`` gets a twin
``__prov(r,Id,H,(B...)) :- __want(r,H), B``) *on demand*: starting from the asked atom and
following the premises of each rule instance backwards, so only what that atom depends on is
grounded, never the whole board, and the other commands do not pay for explanations at all. From
the rule instances this module computes, for every atom of that cone, its *level*: the stage of
the least fixpoint at which it is first derived (snapshot and card facts are level 0; an instance
of a rule derives its head at one more than the highest level among its positive premises). The
cone holds every instance deriving each of its atoms, and a premise with anonymous variables
(``production_key(_,Ab,K)``) stands for one designated matching atom (the least in clingo's order),
so these are the levels of the whole program read that way, whatever atom was asked. A derivation tree picks, for each atom, an instance that reaches its level, so its
premises all have lower levels: trees are finite and well founded even through recursive rules
(chains of Reflecting Pools), and they are the shortest ones.

The engine holds only the KB rules that can fire on the snapshot and that the asked atom's
predicate depends on (:mod:`pyengine.asp.slicing`), and what the explanation needs from the KB
model is kept between runs (:mod:`pyengine.asp.rulebook`).

``--why-not`` evaluates, for every rule whose head unifies with the atom, the rule body against the
answer set and reports which body literal fails: a positive premise with no matching atom (and,
recursively, why that premise does not hold), or a negative premise ``not X`` where X holds (with
X's own derivation tree; the atoms such trees need are grounded in a further round).
"""

from functools import cached_property, lru_cache
from pathlib import Path
import re

from .asp import codec, provenance, rulebook
from .asp.driver import Engine, kb_root
from .errors import InputError
from .facts import snapshot_facts
from .terms import render_fact
from .patterns import (AtomIndex, BodyLit, compare, evaluate, is_ground, match_atom, rename, show, show_atom,
                       substitute_atom, unify, unrename, Expr, Var)

CR_FILES = ("MagicCompRules-2025-11-14.txt", "cr-excerpts-2025-11-14.txt")
MAX_NODES = 20_000           # a safety cap on the size of one explanation
SEARCH_BUDGET = 50_000       # body-evaluation steps per rule in --why-not


# --- CR text ------------------------------------------------------------------------------------

def _docs_dirs():
    """Where the CR text is: the KB root's docs/, else this checkout's."""
    here = Path(__file__).resolve().parent.parent / "docs"
    return [d for d in (kb_root() / "docs", here) if d.is_dir()]


@lru_cache(maxsize=1)
def cr_rules():
    """{rule number: full text} from the bundled Comprehensive Rules (2025-11-14)."""
    pat = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.?\s+(\S.*)$")
    rules = {}
    for d in _docs_dirs():
        for name in CR_FILES:
            path = d / name
            if not path.is_file():
                continue
            for line in path.read_text(encoding="utf-8-sig").splitlines():
                m = pat.match(line.strip())
                if m and (m.group(1) not in rules or "." in m.group(1)):
                    rules[m.group(1)] = m.group(2).strip()
        if rules:
            break
    return rules


def trim(text, limit=160):
    """The first sentence(s) of TEXT, at most about LIMIT characters."""
    if len(text) <= limit:
        return text
    cut = [m.end() for m in re.finditer(r"[.:;](?:[”\"’)]*)\s", text) if 40 <= m.end() <= limit]
    if cut:
        return text[:cut[-1]].strip()
    return text[:limit].rsplit(" ", 1)[0] + " …"


def cr_text(number, limit=160):
    """'106.7. Some abilities produce mana …' (trimmed), or None if the number is unknown."""
    text = cr_rules().get(number)
    return f"{number}. {trim(text, limit)}" if text else None


# --- the model and its levels ---------------------------------------------------------------------

class Explainer:
    """Explanations over one snapshot's answer set. Build one, then call :meth:`run` with a
    function of the explainer: it is evaluated with the answer set open (``self.view``), and again
    after a further provenance round whenever it needed the derivation of an atom outside the
    cone grounded so far (:meth:`need`).

    ATOM, the atom to be explained, if given, limits the question facts, the program parts grounded
    and the rules given provenance twins to what its predicate can depend on; without it every
    atom can be explained (and every part is grounded).

    Rule instances are read as text (clingo prints each once: reading a Symbol's parts one by one
    costs a call each, which dominates on large cones), and levels are computed on atom texts;
    only the atoms an explanation shows are converted to Python terms."""

    def __init__(self, snapshot, atom=None):
        root = kb_root()
        pred = None if atom is None else (atom[0], len(atom) - 1)
        # what the atom's predicate can depend on (the ids of the rules defining those predicates,
        # the program parts holding them, whether it depends on outcome_asked/1): only these rules
        # are given provenance twins and only these parts grounded (outcome_asked/1 would ask the
        # outcomes of every permanent's mana abilities: costly); kept between runs (rulebook.py)
        self.book = rulebook.book(root, pred)
        parts = self.book.parts
        facts = snapshot_facts(snapshot)
        if self.book.outcomes:
            # outcome_asked/1 for every permanent: the amounts of every mana ability's outcomes
            # (mana_outcome/4, replaced_mana/4) are derived only where a question asks for them
            facts += [("outcome_asked", p.id) for p in snapshot.battlefield]
        self.inputs = set(map(tuple, facts))
        self.input_names = {f[0] for f in self.inputs}
        # with an asked atom, the engine holds only the rules that can fire on these facts and that
        # the atom's predicate depends on (slicing.py); a rule left out derives nothing, and
        # neither would its provenance twin, which gringo would still pay for
        self.engine = Engine(facts, cone=pred)
        # atoms are read with holds/atoms (the model's look-ups), and only the provenance atoms are
        # shown: without this the solver's output table holds every atom of the board (~0.08 s
        # at 10,000 permanents); the shown atoms are those of the provenance part's #show either way
        self.engine.add_text("base", [], "#show.")
        self.engine.ground(parts=parts)
        only = self.book.in_program(self.engine.sliced_program)
        self.engine.add_text(provenance.PART, [provenance.ROUND], self.book.provenance(only))
        self.rounds = 0
        self.seeds = set()
        self.instances, self.elements = [], {}
        self.view = None
        self._terms = {}

    @cached_property
    def program(self):
        """The whole KB model (kbmodel.py): --why-not reads every rule's patterns."""
        return self.book.model()

    @property
    def rules(self):
        return self.program.rules

    def run(self, fn, seeds=()):
        """FN(self) with the answer set open; SEEDS are atoms whose derivations will be needed."""
        need = list(seeds)
        while True:
            self._ground_round(need)
            with self.engine.view() as view:
                self.view = view
                self.truth = AtomIndex(lambda sig: sorted(view.atoms(*sig), key=show_atom))
                self._read_instances(view)
                self.missing = set()
                result = fn(self)
                self.view = None
            if not self.missing:
                return result
            need = sorted(self.missing, key=show_atom)

    def _ground_round(self, seeds):
        self.engine.ground_part(provenance.PART, [self.rounds],
                                [("__seed", self.rounds, codec.atom_term(a)) for a in seeds])
        self.seeds |= {render_fact(a) for a in seeds}
        self.rounds += 1

    def _read_instances(self, view):
        """The rule instances and aggregate elements of every round so far; the atoms wanted (the
        cone) are the seeds, the heads and positive premises, and the atoms matching a premise
        with anonymous variables (added by :meth:`_levels`)."""
        instances, elements = set(), {}
        self.designated = {}
        for sym in view.shown():
            kind, fields = provenance.read(str(sym))
            if kind == "prov":
                instances.add(fields)
            elif kind == "match":
                premise, atom = provenance.read_match(sym)
                self.designated[premise] = atom
            else:
                rid, k, head, prem = fields
                els = elements.setdefault((rid, k, head), [])
                if prem not in els:
                    els.append(prem)
        self.instances = list(instances)
        self.elements = elements
        wanted = set(self.seeds)
        for _, head, prem in self.instances:
            wanted.add(head)
            wanted.update(text for kind, text in prem if kind == "pos")
        for prem in (p for els in elements.values() for p in els):
            wanted.update(text for kind, text in prem if kind == "pos")
        self.wanted = wanted
        self._levels()

    def term(self, text):
        """A term printed by clingo (a premise: ``__any`` stands for '_') as a Python term."""
        t = self._terms.get(text)
        if t is None:
            t = self._terms[text] = codec.parse_generated(text)
        return t

    def term_atom(self, text):
        """An atom printed by clingo as a tuple (a premise: ``__any`` stands for '_')."""
        return codec.as_atom(self.term(text))

    def premise(self, p):
        """A recorded premise (kind, text) as a tagged tuple: ("pos", atom), ("neg", atom),
        ("notnot", atom), ("cmp", left, op, right) or ("agg", k)."""
        kind, text = p
        if kind in ("pos", "pat"):
            return ("pos", codec.as_atom(self.term(text)))
        if kind in ("neg", "notnot"):
            return (kind, codec.as_atom(self.term(text)))
        if kind == "cmp":
            left, op, right = self.term(f"({text})")
            return ("cmp", left, op, right)
        return ("agg", int(text))

    def need(self, atom):
        """Make sure the derivations of ATOM are grounded (else, a further round is needed)."""
        key = render_fact(atom)
        if key not in self.wanted and atom not in self.inputs and self.holds(atom):
            self.missing.add(atom)
            return False
        return True

    def is_input(self, text):
        """Is the atom printed as TEXT an input fact? (Only the atoms of input predicates are
        converted: rendering every input fact took ~0.1 s at 10,000 permanents.)"""
        return text.split("(", 1)[0] in self.input_names and self.term_atom(text) in self.inputs

    def holds(self, atom):
        """Is the ground atom ATOM true in the answer set?"""
        return self.view.holds(atom)

    # predicates -----------------------------------------------------------------------------
    def known_predicate(self, atom):
        return self.book.known((atom[0], len(atom) - 1))

    def fact_kind(self, atom):
        """'snapshot fact' / 'card fact' / 'input fact' for an input atom."""
        where = self.book.declaration((atom[0], len(atom) - 1))
        banner = where[1].lower() if where else ""
        if where and not where[0].endswith("schema.lp"):
            return f"hook declared in {where[0]}"
        if "snapshot" in banner:
            return "snapshot fact"
        if "card" in banner or "abilit" in banner or "compiled" in banner:
            return "card fact"
        return "input fact"

    def matching(self, pattern):
        """True atoms matching an atom pattern (variables free)."""
        if is_ground(pattern[1:]):
            return [pattern] if self.holds(pattern) else []
        return self.truth.matching(pattern)

    # levels ---------------------------------------------------------------------------------
    def _levels(self):
        """The least-fixpoint level of every atom of the cone (keyed by text), and the instance that
        reaches it first."""
        level, best = {}, {}
        self.instances_of = {}
        waiting, users, pattern_users = [], {}, {}
        zero = []
        for idx, (rid, head, prem) in enumerate(self.instances):
            self.instances_of.setdefault(head, []).append(idx)
            keys = set(self._prereqs(rid, head, prem))
            waiting.append(len(keys))
            for k in keys:
                (pattern_users if isinstance(k, tuple) else users).setdefault(k, []).append(idx)
            if not keys:
                zero.append(idx)
        pattern_of_atom = {}
        for pat in pattern_users:
            key = self.designated.get(pat[1])
            # such a premise stands for its designated match; a recursive one has none, and every
            # atom matching it was wanted
            for key in [key] if key is not None else map(render_fact, self.truth.matching(self.term_atom(pat[1]))):
                self.wanted.add(key)
                pattern_of_atom.setdefault(key, []).append(pat)
        buckets = {0: [a for a in self.wanted if self.is_input(a)]}
        for a in buckets[0]:
            level[a] = 0
        pending = {1: zero} if zero else {}
        done_patterns = set()
        L = 0
        while buckets or pending:
            # instances completed at level L derive their heads at L (they were queued for L);
            # of several for one head, the first in the canonical order (rule, head, premises), so
            # ties are broken the same way whatever order the solver reports instances in
            completed = {}
            for idx in pending.pop(L, []):
                head = self.instances[idx][1]
                if head not in level:
                    completed.setdefault(head, []).append(idx)
            for head, idxs in completed.items():
                level[head] = L
                best[head] = min(idxs, key=self.instances.__getitem__)
                buckets.setdefault(L, []).append(head)
            for a in buckets.pop(L, []):
                keys = [a] + [p for p in pattern_of_atom.get(a, []) if p not in done_patterns]
                done_patterns.update(keys[1:])
                for k in keys:
                    for idx in (users if k is a else pattern_users).get(k, []):
                        waiting[idx] -= 1
                        if waiting[idx] == 0:
                            pending.setdefault(L + 1, []).append(idx)
            if not buckets and not pending:
                break
            L += 1
            if L > len(self.instances) + 2:
                break
        self.level, self.best = level, best

    def _prereqs(self, rid, head, prem):
        """The positive premises of an instance (atom texts; a premise with anonymous variables as
        its pattern tuple), those of its aggregate elements included."""
        out = []
        for kind, text in prem:
            if kind == "pos":
                out.append(text)
            elif kind == "pat":
                out.append(("pat", text))
            elif kind == "agg":
                for el in self.elements.get((rid, int(text), head), []):
                    for k2, t2 in el:
                        if k2 == "pos":
                            out.append(t2)
                        elif k2 == "pat":
                            out.append(("pat", t2))
        return out

    # trees ----------------------------------------------------------------------------------
    def rule_info(self, rid):
        r = self.book.rule(rid)
        info = {"id": r.id, "cr": list(r.cr), "rulings": list(r.rulings), "source": r.source,
                "code": r.text, "choice": r.head_kind == "choice"}
        info["text"] = {n: cr_text(n) for n in r.cr if cr_text(n)}
        return info

    def _resolve(self, premise):
        """The ground atom a recorded positive premise (kind pos or pat, text) stands for: the atom,
        or for a premise with anonymous variables its designated match (:mod:`provenance`), or if
        it is recursive (it has none) the matching atom of least level."""
        kind, text = premise
        if kind == "pat":
            if text in self.designated:
                return self.term_atom(self.designated[text])
            cands = [(self.level[key], show_atom(a), a) for a in self.truth.matching(self.term_atom(text))
                     if (key := render_fact(a)) in self.level]
            if cands:
                return min(cands)[2]
        return self.term_atom(text)

    def tree(self, atom, seen=None, budget=None):
        """The shortest derivation tree of a true atom, as nested dicts."""
        seen = set() if seen is None else seen
        budget = budget if budget is not None else [MAX_NODES]
        budget[0] -= 1
        node = {"atom": show_atom(atom), "holds": self.holds(atom)}
        if not node["holds"]:
            return node
        if atom in self.inputs:
            node["fact"] = self.fact_kind(atom)
            return node
        if not self.need(atom):
            return node
        key = render_fact(atom)
        if key not in self.best:
            node["note"] = "no well-founded derivation found"
            return node
        node["level"] = self.level[key]
        if atom in seen or budget[0] <= 0:
            node["shown_above"] = True
            node["rule"] = self.rule_info(self.instances[self.best[key]][0])
            return node
        seen.add(atom)
        node.update(self._instance(self.best[key], seen, budget))
        return node

    def _instance(self, idx, seen, budget):
        rid, head, prem = self.instances[idx]
        out = {"rule": self.rule_info(rid), "premises": []}
        for raw in prem:
            p = self.premise(raw)
            if p[0] == "pos":
                out["premises"].append(self.tree(self._resolve(raw), seen, budget))
            elif p[0] in ("neg", "notnot"):
                out["premises"].append({"atom": show_atom(p[1]), "holds": p[0] == "notnot",
                                        "negated": True})
            elif p[0] == "cmp":
                out["premises"].append({"condition": f"{show(p[1])} {p[2]} {show(p[3])}", "holds": True})
            elif p[0] == "agg":
                elems, children = [], []
                for el in self.elements.get((rid, p[1], head), []):
                    for raw_q in el:
                        if raw_q[0] in ("pos", "pat"):
                            a = self._resolve(raw_q)
                            if a not in elems:
                                elems.append(a)
                for a in sorted(elems, key=show_atom):
                    children.append(self.tree(a, seen, budget))
                out["premises"].append({"aggregate": self.book.rule(rid).body_texts[p[1]], "holds": True,
                                        "elements": children})
        return out

    def all_trees(self, atom):
        """Every rule instance deriving a true atom, each with shortest trees for its premises."""
        node = {"atom": show_atom(atom), "holds": self.holds(atom), "derivations": []}
        self.need(atom)
        if atom in self.inputs:
            node["fact"] = self.fact_kind(atom)
        key = render_fact(atom)
        if key in self.level:
            node["level"] = self.level[key]
        best = self.best.get(key)
        for idx in sorted(self.instances_of.get(key, []), key=lambda i: (i != best, self.instances[i])):
            node["derivations"].append(self._instance(idx, {atom}, [MAX_NODES]))
        return node

    # why not --------------------------------------------------------------------------------
    def why_not(self, pattern, depth=4, visited=None):
        """Why no atom matching PATTERN holds: for every rule whose head unifies, the failing
        premise(s). Recurses into failing positive premises up to DEPTH levels."""
        visited = set() if visited is None else visited
        key = show_atom(pattern)
        node = {"atom": key, "holds": False, "rules": []}
        held = self.matching(pattern)
        if held:
            node["holds"] = True
            node["matching"] = [show_atom(a) for a in held[:10]]
            return node
        visited.add(key)
        sig = (pattern[0], len(pattern) - 1)
        for r in self.rules:
            for h in r.heads:
                if (h[0], len(h) - 1) != sig:
                    continue
                suffix = f"_{r.id}"
                head = rename(h, suffix)
                u = unify(pattern, head)
                if u is None:
                    continue
                theta = {k: v for k, v in u.items() if k.endswith(suffix) and is_ground(v)}
                node["rules"].append(self._rule_fails(r, suffix, theta, depth, visited, pattern))
        if sig in self.program.defined:
            kind = self.fact_kind(pattern)
            node["note"] = (f"{kind}: no area defines {pattern[0]}/{sig[1]} for this case"
                            if kind.startswith("hook") else
                            f"{kind}: the snapshot and card library do not contain it")
        elif not node["rules"]:
            node["note"] = "no rule of the KB has a head that matches"
        return node

    def _derived_instead(self, r, pattern):
        """Atoms rule R derives that agree with PATTERN except where R's head computes a value
        (an arithmetic term such as P+C+M)."""
        out = []
        for h in r.heads:
            keep = [i for i, a in enumerate(h[1:]) if not isinstance(a, Expr)]
            relaxed = (pattern[0],) + tuple(pattern[1 + i] if i in keep else Var("_")
                                            for i in range(len(pattern) - 1))
            for a in self.matching(relaxed):
                if not self.need(a):
                    continue
                if any(self.instances[i][0] == r.id for i in self.instances_of.get(render_fact(a), [])):
                    out.append(show_atom(a))
        return sorted(set(out))[:5]

    def _rule_fails(self, r, suffix, theta, depth, visited, pattern):
        body = [_renamed(b, suffix) for b in r.body]
        extra = []
        if r.head_kind == "choice":
            extra = ["(a choice rule: the atom may be chosen when the body holds)"]
        order = sorted(range(len(body)), key=lambda i: {"pos": 0, "cmp": 1, "neg": 2, "notnot": 2}.get(body[i].kind, 3))
        failures, unchecked = [], set()
        steps = [SEARCH_BUDGET]

        def go(j, th):
            steps[0] -= 1
            if steps[0] < 0:
                return True
            if j == len(order):
                return True
            i = order[j]
            b = body[i]
            if b.kind == "pos":
                pat = substitute_atom(b.atom, th)
                ok = False
                for a in self.matching(pat):
                    m = match_atom(b.atom, a, th)
                    if m is not None:
                        ok = True
                        if go(j + 1, m):
                            return True
                if not ok:
                    failures.append((i, pat, None))
                return False
            if b.kind in ("neg", "notnot"):
                pat = substitute_atom(b.atom, th)
                held = self.matching(pat)
                if bool(held) == (b.kind == "neg"):
                    failures.append((i, pat, held))
                    return False
                return go(j + 1, th)
            if b.kind == "cmp":
                left, op, right = b.cmp
                lv, rv = evaluate(left, th), evaluate(right, th)
                if op == "=" and lv is None and isinstance(left, Var) and rv is not None:
                    return go(j + 1, {**th, left.name: rv})
                if lv is None or rv is None:
                    unchecked.add(i)
                    return go(j + 1, th)
                if not compare(lv, op, rv):
                    failures.append((i, (f"{show(lv)} {op} {show(rv)}",), False))
                    return False
                return go(j + 1, th)
            unchecked.add(i)
            return go(j + 1, th)

        holds = go(0, dict(theta))
        info = self.rule_info(r.id)
        out = {"rule": info, "failed": []}
        if holds:
            instead = self._derived_instead(r, pattern)
            if instead:
                out["note"] = "its body holds, but it derives " + ", ".join(instead) + " instead"
                return out
            out["note"] = ("every premise the explainer can check holds; the rest ("
                           + "; ".join(body[i].text for i in sorted(unchecked)) + ") decides") if unchecked \
                else "the body holds for these values"
            return out
        seen = set()
        for i, pat, held in failures:
            b = body[i]
            text = pat[0] if b.kind == "cmp" else ("not " if b.kind == "neg" else "") + show_atom(unrename(pat, suffix))
            if text in seen:
                continue
            seen.add(text)
            f = {"premise": text}
            if b.kind == "cmp":
                f["reason"] = "the comparison is false"
            elif b.kind == "neg":
                f["reason"] = f"{show_atom(held[0])} holds"
                f["holds"] = self.tree(held[0])
            elif b.kind == "notnot":
                f["reason"] = "does not hold"
            else:
                f["reason"] = "no such atom holds"
                if depth > 0 and show_atom(pat) not in visited:
                    f["why_not"] = self.why_not(unrename(pat, suffix), depth - 1, visited)
            out["failed"].append(f)
            if len(out["failed"]) >= 6:
                out["failed"].append({"premise": "…", "reason": "(more omitted)"})
                break
        out["note"] = " ".join(extra) or None
        if out["note"] is None:
            del out["note"]
        return out


def _renamed(b, suffix):
    atom = rename(b.atom, suffix) if b.atom else None
    cmp = None
    if b.cmp:
        l, op, r = b.cmp
        cmp = (rename(("x", l), suffix)[1], op, rename(("x", r), suffix)[1])
    return BodyLit(b.kind, b.text, atom, cmp)


# --- the public entry point ----------------------------------------------------------------------

def explain(snapshot, atom_text, why_not=False, all_=False, depth=4):
    """The explanation of ATOM_TEXT on SNAPSHOT as a dict (the --json answer)."""
    atom = codec.parse_atom(atom_text)
    ex = Explainer(snapshot, atom)
    if not ex.known_predicate(atom):
        raise InputError(f"unknown predicate {atom[0]}/{len(atom) - 1}: no KB rule or input "
                         f"declaration defines it")

    def answer(ex):
        holds = ex.holds(atom)
        if why_not:
            if holds:
                return {"atom": show_atom(atom), "holds": True, "question": "why-not",
                        "explanation": ex.tree(atom)}
            return {"atom": show_atom(atom), "holds": False, "question": "why-not",
                    "explanation": ex.why_not(atom, depth)}
        if not holds:
            return {"atom": show_atom(atom), "holds": False, "question": "why",
                    "explanation": None}
        return {"atom": show_atom(atom), "holds": True, "question": "why",
                "explanation": ex.all_trees(atom) if all_ else ex.tree(atom)}

    return ex.run(answer, seeds=[atom])


# --- human output ---------------------------------------------------------------------------------

def _cite(rule, cited, out=None, pad=""):
    """'CR 106.7; ruling ...' for a rule; the text of each CR rule not quoted yet is appended to
    OUT as its own line ('| 106.7. Some abilities ...')."""
    parts = [f"CR {n}" for n in rule["cr"]] + [f"ruling {r}" for r in rule["rulings"]]
    if out is not None:
        for n in rule["cr"]:
            t = rule["text"].get(n)
            if t and n not in cited:
                cited.add(n)
                out.append(f"{pad}| {t}")
    return "; ".join(parts) or "(untagged rule)"


def _head(line, rule, cited, out, pad):
    """Append LINE, then the texts of the rule's CR numbers cited for the first time."""
    out.append(line)
    _cite(rule, cited, out, pad)


def _lines(node, indent, cited, out):
    pad = "  " * indent
    if "condition" in node:
        out.append(f"{pad}{node['condition']}  (condition holds)")
        return
    if "aggregate" in node:
        out.append(f"{pad}{node['aggregate']}  (aggregate, over:)")
        for c in node["elements"]:
            _lines(c, indent + 1, cited, out)
        if not node["elements"]:
            out.append(f"{pad}  (no elements)")
        return
    if node.get("negated"):
        out.append(f"{pad}not {node['atom']}  (true: {node['atom']} does not hold)"
                   if not node["holds"] else f"{pad}not not {node['atom']}  (holds)")
        return
    if "fact" in node:
        out.append(f"{pad}{node['atom']}  [{node['fact']}]")
        return
    if "derivations" in node:
        out.append(f"{pad}{node['atom']}  ({len(node['derivations'])} derivation(s))")
        for k, d in enumerate(node["derivations"], 1):
            _head(f"{pad}  derivation {k}: by {_cite(d['rule'], cited)}  [{d['rule']['source']}]",
                  d["rule"], cited, out, pad + "    ")
            for p in d["premises"]:
                _lines(p, indent + 2, cited, out)
        return
    if "rule" not in node:
        out.append(f"{pad}{node['atom']}  ({node.get('note', 'does not hold')})")
        return
    mark = "  (derived above)" if node.get("shown_above") else ""
    if node["rule"].get("choice"):
        mark += "  (chosen: a choice rule allows it, and this answer set chose it)"
    _head(f"{pad}{node['atom']}  <- {_cite(node['rule'], cited)}  [{node['rule']['source']}]{mark}",
          node["rule"], cited, out, pad + "  ")
    for p in node.get("premises", []):
        _lines(p, indent + 1, cited, out)


def _why_not_lines(node, indent, cited, out):
    pad = "  " * indent
    if node.get("holds"):
        out.append(f"{pad}{node['atom']} holds (e.g. {', '.join(node.get('matching', []))})")
        return
    head = f"{pad}{node['atom']} does not hold"
    if node.get("note"):
        head += f": {node['note']}"
    out.append(head)
    for r in node["rules"]:
        rule = r["rule"]
        _head(f"{pad}  rule {_cite(rule, cited)}  [{rule['source']}]: {rule['code']}", rule, cited, out,
              pad + "    ")
        if r.get("note"):
            out.append(f"{pad}    {r['note']}")
        for f in r["failed"]:
            out.append(f"{pad}    fails: {f['premise']}: {f['reason']}")
            if "holds" in f:
                _lines(f["holds"], indent + 3, cited, out)
            if "why_not" in f:
                _why_not_lines(f["why_not"], indent + 3, cited, out)


def human(result):
    """An explanation as indented text."""
    cited, out = set(), []
    e = result["explanation"]
    if result["question"] == "why" and not result["holds"]:
        return f"{result['atom']} does not hold in this snapshot (try --why-not)"
    if result["holds"]:
        _lines(e, 0, cited, out)
    else:
        _why_not_lines(e, 0, cited, out)
    return "\n".join(out)
