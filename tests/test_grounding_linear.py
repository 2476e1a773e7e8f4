"""Grounding stays linear in the board (DESIGN.md: "grounding must stay linear in the board").

Measured in ground rule bodies, not in time (no wall-clock limits in unit tests): doubling the
board must not much more than double the bodies the grounder builds. An aggregate that assigns
a total (``avail(T,N) :- N = #sum{...}``) is grounded once per reachable total, each instance
over every source: quadratic in the mana sources. This guards kb/mana_payment.lp against it.
"""

from pyengine import facts, snapshot
from pyengine.asp.driver import Engine

CARDS = ("Forest", "Plains", "Llanowar Elves", "Birds of Paradise", "Grizzly Bears", "Ahn-Crop Crasher")


def _bodies(n):
    bf = [{"id": f"p{i}", "card": CARDS[i % len(CARDS)], "controller": ("alice", "bob")[i % 2],
           "tapped": i % 5 == 0} for i in range(n)]
    bf.append({"id": "fd", "card": "Grizzly Bears", "controller": "alice", "face_down": "manifest"})
    snap = snapshot.load({"players": ["alice", "bob"], "step": "declare_attackers", "battlefield": bf})
    eng = Engine(facts.snapshot_facts(snap), "actions")
    eng.ask([], models=1)
    return eng.ctl.statistics["problem"]["lp"]["bodies"]


def test_actions_grounding_is_linear_in_the_mana_sources():
    small, large = _bodies(120), _bodies(240)
    assert large <= 2.5 * small, (small, large)
