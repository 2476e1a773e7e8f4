"""Every property and invariant on one concrete state (what `mtgkb sweep` checks per state).

- each property of ``properties/`` (see :mod:`pyengine.check`): ``property_violated(W)`` must not
  hold. Properties over a query's choices (``% @uses`` lines, e.g. every outcome of tapping for
  mana) are evaluated over every answer set of that query on the state;
- ``no_violation``: the KB reports no ``violation(Kind,Args)`` (the generated states are legal);
- ``could_produce_order_independent``: ``could-produce`` gives the same answer when the
  battlefield is listed in the reverse order.

The properties and the violations are evaluated by :func:`pyengine.check.state_witnesses`, the
one place that evaluates properties on a concrete state (``check --snapshot`` uses it too).
"""

from functools import lru_cache

from .. import api, check as check_mod, snapshot as snapshot_mod
from ..asp.driver import kb_root
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
def _properties(root):
    """The properties a state is checked against (read once per KB root: every state needs them)."""
    return tuple(p for p in check_mod.properties() if not p.missing())


def names():
    """Every property and invariant name a sweep checks, sorted: {name: doc}."""
    out = {p.name: p.doc for p in check_mod.properties()}
    out.update(INVARIANTS)
    return dict(sorted(out.items()))


def check(snap, only=None):
    """Check the state SNAP (a snapshot dict). Returns {"status": "ok" | "failed" | "invalid",
    "failures": [{"property", "witness": [...]}], "errors": [...]}; ONLY limits the names checked."""
    want = (lambda n: True) if not only else (lambda n: n in only)
    try:
        s = snapshot_mod.validate(snap)
        props = [p for p in _properties(str(kb_root())) if want(p.name)]
        broken, violations = check_mod.state_witnesses(snapshot_facts(s), props,
                                                       violations=want(NO_VIOLATION))
        failures = [{"property": name, "witness": w} for name, w in broken.items()]
        if violations:
            failures.append({"property": NO_VIOLATION, "witness": [render_fact(v) for v in violations]})
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
