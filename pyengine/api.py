"""The public Python API: one function per public query (DESIGN.md, "Public queries").

Each function takes a validated :class:`pyengine.snapshot.Snapshot` and returns plain Python
data shaped like the CLI's ``--json`` answer. Unknown ids raise :class:`InputError`.
"""

from .engine import Engine
from .errors import InputError
from .facts import snapshot_facts
from . import render
from .terms import Const

MANA_LETTER = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C"}
TYPE_ORDER = ("kindred", "land", "artifact", "enchantment", "planeswalker", "battle", "creature",
              "instant", "sorcery")


def mana_letters(types):
    """Mana type constants as upper-case letters, sorted (the --json contract sorts plainly)."""
    return sorted({MANA_LETTER[str(t)] for t in types})


def engine(snapshot, query, **kw):
    """An Engine for this snapshot and query program."""
    return Engine(snapshot_facts(snapshot), query, **kw)


def check_ids(snapshot, ids):
    """Raise InputError naming every id that is not a permanent of the snapshot."""
    known = {p.id for p in snapshot.battlefield}
    bad = [i for i in ids if i not in known]
    if bad:
        raise InputError([f"unknown permanent id {i!r}; the battlefield has: "
                          f"{', '.join(sorted(known)) or '(nothing)'}" for i in bad])


def asked(ids):
    """The externals that select the permanents a question is about."""
    return [("asked", i) for i in ids]


def could_produce(snapshot, ids=None):
    """{id: sorted mana letters} for the given permanents (all if None) (106.7)."""
    ids = list(ids) if ids else [p.id for p in snapshot.battlefield]
    check_ids(snapshot, ids)
    [model] = engine(snapshot, "could_produce").ask(asked(ids))
    out = {i: [] for i in ids}
    for _, x, t in model:
        out[x].append(t)
    return {i: mana_letters(v) for i, v in sorted(out.items())}


def show(snapshot, pid):
    """Characteristics and status of one permanent now."""
    check_ids(snapshot, [pid])
    # name_compared/1 asks the KB for same_name(pid, Y) only (kb/face_down.lp): linear grounding
    [model] = Engine(snapshot_facts(snapshot) + [("name_compared", pid)], "show").ask(asked([pid]))
    by = {}
    for atom in model:
        by.setdefault(atom[0], []).append(atom[1:])
    one = lambda pred: by[pred][0][-1] if pred in by else None
    types = sorted((str(a[-1]) for a in by.get("has_type", [])), key=TYPE_ORDER.index)
    return {
        "id": pid,
        "name": one("has_name"),
        "power": one("power"),
        "toughness": one("toughness"),
        "colors": mana_letters(a[-1] for a in by.get("has_color", [])),
        "supertypes": sorted(str(a[-1]).capitalize() for a in by.get("has_supertype", [])),
        "types": [t.capitalize() for t in types],
        "subtypes": sorted(a[-1] for a in by.get("has_subtype", [])),
        "mana_value": one("mana_value"),
        "keywords": sorted(str(a[-1]).replace("_", " ") for a in by.get("has_keyword", [])),
        "abilities": sorted(a[-1] for a in by.get("ability_text", [])),
        "face_down": "face_down" in by,
        "face_down_by": str(one("face_down")) if "face_down" in by else None,
        "modified": "modified" in by,
        "same_name_as": sorted(a[-1] for a in by.get("same_name", [])),
        "tapped": "tapped" in by,
        "controller": by["controls"][0][0] if "controls" in by else None,
        "phased_out": "in_play" not in by,
    }


def check_player(snapshot, player):
    """Raise InputError unless PLAYER is a player of the snapshot."""
    if player not in snapshot.players:
        raise InputError(f"unknown player {player!r}; players are {', '.join(snapshot.players)}")


def actions(snapshot, player=None):
    """{"actions": [...legal now...], "refused": [...with the rule and reason...]} for PLAYER
    (default: the active player)."""
    player = player or snapshot.active
    check_player(snapshot, player)
    [model] = engine(snapshot, "actions").ask([("asked_player", player)])
    legal, refused = render.actions(model)
    return {"player": player, "actions": legal, "refused": refused}
