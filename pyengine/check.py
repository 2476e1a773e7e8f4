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
from .compiler import compile_card
from .counters import pt_facts
from .engine import Engine, all_parts, kb_program, kb_root
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
    """Every property of ``properties/*.lp``, sorted by name."""
    out = []
    for path in sorted((kb_root() / "properties").glob("*.lp")):
        text = path.read_text(encoding="utf-8")
        m = re.search(r"%\*!\s*property:\s*(.*?)\*%", text, re.S)
        doc = " ".join(m.group(1).split()) if m else ""
        uses = tuple(re.findall(r"^%\s*@uses\s+(\S+)\s*$", text, re.M))
        caps = tuple((k, int(v)) for k, v in re.findall(r"^%\s*@max\s+(\w+)=(\d+)", text, re.M))
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


def search(prop, bound=DEFAULT_BOUND, players=2, effects=1, counters=1, time_limit=60.0):
    """Search for a smallest counterexample to PROP within the bounds; returns a result dict."""
    bounds = {"permanents": bound, "players": players, "effects": effects, "counters": counters}
    for k, v in prop.caps:                  # a property may cap a bound (its file says why)
        if k in bounds and bounds[k] > v:
            bounds[k] = v
    bound, players, effects, counters = (bounds[k] for k in ("permanents", "players", "effects", "counters"))
    if prop.missing():
        return {"property": prop.name, "doc": prop.doc, "holds": None, "bounds": bounds,
                "unavailable": f"needs {', '.join(prop.missing())}, which this KB does not have"}
    t0 = time.perf_counter()
    eng = Engine(domain_facts(bound, players, effects, counters), "check_states",
                 programs=[kb_root() / u for u in prop.uses] + [prop.path], time_limit=time_limit,
                 parts=all_parts())
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
        result["unavailable"] = (f"inconclusive: the solver ran out of time ({time_limit:g} s) "
                                 f"at {reached} permanent(s)")
    if models:
        best = models[-1]
        result["optimal"] = complete
        result["witness"] = sorted(render_fact(a) for a in best if a[0] == "property_violated")
        result["counterexample"] = to_snapshot([a for a in best if a[0] != "property_violated"])
    return result


def check_snapshot(snapshot, props=None):
    """Every violation/2 the KB derives for SNAPSHOT, and the properties it breaks."""
    props = properties() if props is None else props
    eng = Engine(snapshot_facts(snapshot), "violations", parts=all_parts())
    [model] = eng.ask()
    rules = {}
    for r in kb_program().rules:
        for h in r.heads:
            if h[0] == "violation" and len(h) == 3 and isinstance(h[1], Const):
                rules.setdefault(h[1].name, set()).update(r.cr)
    violations = [{"violation": render_fact(a), "kind": str(a[1]), "cr": sorted(rules.get(str(a[1]), ()))}
                  for a in sorted(model, key=render_fact) if a[0] == "violation"]
    broken = {}
    for prop in props:
        if prop.uses:              # properties over a query's choices are for the bounded search
            continue
        [m] = Engine(snapshot_facts(snapshot), "violations", programs=[prop.path], parts=all_parts()).ask()
        w = sorted(render_fact(a) for a in m if a[0] == "property_violated")
        if w:
            broken[prop.name] = w
    return {"violations": violations, "properties_violated": broken}
