"""Differential test of `actions` for casting from a hand: the KB against a checker written here
from the Comprehensive Rules, not from the KB's rules.

Random boards of real cards (tests/data/cast_audit_cards.json, Oracle text): basic lands and a
few real mana permanents on the battlefield (some tapped, a creature not always controlled since
the turn began), floating mana, real spells in hand, a random turn, step, priority and stack. The cards are ones the compiler carries out entirely (no note), so the
checker decides every cast exactly:

- 117.1a, 117.1: a player casts a spell only with priority;
- 307.1, 304.1, 702.8a: a creature, artifact, enchantment or sorcery spell (without flash) only in
  a main phase of the player's own turn with an empty stack; an instant, or a spell with flash, at
  any time the player has priority;
- 601.2f-h, 106.1, 107.4: the mana cost is paid with mana the player's untapped sources can
  add and the mana in their pool (106.4): each colored symbol by one mana of its color, {C} by
  colorless mana, generic by any mana; a source whose mana ability adds several mana adds them
  all; a creature's {T} ability only if it has been controlled since the turn began (302.6);
- 601.2c, 115.1a-b, 303.4a: an instant or sorcery whose instructions name a target, and an Aura,
  need a legal target, which `actions` does not check: such a cast listed as legal says so.

Every cast `actions` lists as legal must be castable by the checker; every one it refuses must
not be.
"""

from itertools import product
import json
from pathlib import Path
import random
import re

import pytest

from helpers import run_seeds
from pyengine import api, snapshot
from pyengine.facts import not_modelled

CARDS = {d["name"]: d for d in json.loads(
    (Path(__file__).resolve().parent / "data" / "cast_audit_cards.json").read_text(encoding="utf-8"))}

# the mana each source's mana abilities can add, one option a list (from their Oracle text; 305.6:
# a basic land type gives "{T}: Add [its mana]")
SOURCES = {"Plains": ["W"], "Island": ["U"], "Swamp": ["B"], "Mountain": ["R"], "Forest": ["G"],
           "Tundra": ["W", "U"],                      # Land — Plains Island (305.6)
           "Sol Ring": ["CC"],                        # {T}: Add {C}{C}.
           "Obelisk of Naya": ["R", "G", "W"],        # {T}: Add {R}, {G}, or {W}.
           "Talisman of Progress": ["C", "W", "U"],   # {T}: Add {C}. / {T}: Add {W} or {U}. (1 damage)
           "Llanowar Elves": ["G"]}                   # a creature: {T}: Add {G}.
CREATURES = {"Llanowar Elves"}
STEPS = ["upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "end",
         "postcombat_main"]
MAIN = {"precombat_main", "postcombat_main"}


# the spells of the sample: real cards, drawn at random from those the compiler carries out
# entirely, whose mana costs have only generic, colored and {C} symbols
SAMPLE = ["Grizzly Bears", "Raging Goblin", "Gorilla Warrior", "Trained Armodon", "Volcanic Dragon",
          "Wicker Witch", "Omega Myr", "Faerie Invaders", "Bounding Wolf", "Nephalia Seakite", "Pale Moon",
          "Humble", "Turn Against", "Take into Custody", "Broadcast Takeover", "Claim the Firstborn",
          "Hijack", "Talisman of Unity", "Cryptolith Rite", "Vernal Bloom", "Chant of the Skifsang",
          "Debilitating Injury"]


def spells():
    return SAMPLE


def cost(card):
    """(generic, [colored or C symbols]) of the card's mana cost."""
    syms = re.findall(r"\{([^}]+)\}", CARDS[card]["mana_cost"])
    return sum(int(s) for s in syms if s.isdigit()), [s for s in syms if not s.isdigit()]


def has_flash(card):
    return any(re.match(r"flash\b", line.strip(), re.I) for line in CARDS[card].get("text", "").split("\n"))


def sorcery_speed(card):
    """307.1, 304.1, 702.8a"""
    return "Instant" not in CARDS[card]["type"] and not has_flash(card)


def targets(card):
    """115.1a-b, 303.4a: an Aura, or an instant or sorcery whose instructions say "target"."""
    d = CARDS[card]
    if "Aura" in d["type"]:
        return True
    text = re.sub(r"\([^)]*\)", "", d.get("text", ""))
    return ("Instant" in d["type"] or "Sorcery" in d["type"]) and re.search(r"\btarget", text, re.I) is not None


def payable(card, options):
    """601.2g-h: some choice of one mana ability per untapped source (or none) adds mana that pays
    the cost (106.1, 107.4)."""
    generic, symbols = cost(card)
    for choice in product(*[[""] + o for o in options]):
        pool = list("".join(choice))
        ok = True
        for s in symbols:                       # a colored or {C} symbol: mana of that type
            if s in pool:
                pool.remove(s)
            else:
                ok = False
                break
        if ok and len(pool) >= generic:
            return True
    return False


def checker(data, player):
    """{card: castable now, targets apart} by the rules above."""
    prio = data.get("priority", data["active"])
    # 302.6: a creature's {T} ability only if its controller has controlled it continuously since
    # their most recent turn began; 106.4: mana in the pool is spent like any other
    options = [SOURCES[p["card"]] for p in data["battlefield"]
               if p["controller"] == player and not p.get("tapped")
               and (p["card"] not in CREATURES or p.get("controlled_since_turn_start", True))]
    options += [[m.strip("{}")] for m in data.get("mana_pool", {}).get(player, [])]
    out = {}
    for card in data["hand"][player]:
        timing = prio == player and (not sorcery_speed(card) or (
            data["active"] == player and data["step"] in MAIN and not data.get("stack")))
        out[card] = timing and payable(card, options)
    return out


def board(seed):
    rnd = random.Random(seed)
    players = ["alice", "bob"]
    active = rnd.choice(players)
    # mostly a main phase with priority where sorcery-speed casts may be legal, some of the others
    data = {"players": players, "active": active,
            "step": rnd.choice(sorted(MAIN)) if rnd.random() < 0.6 else rnd.choice(STEPS),
            "priority": active if rnd.random() < 0.7 else rnd.choice(players),
            "battlefield": [{"id": f"p{i}", "card": rnd.choice(sorted(SOURCES)),
                             "controller": rnd.choice(["alice", "alice", "alice", "bob"]),
                             "tapped": rnd.random() < 0.25} for i in range(rnd.randint(2, 7))],
            "hand": {"alice": rnd.sample(spells(), 6)}}
    for p in data["battlefield"]:
        if p["card"] in CREATURES:
            p["controlled_since_turn_start"] = rnd.random() < 0.6
    if rnd.random() < 0.3:
        data["mana_pool"] = {"alice": [f"{{{m}}}" for m in rnd.sample("WUBRGC", rnd.randint(1, 2))]}
    if rnd.random() < 0.3:
        data["stack"] = [{"card": rnd.choice(spells()), "controller": rnd.choice(players)}]
    names = set(data["hand"]["alice"]) | {p["card"] for p in data["battlefield"]} | \
        {o["card"] for o in data.get("stack", [])}
    data["cards"] = [CARDS[n] for n in sorted(names) if n in CARDS]
    return data


@pytest.mark.parametrize("seed", run_seeds(6, 4))
def test_actions_agrees_with_the_rules_on_casting(seed):
    data = board(seed)
    snap = snapshot.validate(data)
    # the sample's cards are carried out entirely: no note, every answer is the KB's
    assert not not_modelled(snap), [n.text for n in not_modelled(snap)]
    want = checker(data, "alice")
    got = api.actions(snap, "alice")
    assert not [a for a in got["not_modelled"] if a["kind"] == "cast"]
    legal = {a["card"]: a for a in got["actions"] if a["kind"] == "cast"}
    refused = {a["card"] for a in got["refused"] if a["kind"] == "cast"}
    for card, castable in want.items():
        assert (card in legal) is castable, (card, data)
        assert (card in refused) is not castable, (card, data)
        if castable:
            assert ("not_checked" in legal[card]) is targets(card), (card, legal[card])
