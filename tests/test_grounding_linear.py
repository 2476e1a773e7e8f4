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


def _atoms_with_players(n, query):
    players = [f"p{i}" for i in range(n)]
    bf = [{"id": f"f{i}", "card": "Forest", "controller": p} for i, p in enumerate(players)]
    bf.append({"id": "o", "card": "Exotic Orchard", "controller": "p0"})
    effects = [{"card": "Pale Moon", "controller": "p1"}]          # "if a player taps ...": any player
    snap = snapshot.load({"players": players, "battlefield": bf, "effects": effects})
    eng = Engine(facts.snapshot_facts(snap), query)
    eng.ask([], models=1)
    return len(eng.ctl.symbolic_atoms)


def test_grounding_is_linear_in_the_players():
    """Doubling the players (each with a land) about doubles the ground atoms. Pairing every two
    players (an opponent/2 relation over all pairs, or "any player" effects per pair) was quadratic:
    1,000 players took 1.6 s to ground a single Forest."""
    for query in ("could_produce", "actions", "produce"):
        small, large = _atoms_with_players(25, query), _atoms_with_players(50, query)
        assert large <= 2.2 * small, (query, small, large)


def _payment_size(n):
    """Ground atoms and rules of `actions` on a board where a third of the permanents have mana
    costs to pay (Pili-Pala's {2}, a filter land's {1}) and the rest are mana sources. (Rules, not
    bodies: the deterministic part of this program is evaluated to facts by the grounder.)"""
    cards = [{"name": "Test Filter", "type": "Land", "text": "{1}, {T}: Add {W}{U}."}]
    kinds = ("Forest", "Plains", "Birds of Paradise", "Gilded Lotus", "Pili-Pala", "Test Filter")
    bf = [{"id": f"p{i}", "card": kinds[i % len(kinds)], "controller": ("alice", "bob")[i % 2],
           "tapped": kinds[i % len(kinds)] == "Pili-Pala"} for i in range(n)]
    bf += [{"id": "refl", "card": "Mana Reflection", "controller": "alice"},
           {"id": "heart", "card": "Heartbeat of Spring", "controller": "bob"}]
    snap = snapshot.load({"players": ["alice", "bob"], "cards": cards, "battlefield": bf})
    eng = Engine(facts.snapshot_facts(snap) + [("asked_player", "alice")], "actions")
    eng.ask([], optimize=True)
    return len(eng.ctl.symbolic_atoms), eng.ctl.statistics["problem"]["lp"]["rules"]


def test_payment_grounding_is_linear_in_the_board():
    """Payments are decided per question (payer, cost, excluded class) over classes of
    interchangeable sources, never per pair of action and source."""
    (a1, r1), (a2, r2) = _payment_size(150), _payment_size(300)
    assert a2 <= 2.2 * a1 and r2 <= 2.2 * r1, ((a1, r1), (a2, r2))
