"""`mtgkb apply SNAP untap_step PLAYER`: PLAYER's untap step (CR 502.1, 502.3).

The KB (kb/untap_step.lp) says what untaps, what stays tapped and which effects end. The result is
the snapshot as PLAYER's untap step ends: PLAYER is the active player, the step is upkeep; "until
end of turn" control effects of the previous turn have ended (514.2: control goes back to the owner
and the effect entry is removed); PLAYER's permanents have been under their control since their
turn began (302.6); exert effects of PLAYER have expired (701.43a) and "doesn't untap during its
controller's next untap step" effects are used up; what happened "this turn" (land plays, the
turn-history fields, `entered_this_turn`) was the previous turn's and is cleared. It must be PLAYER's untap step that comes next.
"""

from .. import api
from ..errors import InputError
from ..snapshot import TURN_COUNTS
from . import Param, Transition


def _next_player(s):
    i = s.players.index(s.active)
    return s.players[(i + 1) % len(s.players)]


def untap_step(s, player):
    """Perform PLAYER's untap step (the next untap step of the game)."""
    api.check_player(s, player)
    if not (player == s.active and s.step == "untap") and player != _next_player(s):
        raise InputError(f"the next untap step is {_next_player(s)}'s, not {player}'s "
                         f"(turn order: {', '.join(s.players)}); apply that one first")
    plan = api.untap_plan(s, player)
    new = s.to_dict()
    events = []
    turn_passes = not (player == s.active and s.step == "untap")
    ended = set()
    for perm in new["battlefield"]:
        x = perm["id"]
        if x in plan["control_ends"]:
            events.append({"event": "control_ends", "permanent": x, "from": perm["controller"],
                           "to": perm["owner"], "rule": "514.2"})
            perm["controller"] = perm["owner"]
            ended.add(x)
        if x in plan["phases_in"]:
            perm.pop("phased_out", None)
            events.append({"event": "phase_in", "permanent": x, "rule": "502.1"})
        if x in plan["untaps"]:
            perm["tapped"] = False
            events.append({"event": "untap", "permanent": x, "rule": "502.3"})
        if x in plan["keeps"]:
            for r in plan["keeps"][x]:
                events.append({"event": "stays_tapped", "permanent": x, "rule": r["rule"], "reason": r["text"]})
        if x in plan["exert_expires"]:
            del perm["exerted_by"]
            events.append({"event": "exert_expires", "permanent": x, "player": player, "rule": "701.43a",
                           "did_nothing": x in plan["exert_did_nothing"]})
        if turn_passes:
            if perm["controller"] == player:
                perm["controlled_since_turn_start"] = True
            elif x in ended:
                perm["controlled_since_turn_start"] = False
            perm.pop("entered_this_turn", None)
    used = {}
    for e, x in plan["freeze_used"]:
        used.setdefault(e, set()).add(x)
        events.append({"event": "effect_used", "permanent": x, "effect": e - 1, "rule": "502.3"})
    effects = []
    for i, eff in enumerate(new.get("effects", []), 1):
        targets = [t for t in eff["targets"] if t not in used.get(i, set())]
        if i in used and not targets:
            continue
        if turn_passes and i in plan["effects_end"]:
            events.append({"event": "effect_ends", "effect": i - 1, "card": eff["card"], "rule": "514.2"})
            continue
        effects.append({**eff, "targets": targets})
    new["effects"] = effects
    if turn_passes and effects:
        events.append({"event": "note", "rule": "514.2",
                       "text": "the turn passed: other 'until end of turn' effects end in its cleanup "
                               "step; the KB knows the duration only of control-changing effects, so "
                               "these effects were kept: " + ", ".join(e["card"] for e in effects)})
    if not effects:
        new.pop("effects")
    if turn_passes:
        for key in ("lands_played", *TURN_COUNTS):      # what happened "this turn" was last turn's (305.2)
            new.pop(key, None)
    new["active"], new["step"] = player, "upkeep"
    return new, events


TRANSITION = Transition("untap_step", untap_step, (Param("player", metavar="PLAYER", positional=True),))
