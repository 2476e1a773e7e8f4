"""Forge puzzle files (``.pzl``) and Forge game-state files as snapshots: ``mtgkb import forge``.

A puzzle has a ``[metadata]`` section (``Key:Value`` lines: Name, Goal, Turns, Difficulty,
Description, ...) and a ``[state]`` section of case-insensitive ``key=value`` lines; a file with no
section headers is read as a bare game state. State keys: ``turn``, ``activeplayer``,
``activephase``, ``removesummoningsickness`` and, per player (``human``, ``ai``, ``p0``, ``p1``,
...), ``life``, ``hand``, ``battlefield``, ``graveyard``, ``library``, ``exile``, ``counters``,
``manapool``, ... A zone is a ``;``-separated list of cards ``Name|Modifier|Key:Value...``.

:func:`convert` turns the text into a snapshot dict, converting every key and modifier the
snapshot can express. What it cannot express is refused, naming the line, the card and the
reason (:class:`InputError`, one line per problem); with ``lenient=True`` each such thing is
dropped instead, with a note saying what was dropped and why. The tables :data:`STATE_KEYS`,
:data:`PLAYER_KEYS` and :data:`MODIFIERS` are the one place to extend when the snapshot learns
something new (issue 12: ``landsplayed``, ``manapool`` and ``putonstack`` become ``lands_played``,
``mana_pool`` and ``stack``).

Card names are not checked here: the snapshot is written even when it names cards this
installation doesn't know, and validating it (any other command) reports them.
"""

from dataclasses import dataclass, field
from pathlib import Path
import re

import yaml

from .. import cardfacts, cardlib
from ..cardlookup import Lookup
from ..errors import InputError
from ..limits import MAX_NUMBER
from ..reader import read_bytes

# Forge's phases (PhaseType) -> snapshot steps (CR 500.1). COMBAT_FIRST_STRIKE_DAMAGE is the first
# of two combat damage steps (510.4): a combat damage step.
STEPS = {
    "UNTAP": "untap", "UPKEEP": "upkeep", "DRAW": "draw", "MAIN1": "precombat_main",
    "COMBAT_BEGIN": "beginning_of_combat", "COMBAT_DECLARE_ATTACKERS": "declare_attackers",
    "COMBAT_DECLARE_BLOCKERS": "declare_blockers", "COMBAT_FIRST_STRIKE_DAMAGE": "combat_damage",
    "COMBAT_DAMAGE": "combat_damage", "COMBAT_END": "end_of_combat", "MAIN2": "postcombat_main",
    "END_OF_TURN": "end", "CLEANUP": "cleanup",
}
ZONES = ("battlefield", "hand", "graveyard", "library")
_PN = re.compile(r"p(\d)")                                  # Forge reads one digit after 'p'
_PT_COUNTER = re.compile(r"([PM])(\d+)([PM])(\d+)")         # P1P1 -> +1/+1, M2M1 -> -2/-1
_SLUG = re.compile(r"[^a-z0-9]+")
_NEXT_ISSUE = "issue 12 adds it"


# --- what the snapshot cannot express: one table per kind of thing -------------------------------

#: state keys (besides the per-player ones) -> None if converted, else why they can't be
STATE_KEYS = {
    "turn": None, "activeplayer": None, "activephase": None, "removesummoningsickness": None,
    "activephaseadvance": "advancing to another phase fires triggered abilities as the puzzle "
                          "starts; the snapshot is the state before that",
}

#: per-player keys -> None if converted, else why a non-empty (non-zero) value can't be
PLAYER_KEYS = {      # in the order Forge tests how a key ends
    "life": None,
    "counters": "the snapshot has no counters on players (poison, energy, ...)",
    "landsplayed": None,
    "landsplayedlastturn": "the snapshot has no count of lands played last turn",
    "numringtemptedyou": "the snapshot has no count of times the Ring tempted a player",
    "speed": "the snapshot has no player speed",
    "play": None, "battlefield": None, "hand": None, "graveyard": None, "library": None,
    "exile": "the snapshot has no exile zone",
    "command": "the snapshot's command zone holds planes, vanguards, schemes and conspiracies only, not "
               "commanders or emblems",
    "sideboard": "the snapshot has no sideboard",
    "precast": "spells cast as the puzzle starts resolve before it; their effects are not expressible",
    "putonstack": None,
    "manapool": None,
    "persistentmana": "the snapshot's mana pool empties between steps (500.4); mana that doesn't is "
                      "not expressible",
}

#: card modifiers that are converted (handled in _apply_modifier)
CONVERTED = {"set", "art", "id", "tapped", "summonsick", "counters", "facedown", "phasedout",
             "attachedto", "attaching", "owner", "noetbtrigs", "chosencolor", "namedcard"}
#: Forge's color names (ChosenColor:Red, any case) -> the snapshot's letters (`chosen: {color: R}`)
FORGE_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: card modifiers the snapshot can't express -> (what --lenient drops: "card" or "modifier", why)
MODIFIERS = {
    "transformed": ("card", "the snapshot cannot say that the back face of a double-faced card is up"),
    "modal": ("card", "the snapshot cannot say that the back face of a modal double-faced card is up"),
    "flipped": ("card", "the snapshot cannot say that a flip card is flipped"),
    "meld": ("card", "the snapshot has no melded permanents"),
    "mergedcards": ("card", "the snapshot has no merged (mutated) permanents"),
    "istoken": ("card", "the snapshot cannot mark a permanent as a token (CR 111.1, 111.7)"),
    "attacking": ("modifier", "the snapshot has no combat yet (attacking creatures)"),
    "damage": ("modifier", "the snapshot has no marked damage"),
    "renowned": ("modifier", "the snapshot has no renowned designation"),
    "monstrous": ("modifier", "the snapshot has no monstrous designation"),
    "solved": ("modifier", "the snapshot has no solved designation"),
    "saddled": ("modifier", "the snapshot has no saddled designation"),
    "suspected": ("modifier", "the snapshot has no suspected designation"),
    "classlevel": ("modifier", "the snapshot has no Class levels"),
    "unlockedroom": ("modifier", "the snapshot has no unlocked Room doors"),
    "chosentype": ("modifier", "Forge's chosen type does not say which kind of type it is (creature type, "
                               "basic land type, card type); the snapshot's `chosen` needs the kind"),
    "chosentype2": ("modifier", "the snapshot has one choice of each kind (`chosen`), not a second chosen type"),
    "chosencards": ("modifier", "the snapshot has no chosen cards"),
    "rememberedcards": ("modifier", "the snapshot has no remembered cards"),
    "imprinting": ("modifier", "the snapshot has no imprinted cards"),
    "exiledwith": ("modifier", "the snapshot has no exile zone"),
    "onadventure": ("modifier", "the snapshot has no exile zone"),
    "foretold": ("modifier", "the snapshot has no exile zone"),
    "foretoldthisturn": ("modifier", "the snapshot has no exile zone"),
    "iscommander": ("modifier", "the snapshot has no commanders"),
    "isringbearer": ("modifier", "the snapshot has no Ring-bearer designation"),
    "enchantingplayer": ("card", "the snapshot cannot attach an Aura to a player"),
    "executescript": ("card", "it runs a Forge script on the card as the puzzle starts"),
    "ability": ("card", "it gives the card an ability written in Forge's script language"),
}
TOKEN_REASON = "the snapshot cannot mark a permanent as a token (CR 111.1, 111.7)"


@dataclass
class Conversion:
    """A converted puzzle: the snapshot (public format), the puzzle's metadata, and one note per
    thing dropped under --lenient."""

    snapshot: dict
    metadata: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    unknown_cards: list = field(default_factory=list)


def load(path, lenient=False):
    """Read and convert a puzzle file; InputError (one line per problem) when it can't be."""
    return convert(read_bytes(path), str(path), lenient)


def convert(text, where="puzzle", lenient=False):
    """Convert a puzzle (str or bytes) into a :class:`Conversion`; InputError if it can't be."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError(f"{where}: not a text file (expected a UTF-8 Forge puzzle)")
    if "\x00" in text:
        raise InputError(f"{where}: not a text file (contains NUL bytes)")
    metadata, state = _sections(text, where)
    return _Converter(where, lenient).run(metadata, state)


def _sections(text, where):
    """([metadata lines], [state lines]) as (line number, text); a file without any section
    header is a bare game state."""
    sections, current = {}, None
    lines = list(enumerate(text.splitlines(), 1))
    if not any(t.strip().startswith("[") and t.strip().endswith("]") for _, t in lines):
        return [], [(n, t) for n, t in lines]
    for n, t in lines:
        s = t.strip()
        if s.startswith("[") and s.endswith("]"):
            current = s[1:-1].strip().lower()
            sections.setdefault(current, [])
        elif current is not None:
            sections[current].append((n, t))
    if "state" not in sections:
        raise InputError(f"{where}: no [state] section; a Forge puzzle has [metadata] and [state]")
    return sections.get("metadata", []), sections["state"]


def _metadata(lines):
    """The [metadata] section's Key:Value lines as a dict."""
    metadata = {}
    for _, t in lines:
        s = t.strip()
        if not s or s.startswith("#"):
            continue
        key, sep, value = s.partition(":")
        if not sep:
            key, sep, value = s.partition("=")
        if sep:
            metadata[key.strip()] = value.strip()
    return metadata


def player_key(key):
    """(player index, key suffix, style) of a per-player key, read as Forge reads it: the player
    from the prefix (human = 0, ai = 1, pN = N), the key from how it ends (so Forge's own puzzles'
    typos such as 'aillibrary' mean what Forge makes of them); None if it is not one."""
    if key.startswith("human"):
        index, style = 0, "human-ai"
    elif key.startswith("ai"):
        index, style = 1, "human-ai"
    elif _PN.match(key):
        index, style = int(key[1]), None
    else:
        return None
    suffix = next((k for k in PLAYER_KEYS if key.endswith(k)), None)
    return (index, suffix, style) if suffix else None


def player_name(index, style):
    """The snapshot name of Forge's player INDEX: human/ai when the file calls them so, else pN."""
    if style == "human-ai" and index < 2:
        return ("human", "ai")[index]
    return f"p{index}"


def counter_kind(forge_name):
    """A Forge counter type as a snapshot counter kind: P1P1 -> "+1/+1", M1M1 -> "-1/-1",
    LOYALTY -> "loyalty", any other lower-cased."""
    m = _PT_COUNTER.fullmatch(forge_name.upper())
    if m:
        sign = {"P": "+", "M": "-"}
        return f"{sign[m[1]]}{int(m[2])}/{sign[m[3]]}{int(m[4])}"
    return forge_name.lower()


def _slug(name):
    s = _SLUG.sub("-", name.lower()).strip("-")[:56].strip("-")
    return s if re.search(r"[a-z]", s) else "card"


def _int(value, where, problems, minimum=None):
    try:
        n = int(value.strip())
    except ValueError:
        problems.append(f"{where}: expected a whole number, got {value.strip()[:40]!r}")
        return None
    if abs(n) > MAX_NUMBER or (minimum is not None and n < minimum):
        problems.append(f"{where}: {n} is out of range")
        return None
    return n


@dataclass
class _Card:
    """One card entry of a zone, as read."""

    where: str
    zone: str
    player: int
    name: str
    mods: list                   # [(name lower-case, value or None, raw)]
    token: bool = False


class _Converter:
    def __init__(self, where, lenient):
        self.where, self.lenient = where, lenient
        self.problems, self.notes = [], []
        self.lookup = Lookup(dict(cardlib.bundled()))   # card names as snapshots resolve them

    def card(self, name):
        """The card NAME stands for (the bundled library, then the card database), or None."""
        found, _ = self.lookup.resolve(name, suggest=False)
        return None if found is None else self.lookup.cards[found]

    def refuse(self, where, what, why, drop_note=None):
        """Something the snapshot can't express: a problem, or under --lenient a note."""
        if self.lenient:
            self.notes.append(f"{where}: dropped {drop_note or what}: {why}")
        else:
            self.problems.append(f"{where}: {what}: {why}")

    def run(self, meta_lines, state_lines):
        metadata = _metadata(meta_lines)
        entries, style, indexes = self.entries(state_lines)
        count = max([1] + list(indexes)) + 1      # a game state has at least two players
        names = [player_name(i, style) for i in range(count)]
        snap = {"players": names, "active": names[0], "step": "precombat_main", "battlefield": []}
        no_sickness, life, cards = False, {}, []
        for where, k, key, value, index, suffix in entries:      # pass 2, in the file's order
            if index is None:
                if k in STATE_KEYS:
                    why = STATE_KEYS[k]
                    if why and value.strip():
                        self.refuse(f"{where} ({k})", f"{k}={value.strip()[:40]}", why)
                    elif k == "turn":
                        turn = _int(value, f"{where} (turn)", self.problems, minimum=1)
                        if turn is not None:
                            metadata["Turn number"] = str(turn)
                    elif k == "activeplayer":
                        snap["active"] = self.player_ref(value, f"{where} (activeplayer)", names) or names[0]
                    elif k == "activephase":
                        step = STEPS.get(value.strip().upper())
                        if step is None:
                            self.problems.append(f"{where} (activephase): {value.strip()[:40]!r} is not a "
                                                 f"Forge phase; expected one of {', '.join(STEPS)}")
                        else:
                            snap["step"] = step
                    elif k == "removesummoningsickness":
                        no_sickness = value.strip().lower() == "true"
                elif k.startswith("ability"):
                    self.refuse(f"{where} ({k})", "a Forge-scripted ability",
                                "it is written in Forge's script language")
                else:
                    self.refuse(f"{where}", f"unknown key {key[:40]!r}", "not a Forge state key this "
                                "importer knows", drop_note=f"the line {key[:40]}=...")
                continue
            label = f"{where} ({names[index]} {suffix})"
            if suffix == "life":
                n = _int(value, label, self.problems)
                if n is not None and n != -1:          # -1: Forge's "not set"
                    life[names[index]] = n
            elif suffix in ZONES or suffix == "play":
                cards += self.read_zone(value, label, "battlefield" if suffix == "play" else suffix, index)
            elif suffix == "landsplayed":
                n = _int(value, label, self.problems, minimum=0)
                if n:
                    snap.setdefault("lands_played", {})[names[index]] = n
            elif suffix == "manapool":
                self.read_pool(value, label, snap.setdefault("mana_pool", {}).setdefault(names[index], []))
            elif suffix == "putonstack":
                self.read_stack(value, label, names[index], snap.setdefault("stack", []))
            elif value.strip() and value.strip() != "0":
                self.refuse(label, f"{suffix}={value.strip()[:40]}", PLAYER_KEYS[suffix])
        self.build(snap, cards, names, no_sickness)
        snap["life"] = {p: life.get(p, 20) for p in names}
        if self.problems:
            raise InputError(self.problems)
        unknown = sorted({c for c in _card_names(snap) if self.card(c) is None})
        return Conversion(snap, metadata, self.notes, unknown)

    def read_pool(self, value, label, pool):
        """Forge's mana pool, mana letters separated by spaces ("G G C"), as snapshot entries (106.4)."""
        for token in value.split():
            if token.upper() in ("W", "U", "B", "R", "G", "C"):
                pool.append("{%s}" % token.upper())
            else:
                self.refuse(label, f"mana {token[:40]!r}", "not one mana of a type (W, U, B, R, G or C)")

    def read_stack(self, value, label, player, stack):
        """Cards Forge puts on the stack as the puzzle starts (';'-separated), as spells the player
        controls; Forge puts them on in order, so the last is on top (405.2)."""
        for entry in [e.strip() for e in value.split(";") if e.strip()]:
            if "|" in entry:
                self.refuse(label, f"{entry[:40]!r}", "a card on the stack with modifiers (targets, "
                            "choices) is not expressible")
            else:
                stack.insert(0, {"card": entry, "controller": player})

    def entries(self, state_lines):
        """Pass 1 over the state: [(where, key lower-case, key, value, player index or None,
        suffix)], the player naming style, and the player indexes used."""
        entries, style, indexes = [], None, set()
        for n, t in state_lines:
            s = t.strip()
            if not s or s.startswith("#"):
                continue
            key, sep, value = s.partition("=")
            where = f"{self.where} line {n}"
            if not sep:
                self.problems.append(f"{where}: expected key=value, got {s[:60]!r}")
                continue
            k = key.strip().lower()
            pk = None if k in STATE_KEYS or k.startswith("ability") else player_key(k)
            if pk is None:
                entries.append((where, k, key.strip(), value, None, None))
                if k == "activeplayer" and value.strip().lower() in ("human", "ai"):
                    style = style or "human-ai"
                continue
            index, suffix, key_style = pk
            style = style or key_style
            indexes.add(index)
            entries.append((where, k, key.strip(), value, index, suffix))
        return entries, style, indexes

    def player_ref(self, text, where, names):
        """Forge's player references: human, ai, p0, p1 ... (any case)."""
        t = text.strip().lower()
        index = {"human": 0, "ai": 1}.get(t)
        if index is None and re.fullmatch(r"p\d+", t):
            index = int(t[1:])
        if index is None or index >= len(names):
            self.problems.append(f"{where}: unknown player {text.strip()[:40]!r}; players are "
                                 f"{', '.join(names)} (Forge: human, ai, p0, p1, ...)")
            return None
        return names[index]

    def read_zone(self, value, label, zone, player):
        out = []
        for i, entry in enumerate(e.strip() for e in value.split(";")):
            if not entry:
                continue
            parts = [p.strip() for p in entry.split("|")]
            name, mods = parts[0], []
            for raw in parts[1:]:
                mname, sep, mval = raw.partition(":")
                mods.append((mname.strip().lower(), mval.strip() if sep else None, raw))
            token = name[:2].lower() == "t:"
            if not token and name.endswith("+"):            # Forge's foil marker
                name = name[:-1].rstrip()
            shown = name.split(",")[0] if token else name        # t:Name,P:1,T:1,... -> t:Name
            out.append(_Card(f"{label}, card {i + 1} {shown[:60]!r}", zone, player, name, mods, token))
        return out

    def build(self, snap, cards, names, no_sickness):
        forge_ids, ids, dropped_ids = {}, set(), set()
        perms, attach = [], []                 # attach: (permanent dict, forge id, where)
        zones = {z: {} for z in ZONES[1:]}
        for c in cards:
            if c.token:
                self.refuse(c.where, "a token", TOKEN_REASON, drop_note="the token")
                self._drop_ids(c, dropped_ids)
                continue
            if not c.name:
                self.problems.append(f"{c.where}: empty card name")
                continue
            if c.zone != "battlefield":
                self.zone_card(c, zones, names)
                continue
            p = {"id": None, "card": c.name, "controller": names[c.player]}
            keep = True
            for mname, mval, raw in c.mods:
                if not self.battlefield_modifier(c, p, mname, mval, raw, names, forge_ids, attach):
                    keep = False
            if not keep:
                self._drop_ids(c, dropped_ids)
                for n in [n for n, pid in forge_ids.items() if pid is not None and pid == p["id"]]:
                    del forge_ids[n]
                continue
            if no_sickness:
                p.pop("controlled_since_turn_start", None)
            perms.append(p)
        for p in perms:                        # ids: Forge's where given, else made from the name
            if p["id"] is None:
                base = "face-down" if p.get("face_down") else _slug(p["card"])
                pid, k = base, 1
                while pid in ids or pid in forge_ids.values():
                    k += 1
                    pid = f"{base}-{k}"
                p["id"] = pid
            ids.add(p["id"])
        kept = []
        for p in perms:
            target = next((t for t in attach if t[0] is p), None)
            if target is not None:
                _, fid, where = target
                if fid in forge_ids:
                    p["attached_to"] = forge_ids[fid]
                elif fid in dropped_ids:
                    self.notes.append(f"{where}: dropped the card: it is attached to a card that was dropped")
                    continue
                else:
                    self.problems.append(f"{where}: AttachedTo:{fid} names no card with Id:{fid}")
            kept.append(p)
        order = ("id", "card", "controller", "owner", "tapped", "controlled_since_turn_start",
                 "counters", "attached_to", "face_down", "phased_out", "chosen")
        snap["battlefield"] = [{k: p[k] for k in order if k in p} for p in kept]
        for zone, by in zones.items():
            if by:
                snap[zone] = {names[i]: cs for i, cs in sorted(by.items())}

    def _drop_ids(self, c, dropped):
        for mname, mval, _ in c.mods:
            if mname == "id" and mval and mval.isdigit():
                dropped.add(int(mval))

    def zone_card(self, c, zones, names):
        """A card in a hand, graveyard or library: only its name (and printing) is expressible."""
        for mname, mval, raw in c.mods:
            if mname in ("set", "art", "id", "noetbtrigs"):
                continue
            why = MODIFIERS.get(mname, (None, "the snapshot has no status for cards outside the battlefield"))[1]
            self.refuse(c.where, f"modifier {raw[:40]!r} in the {c.zone}", why,
                        drop_note=f"the modifier {raw[:40]!r}")
        zones[c.zone].setdefault(c.player, []).append(c.name)

    def battlefield_modifier(self, c, p, mname, mval, raw, names, forge_ids, attach):
        """Apply one modifier to permanent P; False if the card must be dropped (--lenient)."""
        where = c.where
        if mname in ("set", "art", "noetbtrigs"):      # printing; setup without triggers: no rule effect
            return True
        if mname == "tapped":
            p["tapped"] = True
        elif mname == "summonsick":                    # Forge: not summoning sick unless marked
            p["controlled_since_turn_start"] = False
        elif mname == "id":
            n = _int(mval or "", f"{where} (Id)", self.problems, minimum=0)
            if n is not None:
                if n in forge_ids:
                    self.problems.append(f"{where}: Id:{n} is used twice")
                else:
                    forge_ids[n] = p["id"] = str(n)
        elif mname in ("attachedto", "attaching"):
            n = _int(mval or "", f"{where} ({raw[:20]})", self.problems, minimum=0)
            if n is not None:
                attach.append((p, n, where))
        elif mname == "owner":
            owner = self.player_ref(mval or "", f"{where} (Owner)", names)
            if owner:
                p["owner"] = owner
        elif mname == "counters":
            counters = p.setdefault("counters", {})
            for pair in (mval or "").split(","):
                kind, sep, n = pair.partition("=")
                if not sep or not kind.strip():
                    self.problems.append(f"{where}: Counters: expected KIND=N, got {pair.strip()[:40]!r}")
                    continue
                n = _int(n, f"{where} (Counters {kind.strip()})", self.problems, minimum=0)
                if n:
                    k = counter_kind(kind.strip())
                    counters[k] = counters.get(k, 0) + n
            if not counters:
                del p["counters"]
        elif mname == "phasedout":
            by = self.player_ref(mval, f"{where} (PhasedOut)", names) if mval else p["controller"]
            if by and by != p["controller"]:
                self.refuse(where, f"phased out under {by}'s control", "the snapshot's phased-out "
                            "permanents phase in during their controller's untap step (702.26a)",
                            drop_note="the card")
                return False
            p["phased_out"] = True
        elif mname == "chosencolor":                   # the color chosen as it entered (614.12)
            colors = [x.strip() for x in (mval or "").split(",") if x.strip()]
            if len(colors) != 1 or colors[0].lower() not in FORGE_COLORS:
                if len(colors) == 1:
                    self.problems.append(f"{where}: ChosenColor:{colors[0][:20]} is not a color (White, Blue, "
                                         "Black, Red or Green)")
                    return True
                self.refuse(where, f"modifier {raw[:40]!r}", "the snapshot's `chosen` holds one chosen color",
                            drop_note=f"the modifier {raw[:40]!r}")
                return True
            p.setdefault("chosen", {})["color"] = FORGE_COLORS[colors[0].lower()]
        elif mname == "namedcard":                     # the card name chosen as it entered (614.12)
            if not mval:
                self.problems.append(f"{where}: NamedCard: expected a card name")
                return True
            p.setdefault("chosen", {})["card_name"] = mval
        elif mname == "facedown":
            how = {"manifested": "manifest", "cloaked": "cloak"}.get((mval or "").lower())
            if how is None and mval:
                self.problems.append(f"{where}: FaceDown:{mval[:20]} is not FaceDown, FaceDown:Manifested "
                                     "or FaceDown:Cloaked")
                return True
            how = how or _face_down_keyword(self.card(c.name))
            if how is None:
                self.refuse(where, "face down without :Manifested or :Cloaked",
                            "how it was turned face down (morph or disguise) can't be told for this card",
                            drop_note="the card")
                return False
            p["face_down"] = how
        else:
            drops, why = MODIFIERS.get(mname, ("card", "not a Forge modifier this importer knows"))
            if drops == "card":
                self.refuse(where, f"modifier {raw[:40]!r}", why, drop_note="the card")
                return False
            self.refuse(where, f"modifier {raw[:40]!r}", why, drop_note=f"the modifier {raw[:40]!r}")
        return True


def _face_down_keyword(card):
    """morph or disguise for a known card (a Card, or None) that has exactly one of them (702.37,
    702.168), else None."""
    if card is None:
        return None
    kws = {str(f[2]) for f in cardfacts.compiled(card).facts if f[0] == "keyword"}
    found = {"morph" if k in ("morph", "megamorph") else k for k in kws} & {"morph", "disguise"}
    return found.pop() if len(found) == 1 else None


def _card_names(snap):
    names = {p["card"] for p in snap["battlefield"]}
    for zone in ZONES[1:]:
        for cards in snap.get(zone, {}).values():
            names.update(cards)
    return names


def to_yaml(conv, source=None):
    """The snapshot as YAML, the puzzle's metadata as comments above it."""
    head = ["# Imported by `mtgkb import forge`" + (f" from {Path(source).name}" if source else "")]
    for key, value in conv.metadata.items():
        head.append(f"# {key}: {' '.join(str(value).split())}"[:200])
    for note in conv.notes:
        head.append(f"# note: {' '.join(note.split())}")
    body = yaml.safe_dump(conv.snapshot, sort_keys=False, allow_unicode=True, width=100)
    return "\n".join(head) + "\n" + body
