"""What happened this turn (the snapshot's turn-history fields, docs/snapshot-and-cards.md), kept
as `mtgkb apply` changes the board: life lost (119.3, 119.4: paying life is losing it) and gained,
permanents that left the battlefield under a player's control (603.6c), creatures a player attacked
with (508.1), spells cast (601.2i), permanents that entered (and how they were cast, 601.2a). `apply untap_step` clears
it all when a new turn begins."""

from .. import limits
from ..errors import InputError


def bounded(n, what):
    """N, unless it is beyond the numbers a snapshot may hold (refused, never wrapped)."""
    if abs(n) > limits.MAX_NUMBER:
        raise InputError(f"{what} would become {n}, beyond {limits.MAX_NUMBER:,}")
    return n


def count(d, key, player, n=1):
    """Add N (> 0) to PLAYER's count KEY (a key of snapshot.TURN_COUNTS) in snapshot dict D."""
    if n > 0:
        counts = d.setdefault(key, {})
        counts[player] = bounded(counts.get(player, 0) + n, f"{key}[{player}]")


def life_changed(d, player, change):
    """PLAYER's life changed by CHANGE this turn: a loss (119.4: also paying life) or a gain."""
    count(d, "life_lost_this_turn" if change < 0 else "life_gained_this_turn", player, abs(change))


def left_battlefield(d, perms):
    """The permanent entries PERMS left the battlefield, each under its controller's control."""
    for p in perms:
        count(d, "left_battlefield_this_turn", p["controller"])


def entered(perm, cast_from=None):
    """Permanent entry PERM entered the battlefield this turn (302.6: not controlled since the turn
    began), as a spell its controller cast from zone CAST_FROM, if given."""
    perm["entered_this_turn"] = True
    perm["controlled_since_turn_start"] = False
    if cast_from:
        perm["cast_from"] = cast_from
