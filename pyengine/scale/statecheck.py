"""Every property and invariant on one concrete state (what `mtgkb sweep` checks per state).

- each property of ``properties/`` (see :mod:`pyengine.check`): ``property_violated(W)`` must not
  hold. Properties over a query's choices (``% @uses`` lines, e.g. every outcome of tapping for
  mana) are evaluated over every answer set of that query on the state;
- ``no_violation``: the KB reports no ``violation(Kind,Args)`` (the generated states are legal);
- ``could_produce_order_independent``: ``could-produce`` gives the same answer when the
  battlefield is listed in the reverse order.

Properties without choices are grounded together in one program when their helper predicates
are distinct (one grounding instead of one per property); a witness found that way is attributed
by checking each of them alone.
"""

from functools import lru_cache

from .. import api, check as check_mod, snapshot as snapshot_mod
from ..engine import Engine, all_parts, kb_root, parse_kb
from ..errors import InputError
from ..facts import snapshot_facts
from ..terms import render_fact

NO_VIOLATION = "no_violation"
ORDER = "could_produce_order_independent"
INVARIANTS = {
    NO_VIOLATION: "the KB reports no violation(Kind,Args) on a legal state",
    ORDER: "could-produce gives the same answer whatever the order of the battlefield list",
}


@lru_cache(maxsize=4)
def _plan(root):
    """(groups of choice-free properties that can share one program, properties with choices)."""
    props = [p for p in check_mod.properties() if not p.missing()]
    plain, choice = [p for p in props if not p.uses], [p for p in props if p.uses]
    heads = {p.name: {pred for st in parse_kb([p.path]) if st.kind == "rule" for pred in st.preds
                      if pred[0] != "property_violated"} for p in plain}
    groups = []
    for p in plain:
        for g in groups:
            if all(not heads[p.name] & heads[q.name] for q in g):
                g.append(p)
                break
        else:
            groups.append([p])
    return groups, choice


def names():
    """Every property and invariant name a sweep checks, sorted: {name: doc}."""
    out = {p.name: p.doc for p in check_mod.properties()}
    out.update(INVARIANTS)
    return dict(sorted(out.items()))


def _witnesses(facts, props, models=1):
    """property_violated witnesses (sorted) of PROPS grounded together on FACTS, over every answer
    set when MODELS is 0; and the violation/2 atoms."""
    uses = sorted({u for p in props for u in p.uses})
    found = Engine(facts, "violations", programs=[kb_root() / u for u in uses] + [p.path for p in props],
                   parts=all_parts()).ask(models=models)
    w = {render_fact(a) for m in found for a in m if a[0] == "property_violated"}
    v = {render_fact(a) for m in found for a in m if a[0] == "violation"}
    return sorted(w), sorted(v)


def check(snap, only=None):
    """Check the state SNAP (a snapshot dict). Returns {"status": "ok" | "failed" | "invalid",
    "failures": [{"property", "witness": [...]}], "errors": [...]}; ONLY limits the names checked."""
    want = (lambda n: True) if not only else (lambda n: n in only)
    try:
        s = snapshot_mod.validate(snap)
        facts = snapshot_facts(s)
        failures = []
        groups, choice = _plan(str(kb_root()))
        violations = set()
        selected = [g for g in ([p for p in g if want(p.name)] for g in groups) if g]
        if not selected and want(NO_VIOLATION):
            selected = [[]]                 # the violations alone
        for group in selected:
            w, v = _witnesses(facts, group)
            violations.update(v)
            if w:
                for p in group:
                    alone = _witnesses(facts, [p])[0] if len(group) > 1 else w
                    if alone:
                        failures.append({"property": p.name, "witness": alone})
        for p in choice:
            if want(p.name):
                w, _ = _witnesses(facts, [p], models=0)
                if w:
                    failures.append({"property": p.name, "witness": w})
        if want(NO_VIOLATION) and violations:
            failures.append({"property": NO_VIOLATION, "witness": sorted(violations)})
        if want(ORDER):
            a = api.could_produce(s)
            flipped = dict(snap, battlefield=list(reversed(snap.get("battlefield") or [])))
            b = api.could_produce(snapshot_mod.validate(flipped))
            if a != b:
                failures.append({"property": ORDER, "witness": [f"{x}: {a.get(x)} listed in order, "
                                                                 f"{b.get(x)} listed in reverse"
                                                                 for x in sorted(set(a) | set(b))
                                                                 if a.get(x) != b.get(x)]})
    except InputError as e:
        return {"status": "invalid", "failures": [], "errors": e.problems}
    failures.sort(key=lambda f: f["property"])
    return {"status": "failed" if failures else "ok", "failures": failures, "errors": []}
