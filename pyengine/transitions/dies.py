"""`mtgkb apply SNAP dies ID`: permanent ID is put into its owner's graveyard from the battlefield
(CR 700.4), e.g. destroyed or sacrificed.

From the KB (queries/zone_events.lp): a face-down permanent is revealed (708.9); abilities that
trigger on it dying are judged on the board just before (603.10a, "look back in time"). Triggered
abilities whose effect the KB models are resolved at once, in the order of their sources' ids
(manifest the top card of your library: 701.40a); the others are reported unresolved. Then the
state-based actions on what was attached to it (704.5m Auras, 704.5n Equipment).
"""

from .. import api
from ..errors import InputError
from ..terms import fn
from . import Param, Transition, _board


def resolve(d, effect, controller, events):
    """Resolve one modelled trigger effect on snapshot dict D (appends its events)."""
    if effect == "manifest_top":
        _board.put_face_down(d, fn("manifest", controller), events)
        return
    raise InputError(f"trigger effect {effect} is not modelled")


def triggered(by, d, events):
    """Report and resolve the triggers the KB found (dies_trigger_fires/2)."""
    texts = {ab: t for ab, t in by.get("ability_text", [])}
    effects = {}
    for ab, e in by.get("trigger_effect", []):
        effects.setdefault(ab, []).append(str(e))
    ctrl = {(g, ab): p for g, ab, p in by.get("trigger_controller", [])}
    for g, ab in sorted(by.get("dies_trigger_fires", []), key=str):
        todo = effects.get(ab, [])
        events.append({"event": "trigger", "permanent": g, "controller": ctrl[(g, ab)],
                       "ability": texts.get(ab), "resolved": bool(todo)})
        for e in todo:
            resolve(d, e, ctrl[(g, ab)], events)


def dies(s, pid):
    """Permanent ID dies: it is put into its owner's graveyard from the battlefield (CR 700.4)."""
    _board.require_permanent(s, pid)
    by = api.query(s, "zone_events", [("happens", fn("dies", pid))])
    if not by.get("in_play"):
        raise InputError(f"dies {pid} refused: {pid} is phased out and treated as though it does not exist [CR 702.26b]")
    d = s.to_dict()
    p = _board.perm_dict(d, pid)
    events = [{"event": "dies", "permanent": pid, "card": p["card"], "owner": p["owner"], "rule": "700.4"}]
    events += _board.reveal_events(by)
    _board.remove_from_battlefield(d, [pid], lambda q: "graveyard", events)
    triggered(by, d, events)
    return d, events


TRANSITION = Transition("dies", dies, (Param("pid", metavar="ID", positional=True),))
