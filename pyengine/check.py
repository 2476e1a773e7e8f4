"""Consistency checking: bounded search for small game states that break a stated property.

A property is one documented ASP file in ``properties/`` defining ``property_violated(W)``: W
witnesses a state where the property fails. ``queries/check_states.lp`` chooses every small legal
state (players, permanents with any bundled card, controller, owner, tapped, counters,
attachments, face-down status, exert, phasing, lasting effects) up to the bounds; the KB and the
property are grounded with it and the solver searches for a state where the property fails,
minimising its size (permanents first, then effects and players, then departures from snapshot
defaults). A model is therefore a smallest counterexample; it is turned into a snapshot that
every other command accepts. No model means the property holds for every state within the bounds.

``check_snapshot`` instead reports every ``violation(Kind,Args)`` the KB derives for one snapshot
(illegal states such as an Aura attached to nothing), and every property the snapshot breaks.
"""

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
import re
import time

from . import cardlib, snapshot as snapshot_mod
from .asp import kbmodel
from .asp.driver import DEFAULT_TIME_LIMIT, Engine, kb_parts, kb_root
from .compiler import compile_card
from .counters import pt_facts
from .errors import InputError
from .facts import snapshot_facts
from .terms import Const, render_fact

PLAYERS = ("alice", "bob", "carol", "dave")
COUNTER_KINDS = ("+1/+1", "-1/-1", "charge")
DEFAULT_STEP = "precombat_main"
DEFAULT_BOUND = 4


@dataclass(frozen=True)
class Property:
    """One property file: its name (the file stem), path, doc text, and the other program files it
    needs (``% @uses queries/produce.lp`` lines, relative to the KB root)."""

    name: str
    path: Path
    doc: str
    uses: tuple = ()
    caps: tuple = ()          # ((bound name, maximum), ...) from '% @max effects=0' lines

    def missing(self):
        """The files this property needs that the KB does not have."""
        return [u for u in self.uses if not (kb_root() / u).is_file()]


def properties():
    """Every property of ``properties/*.lp``, sorted by name: its ``%*! property: ...`` doc
    comment and its ``@uses`` / ``@max`` annotations, read by clingo's parser (kbmodel)."""
    out = []
    for path in sorted((kb_root() / "properties").glob("*.lp")):
        model = kbmodel.program_file(path)
        docs = [d.body for d in model.docs if d.body.startswith("property:")]
        doc = docs[0][len("property:"):].strip() if docs else ""
        uses = tuple(v.split()[0] for v in model.annotation(path.name, "uses") if v.split())
        caps = tuple((m.group(1), int(m.group(2))) for a in model.annotation(path.name, "max")
                     if (m := re.match(r"(\w+)=(\d+)", a)))
        out.append(Property(path.stem, path, doc, uses, caps))
    return out


def select(names):
    """The properties named (all if none); InputError for an unknown name."""
    props = properties()
    if not names:
        return props
    by = {p.name: p for p in props}
    bad = [n for n in names if n not in by]
    if bad:
        raise InputError([f"unknown property {n!r}; properties are: {', '.join(sorted(by))}" for n in bad])
    return [by[n] for n in names]


@lru_cache(maxsize=1)
def _card_facts():
    facts = []
    for name, card in sorted(cardlib.bundled().items()):
        facts += compile_card(card).facts
        facts.append(("gen_card", name))
    return facts


def domain_facts(bound, players=2, effects=1, counters=1):
    """The facts fixing the search domain: players, permanent and effect slots, cards, steps."""
    f = [("gen_player", p, i) for i, p in enumerate(PLAYERS[:players], 1)]
    f += [("perm_slot", i, f"p{i}") for i in range(1, bound + 1)]
    f += [("effect_slot", i) for i in range(1, effects + 1)]
    f += [("gen_step", Const(s)) for s in snapshot_mod.STEPS] + [("default_step", Const(DEFAULT_STEP))]
    f += [("gen_face_down", Const(h)) for h in snapshot_mod.FACE_DOWN]
    f += [("gen_counter_kind", k) for k in COUNTER_KINDS] + pt_facts(COUNTER_KINDS)
    f += [("gen_counter_count", n) for n in range(1, counters + 1)]
    return f + _card_facts()


def to_snapshot(model):
    """A counterexample model as a snapshot dict (the public format)."""
    by = {}
    for atom in model:
        by.setdefault(atom[0], []).append(atom[1:])
    players = [p for p, _ in sorted(by.get("turn_order", []), key=lambda a: a[1])]
    one = lambda pred: {a[0]: a[1] for a in by.get(pred, [])}
    flags = lambda pred: {a[0] for a in by.get(pred, [])}
    cards, ctrl, own = one("perm_card"), one("controller"), one("owner")
    tapped, since, phased = flags("tapped"), flags("controlled_since_turn_start"), flags("phased_out")
    att, fd, ex = one("attached_to"), one("face_down"), one("exerted_by")
    counters = {}
    for x, k, n in by.get("counter", []):
        counters.setdefault(x, {})[k] = n
    bf = []
    for (x,) in sorted(by.get("permanent", []), key=lambda a: int(a[0][1:])):
        p = {"id": x, "card": cards[x], "controller": ctrl[x], "owner": own[x], "tapped": x in tapped,
             "controlled_since_turn_start": x in since}
        if x in counters:
            p["counters"] = counters[x]
        if x in att:
            p["attached_to"] = att[x]
        if x in fd:
            p["face_down"] = str(fd[x])
        if x in ex:
            p["exerted_by"] = ex[x]
        if x in phased:
            p["phased_out"] = True
        bf.append(p)
    eff_card, eff_ctrl = one("effect_card"), one("effect_controller")
    targets = {}
    for e, t in by.get("effect_target", []):
        targets.setdefault(e, []).append(t)
    effects = [{"card": eff_card[e], "controller": eff_ctrl[e], "targets": sorted(targets.get(e, []))}
               for (e,) in sorted(by.get("effect", []))]
    [(step,)] = by["current_step"]
    [(active,)] = by["active_player"]
    snap = {"players": players, "active": active, "step": str(step), "battlefield": bf}
    if effects:
        snap["effects"] = effects
    snapshot_mod.validate(snap)            # a counterexample must be a snapshot every command accepts
    return snap


def search(prop, bound=DEFAULT_BOUND, players=2, effects=1, counters=1, time_limit=DEFAULT_TIME_LIMIT):
    """Search for a smallest counterexample to PROP within the bounds; returns a result dict.
    TIME_LIMIT: seconds of solver CPU time (per size searched) before the search gives up as inconclusive (None: no limit)."""
    bounds = {"permanents": bound, "players": players, "effects": effects, "counters": counters}
    for k, v in prop.caps:                  # a property may cap a bound (its file says why)
        if k in bounds and bounds[k] > v:
            bounds[k] = v
    bound, players, effects, counters = (bounds[k] for k in ("permanents", "players", "effects", "counters"))
    if prop.missing():
        return {"property": prop.name, "doc": prop.doc, "holds": None, "bounds": bounds,
                "unavailable": f"needs {', '.join(prop.missing())}, which this KB does not have"}
    t0 = time.perf_counter()
    # a property may read any predicate of the KB: every #program part is grounded (whole: the
    # choices of the states are what the search is about, never a program the slicer can cut)
    eng = Engine(domain_facts(bound, players, effects, counters), "check_states",
                 programs=[kb_root() / u for u in prop.uses] + [prop.path], time_limit=time_limit,
                 parts=kb_parts(kb_root()), slicing=False)
    # widen the bound one permanent at a time: the first size with a counterexample is the
    # smallest; within it the solver minimises effects, players and departures from defaults
    totals = {"choices": 0, "conflicts": 0, "models": 0}
    models, reached, complete = [], 0, True
    for n in range(1, bound + 1):
        models = eng.ask([("within", i) for i in range(1, n + 1)], models=0, optimize=True, partial=True)
        stats = eng.statistics()
        for k in totals:
            totals[k] += stats[k]
        complete = eng.complete
        reached = n
        if models or not complete:
            break
    result = {"property": prop.name, "doc": prop.doc, "holds": not models and complete,
              "bounds": bounds, "reached": reached,
              "search": {**totals, "ground_atoms": stats["atoms"], "ground_rules": stats["rules"]},
              "seconds": round(time.perf_counter() - t0, 3)}
    if not models and not complete:
        result["holds"] = None
        result["unavailable"] = (f"inconclusive: the solver ran out of time ({time_limit:g} s of CPU time) "
                                 f"at {reached} permanent(s)")
    if models:
        best = models[-1]
        result["optimal"] = complete
        result["witness"] = sorted(render_fact(a) for a in best if a[0] == "property_violated")
        result["counterexample"] = to_snapshot([a for a in best if a[0] != "property_violated"])
    return result


def check_snapshot(snapshot, props=None):
    """Every violation/2 the KB derives for SNAPSHOT, and the properties it breaks (those without
    a query's choices: the others are for the bounded search)."""
    props = properties() if props is None else props
    broken, atoms = state_witnesses(snapshot_facts(snapshot), [p for p in props if not p.uses])
    rules = {}
    for r in _violation_rules(kb_root()) if atoms else ():
        for h in r.heads:
            if h[0] == "violation" and len(h) == 3 and isinstance(h[1], Const):
                rules.setdefault(h[1].name, set()).update(r.cr)
    violations = [{"violation": render_fact(a), "kind": str(a[1]), "cr": sorted(rules.get(str(a[1]), ()))}
                  for a in atoms]
    return {"violations": violations, "properties_violated": broken}


def _violation_rules(root):
    """The rules of the KB files that mention violation/2 (read by clingo's parser: the files whose
    text has ``violation(``; parsing the whole KB for them cost a check more than its answer)."""
    from .asp import layout
    names = tuple(name for name, _ in layout.kb_files(str(root))
                  if "violation(" in (root / name).read_text(encoding="utf-8"))
    return kbmodel.read(root, names).rules


def state_witnesses(facts, props, violations=True):
    """What the properties PROPS say about one concrete state (its FACTS): ({property name: sorted
    property_violated witnesses} for those it breaks, and, with VIOLATIONS, the violation/2 atoms
    the KB derives, sorted). Used by ``check --snapshot`` and by ``mtgkb sweep`` on every state.

    A property over a query's choices (``% @uses``) is evaluated over every answer set of that
    query. Properties without choices are grounded together in one program when their helper
    predicates are distinct (one grounding instead of one per property); a witness found that way
    is attributed by checking each of the group alone."""
    plain = tuple(p for p in props if not p.uses)
    groups = _groups(plain) if plain else ([()] if violations else [])
    broken, found = {}, set()
    for group in groups:
        w, v = _witnesses(facts, group)
        found |= v
        if w:
            for p in group:
                alone = _witnesses(facts, [p])[0] if len(group) > 1 else w
                if alone:
                    broken[p.name] = alone
    for p in props:
        if p.uses:
            w, _ = _witnesses(facts, [p], models=0)
            if w:
                broken[p.name] = w
    return dict(sorted(broken.items())), sorted(found, key=render_fact) if violations else []


@lru_cache(maxsize=8)
def _groups(props):
    """PROPS (without choices) in groups whose helper predicates are distinct (they can share one
    program), in order."""
    heads = {p.name: {d for r in kbmodel.program_file(p.path).rules for d in r.defines
                      if d[0] != "property_violated"} for p in props}
    groups = []
    for p in props:
        for g in groups:
            if all(not heads[p.name] & heads[q.name] for q in g):
                g.append(p)
                break
        else:
            groups.append([p])
    return [tuple(g) for g in groups]


def _witnesses(facts, props, models=1):
    """property_violated witnesses (rendered, sorted) of PROPS grounded together on FACTS, over every
    answer set when MODELS is 0; and the violation/2 atoms (a set of tuples). Every #program part
    is grounded: a property may read any predicate of the KB. Properties without a query's
    choices are sliced (pyengine/asp/slicing.py: only the rules that can fire on FACTS and that
    violation/2 and property_violated/1 depend on, when that is exact); those with them (their
    query's choices are what they are about) load their files whole."""
    uses = sorted({u for p in props for u in p.uses})
    found = Engine(facts, "violations", programs=[kb_root() / u for u in uses] + [p.path for p in props],
                   parts=kb_parts(kb_root()), slicing=not uses).ask(models=models)
    w = {render_fact(a) for m in found for a in m if a[0] == "property_violated"}
    v = {a for m in found for a in m if a[0] == "violation"}
    return sorted(w), v
