"""Game snapshots (DESIGN.md, "The snapshot"): complete validation and normalisation.

``load(path)`` (a file, or '-' for standard input; read by :mod:`pyengine.reader`) and
``validate(data)`` return a
:class:`Snapshot` or raise :class:`InputError` listing every problem, one line each, naming the
key and the permanent. Every limit of :mod:`pyengine.limits` is checked; a value of the wrong type
is refused (only an absent or null key takes its default); counter kinds are spelt canonically
(:mod:`pyengine.counters`). Nothing is grounded before a snapshot has passed validation, so
nothing is ever half-applied. ``Snapshot.to_dict()`` gives back the same format (with defaults
filled in), so that ``apply`` output can be fed back in.
"""

import copy
import re

from .records import Record
from . import cardlib, cardlookup, counters as counters_mod, limits
from .errors import InputError
from .reader import read_source
from .untrusted import character_problem, listing, show

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
FACE_DOWN = ("manifest", "manifest_dread", "cloak", "morph", "disguise")
ID = re.compile(rf"[A-Za-z0-9_-]{{1,{limits.MAX_ID}}}")      # used with fullmatch ('$' would accept "a\n")
# what happened this turn, per player (kb/turn_history.lp): life lost (119.3, 119.4, 120.3a) and
# gained, cards drawn (121.1), permanents that left the battlefield under the player's control
# (400.7), creatures the player attacked with (508.1), spells the player cast (601.2i); absent or 0: none
TURN_COUNTS = ("life_lost_this_turn", "life_gained_this_turn", "cards_drawn_this_turn",
               "left_battlefield_this_turn", "attacked_this_turn", "spells_cast_this_turn")
TOP_KEYS = ("players", "active", "step", "priority", "battlefield", "hand", "library", "graveyard",
            "life", "lands_played", "mana_pool", "stack", "effects", "cards", "commander_identity",
            "initiative", "dungeons_completed", "speed", *TURN_COUNTS, "monarch", "command")
PERM_KEYS = ("id", "card", "controller", "owner", "tapped", "controlled_since_turn_start",
             "counters", "attached_to", "face_down", "exerted_by", "x", "phased_out", "chosen", "token",
             "level", "renowned", "entered_this_turn", "cast_from", "exiled_with")
# the zones a spell may have been cast from (601.2a): `cast_from: hand`
CAST_ZONES = ("hand", "graveyard", "exile", "library", "command")
# choices made as a permanent entered (614.12), by kind: `chosen: {color: G}`; `colors` (a list) also
# holds colors chosen for the card outside the game (circled or written on it as the deck was built,
# chosen as it was drafted)
CHOSEN_KEYS = ("color", "creature_type", "basic_land_type", "card_name", "player", "option", "colors")
COLOR_LETTERS = ("W", "U", "B", "R", "G")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")       # 205.3i
EFFECT_KEYS = ("card", "controller", "targets")
STACK_KEYS = ("card", "controller", "ability", "source")
COMMAND_KEYS = ("card", "owner", "controller", "face_down", "chosen")
# the nontraditional cards whose abilities function from the command zone (113.6p), by card type:
# the rule that says who controls one there (311.5, 901.6: the planar controller, normally the
# active player; 313.5, 314.5, 315.6: its owner)
COMMAND_TYPES = {"plane": "901.6", "phenomenon": "901.6", "vanguard": "313.5", "scheme": "314.5",
                 "conspiracy": "315.6"}
MAX_PROBLEMS = limits.MAX_PROBLEMS
MAX_SPEED = 4                   # 702.179a, 702.179d: a player's speed is 1 to 4 once they have one


def _cap(problems):
    """At most MAX_PROBLEMS lines, then one line saying how many more there were."""
    if len(problems) <= limits.MAX_PROBLEMS:
        return problems
    return problems[:limits.MAX_PROBLEMS] + [f"... and {len(problems) - limits.MAX_PROBLEMS} more problems"]


class Permanent(Record):
    """One permanent on the battlefield, every key filled in: its id, card, controller and owner;
    tapped; controlled continuously since its controller's turn began (302.6); its counters (kind
    -> number); the id it is attached to; its face-down kind; the player who exerted it; its X; phased
    out; its choices as it entered (kind -> value: {"color": "G"}, 614.12); a token, not a card
    (111.1); its level (716.2b; 716.2d: 1 if it has none); the renowned designation (702.112b); it
    entered the battlefield this turn; the zone its controller cast it from (601.2a); the names of the
    cards exiled with it (406.6, 607.2a, 702.167c), None when the snapshot does not say."""

    FIELDS = __slots__ = ("id", "card", "controller", "owner", "tapped", "controlled_since_turn_start",
                          "counters", "attached_to", "face_down", "exerted_by", "x", "phased_out",
                          "chosen", "token", "level", "renowned", "entered_this_turn", "cast_from",
                          "exiled_with")

    def __init__(self, id, card, controller, owner, tapped=False, controlled_since_turn_start=True,
                 counters=None, attached_to=None, face_down=None, exerted_by=None, x=None,
                 phased_out=False, chosen=None, token=False, level=1, renowned=False,
                 entered_this_turn=False, cast_from=None, exiled_with=None):
        self.id = id
        self.card = card
        self.controller = controller
        self.owner = owner
        self.tapped = tapped
        self.controlled_since_turn_start = controlled_since_turn_start
        self.counters = {} if counters is None else counters
        self.attached_to = attached_to
        self.face_down = face_down
        self.exerted_by = exerted_by
        self.x = x
        self.phased_out = phased_out
        self.chosen = {} if chosen is None else chosen
        self.token = token
        self.level = level
        self.renowned = renowned
        self.entered_this_turn = entered_this_turn
        self.cast_from = cast_from
        self.exiled_with = exiled_with


class Effect(Record):
    """An effect of a resolved spell or ability that still applies: its card, its controller and
    its targets."""

    FIELDS = __slots__ = ("card", "controller", "targets")

    def __init__(self, card, controller, targets=None):
        self.card = card
        self.controller = controller
        self.targets = [] if targets is None else targets


class StackObject(Record):
    """An object on the stack (405.1): a spell (its card), or an ability (its source's card and,
    for the ability of a permanent, the permanent's id)."""

    FIELDS = __slots__ = ("card", "controller", "ability", "source")

    def __init__(self, card, controller, ability=False, source=None):
        self.card = card
        self.controller = controller
        self.ability = ability
        self.source = source


class CommandObject(Record):
    """A face-up (or, for a conspiracy, face-down) nontraditional card in the command zone (408.3,
    113.6p): its card, its owner, the controller given in the snapshot (None: the rule's default,
    :func:`command_controller`), face down (a conspiracy with hidden agenda, 702.106a) and the
    choices made for it ({"card_name": N}: the name secretly chosen, 702.106a)."""

    FIELDS = __slots__ = ("card", "owner", "controller", "face_down", "chosen")

    def __init__(self, card, owner, controller=None, face_down=False, chosen=None):
        self.card = card
        self.owner = owner
        self.controller = controller
        self.face_down = face_down
        self.chosen = {} if chosen is None else chosen


class Snapshot(Record):
    """A validated game snapshot. ``cards`` maps every card name it may use to its Card.
    ``commander_identity``: player -> colors (903.4), absent: no commander; ``initiative``: the
    player who has the initiative (725); ``dungeons_completed``: player -> dungeons completed
    (309.7); ``speed``: player -> speed 1..4 (702.179), absent: none; ``turn_counts``: TURN_COUNTS
    key -> {player: N > 0}; ``monarch``: the player who is the monarch (724); ``command``: the
    nontraditional cards in the command zone (:class:`CommandObject`, 408.3)."""

    FIELDS = __slots__ = ("players", "active", "step", "battlefield", "hand", "library", "graveyard",
                          "life", "effects", "extra_cards", "cards", "priority", "lands_played",
                          "mana_pool", "stack", "commander_identity", "initiative",
                          "dungeons_completed", "speed", "turn_counts", "monarch", "command")

    def __init__(self, players, active, step, battlefield, hand, library, graveyard, life, effects,
                 extra_cards, cards, priority=None, lands_played=None, mana_pool=None, stack=None,
                 commander_identity=None, initiative=None, dungeons_completed=None, speed=None,
                 turn_counts=None, monarch=None, command=None):
        self.players = players
        self.active = active
        self.step = step
        self.battlefield = battlefield
        self.hand = hand
        self.library = library
        self.graveyard = graveyard
        self.life = life
        self.effects = effects
        self.extra_cards = extra_cards
        self.cards = cards
        self.priority = priority
        self.lands_played = {} if lands_played is None else lands_played
        self.mana_pool = {} if mana_pool is None else mana_pool
        self.stack = [] if stack is None else stack
        self.commander_identity = {} if commander_identity is None else commander_identity
        self.initiative = initiative
        self.dungeons_completed = {} if dungeons_completed is None else dungeons_completed
        self.speed = {} if speed is None else speed
        self.turn_counts = {} if turn_counts is None else turn_counts
        self.monarch = monarch
        self.command = [] if command is None else command

    def command_controller(self, o):
        """Who controls command-zone object O: the controller the snapshot gives, or the planar
        controller for a plane or phenomenon (901.6: normally the active player), or its owner
        (313.5, 314.5, 315.6)."""
        if o.controller is not None:
            return o.controller
        planar = any(t in ("plane", "phenomenon") for face in self.cards[o.card].faces
                     for t in cardlib.type_words(face))
        return self.active if planar else o.owner

    def permanent(self, pid):
        """The permanent with this id, or None."""
        return next((p for p in self.battlefield if p.id == pid), None)

    def to_dict(self):
        """The snapshot in its public format, defaults made explicit."""
        def perm(p):
            d = {"id": p.id, "card": p.card, "controller": p.controller, "owner": p.owner,
                 "tapped": p.tapped, "controlled_since_turn_start": p.controlled_since_turn_start}
            for k in ("counters", "attached_to", "face_down", "exerted_by", "x"):
                v = getattr(p, k)
                if v:
                    d[k] = dict(v) if k == "counters" else v
            if p.x == 0:
                d["x"] = 0
            if p.phased_out:
                d["phased_out"] = True
            if p.chosen:
                d["chosen"] = dict(p.chosen)
            if p.token:
                d["token"] = True
            if p.level != 1:
                d["level"] = p.level
            if p.renowned:
                d["renowned"] = True
            if p.entered_this_turn:
                d["entered_this_turn"] = True
            if p.cast_from:
                d["cast_from"] = p.cast_from
            if p.exiled_with is not None:
                d["exiled_with"] = list(p.exiled_with)
            return d
        d = {"players": list(self.players), "active": self.active, "step": self.step,
             "battlefield": [perm(p) for p in self.battlefield]}
        for k in ("hand", "library", "graveyard"):
            zone = {pl: list(v) for pl, v in getattr(self, k).items() if v}
            if zone:
                d[k] = zone
        d["life"] = dict(self.life)
        if self.priority is not None and self.priority != self.active:
            d["priority"] = self.priority
        if any(self.lands_played.values()):
            d["lands_played"] = {pl: n for pl, n in self.lands_played.items() if n}
        if any(self.mana_pool.values()):
            d["mana_pool"] = {pl: [m.to_entry() for m in pool]
                              for pl, pool in self.mana_pool.items() if pool}
        if self.stack:
            d["stack"] = [{"card": o.card, "controller": o.controller,
                           **({"ability": True} if o.ability else {}),
                           **({"source": o.source} if o.source else {})} for o in self.stack]
        if self.effects:
            d["effects"] = [{"card": e.card, "controller": e.controller, "targets": list(e.targets)}
                            for e in self.effects]
        if self.extra_cards:
            d["cards"] = copy.deepcopy(self.extra_cards)
        if self.commander_identity:
            d["commander_identity"] = {pl: list(cs) for pl, cs in self.commander_identity.items()}
        if self.initiative is not None:
            d["initiative"] = self.initiative
        if self.monarch is not None:
            d["monarch"] = self.monarch
        if any(self.dungeons_completed.values()):
            d["dungeons_completed"] = {pl: n for pl, n in self.dungeons_completed.items() if n}
        if self.speed:
            d["speed"] = dict(self.speed)
        for k in TURN_COUNTS:
            if self.turn_counts.get(k):
                d[k] = dict(self.turn_counts[k])
        if self.command:
            d["command"] = [{"card": o.card, "owner": o.owner,
                             **({"controller": o.controller} if o.controller is not None else {}),
                             **({"face_down": True} if o.face_down else {}),
                             **({"chosen": dict(o.chosen)} if o.chosen else {})} for o in self.command]
        return d


def load(source):
    """Validate a snapshot given as a file path, '-' (standard input) or parsed data (a dict)."""
    return validate(source if isinstance(source, dict) else read_source(source))


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    """The problems found so far, and checks that add one line per problem."""

    def __init__(self):
        self.p = []

    def add(self, line):
        self.p.append(line)

    def typed(self, d, key, types, default, where, what):
        """D[KEY] if it has one of TYPES; DEFAULT when absent or null; else a problem naming the key.
        A wrong type is never read as empty (``battlefield: false`` is refused, not "no permanents")."""
        v = d.get(key)
        if v is None:
            return default
        if not isinstance(v, types) or (isinstance(v, bool) and bool not in types):
            self.add(f"{where}{key}: must be {what}, got {show(v)}")
            return default
        return v

    def sized(self, v, most, where, what):
        """V unless it has more than MOST items (then a problem, and an empty value)."""
        if len(v) > most:
            self.add(f"{where}: at most {most:,} {what}, got {len(v):,}")
            return type(v)()
        return v

    def number(self, v, where, least=0):
        """A whole number LEAST..MAX_NUMBER, or None with a problem."""
        if not _is_int(v):
            self.add(f"{where}: expected a whole number, got {show(v)}")
            return None
        if v < least:
            self.add(f"{where}: must not be negative, got {show(v)}" if least == 0 else
                     f"{where}: {show(v)} is too small (at least {least})")
            return None
        if v > limits.MAX_NUMBER:
            self.add(f"{where}: {show(v)} is too large (at most {limits.MAX_NUMBER})")
            return None
        return v

    def known_keys(self, d, keys, where):
        """A problem for each key of mapping D that is not one of KEYS."""
        for k in d:
            if k not in keys:
                self.add(f"{where}: unknown key {show(k)}; allowed keys: {', '.join(keys)}")

    def mappings(self, data, key, most, items, holds, listed=None):
        """(i, where, mapping) for each entry of the list DATA[KEY] (LISTED, by default "a list of
        ITEMS"; at most MOST ITEMS) that is a mapping; a problem for the others (a mapping with HOLDS)."""
        given = self.typed(data, key, list, [], "", listed or f"a list of {items}")
        given = self.sized(given, most, key, items)
        for i, d in enumerate(given):
            where = f"{key}[{i}]"
            if not isinstance(d, dict):
                self.add(f"{where}: expected a mapping with {holds}, got {show(d)}")
                continue
            yield i, where, d

    def flag(self, d, key, default, where):
        v = d.get(key)
        if v is None:
            return default
        if not isinstance(v, bool):
            self.add(f"{where}: '{key}' must be true or false, got {show(v)}")
            return default
        return v


def validate(data):
    """Validate parsed snapshot data completely; returns a Snapshot or raises InputError."""
    c = _Checker()
    if not isinstance(data, dict):
        raise InputError("snapshot: the top level must be a mapping")
    c.known_keys(data, TOP_KEYS, "snapshot")

    good_players = _players(c, data)
    pset = set(good_players)

    def player_ref(v, where):
        if not isinstance(v, str) or v not in pset:
            c.add(f"{where}: unknown player {show(v)}; players are {listing(good_players)}")
            return None
        return v

    active = data.get("active")
    active = (good_players[0] if good_players else None) if active is None else player_ref(active, "active")
    step = data.get("step")
    if step is None:
        step = "precombat_main"
    elif step not in STEPS:
        c.add(f"step: {show(step)} is not a step; expected one of {', '.join(STEPS)}")

    extra, cards, refused = _cards(c, data)

    # card names: the cards above, then the card database (pyengine/cardlookup.py); `cards`
    # gains every card found in the database
    lookup = cardlookup.Lookup(cards)

    def card_ref(v, where, permanent=False):
        """The card name V stands for (a face name, another spelling), or None (problem added)."""
        if not isinstance(v, str):
            c.add(f"{where}: unknown card {show(v)}")
            return None
        if v in refused and v not in cards:     # its definition's problem is already reported
            return None
        name, problem = lookup.resolve(v, permanent, suggest=len(c.p) < limits.MAX_PROBLEMS)
        if problem:
            c.add(f"{where}: {problem}")
        return name

    perms, ids = _battlefield(c, data, player_ref, card_ref, cards)

    zones = {}
    for zone in ("hand", "library", "graveyard"):
        zones[zone] = {pl: [] for pl in good_players}
        z = c.typed(data, zone, dict, {}, "", "a mapping from player to a list of card names")
        for pl, names in z.items():
            if player_ref(pl, zone) is None:
                continue
            where = f"{zone}[{pl}]"
            if names is None:
                continue
            if not isinstance(names, list):
                c.add(f"{where}: must be a list of card names, got {show(names)}")
                continue
            zones[zone][pl] = _zone_cards(c, names, where, card_ref, cards)

    life = {pl: 20 for pl in good_players}
    for pl, n in c.typed(data, "life", dict, {}, "", "a mapping from player to life total").items():
        if player_ref(pl, "life") is None or n is None:
            continue
        if not _is_int(n) or abs(n) > limits.MAX_NUMBER:
            c.add(f"life[{pl}]: expected a whole number between -{limits.MAX_NUMBER} and "
                  f"{limits.MAX_NUMBER}, got {show(n)}")
        else:
            life[pl] = n

    effects = _effects(c, data, player_ref, card_ref, ids | pset)
    priority = data.get("priority")
    priority = active if priority is None else player_ref(priority, "priority")
    lands = {pl: 0 for pl in good_players} | _player_numbers(c, data, "lands_played", player_ref)
    pool = _mana_pool(c, data, player_ref, good_players)
    identity = _commander_identity(c, data, player_ref)
    initiative = data.get("initiative")
    initiative = None if initiative is None else player_ref(initiative, "initiative")
    monarch = data.get("monarch")
    monarch = None if monarch is None else player_ref(monarch, "monarch")     # 724.1, 724.3: one player
    dungeons = _player_numbers(c, data, "dungeons_completed", player_ref)
    speed = _player_numbers(c, data, "speed", player_ref, "a speed (0 to 4)",
                            (MAX_SPEED, f"a speed is at most {MAX_SPEED}, 702.179d"))
    turn_counts = {k: _player_numbers(c, data, k, player_ref) for k in TURN_COUNTS}
    stack = _stack(c, data, player_ref, card_ref, {p.id: p for p in perms})
    command = _command(c, data, player_ref, card_ref, cards)

    if c.p:
        raise InputError(_cap(c.p))
    return Snapshot(good_players, active, step, perms, zones["hand"], zones["library"],
                    zones["graveyard"], life, effects, list(extra), cards, priority, lands, pool, stack,
                    identity, initiative, dungeons, speed, {k: v for k, v in turn_counts.items() if v},
                    monarch, command)


def _player_numbers(c, data, key, player_ref, what="a number", most=None):
    """{player: N > 0} of DATA[KEY], a mapping from player to WHAT, a whole number (0..MAX_NUMBER;
    with MOST = (bound, why): at most bound, a larger one refused saying why); a player not
    listed, or listed with 0 or null, is left out."""
    out = {}
    for pl, n in c.typed(data, key, dict, {}, "", f"a mapping from player to {what}").items():
        if player_ref(pl, key) is not None and n is not None:
            n = c.number(n, f"{key}[{pl}]")
            if most is not None and n is not None and n > most[0]:
                c.add(f"{key}[{pl}]: {show(n)} is too large ({most[1]})")
            elif n:
                out[pl] = n
    return out


def _commander_identity(c, data, player_ref):
    """{player: colors}: the color identity of each player's commander (903.4), of both commanders
    together for a player with two (702.124c), as letters of W U B R G in that order; a player not
    listed has no commander (903.4f). An empty list is a commander with no color."""
    out = {}
    given = c.typed(data, "commander_identity", dict, {}, "", "a mapping from player to a list of colors")
    for pl, colors in given.items():
        where = f"commander_identity[{pl}]"
        if player_ref(pl, "commander_identity") is None:
            continue
        if not isinstance(colors, list):
            c.add(f"{where}: must be a list of colors such as [W, U], got {show(colors)}")
            continue
        colors = c.sized(colors, len(COLOR_LETTERS), where, "colors")
        bad = [v for v in colors if v not in COLOR_LETTERS]
        if bad:
            c.add(f"{where}: {show(bad[0])} is not a color; expected some of {', '.join(COLOR_LETTERS)}")
            continue
        out[pl] = tuple(v for v in COLOR_LETTERS if v in colors)
    return out


def _mana_pool(c, data, player_ref, players):
    """{player: [PoolMana]} (106.4), every player present."""
    pool = {pl: [] for pl in players}
    given = c.typed(data, "mana_pool", dict, {}, "", "a mapping from player to a list of mana")
    if not given:
        return pool
    from .manapool import ENTRY_KEYS, parse_entry      # only for a snapshot with a mana pool
    for pl, entries in given.items():
        if player_ref(pl, "mana_pool") is None or entries is None:
            continue
        where = f"mana_pool[{pl}]"
        if not isinstance(entries, list):
            c.add(f"{where}: must be a list of mana such as [\"{{G}}\", \"{{C}}\"], got {show(entries)}")
            continue
        entries = c.sized(entries, limits.MAX_POOL, where, "mana")
        for j, v in enumerate(entries):
            if isinstance(v, dict) and any(k not in ENTRY_KEYS for k in v):
                c.known_keys(v, ENTRY_KEYS, f"{where}[{j}]")
                continue
            try:
                pool[pl].append(parse_entry(v))
            except ValueError as e:
                c.add(f"{where}[{j}]: {e}")
    return pool


def _stack(c, data, player_ref, card_ref, perms):
    """The objects on the stack, top first (405.1)."""
    out = []
    for _, where, d in c.mappings(data, "stack", limits.MAX_STACK, "objects", "card and controller",
                                     "a list of objects, top first"):
        c.known_keys(d, STACK_KEYS, where)
        ability = c.flag(d, "ability", False, where)
        source = d.get("source")
        if source is not None:
            if not ability:
                c.add(f"{where}: 'source' is for abilities (add ability: true)")
            elif not isinstance(source, str) or source not in perms:
                c.add(f"{where}: source {show(source)} is not a permanent on the battlefield")
                source = None
        card = d.get("card")
        if card is None and source in perms:
            card = perms[source].card
        elif card is None:
            c.add(f"{where}: 'card' is required" + (" (or the 'source' permanent)" if ability else ""))
        else:
            card = card_ref(card, f"{where}: card")
        ctrl = d.get("controller")
        if ctrl is None:
            c.add(f"{where}: 'controller' is required")
        else:
            ctrl = player_ref(ctrl, f"{where}: controller")
        if card and ctrl:
            out.append(StackObject(card, ctrl, ability, source))
    return out


def _card_and_player(c, d, where, card_ref, player_ref, player_key):
    """An object's required `card` and player (PLAYER_KEY: owner or controller), each read with its
    reference check (None when absent or refused); an absent one is reported as required."""
    card = card_ref(d["card"], f"{where}: card") if d.get("card") is not None else None
    player = player_ref(d[player_key], f"{where}: {player_key}") if d.get(player_key) is not None else None
    for k in ("card", player_key):
        if d.get(k) is None:
            c.add(f"{where}: '{k}' is required")
    return card, player


def _command(c, data, player_ref, card_ref, cards):
    """The nontraditional cards in the command zone (408.3): planes and phenomena face up (901.7),
    vanguards (902.7), schemes face up (904.8: an ongoing one until abandoned, 904.11; another while
    its triggered abilities are pending, 904.10), conspiracies face up or face down (702.106a).
    Anything else is refused: a traditional card there (a commander, 903.3) has abilities that
    don't function there (113.6), which is not modelled; a dungeon (309.2c) is ventured into, which
    is not modelled either."""
    out = []
    for _, where, d in c.mappings(data, "command", limits.MAX_COMMAND, "objects", "card and owner",
                                     "a list of objects such as {card: Truga Jungle, owner: alice}"):
        c.known_keys(d, COMMAND_KEYS, where)
        card, owner = _card_and_player(c, d, where, card_ref, player_ref, "owner")
        ctrl = d.get("controller")
        ctrl = None if ctrl is None else player_ref(ctrl, f"{where}: controller")
        face_down = c.flag(d, "face_down", False, where)
        chosen = _chosen(c, d, where, player_ref)
        if card is None:
            continue
        kinds = {t for face in cards[card].faces for t in cardlib.type_words(face) if t in COMMAND_TYPES}
        if not kinds:
            c.add(f"{where}: {show(card)} is not a plane, phenomenon, vanguard, scheme or conspiracy: "
                  "only those are read in the command zone (113.6p); a commander there has no "
                  "abilities that function (113.6, 903.3), which is not modelled")
            continue
        kind = sorted(kinds)[0]
        if ctrl is not None and kind not in ("plane", "phenomenon") and ctrl != owner:
            c.add(f"{where}: controller {show(ctrl)}: a {kind} is controlled by its owner "
                  f"(CR {COMMAND_TYPES[kind]})")
        if face_down and kind != "conspiracy":
            c.add(f"{where}: face_down: only a conspiracy is face down in the command zone (702.106a); "
                  f"a face-down {kind} is not in play and is not listed")
        out.append(CommandObject(card, owner, ctrl, face_down, chosen))
    return out


def _players(c, data):
    """The valid player names, in turn order."""
    players = data.get("players")
    if players is None:
        c.add("players: required, a list of player names in turn order")
        return []
    if not isinstance(players, list) or not players:
        c.add(f"players: must be a non-empty list of player names, got {show(players)}")
        return []
    if len(players) > limits.MAX_PLAYERS:       # the names are still checked, for the references
        c.add(f"players: at most {limits.MAX_PLAYERS} players, got {len(players):,}")
    good, seen = [], set()
    for i, pl in enumerate(players):
        if not isinstance(pl, str) or not ID.fullmatch(pl):
            c.add(f"players[{i}]: {show(pl)} is not a valid player name (letters, digits, '_' and '-', "
                  f"at most {limits.MAX_ID})")
        elif pl in seen:
            c.add(f"players[{i}]: player {show(pl)} is listed twice")
        else:
            seen.add(pl)
            good.append(pl)
    return good


def _cards(c, data):
    """(the card definitions as given, every card the snapshot may use by name, the names of the
    definitions refused). Facts are keyed by card and face names, so a new card may not reuse a
    name (or face name) another card uses."""
    bundled = cardlib.bundled()
    cards = dict(bundled)
    taken = {k: card.name for card in bundled.values() for k in card.keys}
    extra = c.typed(data, "cards", list, [], "", "a list of card definitions")
    extra = c.sized(extra, limits.MAX_CARDS, "cards", "card definitions")
    refused = set()
    for i, d in enumerate(extra):
        try:
            card = cardlib.parse_card(d, f"cards[{i}]")
        except InputError as e:
            c.p.extend(e.problems)
            if isinstance(d, dict) and isinstance(d.get("name"), str):
                refused.add(d["name"])
            continue
        if bundled.get(card.name) == card:       # a verbatim copy of a bundled card is harmless
            continue
        if card.name in bundled:
            c.add(f"cards[{i}]: card {show(card.name)} is already in the bundled library with "
                  "a different definition; give your card another name")
            continue
        clash = sorted(k for k in card.keys if k in taken)
        if clash:
            owner = taken[clash[0]]
            c.add(f"cards[{i}]: card {show(card.name)} is defined twice" if owner == card.name else
                  f"cards[{i}]: name {show(clash[0])} is already used by card {show(owner)}")
            continue
        taken.update((k, card.name) for k in card.keys)
        cards[card.name] = card
    return extra, cards, refused


def _battlefield(c, data, player_ref, card_ref, cards):
    """(the permanents, the set of their ids)."""
    bf = c.typed(data, "battlefield", list, [], "", "a list of permanents")
    bf = c.sized(bf, limits.MAX_PERMANENTS, "battlefield", "permanents")
    perms, ids, wheres = [], set(), []
    placement = {}                          # (card, face down?) -> why it can't be a permanent
    for i, d in enumerate(bf):
        if not isinstance(d, dict):
            c.add(f"battlefield[{i}]: expected a mapping with id, card and controller, got {show(d)}")
            continue
        pid = d.get("id")
        if not isinstance(pid, str) or not ID.fullmatch(pid):
            c.add(f"battlefield[{i}]: 'id' {show(pid)} is missing or malformed (letters, digits, '_' "
                  f"and '-', at most {limits.MAX_ID})")
            where, pid = f"battlefield[{i}]", None
        elif pid in ids:
            c.add(f"battlefield[{i}] ({pid}): duplicate id {show(pid)}")
            where, pid = f"battlefield[{i}] ({pid})", None
        else:
            ids.add(pid)
            where = f"battlefield[{i}] ({pid})"
        c.known_keys(d, PERM_KEYS, where)
        face_down = d.get("face_down")
        if face_down is not None and face_down not in FACE_DOWN:
            c.add(f"{where}: face_down {show(face_down)} is not one of {', '.join(FACE_DOWN)}")
            face_down = None
        card = None
        if d.get("card") is None:
            c.add(f"{where}: 'card' is required")
        else:
            card = card_ref(d["card"], f"{where}: card", permanent=True)
        if card:
            key = (card, face_down is not None)
            if key not in placement:
                placement[key] = cardlib.battlefield_problem(cards[card], face_down is not None)
            problem = placement[key]
            if problem:
                c.add(f"{where}: card {show(card)}: {problem}")
        if d.get("controller") is None:
            c.add(f"{where}: 'controller' is required")
            ctrl = None
        else:
            ctrl = player_ref(d["controller"], f"{where}: controller")
        owner = ctrl if d.get("owner") is None else player_ref(d["owner"], f"{where}: owner")
        exerted = None if d.get("exerted_by") is None else player_ref(d["exerted_by"], f"{where}: exerted_by")
        x = None if d.get("x") is None else c.number(d["x"], f"{where}: x")
        att = d.get("attached_to")
        if att is not None and not isinstance(att, str):
            c.add(f"{where}: attached_to must be a permanent id, got {show(att)}")
            att = None
        wheres.append(where)
        entered = c.flag(d, "entered_this_turn", False, where)
        since = c.flag(d, "controlled_since_turn_start", not entered, where)
        if entered and since:
            c.add(f"{where}: 'entered_this_turn' and 'controlled_since_turn_start' can't both be true: a "
                  "permanent that entered this turn has not been controlled since its controller's turn "
                  "began (302.6)")
        cast_from = d.get("cast_from")
        if cast_from is not None and cast_from not in CAST_ZONES:
            c.add(f"{where}: cast_from {show(cast_from)} is not one of {', '.join(CAST_ZONES)}")
            cast_from = None
        perms.append(Permanent(
            id=pid, card=card, controller=ctrl, owner=owner,
            tapped=c.flag(d, "tapped", False, where),
            controlled_since_turn_start=since, entered_this_turn=entered, cast_from=cast_from,
            exiled_with=_exiled_with(c, d, where, card_ref, cards),
            counters=_counters(c, d, where), attached_to=att, face_down=face_down,
            exerted_by=exerted, x=x, phased_out=c.flag(d, "phased_out", False, where),
            chosen=_chosen(c, d, where, player_ref), token=c.flag(d, "token", False, where),
            level=_level(c, d, where), renowned=c.flag(d, "renowned", False, where)))
    for perm, where in zip(perms, wheres):
        if perm.attached_to is not None:
            if perm.attached_to not in ids:
                c.add(f"{where}: attached_to {show(perm.attached_to)} is not a permanent on the battlefield")
            elif perm.attached_to == perm.id:
                c.add(f"{where}: attached_to names the permanent itself")
    return perms, ids


def _exiled_with(c, d, where, card_ref, cards):
    """The names of the cards exiled with a permanent (406.6, 607.2a; 702.167c: the cards exiled to craft
    it): a list of card names, [] for none; None when the key is absent (not recorded)."""
    v = d.get("exiled_with")
    if v is None:
        return None
    if not isinstance(v, list):
        c.add(f"{where}: exiled_with must be a list of card names, got {show(v)}")
        return None
    return _zone_cards(c, v, f"{where}: exiled_with", card_ref, cards)


def _zone_cards(c, names, where, card_ref, cards):
    """The list NAMES of cards in a zone other than the battlefield (a hand, library or graveyard, or
    exile), at most MAX_ZONE_CARDS: each a card name (CARD_REF), and a card that can be there
    (cardlib.zone_problem: never a plane, scheme or other card of the command zone)."""
    names = c.sized(names, limits.MAX_ZONE_CARDS, where, "cards")
    kept = []
    for j, n in enumerate(names):
        n = card_ref(n, f"{where}[{j}]")
        if n:
            problem = cardlib.zone_problem(cards[n])
            if problem:
                c.add(f"{where}[{j}]: {show(n)}: {problem}")
            else:
                kept.append(n)
    return kept


def _level(c, d, where):
    """A permanent's level (716.2b): a whole number, at least 1; absent, 1 (716.2d)."""
    v = d.get("level")
    if v is None:
        return 1
    n = c.number(v, f"{where}: level", least=1)
    return 1 if n is None else n


def _chosen(c, d, where, player_ref):
    """The choices made as the permanent entered (614.12): {kind: value}, each checked. A color is
    one of W U B R G; colors a list of different ones (also those chosen outside the game: circled,
    written on the card, chosen as it was drafted); a basic land type one of the five (205.3i); a creature type or card name a
    string; a player one of the game's players."""
    given = c.typed(d, "chosen", dict, {}, f"{where}: ", "a mapping such as {color: G}")
    out = {}
    for kind, v in given.items():
        at = f"{where}: chosen: {kind}" if isinstance(kind, str) else f"{where}: chosen"
        if kind not in CHOSEN_KEYS:
            c.add(f"{where}: chosen: unknown key {show(kind)}; allowed keys: {', '.join(CHOSEN_KEYS)}")
        elif kind == "color":
            if v not in COLOR_LETTERS:
                c.add(f"{at}: {show(v)} is not a color; expected one of {', '.join(COLOR_LETTERS)}")
            else:
                out[kind] = v
        elif kind == "colors":
            if not isinstance(v, list) or not v or any(x not in COLOR_LETTERS for x in v) or len(set(v)) != len(v):
                c.add(f"{at}: must be a list of different colors, each one of {', '.join(COLOR_LETTERS)}, "
                      f"got {show(v)}")
            else:
                out[kind] = list(v)
        elif kind == "basic_land_type":
            if v not in BASIC_LAND_TYPES:
                c.add(f"{at}: {show(v)} is not a basic land type; expected one of {', '.join(BASIC_LAND_TYPES)}")
            else:
                out[kind] = v
        elif kind == "player":
            if player_ref(v, at) is not None:
                out[kind] = v
        elif not isinstance(v, str) or not v.strip() or len(v) > limits.MAX_NAME:
            c.add(f"{at}: must be a name of 1 to {limits.MAX_NAME} characters, got {show(v)}")
        elif (problem := character_problem(at, v)) is not None:
            c.add(problem)                  # clingo would cut the name at a NUL (untrusted.py)
        else:
            out[kind] = v
    return out


def _counters(c, d, where):
    """A permanent's counters by canonical kind (kinds spelt two ways are added up, 122.1); its
    +X/+Y counters together change power and toughness by at most MAX_NUMBER each."""
    given = c.typed(d, "counters", dict, {}, f"{where}: ", 'a mapping such as {"+1/+1": 2}')
    given = c.sized(given, limits.MAX_COUNTER_KINDS, f"{where}: counters", "kinds of counters")
    out, power, toughness = {}, 0, 0
    for kind, n in given.items():
        try:
            kind, change = counters_mod.canonical(kind, where)
        except ValueError as e:
            c.add(str(e))
            continue
        n = c.number(n, f"{where}: counters[{show(kind)}]")
        if not n:
            continue
        total = out.get(kind, 0) + n
        if total > limits.MAX_NUMBER:
            c.add(f"{where}: counters[{show(kind)}]: {total} in all is too many (at most {limits.MAX_NUMBER})")
            continue
        out[kind] = total
        if change:
            power += abs(change[0]) * n
            toughness += abs(change[1]) * n
    if max(power, toughness) > limits.MAX_NUMBER:
        c.add(f"{where}: counters: together they change power or toughness by more than {limits.MAX_NUMBER}")
    return out


def _effects(c, data, player_ref, card_ref, targets_ok):
    effects = []
    for _, where, d in c.mappings(data, "effects", limits.MAX_EFFECTS, "effects", "card, controller and targets"):
        c.known_keys(d, EFFECT_KEYS, where)
        card, ctrl = _card_and_player(c, d, where, card_ref, player_ref, "controller")
        tg = c.typed(d, "targets", list, [], f"{where}: ", "a list of permanent ids or players")
        tg = c.sized(tg, limits.MAX_TARGETS, f"{where}: targets", "targets")
        for t in tg:
            if not isinstance(t, str) or t not in targets_ok:
                c.add(f"{where}: target {show(t)} is not a permanent on the battlefield or a player")
        effects.append(Effect(card, ctrl, [t for t in tg if isinstance(t, str)]))
    return effects
