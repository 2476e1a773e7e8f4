"""`mtgkb pay`: can a player pay a mana cost now, and how (kb/mana_plan.lp, queries/pay_plan.lp).

The KB chooses how many sources of each class are tapped for which outcome, and which supply pays
each demand (plan_tap/4, plan_by/2); here the plan is made concrete: the members of a class are
taken in id order, the activations are listed in an order where every mana ability's own cost is
paid by mana already in the pool (605.3a), and each symbol of the cost is given the mana that
pays it. When no plan exists, :func:`reason` names a smallest set of symbols the sources can't
cover (Hall's condition), else says that no combination pays the cost.

The best plan is the first by this order (docs/mana-plans.md): (1) the most of the five colors W,
U, B, R, G still producible afterwards by the player's permanents that stay untapped (could-produce
of those permanents, costs ignored as in 106.7), then (2) the fewest permanents tapped for mana,
then the fewest creatures and artifacts tapped to convoke or improvise, then the fewest cards
exiled to delve (kb/convoke.lp), then (3) the least life paid.
"""

from itertools import combinations

from . import cardlib, cardlookup, mana, riders
from .symbols import NotModelled, cost_term, symbols
from .errors import InputError
from .terms import Const, Fn, render as render_term
from .untrusted import show

# the ways a spell's keywords let other things than mana pay part of its total cost (kb/convoke.lp):
# a plan's keys, each present only when used
HELPERS = ("convoke", "improvise", "delve")
COLOR_BITS = {"w": 1, "u": 2, "b": 4, "r": 8, "g": 16}
MAX_SYMBOLS = 1000            # symbols of one cost ({X} counted as X generic symbols)
MAX_PLANS = 100               # plans listed by --all
LETTER = mana.MANA_LETTER


def symbol_text(term):
    """The mana symbol of a cost term, e.g. hybrid(w,u) -> '{W/U}', generic -> '{1}'."""
    if isinstance(term, Const):
        return {"generic": "{1}", "snow": "{S}"}.get(term.name, "{" + term.name.upper() + "}")
    a = "/".join(x.name.upper() for x in term.args)
    return {"hybrid": "{%s}", "phyrexian": "{%s/P}", "phyrexian_hybrid": "{%s/P}",
            "twobrid": "{2/%s}"}[term.name] % a


def parse_cost(text, x=None):
    """(the cost's symbols as terms, one per symbol, generic and {X} expanded; the cost as typed,
    normalised; X used). Raises InputError naming the symbol that is not a mana symbol."""
    syms = symbols(text) if isinstance(text, str) else None
    if syms is None:
        raise InputError(f"cost {show(text)}: expected a run of mana symbols such as {{2}}{{W}}{{U/P}} (CR 107.4)")
    out, has_x = [], False
    for s in syms:
        try:
            term, n = cost_term(s)
        except NotModelled:
            raise InputError(f"cost: {{{s}}} is not a mana symbol this engine knows (CR 107.4)") from None
        if term == "generic":
            out += [Const("generic")] * n
        elif term == Const("x"):
            has_x = True
            out += [Const("generic")] * (x or 0)
        else:
            out.append(term)
        if len(out) > MAX_SYMBOLS:
            raise InputError(f"cost: at most {MAX_SYMBOLS:,} symbols (X counting as X generic symbols)")
    if x is not None and not has_x:
        raise InputError("--x is given, but the cost has no {X}")
    return out, (x or 0) if has_x else None



def spell_types(snapshot, card):
    """(card name, its card types) for --for CARD."""
    name = cardlookup.among(snapshot.cards, card)
    if name not in snapshot.cards:
        raise InputError(f"--for {show(card)}: not a card of this snapshot (name one it has: in a hand, "
                         "on the battlefield or the stack, or under cards:)")
    return name, sorted({t for face in snapshot.cards[name].faces for t in cardlib.card_types(face)})


def spell_facts(snapshot, name, player, faces=None, kicked=None, zone=None):
    """The input facts of kb/spend_restrictions.lp describing the spell NAME that PLAYER's mana is
    spent on (106.6): its characteristics are those of FACES (face names: the half cast of a split
    card, both halves when fused, 709.3, 702.102c), or of the card itself when it has one face;
    otherwise they are not given (a restriction that reads them is not evaluated). It is cast from
    PLAYER's hand when it is there (actions and `apply cast` cast from the hand) unless ZONE names the
    zone it is cast from (a graveyard, kb/graveyard_casting.lp); KICKED (None: not known) whether its
    kicker cost is paid."""
    card = snapshot.cards[name]
    if faces is None and len(card.faces) == 1:
        faces = [name]
    f = [("plan_spell_face", x) for x in (faces or [])]
    if zone is not None:
        f.append(("plan_spell_zone", Const(zone)))
    elif name in snapshot.hand.get(player, []):
        f.append(("plan_spell_zone", Const("hand")))
    if kicked is not None:                        # 702.33d: known for a cast action (actions, apply cast)
        f.append(("plan_spell_kicked", Const("yes" if kicked else "no")))
    return f


def cast_kicked(action):
    """Whether a cast action (act(cast,C,cast(Ch,Kick))) pays its kicker cost."""
    kick = action.args[2].args[1] if len(action.args) > 2 and isinstance(action.args[2], Fn) else None
    return isinstance(kick, Fn) and kick.name == "kicked"


def cast_zone(action):
    """The zone a cast action is cast from when it is not a hand: "graveyard" for
    act(cast,C,graveyard(Ch,Kick,Ab)) (kb/graveyard_casting.lp), else None."""
    key = action.args[2] if len(action.args) > 2 else None
    return "graveyard" if isinstance(key, Fn) and key.name == "graveyard" else None


def cast_faces(snapshot, action):
    """The face names whose characteristics the spell of a cast action (act(cast,C,cast(Ch,Kick)))
    has: one(F) -> [F] (the card's own name for a one-faced card), fused -> both halves."""
    name = str(action.args[1])
    choice = action.args[2].args[0] if len(action.args) > 2 and isinstance(action.args[2], Fn) else None
    if isinstance(choice, Fn) and choice.name == "one":
        return [str(choice.args[0])]
    if choice == Const("fused"):
        return [f.name for f in snapshot.cards[name].faces]
    return None


def facts(player, cost, spent_on):
    """The input facts of queries/pay_plan.lp. SPENT_ON: None (unknown), "ability", or a list of
    card types (a spell)."""
    f = [("plan_player", player)] + [("plan_symbol", i, t) for i, t in enumerate(cost, 1)]
    if spent_on == "ability":
        f.append(("plan_for", Const("ability")))
    elif spent_on is not None:
        f.append(("plan_for", Const("spell")))
        f += [("plan_spell_type", Const(t)) for t in spent_on]
    return f


def vector_text(v):
    return mana.text(mana.counts(v))


class Plan:
    """One answer set of queries/pay_plan.lp, made concrete."""

    def __init__(self, snapshot, player, cost, model, pool_kinds):
        self.snapshot, self.player, self.cost = snapshot, player, cost
        by = {}
        for a in model:
            by.setdefault(a[0], []).append(a[1:])
        self.by = by
        self.paid = "plan_paid" in by
        # 106.6: sources whose mana's restriction the KB cannot evaluate for this payment (not used)
        self.spend_unknown = sorted({str(a[0]) for a in by.get("spend_unknown", [])})
        self.too_large = "plan_too_large" in by
        self.pool_kinds = pool_kinds
        members = {}
        for s, cl in sorted(by.get("plan_class", []), key=lambda a: a[0]):
            members.setdefault(cl, []).append(s)
        self.members = members
        abilities = {}
        for x, ab in by.get("mana_ability", []):
            abilities.setdefault(x, []).append(ab)
        self.ability_number = {(x, ab): i for x, abs_ in abilities.items()
                               for i, ab in enumerate(sorted(abs_, key=render_term), 1)}
        self.life_costs = {ab: k.args[0] for ab, k in by.get("ability_cost", [])
                           if isinstance(k, Fn) and k.name == "pay_life"}
        self.costly = {ab for ab, k in by.get("ability_cost", []) if isinstance(k, Fn) and k.name == "mana"}
        self.restricted = {ab: r for ab, r in by.get("mana_spend_restriction", [])}     # 106.6
        # convoke, improvise, delve (kb/convoke.lp): the helpers of each group in id order, how each may help,
        # the cards of the payer's graveyard delve may exile (in the snapshot's order)
        helpers = {}
        for x, h in sorted(by.get("helper_group", []), key=lambda a: a[0]):
            helpers.setdefault(h, []).append(x)
        self.helpers = helpers
        self.helps_as = {}
        for x, k in by.get("helps_as", []):
            self.helps_as.setdefault(x, set()).add(k.name)
        self.delve_cards = by["delve_cards"][0][0] if by.get("delve_cards") else 0
        self.riders = {}
        for ab, r in sorted(by.get("mana_rider", []), key=lambda a: (render_term(a[0]), render_term(a[1]))):
            self.riders.setdefault(ab, []).append(riders.entry(r))

    def outcomes(self):
        """{class: [(ability, vector)]} of every class."""
        out = {}
        for cl, ab, v in self.by.get("plan_outcome", []):
            out.setdefault(cl, []).append((ab, v))
        return out

    def answer(self):
        """The plan as the JSON contract says (docs/mana-plans.md)."""
        self.pool_used = []                       # the PoolMana spent, for `apply cast`
        levels = {}
        for cl, ab, v, k in self.by.get("plan_tap", []):
            levels[(cl, ab, v)] = max(levels.get((cl, ab, v), 0), k)
        pays = {d: x for d, x in self.by.get("plan_by", [])}
        # the helpers tapped (convoke, improvise) come first from their groups, in id order; a mana source
        # among them leaves the rest of its class for mana (the class's members are interchangeable)
        wanted = {}
        for x in pays.values():
            if x.name == "h":
                wanted[x.args[0]] = wanted.get(x.args[0], 0) + 1
        self.helper_queue = {h: self.helpers[h][:n] for h, n in wanted.items()}
        helping = {x for q in self.helper_queue.values() for x in q}
        self.graveyard = list(self.snapshot.graveyard.get(self.player, []))
        self.helped = {k: [] for k in HELPERS}
        node_source, free = {}, {cl: [s for s in m if s not in helping] for cl, m in self.members.items()}
        for (cl, ab, v), n in sorted(levels.items(), key=lambda kv: render_term(Fn("t", kv[0]))):
            for k in range(1, n + 1):
                node_source[Fn("n", (cl, ab, v, k))] = free[cl].pop(0)
        # units of each tapped node, by type; the costs of mana abilities take theirs first
        left = {}
        for node, src in node_source.items():
            for letter, n in mana.counts(node.args[2]).items():
                left[(node, letter)] = n
        feeds, paid_by = {}, {node: [] for node in node_source}
        for d, x in sorted(pays.items(), key=lambda kv: render_term(kv[0])):
            if d.name != "f":
                continue
            node, sym = d.args[0], d.args[1]
            if x.name in ("u", "m0"):
                if x.name == "u":
                    payer, letter = x.args[0], LETTER[x.args[1].name]
                    left[(payer, letter)] -= 1
                else:                      # mana of a source whose ability costs no mana
                    payer, letter = self._unit(x, node_source, left, lambda n: n.args[1] not in self.costly
                                                and n.args[1] not in self.restricted)
                feeds.setdefault(node, set()).add(payer)
                paid_by[node].append({"symbol": symbol_text(sym), "mana": "{%s}" % letter,
                                      "by": node_source[payer]})
            else:
                paid_by[node].append(self._other(sym, x))
        pool_used = []
        assignment = []
        for i, sym in enumerate(self.cost, 1):
            if isinstance(sym, Fn) and sym.name == "twobrid" and Fn("s", (i,)) not in pays:
                two = [self._take(pays[Fn("t", (i, j))], node_source, left, pool_used) for j in (1, 2)]
                assignment.append({"symbol": symbol_text(sym), "paid": "".join(m for m, _ in two),
                                   "by": [b for _, b in two]})
            elif pays[Fn("s", (i,))].name in ("h", "delve"):
                kind, by = self._help(pays[Fn("s", (i,))], sym)
                assignment.append({"symbol": symbol_text(sym), "paid": kind, "by": [by]})
            else:
                m, b = self._take(pays[Fn("s", (i,))], node_source, left, pool_used)
                assignment.append({"symbol": symbol_text(sym), "paid": m, "by": [b]})
        for node in paid_by:
            for p in paid_by[node]:
                if p["by"] == "pool":
                    pool_used.append(p["mana"])
        self.idle = {node_source[n] for n in node_source
                     if all(left[(n, l)] == k for l, k in mana.counts(n.args[2]).items())
                     and not any(n in f for f in feeds.values())}
        order = self._order(node_source, feeds)
        activations = []
        for node in order:
            src, ab, v = node_source[node], node.args[1], node.args[2]
            act = {"source": src, "ability": self.ability_number.get((src, ab)), "adds": vector_text(v)}
            if paid_by[node]:
                act["cost_paid"] = paid_by[node]
            if ab in self.life_costs:
                act["life"] = self.life_costs[ab]
            if ab in self.riders:
                act["also"] = self.riders[ab]        # 605.3b: done as it resolves
            if ab in self.restricted:
                act["spend_only"] = render_term(self.restricted[ab])    # 106.6: travels with the mana
            unspent = "".join("{%s}" % letter * left[(node, letter)] for letter in mana.counts(v)
                              if left.get((node, letter), 0) > 0)
            if unspent:                     # added and not spent: it stays in the pool (106.4)
                act["unspent"] = unspent
            if node.args[0].args[1].name == "snow":
                act["snow"] = True          # mana from a snow source (106.3, 107.4h)
            activations.append(act)
        tapped = {node_source[n] for n in node_source} | helping
        untapped = sorted(p.id for p in self.snapshot.battlefield
                          if p.controller == self.player and not p.tapped and p.id not in tapped)
        life = self.by["plan_life"][0][0] if self.by.get("plan_life") else 0
        return {"activations": activations, "pool": sorted(pool_used, key=_pool_order),
                "life": life, "assignment": [a["paid"] for a in assignment],
                "paid_by": assignment, "tapped": sorted(tapped), "untapped_after": untapped,
                "colors_left": [c.upper() for c in "wubrg" if (Const(c),) in self.by.get("color_left", [])],
                **{k: v for k, v in self.helped.items() if v}}

    def _help(self, x, sym):
        """(keyword, what pays): one helper of group h(H) tapped, or one card of the graveyard exiled
        (delve), paying the cost symbol SYM (702.51a, 702.126a, 702.66a)."""
        if x.name == "delve":
            card = self.graveyard.pop(0)              # the snapshot's order: the first cards listed
            self.helped["delve"].append(card)
            return "delve", "graveyard"
        pid = self.helper_queue[x.args[0]].pop(0)
        kinds = self.helps_as.get(pid, set())
        # a colored symbol is paid by convoke only (702.51a); a generic one by a creature is said convoked
        # (an artifact creature that may do both: convoke), by a noncreature artifact improvised (702.126a)
        kind = "convoke" if "convoke" in kinds else "improvise"
        self.helped[kind].append({"permanent": pid, "pays": symbol_text(sym)})
        return kind, pid

    def _other(self, sym, x):
        if x.name == "life":
            return {"symbol": symbol_text(sym), "mana": "life", "by": "life"}
        m, _ = self.pool_kinds[x.args[0]]
        self.pool_used.append(m)
        return {"symbol": symbol_text(sym), "mana": "{%s}" % m.type, "by": "pool"}

    def _take(self, x, node_source, left, pool_used):
        """(the mana paying one symbol, what it came from: a source id, 'pool' or 'life')."""
        if x.name == "life":
            return "life", "life"
        if x.name == "pool":
            m, _ = self.pool_kinds[x.args[0]]
            self.pool_used.append(m)
            pool_used.append("{%s}" % m.type)
            return "{%s}" % m.type, "pool"
        node, letter = self._unit(x, node_source, left)
        return "{%s}" % letter, node_source[node]

    @staticmethod
    def _unit(x, node_source, left, allowed=lambda node: True):
        """(the tapped node, letter) of one unused mana of kind X = m(T,Snow) or m0(T,Snow), taken."""
        letter, snow = LETTER[x.args[0].name], x.args[1].name
        for (node, l), n in sorted(left.items(), key=lambda kv: (node_source[kv[0][0]], render_term(kv[0][0]))):
            if l == letter and n > 0 and node.args[0].args[1].name == snow and allowed(node):
                left[(node, l)] -= 1
                return node, letter
        raise AssertionError("plan_by names more mana than the tapped sources add")

    @staticmethod
    def _order(node_source, feeds):
        """The nodes in an order where every node comes after those paying its cost (#edge: acyclic)."""
        done, order = set(), []

        def visit(n):
            if n in done:
                return
            done.add(n)
            for m in sorted(feeds.get(n, ()), key=lambda m: node_source[m]):
                visit(m)
            order.append(n)
        for n in sorted(node_source, key=lambda n: node_source[n]):
            visit(n)
        return order


def _pool_order(sym):
    return "WUBRGC".index(sym[1])


def reason(plan, cost, pool, life):
    """One line saying why no plan pays COST: a smallest set of its symbols whose possible payers
    are too few (Hall's condition; each source counted with its best outcome for them), else a line
    saying no combination does. POOL: [(PoolMana, n)] usable; LIFE: the payer's life total."""
    outcomes = plan.outcomes()
    sources = [(s, outcomes.get(cl, [])) for cl, ms in plan.members.items() for s in ms]
    kinds = sorted(set(cost), key=render_term)
    count = {k: cost.count(k) for k in kinds}
    for size in range(1, len(kinds) + 1):
        for group in combinations(kinds, size):
            need = sum(count[k] for k in group)
            payers, supply = [], 0
            for s, outs in sources:
                best = max((sum(n for letter, n in mana.counts(v).items() if _pays_any(letter, group))
                            for _, v in outs), default=0)
                if best:
                    payers.append(s)
                    supply += min(best, need)
            for m, n in pool:
                if _pays_any(m.type, group):
                    supply += n
                    payers.append(f"{n} floating {{{m.type}}}")
            # creatures and artifacts that may convoke or improvise, cards delve may exile: one symbol each
            for h, ms in plan.helpers.items():
                if any(_helper_pays(h.args[0], k) for k in group):
                    supply += len(ms)
                    payers += ms
            if plan.delve_cards and Const("generic") in group:
                supply += plan.delve_cards
                payers.append(f"{plan.delve_cards} graveyard card{'s' if plan.delve_cards != 1 else ''} (delve)")
            phyrexian = sum(count[k] for k in group if _is(k, "phyrexian") or _is(k, "phyrexian_hybrid"))
            if phyrexian:
                supply += min(phyrexian, max(life, 0) // 2)
            if supply < need:
                syms = "".join(symbol_text(k) * count[k] for k in group)
                who = ", ".join(payers) if payers else "none"
                extra = f" (and {max(life, 0) // 2} with life)" if phyrexian else ""
                if plan.helpers or plan.delve_cards:      # convoke, improvise, delve pay symbols, not mana
                    return (f"{syms}: the untapped sources and what convoke, improvise or delve may pay cover "
                            f"at most {supply} of {'it' if need == 1 else 'them'}{extra}; able to pay: {who} "
                            "(CR 601.2h, 118.3, 702.51a, 702.126a, 702.66a)")
                return (f"{syms}: the untapped sources can give at most {supply} mana for "
                        f"{'it' if need == 1 else 'them'}{extra}; able to pay: {who} (CR 601.2h, 118.3)")
    helped = " and what convoke, improvise or delve may pay" if plan.helpers or plan.delve_cards else ""
    return (f"no combination of the untapped sources, floating mana and life{helped} pays the whole cost "
            "(CR 601.2h, 118.3)")


def _helper_pays(bits, k):
    """Whether a helper that pays the colors of the set BITS (kb/convoke.lp: helper_colors/2) may pay
    symbol K: generic mana, or a colored symbol of one of its colors (702.51a, 702.126a)."""
    if k == Const("generic"):
        return True
    if isinstance(k, Fn):
        return any(COLOR_BITS.get(a.name, 0) & bits for a in k.args)
    return bool(COLOR_BITS.get(k.name, 0) & bits)


def _is(term, name):
    return isinstance(term, Fn) and term.name == name


def _pays_any(letter, group):
    t = letter.lower()
    for k in group:
        if isinstance(k, Const):
            if k.name in ("generic", "snow") or k.name == t:      # {S}: over-counted, never under
                return True
        elif k.name == "twobrid":                                  # {2/C}: two of any mana do too
            return True
        elif t in (a.name for a in k.args):
            return True
    return False


MAX_MODELS = 5000             # answer sets looked at for --all


def all_plans(snapshot, player, cost, kinds, models, best):
    """Distinct plans among MODELS (answer sets of pay_plan, not optimized), best first by the
    documented order, the optimal one (BEST) first; at most MAX_PLANS."""
    seen, plans = set(), []
    for model in [None] + models:
        p = best if model is None else Plan(snapshot, player, cost, model, kinds)
        if model is not None:
            if not p.paid:
                continue
            answer = p.answer()
            if p.idle:                     # a source whose mana pays nothing: not a distinct plan
                continue
            p = answer
        # mana is anonymous (106.4): which of two equal mana pays which symbol, and the order of the
        # two mana of a {2/C} symbol, make no other payment; the assignment is a multiset
        key = (tuple(sorted((a["source"], a["ability"], a["adds"]) for a in p["activations"])),
               tuple(p["pool"]), p["life"],
               tuple(sorted((a["symbol"], "".join(sorted(symbols(a["paid"]) or [a["paid"]])))
                            for a in p["paid_by"])))
        if key not in seen:
            seen.add(key)
            plans.append(p)
    rest = sorted(plans[1:], key=lambda p: (-len(p["colors_left"]), len(p["tapped"]), p["life"]))
    return (plans[:1] + rest)[:MAX_PLANS]
