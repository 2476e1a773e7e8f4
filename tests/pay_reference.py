"""A brute-force reference mana payer (issue 12), written from the Comprehensive Rules alone.

It reads snapshots in the project's format but shares no code with the product: it has its own
tiny parser of exactly the wordings `pay_boards.py` generates, and it enumerates payments
instead of solving for them. The comparison with `mtgkb pay` translates pay's plans into the
neutral form below and hands them to `check_plan`.

What it knows (CR 2025-11-14):

- Costs (107.4): generic {N} and {X} (107.3, 107.4b: any type of mana), colored {W}{U}{B}{R}{G}
  (107.4a: that color only), colorless {C} (107.4c: colorless mana only), {0} (107.4d: nothing),
  hybrid {W/U} (107.4e: either half), monocolored hybrid {2/W} (107.4e: one {W} or two mana of any
  type) and {C/W} (one {C} or one {W}), Phyrexian {W/P} (107.4f: one {W} or 2 life), hybrid
  Phyrexian {W/U/P} (107.4f: {W}, {U} or 2 life), snow {S} (107.4h: one mana of any type produced
  by a snow source, 106.3). Anything else is refused with ValueError.
- Sources: the paying player's permanents (602.2: only the controller activates), untapped (107.5:
  a tapped permanent can't be tapped again to pay {T}), not phased out, a creature only if its
  controller has controlled it continuously since their most recent turn began (302.6, 107.5).
  Abilities: lands with a basic land type have "{T}: Add [symbol]" (305.6); rules text is read
  without reminder text, one ability per line, and only these wordings are understood:
  "{T}: Add {X}.", "{T}: Add {X} or {Y}.", "{T}: Add {X}{Y}.", "{T}: Add one mana of any color.",
  "{1}, {T}: Add {X}{Y}.", "{T}, Pay 1 life: Add {X}." (any other line is refused: ValueError),
  each possibly followed by "Spend this mana only to cast <type> [or <type>] spells." (106.6: that
  mana pays only for a spell of one of those card types, never an activation's cost).
  Mana from a snow permanent is snow mana (106.3, 107.4h); floating mana (`mana_pool:`, 106.4)
  is snow only when marked `snow: true`.
- Paying (601.2g, 601.2h, 605.3a, 605.3b): mana abilities are activated before the cost is paid,
  each once at most (its {T}); an activation's own cost ({1}, Pay 1 life) is paid when it is
  activated, so only from floating mana and mana of abilities activated before it, never from its
  own mana. Life may be paid only while the life total is at least the amount (119.4): in all, a
  plan pays at most the player's life total.

Neutral plan form (what `all_plans` returns and `check_plan` validates), a dict:

    {"activations": [{"source": "p3", "adds": ["{W}", "{U}"],
                      "cost_paid_with": ["{G}"], "life": 0}, ...],   # in activation order
     "pool": ["{G}"],                   # floating mana spent (on the cost or on activations)
     "life": 2,                         # all life paid: Phyrexian symbols and activation costs
     "assignment": [["{W/P}", "life"], ["{1}", "{U}"], ["{2/B}", ["{G}", "{W}"]], ...]}

- `adds` is what the chosen option of the ability adds (all of it, even if some is not spent;
  in any order);
  `cost_paid_with` is the mana spent on the ability's own mana cost ({1}: one mana of any type),
  `life` the life its cost pays (1 for "Pay 1 life").
- `assignment` pairs every symbol of the cost, as `parse_cost` spells it (generic mana is one
  "{1}" per mana, {X} is x of them), with what pays it: a mana symbol, "life" (2 life for a
  Phyrexian symbol), or for a {2/C} symbol paid with two mana the list of those two symbols.
- Mana is anonymous in the form: a "{G}" is any green mana available at that point, from the pool
  or from an activation earlier in the list (for an activation's own cost) or from any activation
  (for the cost itself); `check_plan` looks for a way to match every spent mana to a mana
  produced or floating, with the snow mana going to {S}, and every declared pool mana spent.

`from_pay_json(plan)` translates a plan printed by `mtgkb pay --json` into this form;
`plan_key(plan)` is a plan's identity (orders don't count), `symmetric_key(snapshot, player,
plan)` the same up to interchangeable sources, and `irredundant(...)` says whether no activation
could be dropped from a valid plan.

`all_plans` lists each distinct payment once: plans that differ only in the order of activations,
in which of two mana of the same type pays which symbol, or by exchanging sources that are
interchangeable (same abilities, both snow or both not) are the same payment; the representative
uses the smaller ids. Every activation of a listed plan spends some of its mana for some way of
matching the mana to the symbols (an activation whose mana pays nothing only costs a permanent
and is never better); a plan may still be redundant (a Plains tapped for a filter's {1} when the
Plains alone pays {W}): `irredundant` tells.

Best-plan order (`metrics`), smaller is better: (minus the number of the five colors that the
player's permanents left untapped could still produce, costs ignored as in 106.7; the number of
permanents used; the life paid).
"""

from collections import Counter
from functools import lru_cache
import re
from typing import NamedTuple

MANA_TYPES = "WUBRGC"
COLORS = "WUBRG"
ANY = frozenset(MANA_TYPES)
HYBRID_PAIRS = ("W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U")
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")
MAX_GENERIC = 1000

# The basic lands the product bundles, as Oracle has them (a snapshot may name them without
# defining them under `cards:`).
KNOWN_CARDS = {name: {"name": name, "type": f"Basic Land — {name}",
                      "text": "({T}: Add {%s}.)" % t}
               for name, t in BASIC_LAND_TYPES.items()}
KNOWN_CARDS["Wastes"] = {"name": "Wastes", "type": "Basic Land", "text": "{T}: Add {C}."}


# --- costs -----------------------------------------------------------------------------------

def parse_cost(cost_str, x=0):
    """The symbols of a mana cost (107.4), generic mana as one "{1}" per mana ({X}: x of them)."""
    if not isinstance(cost_str, str) or not re.fullmatch(r"(\{[^{}]*\})+", cost_str):
        raise ValueError(f"not a run of mana symbols: {cost_str!r}")
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= MAX_GENERIC:
        raise ValueError(f"x must be a whole number from 0 to {MAX_GENERIC}, got {x!r}")
    symbols = []
    for inner in re.findall(r"\{([^{}]*)\}", cost_str):
        if re.fullmatch(r"[0-9]+", inner):
            n = int(inner)
            if n > MAX_GENERIC:
                raise ValueError(f"{{{inner}}}: too much generic mana (at most {MAX_GENERIC})")
            symbols += ["{1}"] * n                       # 107.4b (and 107.4d for {0})
        elif inner == "X":
            symbols += ["{1}"] * x                       # 107.3, 107.4b
        elif inner in MANA_TYPES or inner == "S":        # 107.4a, 107.4c, 107.4h
            symbols.append("{%s}" % inner)
        elif inner in HYBRID_PAIRS:                      # 107.4e
            symbols.append("{%s}" % inner)
        elif re.fullmatch(r"[2C]/[WUBRG]", inner):       # 107.4e monocolored hybrid
            symbols.append("{%s}" % inner)
        elif re.fullmatch(r"[WUBRG]/P", inner):          # 107.4f
            symbols.append("{%s}" % inner)
        elif inner.endswith("/P") and inner[:-2] in HYBRID_PAIRS:   # 107.4f hybrid Phyrexian
            symbols.append("{%s}" % inner)
        else:
            raise ValueError(f"unknown mana symbol {{{inner}}}")
    return symbols


class Need(NamedTuple):
    """One mana to spend: of one of `types`, from a snow source if `snow`."""
    types: frozenset
    snow: bool


def ways(symbol):
    """The ways to pay one cost symbol: each a tuple of Needs, or "life" (2 life, 107.4f)."""
    inner = symbol[1:-1]
    if inner == "1":
        return [(Need(ANY, False),)]
    if inner in MANA_TYPES:
        return [(Need(frozenset(inner), False),)]
    if inner == "S":
        return [(Need(ANY, True),)]
    parts = inner.split("/")
    if parts[-1] == "P":
        return [(Need(frozenset(parts[:-1]), False),), "life"]
    if parts[0] == "2":
        return [(Need(frozenset(parts[1]), False),), (Need(ANY, False), Need(ANY, False))]
    return [(Need(frozenset(parts), False),)]


# --- permanents and their mana abilities ----------------------------------------------------

class Ability(NamedTuple):
    """A mana ability with {T} in its cost: what each option adds, its generic mana, its life, and
    the card types of the spells its mana may be spent on (None: anything, 106.6)."""
    options: tuple      # tuple of tuples of mana types, e.g. (("W", "U"),) or (("W",), ("U",))
    generic: int
    life: int
    spend_only: frozenset = None


class Permanent(NamedTuple):
    id: str
    controller: str
    tapped: bool
    phased_out: bool        # treated as though it doesn't exist (702.26b)
    sick: bool              # a creature not controlled since its controller's turn began (302.6)
    snow: bool
    abilities: tuple


class Source(NamedTuple):
    id: str
    snow: bool
    abilities: tuple


_SYMBOLS = r"((?:\{[WUBRGC]\})+)"


def _effect_options(effect):
    if effect == "Add one mana of any color":
        return tuple((c,) for c in COLORS)
    m = re.fullmatch(r"Add " + _SYMBOLS + r"(?: or " + _SYMBOLS + r")?", effect)
    if not m:
        raise ValueError(f"effect not understood: {effect!r}")
    return tuple(tuple(re.findall(r"\{(.)\}", g)) for g in m.groups() if g)


def parse_ability(line):
    """One line of rules text among the wordings this reference knows, or ValueError."""
    m = re.fullmatch(r"(.+?): (Add [^.]+)\.(?: Spend this mana only to cast ([a-z]+(?: or [a-z]+)*) spells\.)?",
                     line)
    if not m:
        raise ValueError(f"not a mana ability this reference knows: {line!r}")
    spend_only = frozenset(m.group(3).split(" or ")) if m.group(3) else None      # 106.6
    generic = life = 0
    tap = False
    for item in m.group(1).split(", "):
        if item == "{T}":
            tap = True
        elif re.fullmatch(r"\{[0-9]\}", item):
            generic += int(item[1])
        elif re.fullmatch(r"Pay [0-9] life", item):
            life += int(item[4])
        else:
            raise ValueError(f"cost not understood: {item!r} in {line!r}")
    if not tap:
        raise ValueError(f"a mana ability without {{T}} is not known here: {line!r}")
    return Ability(_effect_options(m.group(2)), generic, life, spend_only)


def _card(snapshot, name):
    for card in snapshot.get("cards") or []:
        if card.get("name") == name:
            return card
    if name in KNOWN_CARDS:
        return KNOWN_CARDS[name]
    raise ValueError(f"unknown card {name!r}")


def card_abilities(card):
    """(snow?, is a creature?, mana abilities) of a card."""
    return _read_card(card["type"], card.get("text") or "")


@lru_cache(maxsize=4096)
def _read_card(type_line, text):
    left, _, right = type_line.partition("—")
    words = left.split()
    subtypes = right.split()
    abilities = []
    if "Land" in words:                                   # 305.6
        abilities += [Ability(((BASIC_LAND_TYPES[s],),), 0, 0)
                      for s in subtypes if s in BASIC_LAND_TYPES]
    text = re.sub(r"\([^()]*\)", "", text)
    for line in text.split("\n"):
        if line.strip():
            abilities.append(parse_ability(line.strip()))
    return "Snow" in words, "Creature" in words, tuple(abilities)


def permanents(snapshot):
    """Every permanent on the battlefield, read by this module's tiny parser.

    What could change the mana abilities is refused (ValueError): effects (613, 616), face-down
    permanents (708.2), and any card or line of text this module doesn't know.
    """
    if snapshot.get("effects"):
        raise ValueError("effects are not modelled by the reference payer")
    out = []
    for perm in snapshot.get("battlefield") or []:
        if perm.get("face_down"):
            raise ValueError(f"{perm['id']}: face-down permanents are not modelled here")
        snow, creature, abilities = card_abilities(_card(snapshot, perm["card"]))
        sick = creature and perm.get("controlled_since_turn_start") is False   # 302.6
        out.append(Permanent(perm["id"], perm["controller"], bool(perm.get("tapped")),
                             bool(perm.get("phased_out")), sick, snow, abilities))
    return out


def sources(snapshot, player):
    """The player's permanents whose mana abilities can be activated now (107.5, 302.6)."""
    return [Source(p.id, p.snow, p.abilities) for p in permanents(snapshot)
            if p.controller == player and not p.tapped and not p.phased_out and not p.sick
            and p.abilities]


def floating(snapshot, player):
    """The player's floating mana (106.4) as (type, snow) pairs."""
    units = []
    for entry in (snapshot.get("mana_pool") or {}).get(player) or []:
        symbol, snow = (entry["mana"], entry.get("snow", False)) if isinstance(entry, dict) \
            else (entry, False)
        if isinstance(entry, dict) and (set(entry) - {"mana", "snow"} or snow not in (True, False)):
            raise ValueError(f"floating mana with a restriction is not modelled: {entry!r}")
        if not isinstance(symbol, str) or not re.fullmatch(r"\{[WUBRGC]\}", symbol):
            raise ValueError(f"floating mana not understood: {entry!r}")
        units.append((symbol[1], snow))
    return units


def life_total(snapshot, player):
    return (snapshot.get("life") or {}).get(player, 20)


# --- the search -----------------------------------------------------------------------------

def _sym(t):
    return "{%s}" % t


def _remove_one(items, t):
    i = items.index(t)
    return items[:i] + items[i + 1:]


def _insert(items, t):
    return tuple(sorted(items + (t,)))


class _Search:
    """Depth-first enumeration of payments, one cost symbol (then one activation cost) at a time.

    State: floating mana left, activations made (option, mana left over, mana spent on their
    cost), activation costs still to pay, dependencies (who paid whose cost), the assignment so
    far and the life paid. States reached twice (identical symbols paid in another order) are
    explored once; of interchangeable sources, the next one in id order is the only one that may
    be activated anew.
    """

    def __init__(self, snapshot, cost_str, player, x, spell_types=None):
        self.spell_types = spell_types      # the card types of the spell paid for (None: unknown)
        self.symbols = sorted(parse_cost(cost_str, x))
        self.srcs = sorted(sources(snapshot, player), key=lambda s: s.id)
        self.options = [[(ab, adds) for ab in s.abilities for adds in ab.options]
                        for s in self.srcs]
        cls = {}
        self.klass = [cls.setdefault((s.snow, s.abilities), len(cls)) for s in self.srcs]
        self.prev_same = []
        last = {}
        for i, k in enumerate(self.klass):
            self.prev_same.append(last.get(k))
            last[k] = i
        self.life_total = life_total(snapshot, player)
        self.pool = tuple(sorted(floating(snapshot, player)))
        self.results = {}
        self.seen = set()
        self.stop_at_first = False

    # The state, all immutable values: pool_left (sorted tuple of (type, snow)); acts
    # {source index: (option index, mana left over (sorted types), mana spent on its cost)};
    # pending (sorted tuple of source indexes owing one generic mana); edges (frozenset of
    # (a, b): a's cost paid with b's mana); assign (sorted tuple of (symbol, paid)); pool_used
    # (sorted types); life.

    def run(self, stop_at_first=False):
        self.stop_at_first = stop_at_first
        self.pool_left = self.pool
        self.acts, self.pending, self.edges = {}, (), frozenset()
        self.assign, self.pool_used, self.life = (), (), 0
        try:
            self._step(0)
        except _Found:
            pass
        return self.results

    def _step(self, k):
        key = (k, self.pool_left, frozenset(self.acts.items()), self.pending, self.edges,
               self.assign, self.life)
        if key in self.seen:
            return
        self.seen.add(key)
        if k < len(self.symbols):
            symbol = self.symbols[k]
            for way in ways(symbol):
                if way == "life":
                    if self.life + 2 <= self.life_total:         # 119.4
                        self.life += 2
                        self._paid_symbol(k, symbol, ("life",))
                        self.life -= 2
                else:
                    self._needs(way, None, (),
                                lambda paid: self._paid_symbol(k, symbol, paid))
        elif self.pending:
            owner = self.pending[0]
            self.pending = self.pending[1:]
            self._needs((Need(ANY, False),), owner, (),
                        lambda paid: self._paid_activation(k, owner, paid))
            self.pending = (owner,) + self.pending
        else:
            self._record()

    def _paid_symbol(self, k, symbol, paid):
        before = self.assign
        self.assign = _insert(before, (symbol, tuple(sorted(paid))))
        self._step(k + 1)
        self.assign = before

    def _paid_activation(self, k, owner, paid):
        before = self.acts[owner]
        self.acts[owner] = (before[0], before[1], _insert(before[2], paid[0]))
        self._step(k + 1)
        self.acts[owner] = before

    def _needs(self, needs, owner, paid, done):
        """Cover needs one by one with mana from the pool, left-overs or new activations."""
        if not needs:
            return done(tuple(_sym(t) for t in paid))
        need, rest = needs[0], needs[1:]
        pool_before, used_before = self.pool_left, self.pool_used
        for unit in dict.fromkeys(pool_before):
            t, snow = unit
            if t in need.types and (snow or not need.snow):
                self.pool_left = _remove_one(pool_before, unit)
                self.pool_used = _insert(used_before, t)
                self._needs(rest, owner, paid + (t,), done)
        self.pool_left, self.pool_used = pool_before, used_before
        edges_before = self.edges
        for i, act in list(self.acts.items()):
            if need.snow and not self.srcs[i].snow:
                continue
            if not self._may_spend(self.options[i][act[0]][0], owner):
                continue
            if owner is not None and self._reaches(i, owner):
                continue          # an order must exist; its own mana never pays (605.3b)
            for t in [t for t in dict.fromkeys(act[1]) if t in need.types]:
                self.acts[i] = (act[0], _remove_one(act[1], t), act[2])
                if owner is not None:
                    self.edges = edges_before | {(owner, i)}
                self._needs(rest, owner, paid + (t,), done)
            self.acts[i] = act
            self.edges = edges_before
        pending_before = self.pending
        for i, src in enumerate(self.srcs):
            if i in self.acts or (need.snow and not src.snow):
                continue
            if self.prev_same[i] is not None and self.prev_same[i] not in self.acts:
                continue                                          # symmetry
            for o, (ab, adds) in enumerate(self.options[i]):
                if self.life + ab.life > self.life_total:         # 119.4
                    continue
                if not self._may_spend(ab, owner):
                    continue
                ordered = tuple(sorted(adds))
                for t in [t for t in dict.fromkeys(ordered) if t in need.types]:
                    self.acts[i] = (o, _remove_one(ordered, t), ())
                    self.life += ab.life
                    self.pending = tuple(sorted(pending_before + (i,) * ab.generic))
                    if owner is not None:
                        self.edges = edges_before | {(owner, i)}
                    self._needs(rest, owner, paid + (t,), done)
                    self.edges = edges_before
                    self.pending = pending_before
                    self.life -= ab.life
                    del self.acts[i]

    def _may_spend(self, ab, owner):
        """106.6: restricted mana pays only for casting a spell of one of its card types: a symbol
        of the cost (owner None) when the spell is known to have such a type; never an activation's
        cost (activating a mana ability is not casting a spell, 602.1)."""
        if ab.spend_only is None:
            return True
        return owner is None and self.spell_types is not None and bool(ab.spend_only & self.spell_types)

    def _reaches(self, a, b):
        """Is a's cost paid, directly or not, by b's mana (so a must come after b)?"""
        todo, seen = [a], set()
        while todo:
            n = todo.pop()
            if n == b:
                return True
            for (p, q) in self.edges:
                if p == n and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return False

    def _record(self):
        # Canonical representative: within a class of interchangeable sources, activations
        # sorted by what they do go to the smaller ids.
        key = (tuple(sorted((self.klass[i], self._describe(i)) for i in self.acts)),
               self.pool_used, self.life, self.assign)
        if key not in self.results:
            self.results[key] = self._plan()
        if self.stop_at_first:
            raise _Found()

    def _plan(self):
        acts = {i: self._describe(i) for i in self.acts}
        edges = self.edges
        members = {}
        for i in acts:
            members.setdefault(self.klass[i], []).append(i)
        if any(len(m) > 1 for m in members.values()):
            relabel = {}
            for m in members.values():
                relabel.update(zip(sorted(m, key=acts.__getitem__), sorted(m)))
            acts = {relabel[i]: d for i, d in acts.items()}
            edges = {(relabel[a], relabel[b]) for a, b in edges}
        after = {i: {b for a, b in edges if a == i} for i in acts}
        order = []
        while after:
            ready = min(i for i, bs in after.items() if not bs)
            order.append(ready)
            del after[ready]
            for bs in after.values():
                bs.discard(ready)
        return {"activations": [{"source": self.srcs[i].id,
                                 "adds": [_sym(t) for t in acts[i][0]],
                                 "cost_paid_with": list(acts[i][1]), "life": acts[i][2]}
                                for i in order],
                "pool": [_sym(t) for t in self.pool_used],
                "life": self.life,
                "assignment": [[s, "life" if p == ("life",) else p[0] if len(p) == 1
                                else list(p)] for s, p in self.assign]}

    def _describe(self, i):
        o, _, spent = self.acts[i]
        ab, adds = self.options[i][o]
        return (adds, spent, ab.life)


class _Found(Exception):
    pass


def plan_key(plan):
    """What makes two plans in the neutral form the same payment (order does not count)."""
    return (tuple(sorted((a["source"], tuple(sorted(a["adds"])), tuple(sorted(a["cost_paid_with"])),
                          a["life"]) for a in plan["activations"])),
            tuple(sorted(plan["pool"])), plan["life"],
            tuple(sorted(repr((s, tuple(sorted(p)) if isinstance(p, list) else p))
                         for s, p in plan["assignment"])))


def symmetric_key(snapshot, player, plan):
    """plan_key up to interchangeable sources: each source id replaced by what makes it
    interchangeable (its abilities, snow or not), so plans that differ only by tapping one of
    two such sources instead of the other get the same key."""
    kind = {s.id: (s.snow, s.abilities) for s in sources(snapshot, player)}
    acts, pool, life, assignment = plan_key(plan)
    return (tuple(sorted(repr((kind.get(a[0], a[0]),) + a[1:]) for a in acts)), pool, life,
            assignment)


def irredundant(snapshot, cost_str, player, plan, x=0):
    """Is no activation of this valid plan superfluous (the plan without it, same assignment and
    pool, still valid)? The best plan is always irredundant."""
    for n, act in enumerate(plan["activations"]):
        rest = dict(plan, activations=plan["activations"][:n] + plan["activations"][n + 1:],
                    life=plan["life"] - act["life"])
        if check_plan(snapshot, cost_str, player, rest, x)[0]:
            return False
    return True


def all_plans(snapshot, cost_str, player, x=0):
    """Every distinct valid payment of the cost by the player, in the neutral form."""
    results = _Search(snapshot, cost_str, player, x).run()
    return [results[k] for k in sorted(results)]


def payable(snapshot, cost_str, player, x=0, spell_types=None):
    """Can the player pay the cost now (for a spell with SPELL_TYPES: spend restrictions, 106.6)?"""
    return bool(_Search(snapshot, cost_str, player, x, spell_types).run(stop_at_first=True))


def metrics(snapshot, player, plan):
    """The best-plan order's key for a plan, smaller is better (see the module's docstring)."""
    used = {a["source"] for a in plan["activations"]}
    colors = set()
    for p in permanents(snapshot):
        if p.controller == player and not p.tapped and not p.phased_out and p.id not in used:
            for ab in p.abilities:                     # 106.7: costs ignored
                for adds in ab.options:
                    colors.update(t for t in adds if t in COLORS)
    return (-len(colors), len(used), plan["life"])


def best_plan(snapshot, cost_str, player, x=0):
    """A plan with the least metrics (ties: the first in plan_key order), or None."""
    plans = all_plans(snapshot, cost_str, player, x)
    if not plans:
        return None
    return min(plans, key=lambda p: (metrics(snapshot, player, p), plan_key(p)))


# --- `mtgkb pay --json` plans in the neutral form -------------------------------------------

def from_pay_json(plan):
    """A plan of `mtgkb pay --json` (the shape documented in docs/mana-plans.md on branch `pay`:
    activations with "adds": "{W}{U}", "cost_paid": [{"symbol", "mana", "by"}], "life"; "pool";
    "life"; "paid_by": [{"symbol", "paid": "{G}" | "{G}{G}" | "life", "by"}]) in the neutral form.
    """
    def split(text):
        return re.findall(r"\{[^{}]*\}", text)

    def paid(text):
        if text == "life":
            return "life"
        mana = split(text)
        return mana[0] if len(mana) == 1 else mana

    return {"activations": [{"source": a["source"], "adds": split(a["adds"]),
                             "cost_paid_with": [c["mana"] for c in a.get("cost_paid") or []],
                             "life": a.get("life") or 0} for a in plan["activations"]],
            "pool": list(plan["pool"]), "life": plan["life"],
            "assignment": [[p["symbol"], paid(p["paid"])] for p in plan["paid_by"]]}


# --- checking a plan ------------------------------------------------------------------------

class _Invalid(Exception):
    pass


def _mana_type(symbol, where):
    if not isinstance(symbol, str) or not re.fullmatch(r"\{[WUBRGC]\}", symbol):
        raise _Invalid(f"{where}: {symbol!r} is not one mana of a type (W U B R G C)")
    return symbol[1]


def check_plan(snapshot, cost_str, player, plan, x=0):
    """(True, "") if the plan in the neutral form is a valid payment, else (False, why)."""
    try:
        _check(snapshot, cost_str, player, plan, x)
    except _Invalid as e:
        return False, str(e)
    except (KeyError, TypeError, AttributeError) as e:
        return False, f"malformed plan: {e!r}"
    return True, ""


def _check(snapshot, cost_str, player, plan, x):
    usable = {s.id: s for s in sources(snapshot, player)}
    units = []          # (type, snow, origin): origin -1 for the pool, else activation index
    uses = []           # (type, snow needed, latest origin allowed + 1 or None, where)
    life = 0
    seen = set()
    for n, act in enumerate(plan["activations"]):
        where = f"activation {n + 1} ({act['source']})"
        src = usable.get(act["source"])
        if src is None:
            raise _Invalid(f"{where}: not an untapped source of {player} that can be activated"
                           " now (107.5, 302.6, 602.2)")
        if act["source"] in seen:
            raise _Invalid(f"{where}: activated twice, but {{T}} can be paid once (107.5)")
        seen.add(act["source"])
        adds = tuple(_mana_type(s, where) for s in act["adds"])
        spent = [_mana_type(s, where) for s in act["cost_paid_with"]]
        if not any(sorted(adds) in [sorted(o) for o in ab.options] and ab.generic == len(spent)
                   and ab.life == act["life"] for ab in src.abilities):
            raise _Invalid(f"{where}: no ability of it adds {act['adds']} for a cost of "
                           f"{len(spent)} mana and {act['life']} life")
        life += act["life"]
        units += [(t, src.snow, n) for t in adds]
        uses += [(t, False, n, where) for t in spent]          # 605.3b: paid before it adds
    symbols = [s for s, _ in plan["assignment"]]
    if Counter(symbols) != Counter(parse_cost(cost_str, x)):
        raise _Invalid(f"the assignment pays {sorted(symbols)}, the cost is "
                       f"{sorted(parse_cost(cost_str, x))}")
    for symbol, paid in plan["assignment"]:
        where = f"{symbol} paid with {paid!r}"
        options = ways(symbol)
        if paid == "life":
            if "life" not in options:
                raise _Invalid(f"{where}: only a Phyrexian symbol can be paid with life (107.4f)")
            life += 2
            continue
        paid = [paid] if isinstance(paid, str) else list(paid)
        types = [_mana_type(s, where) for s in paid]
        fits = [way for way in options if way != "life" and len(way) == len(types)
                and all(t in need.types for t, need in zip(types, way))]
        if not fits:
            raise _Invalid(f"{where}: that mana can't pay this symbol (107.4)")
        uses += [(t, need.snow, None, where) for t, need in zip(types, fits[0])]
    if plan["life"] != life:
        raise _Invalid(f"life: the plan says {plan['life']}, its payments add up to {life}")
    if life > life_total(snapshot, player):
        raise _Invalid(f"life: paying {life} life with a life total of "
                       f"{life_total(snapshot, player)} (119.4)")
    declared = Counter(_mana_type(s, "pool") for s in plan["pool"])
    have = floating(snapshot, player)
    for t, k in declared.items():
        snows = sum(1 for u in have if u == (t, True))
        plain = sum(1 for u in have if u == (t, False))
        if snows + plain < k:
            raise _Invalid(f"pool: spends {k} {_sym(t)} floating, {player} has {snows + plain}")
        take = min(k, snows)                    # snow mana can do whatever other mana can
        units = [(t, True, -1)] * take + [(t, False, -1)] * (k - take) + units
    npool = sum(declared.values())
    if not _match(uses, units, npool):
        raise _Invalid("the mana spent can't be matched with the mana produced and floating: "
                       "each mana once, snow mana for {S} (107.4h), an activation's cost only "
                       "with mana available before it (605.3b), every declared floating mana")


def _match(uses, units, npool):
    """Is there a one-to-one matching of uses to units covering the first npool units?"""
    def fits(use, unit):
        t, snow, before, _ = use
        return unit[0] == t and (unit[1] or not snow) and (before is None or unit[2] < before)

    order = sorted(range(len(uses)), key=lambda u: sum(fits(uses[u], v) for v in units))
    pool_mask = (1 << npool) - 1
    memo = {}

    def go(k, used):
        if k == len(order):
            return used & pool_mask == pool_mask
        if (k, used) in memo:
            return memo[(k, used)]
        ok = False
        tried = set()
        for j, unit in enumerate(units):
            if not used >> j & 1 and fits(uses[order[k]], unit) and (unit, j < npool) not in tried:
                tried.add((unit, j < npool))
                if go(k + 1, used | 1 << j):
                    ok = True
                    break
        memo[(k, used)] = ok
        return ok

    return go(0, 0)
