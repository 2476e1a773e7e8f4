"""`mtgkb apply SNAP attack ID [--exert]`: declare ID as an attacker (CR 508.1), exerting it if asked.

Legality comes from the KB (`actions`, kb/combat.lp): only in the active player's declare attackers
step, untapped, not summoning sick (302.6) unless it has haste; exert only where an effect allows it
(701.43d). Declaring taps the creature unless it has vigilance (508.1f, 702.20b); exerting sets
`exerted_by` to the active player (701.43a) and reports the linked "When you do" trigger (607.2h),
whose effect the KB does not resolve.
"""

from .. import api
from ..errors import InputError
from . import Param, Transition, _history


def _find(entries, pid, exert):
    return next((a for a in entries if a["kind"] == "attack" and a["permanent"] == pid
                 and a.get("exert") == exert), None)


def attack(s, pid, exert=False):
    """Declare creature ID as an attacker, exerting it with --exert."""
    api.check_ids(s, [pid])
    player = s.active
    options = api.actions(s, player)
    legal = _find(options["actions"], pid, exert)
    if legal is None:
        refused = _find(options["refused"], pid, exert)
        if refused is not None:
            raise InputError(f"{pid} can't attack{' exerted' if exert else ''}: {refused['reason']} "
                             f"(CR {refused['rule']})")
        if s.step != "declare_attackers":
            raise InputError(f"attackers are declared only in the declare attackers step (CR 508.1); "
                             f"the game is in the {s.step} step")
        if exert and _find(options["actions"] + options["refused"], pid, False) is not None:
            raise InputError(f"{pid} can't be exerted: no effect allows it (CR 701.43; "
                             f"ruling: you can't exert a creature unless an effect allows you to do so)")
        raise InputError(f"{pid} can't attack: it isn't a creature {player} controls (CR 508.1a)")
    current = s.permanent(pid).exerted_by
    if exert and current not in (None, player):
        raise InputError(f"not modelled: {pid} is still exerted by {current}; a snapshot records one "
                         f"exerting player, so exerting it for {player} too can't be recorded")
    new = s.to_dict()
    perm = next(p for p in new["battlefield"] if p["id"] == pid)
    events = [{"event": "attack", "permanent": pid, "player": player, "tapped": legal["taps"],
               "rule": "508.1f" if legal["taps"] else "702.20b"}]
    if legal["taps"]:
        perm["tapped"] = True
    _history.count(new, "attacked_this_turn", player)
    if exert:
        perm["exerted_by"] = player
        events.append({"event": "exert", "permanent": pid, "player": player, "rule": "701.43a",
                       "text": f"it won't untap during {player}'s next untap step"})
        if legal.get("trigger"):
            events.append({"event": "trigger", "permanent": pid, "ability": legal["trigger"],
                           "rule": "607.2h", "resolution": "not modelled",
                           "note": "it triggers even if it has no legal target (then it is removed "
                                   "from the stack, 603.3d); it resolves before blockers are declared"})
    return new, events


TRANSITION = Transition("attack", attack, (
    Param("pid", metavar="ID", positional=True),
    Param("exert", type=bool, help="Exert it as it attacks (only where an effect allows it)."),
))
