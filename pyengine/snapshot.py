"""Game snapshots (DESIGN.md, "The snapshot"): reading, complete validation, normalisation.

``load(path_or_text)`` returns a :class:`Snapshot` or raises :class:`InputError` listing every
problem, one line each, naming the key and the permanent. Nothing is grounded before a snapshot
has passed validation, so nothing is ever half-applied. ``Snapshot.to_dict()`` gives back the
same format (with defaults filled in), so that ``apply`` output can be fed back in.
"""

import copy
from contextlib import contextmanager
from dataclasses import dataclass, field
import gc
from pathlib import Path
import re
import reprlib

import yaml

from . import cardlib, cardlookup
from .errors import InputError

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
FACE_DOWN = ("manifest", "manifest_dread", "cloak", "morph", "disguise")
ID = re.compile(r"[A-Za-z0-9_-]{1,64}")      # used with fullmatch ('$' would accept "a\n")
MAX_INT = 1_000_000
MAX_BYTES = 20_000_000
MAX_PROBLEMS = 50                             # beyond this, one summary line (a 10 MB file of junk)
TOP_KEYS = ("players", "active", "step", "battlefield", "hand", "library", "graveyard", "life",
            "effects", "cards")
PERM_KEYS = ("id", "card", "controller", "owner", "tapped", "controlled_since_turn_start",
             "counters", "attached_to", "face_down", "exerted_by", "x", "phased_out")
EFFECT_KEYS = ("card", "controller", "targets")


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = _REPR.maxset = 4
_REPR.maxlevel = 2


def show(v):
    """A short repr of a user-supplied value for a problem line: bounded even for deeply nested
    or alias-multiplied YAML (a "billion laughs" document must not print gigabytes)."""
    try:
        r = _REPR.repr(v)
    except ValueError:                        # an int of more than 4300 digits has no repr
        return "<a very large number>"
    return r if len(r) <= 100 else r[:96] + "...]"


def _cap(problems):
    """At most MAX_PROBLEMS lines, then one line saying how many more there were."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    return problems[:MAX_PROBLEMS] + [f"... and {len(problems) - MAX_PROBLEMS} more problems"]


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """Safe YAML (libyaml when available: the pure-Python parser needs ~45 s and 1.3 GB for an
    8 MB list) that refuses duplicate keys instead of silently keeping the last one."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                dup = key in seen
                seen.add(key)
            except TypeError:                 # unhashable key: the base class reports it
                break
            if dup:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {show(key)}", key_node.start_mark)
        return super().construct_mapping(node, deep)


@dataclass
class Permanent:
    """One permanent on the battlefield, every key filled in."""

    id: str
    card: str
    controller: str
    owner: str
    tapped: bool = False
    controlled_since_turn_start: bool = True
    counters: dict = field(default_factory=dict)
    attached_to: str | None = None
    face_down: str | None = None
    exerted_by: str | None = None
    x: int | None = None
    phased_out: bool = False


@dataclass
class Effect:
    """An effect of a resolved spell or ability that still applies."""

    card: str
    controller: str
    targets: list = field(default_factory=list)


@dataclass
class Snapshot:
    """A validated game snapshot. ``cards`` maps every card name it may use to its Card."""

    players: list
    active: str
    step: str
    battlefield: list
    hand: dict
    library: dict
    graveyard: dict
    life: dict
    effects: list
    extra_cards: list
    cards: dict

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
            return d
        d = {"players": list(self.players), "active": self.active, "step": self.step,
             "battlefield": [perm(p) for p in self.battlefield]}
        for k in ("hand", "library", "graveyard"):
            zone = {pl: list(v) for pl, v in getattr(self, k).items() if v}
            if zone:
                d[k] = zone
        d["life"] = dict(self.life)
        if self.effects:
            d["effects"] = [{"card": e.card, "controller": e.controller, "targets": list(e.targets)}
                            for e in self.effects]
        if self.extra_cards:
            d["cards"] = copy.deepcopy(self.extra_cards)
        return d


def read_file(path):
    """Parse a YAML or JSON snapshot file into plain data; one InputError line on failure."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InputError(f"{path}: file is larger than {MAX_BYTES} bytes")
        raw = path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}: cannot read file ({e.strerror or e})")
    return parse_text(raw, str(path))


def parse_text(raw, where="snapshot"):
    """Parse YAML or JSON text (str or bytes) into plain data; one InputError line on failure."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{where}: not a text file (expected UTF-8 YAML or JSON)")
    if "\x00" in raw:
        raise InputError(f"{where}: not a text file (contains NUL bytes)")
    if not raw.strip():
        raise InputError(f"{where}: empty file; a snapshot needs at least 'players'")
    try:
        with _gc_paused():
            data = yaml.load(raw, Loader=_Loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or "invalid syntax"
        raise InputError(f"{where}: not valid YAML or JSON{at}: {problem}")
    except (RecursionError, ValueError, OverflowError) as e:
        raise InputError(f"{where}: cannot be read as YAML or JSON ({type(e).__name__})")
    if not isinstance(data, dict):
        raise InputError(f"{where}: the top level must be a mapping with keys such as players and battlefield")
    return data


@contextmanager
def _gc_paused():
    """Pause the cyclic garbage collector while parsing: a parse only allocates (no cycles to
    free), and the collections it would trigger made the time of a 10,000-permanent snapshot
    grow faster than its size (bench/README.md)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load(source):
    """Validate a snapshot given as a file path or as already parsed data (a dict)."""
    return validate(source if isinstance(source, dict) else read_file(source))


def loads(text):
    """Validate a snapshot given as YAML or JSON text."""
    return validate(parse_text(text))


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def validate(data):
    """Validate parsed snapshot data completely; returns a Snapshot or raises InputError."""
    p = []                                     # every problem, one line each
    if not isinstance(data, dict):
        raise InputError("snapshot: the top level must be a mapping")
    for k in data:
        if k not in TOP_KEYS:
            p.append(f"snapshot: unknown key {show(k)}; allowed keys: {', '.join(TOP_KEYS)}")

    players = data.get("players")
    if players is None:
        p.append("players: required, a list of player names in turn order")
        players = []
    elif not isinstance(players, list) or not players:
        p.append("players: must be a non-empty list of player names")
        players = []
    good_players = []
    for i, pl in enumerate(players):
        if not isinstance(pl, str) or not ID.fullmatch(pl):
            p.append(f"players[{i}]: {show(pl)} is not a valid player name (letters, digits, '_' and '-')")
        elif pl in good_players:
            p.append(f"players[{i}]: player {show(pl)} is listed twice")
        else:
            good_players.append(pl)
    pset = set(good_players)

    def player_ref(v, where):
        if not isinstance(v, str) or v not in pset:
            p.append(f"{where}: unknown player {show(v)}; players are {', '.join(good_players) or '(none)'}")
            return None
        return v

    active = data.get("active", good_players[0] if good_players else None)
    if "active" in data:
        active = player_ref(data["active"], "active")
    step = data.get("step", "precombat_main")
    if step not in STEPS:
        p.append(f"step: {show(step)} is not a step; expected one of {', '.join(STEPS)}")

    # cards: snapshot-defined cards join the bundled library. Facts are keyed by card and face
    # names, so a new card may not reuse a name (or face name) that another card already uses.
    bundled = cardlib.bundled()
    cards = dict(bundled)
    taken = {k: c.name for c in bundled.values() for k in c.keys}
    extra = data.get("cards", []) or []
    if not isinstance(extra, list):
        p.append("cards: must be a list of card definitions")
        extra = []
    for i, d in enumerate(extra):
        try:
            card = cardlib.parse_card(d, f"cards[{i}]")
        except InputError as e:
            p.extend(e.problems)
            continue
        if bundled.get(card.name) == card:       # a verbatim copy of a bundled card is harmless
            continue
        if card.name in bundled:
            p.append(f"cards[{i}]: card {show(card.name)} is already in the bundled library with "
                     "a different definition; give your card another name")
            continue
        clash = sorted(k for k in card.keys if k in taken)
        if clash:
            owner = taken[clash[0]]
            p.append(f"cards[{i}]: card {show(card.name)} is defined twice" if owner == card.name else
                     f"cards[{i}]: name {show(clash[0])} is already used by card {show(owner)}")
            continue
        taken.update((k, card.name) for k in card.keys)
        cards[card.name] = card

    # card names: the cards above, then the card database (pyengine/cardlookup.py)
    lookup = cardlookup.Lookup(cards)

    def card_ref(v, where, permanent=False):
        """The card name v stands for (a face name, another spelling), or None (problem added)."""
        if not isinstance(v, str):
            p.append(f"{where}: unknown card {show(v)}")
            return None
        name, problem = lookup.resolve(v, permanent, suggest=len(p) < MAX_PROBLEMS)  # bounded work
        if problem:
            p.append(f"{where}: {problem}")
        return name

    def flag(d, key, default, where):
        v = d.get(key, default)
        if not isinstance(v, bool):
            p.append(f"{where}: '{key}' must be true or false, got {show(v)}")
            return default
        return v

    def count(v, where, minimum=0):
        if not _is_int(v):
            p.append(f"{where}: expected a whole number, got {show(v)}")
            return None
        if v < minimum:
            p.append(f"{where}: must not be negative, got {show(v)}")
            return None
        if v > MAX_INT:
            p.append(f"{where}: {show(v)} is too large (at most {MAX_INT})")
            return None
        return v

    bf = data.get("battlefield", []) or []
    if not isinstance(bf, list):
        p.append("battlefield: must be a list of permanents")
        bf = []
    perms, ids, wheres = [], set(), []
    for i, d in enumerate(bf):
        if not isinstance(d, dict):
            p.append(f"battlefield[{i}]: expected a mapping with id, card and controller")
            continue
        pid = d.get("id")
        if not isinstance(pid, str) or not ID.fullmatch(pid):
            p.append(f"battlefield[{i}]: 'id' {show(pid)} is missing or malformed (letters, digits, '_' and '-', at most 64)")
            where, pid = f"battlefield[{i}]", None
        elif pid in ids:
            p.append(f"battlefield[{i}] ({pid}): duplicate id {show(pid)}")
            where, pid = f"battlefield[{i}] ({pid})", None
        else:
            ids.add(pid)
            where = f"battlefield[{i}] ({pid})"
        for k in d:
            if k not in PERM_KEYS:
                p.append(f"{where}: unknown key {show(k)}; allowed keys: {', '.join(PERM_KEYS)}")
        if "card" in d:
            card = card_ref(d["card"], f"{where}: card", permanent=True)
        else:
            card = None
            p.append(f"{where}: 'card' is required")
        if "controller" not in d:
            p.append(f"{where}: 'controller' is required")
            ctrl = None
        else:
            ctrl = player_ref(d["controller"], f"{where}: controller")
        owner = player_ref(d["owner"], f"{where}: owner") if "owner" in d else ctrl
        counters = d.get("counters", {}) or {}
        good_counters = {}
        if not isinstance(counters, dict):
            p.append(f"{where}: 'counters' must be a mapping such as {{\"+1/+1\": 2}}")
        else:
            for kind, n in counters.items():
                if not isinstance(kind, str) or not kind.strip() or len(kind) > 64:
                    p.append(f"{where}: counter kind {show(kind)} must be a short non-empty name")
                    continue
                n = count(n, f"{where}: counters[{show(kind)}]")
                if n:
                    good_counters[kind] = n
        face_down = d.get("face_down")
        if face_down is not None and face_down not in FACE_DOWN:
            p.append(f"{where}: face_down {show(face_down)} is not one of {', '.join(FACE_DOWN)}")
        exerted = player_ref(d["exerted_by"], f"{where}: exerted_by") if d.get("exerted_by") is not None else None
        x = count(d["x"], f"{where}: x") if d.get("x") is not None else None
        att = d.get("attached_to")
        if att is not None and not isinstance(att, str):
            p.append(f"{where}: attached_to must be a permanent id")
            att = None
        wheres.append(where)
        perms.append(Permanent(
            id=pid, card=card, controller=ctrl, owner=owner,
            tapped=flag(d, "tapped", False, where),
            controlled_since_turn_start=flag(d, "controlled_since_turn_start", True, where),
            counters=good_counters, attached_to=att, face_down=face_down,
            exerted_by=exerted, x=x, phased_out=flag(d, "phased_out", False, where)))
    for perm, where in zip(perms, wheres):
        if perm.attached_to is not None:
            if perm.attached_to not in ids:
                p.append(f"{where}: attached_to {show(perm.attached_to)} is not a permanent on the battlefield")
            elif perm.attached_to == perm.id:
                p.append(f"{where}: attached_to names the permanent itself")

    zones = {}
    for zone in ("hand", "library", "graveyard"):
        z = data.get(zone, {}) or {}
        zones[zone] = {pl: [] for pl in good_players}
        if not isinstance(z, dict):
            p.append(f"{zone}: must be a mapping from player to a list of card names")
            continue
        for pl, names in z.items():
            if player_ref(pl, f"{zone}") is None:
                continue
            if not isinstance(names, list):
                p.append(f"{zone}[{pl}]: must be a list of card names")
                continue
            found = (card_ref(n, f"{zone}[{pl}][{j}]") for j, n in enumerate(names))
            zones[zone][pl] = [c for c in found if c is not None]

    life = {pl: 20 for pl in good_players}
    lv = data.get("life", {}) or {}
    if not isinstance(lv, dict):
        p.append("life: must be a mapping from player to life total")
    else:
        for pl, n in lv.items():
            if player_ref(pl, "life") is None:
                continue
            if not _is_int(n) or abs(n) > MAX_INT:
                p.append(f"life[{pl}]: expected a whole number between -{MAX_INT} and {MAX_INT}, got {show(n)}")
            else:
                life[pl] = n

    effects = []
    ev = data.get("effects", []) or []
    if not isinstance(ev, list):
        p.append("effects: must be a list")
        ev = []
    targets_ok = ids | pset
    for i, d in enumerate(ev):
        where = f"effects[{i}]"
        if not isinstance(d, dict):
            p.append(f"{where}: expected a mapping with card, controller and targets")
            continue
        for k in d:
            if k not in EFFECT_KEYS:
                p.append(f"{where}: unknown key {show(k)}; allowed keys: {', '.join(EFFECT_KEYS)}")
        card = card_ref(d["card"], f"{where}: card") if "card" in d else None
        ctrl = player_ref(d["controller"], f"{where}: controller") if "controller" in d else None
        p += [f"{where}: '{k}' is required" for k in ("card", "controller") if k not in d]
        tg = d.get("targets", []) or []
        if not isinstance(tg, list):
            p.append(f"{where}: targets must be a list of permanent ids or players")
            tg = []
        for t in tg:
            if not isinstance(t, str) or t not in targets_ok:
                p.append(f"{where}: target {show(t)} is not a permanent on the battlefield or a player")
        effects.append(Effect(card, ctrl, [t for t in tg if isinstance(t, str)]))

    if p:
        raise InputError(_cap(p))
    return Snapshot(good_players, active, step, perms, zones["hand"], zones["library"],
                    zones["graveyard"], life, effects, list(extra), cards)
