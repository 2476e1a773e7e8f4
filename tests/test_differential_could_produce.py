"""Differential test of could-produce (CR 106.7): the KB against an independent oracle.

``tests/reference_could_produce.py`` is a second implementation of 106.7 written from the rules
and the card rulings only. Here a seeded generator (standard ``random``, fixed seeds) builds a
few hundred small boards (1-12 permanents, 2-3 players, random controllers, tapped and
phased-out permanents) from the supported cards, and every board's ``pyengine.api.could_produce``
answer must equal the oracle's. A disagreement is shrunk to a minimal board before it is reported.

The ruling cases at the top check the oracle itself (and the KB) against the rulings' own words.

``WITH_REPLACEMENT_EFFECTS`` puts Contamination, Mana Reflection, Celestial Dawn and Pale Moon
effects into the generated boards (and runs the ruling cases that need them against the KB). The
KB models them (kb/mana_replacement.lp, kb/continuous.lp), so it is on; switch it off only to
test a KB without them.
"""

import random

import pytest
import yaml

from pyengine import api, snapshot

from reference_could_produce import could_produce as oracle

WITH_REPLACEMENT_EFFECTS = True

BASIC = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]
ANCHORS = ["Tropical Island", "Llanowar Elves", "Birds of Paradise", "Gilded Lotus", "Gaea's Cradle",
           "Grizzly Bears", "Dryad Arbor"]
OTHER_SOURCES = ["City of Brass", "Mana Confluence", "Vivid Crag", "Spire of Industry", "Springleaf Drum",
                 "Pili-Pala", "Oasis Ritualist", "Chromatic Orrery", "Heartbeat of Spring", "Mirari's Wake"]
REFLECTORS = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist", "Sylvok Explorer",
              "Harvester Druid", "Squandered Resources"]
REPLACEMENT_CARDS = ["Contamination", "Mana Reflection", "Celestial Dawn"]
NEEDS_REPLACEMENTS = set(REPLACEMENT_CARDS) | {"Pale Moon"}

BOARDS = 600          # boards in all
PER_GROUP = 40        # boards per test (one Engine each; a group takes well under a second or two)


def random_board(rng, replacements=WITH_REPLACEMENT_EFFECTS):
    """One small random board in the public snapshot format."""
    players = ["alice", "bob", "carol"][:rng.choice([2, 2, 3])]
    pool = BASIC + ANCHORS + OTHER_SOURCES + REFLECTORS * 3  # reflectors weighted up: chains
    if replacements:
        pool += REPLACEMENT_CARDS
    n = rng.randint(1, 12)
    battlefield = []
    for i in range(n):
        card = rng.choice(pool)
        battlefield.append({"id": f"p{i}", "card": card, "controller": rng.choice(players),
                            "tapped": rng.random() < 0.3, "phased_out": rng.random() < 0.1})
    board = {"players": players, "battlefield": battlefield}
    if replacements and rng.random() < 0.25:
        board["effects"] = [{"card": "Pale Moon", "controller": rng.choice(players)}]
    return board


def kb(board):
    return api.could_produce(snapshot.load(board))


def disagrees(board):
    return kb(board) != oracle(board)


def shrink(board):
    """A smallest board (removing permanents and effects one at a time) that still disagrees."""
    board = dict(board, battlefield=list(board["battlefield"]), effects=list(board.get("effects", [])))
    progress = True
    while progress:
        progress = False
        for key in ("battlefield", "effects"):
            for i in range(len(board[key])):
                smaller = dict(board, **{key: board[key][:i] + board[key][i + 1:]})
                if disagrees(smaller):
                    board, progress = smaller, True
                    break
    if not board["effects"]:
        del board["effects"]
    return board


def report(board):
    small = shrink(board)
    return ("KB and oracle disagree; minimal board:\n" + yaml.safe_dump(small, sort_keys=False)
            + f"KB:     {kb(small)}\noracle: {oracle(small)}")


COLOR_REFLECTORS = {"Exotic Orchard", "Fellwar Stone", "Sylvok Explorer", "Harvester Druid"}
NO_MANA_ABILITY = {"Grizzly Bears", "Contamination", "Mana Reflection", "Celestial Dawn",
                   "Heartbeat of Spring", "Mirari's Wake"}


def test_oracle_on_generated_boards_keeps_the_rules_invariants():
    """Every generated board (replacement effects included) is answered by the oracle, and the
    answers keep invariants read directly off the rules."""
    rng = random.Random(0)
    for _ in range(300):
        board = random_board(rng, replacements=True)
        answer = oracle(board)
        for p in board["battlefield"]:
            got = set(answer[p["id"]])
            assert got <= {"W", "U", "B", "R", "G", "C"}                  # 106.1b
            if p["phased_out"] or p["card"] in NO_MANA_ABILITY:         # 702.26b; no mana ability
                assert not got, (p, board)
            if p["card"] in COLOR_REFLECTORS and not any(
                    e["card"] == "Pale Moon" for e in board.get("effects", [])):
                assert "C" not in got, (p, board)                       # 106.1a: C is no color


@pytest.mark.parametrize("group", range(BOARDS // PER_GROUP))
def test_kb_agrees_with_oracle_on_random_boards(group):
    for seed in range(group * PER_GROUP, (group + 1) * PER_GROUP):
        board = random_board(random.Random(seed))
        assert not disagrees(board), f"seed {seed}: " + report(board)


def test_kb_agrees_with_oracle_on_reflector_heavy_boards():
    """Boards of reflectors with at most one anchor: long chains and unanchored loops."""
    for seed in range(40):
        rng = random.Random(10_000 + seed)
        players = ["alice", "bob", "carol"][:rng.choice([2, 3])]
        cards = [rng.choice(REFLECTORS) for _ in range(rng.randint(2, 10))]
        if rng.random() < 0.7:
            cards.insert(rng.randrange(len(cards) + 1), rng.choice(BASIC + ["Tropical Island"]))
        board = {"players": players, "battlefield": [
            {"id": f"r{i}", "card": c, "controller": rng.choice(players)} for i, c in enumerate(cards)]}
        assert not disagrees(board), f"seed {seed}: " + report(board)


# --- Ruling cases: the expected values are the rulings' own words ---------------------------------

def perm(pid, card, controller, **kw):
    return {"id": pid, "card": card, "controller": controller, **kw}


RULING_CASES = [
    ("Reflecting Pool 2008-05-01: Multiple Reflecting Pools won't help each other produce mana.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("pool1", "Reflecting Pool", "alice"), perm("pool2", "Reflecting Pool", "alice")]},
     {"pool1": [], "pool2": []}),
    ("issue 3: Two Reflecting Pools alone produce nothing; add a Forest and both produce G.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("pool1", "Reflecting Pool", "alice"), perm("pool2", "Reflecting Pool", "alice"),
         perm("forest", "Forest", "alice")]},
     {"pool1": ["G"], "pool2": ["G"], "forest": ["G"]}),
    ("Exotic Orchard 2009-02-01: if you control an Exotic Orchard and your opponent controls an "
     "Exotic Orchard and a Reflecting Pool, none of those lands would produce mana",
     {"players": ["alice", "bob"], "battlefield": [
         perm("mine", "Exotic Orchard", "alice"), perm("theirs", "Exotic Orchard", "bob"),
         perm("pool", "Reflecting Pool", "bob")]},
     {"mine": [], "theirs": [], "pool": []}),
    ("Exotic Orchard 2009-02-01: if you control a Forest and an Exotic Orchard, and your opponent "
     "controls an Exotic Orchard and a Reflecting Pool, then each of those lands can be tapped to "
     "produce {G}",
     {"players": ["alice", "bob"], "battlefield": [
         perm("forest", "Forest", "alice"), perm("mine", "Exotic Orchard", "alice"),
         perm("theirs", "Exotic Orchard", "bob"), perm("pool", "Reflecting Pool", "bob")]},
     {"forest": ["G"], "mine": ["G"], "theirs": ["G"], "pool": ["G"]}),
    ("Exotic Orchard 2009-02-01: Exotic Orchard can't be tapped for colorless mana, even if a land "
     "an opponent controls could produce colorless mana.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("orchard", "Exotic Orchard", "alice"), perm("wastes", "Wastes", "bob")]},
     {"orchard": [], "wastes": ["C"]}),
    ("Reflecting Pool 2008-05-01: The types of mana are white, blue, black, red, green, and colorless.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("pool", "Reflecting Pool", "alice"), perm("wastes", "Wastes", "alice"),
         perm("trop", "Tropical Island", "alice")]},
     {"pool": ["C", "G", "U"], "wastes": ["C"], "trop": ["G", "U"]}),
    ("Fellwar Stone 2004-10-04: This works even if the opponent's lands are tapped.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("stone", "Fellwar Stone", "alice"), perm("swamp", "Swamp", "bob", tapped=True)]},
     {"stone": ["B"], "swamp": ["B"]}),
    ("Fellwar Stone 2004-10-04: The ability can be activated if the opponent has no lands that "
     "produce mana, but the effect will not be able to generate any mana.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("stone", "Fellwar Stone", "alice"), perm("forest", "Forest", "alice"),
         perm("elf", "Llanowar Elves", "bob")]},
     {"stone": [], "forest": ["G"], "elf": ["G"]}),
    ("Reflecting Pool 2008-05-01: If you control Vivid Crag and Reflecting Pool, you can tap "
     "Reflecting Pool for any color of mana. It doesn't matter whether Vivid Crag has a charge "
     "counter on it, and it doesn't matter whether it's untapped.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("pool", "Reflecting Pool", "alice"), perm("crag", "Vivid Crag", "alice", tapped=True)]},
     {"pool": ["B", "G", "R", "U", "W"], "crag": ["B", "G", "R", "U", "W"]}),
    ("Naga Vitalist 2017-04-18: If you control Spire of Industry and Naga Vitalist, you can tap Naga "
     "Vitalist for any color of mana. It doesn't matter whether you control an artifact (and "
     "Spire's '{T}: Add {C}.' gives colorless: 'The types of mana are ... and colorless.')",
     {"players": ["alice", "bob"], "battlefield": [
         perm("naga", "Naga Vitalist", "alice"), perm("spire", "Spire of Industry", "alice", tapped=True)]},
     {"naga": ["B", "C", "G", "R", "U", "W"], "spire": ["B", "C", "G", "R", "U", "W"]}),
    ("Exotic Orchard 2009-02-01: If an opponent controls Vivid Crag and you control Exotic Orchard, "
     "you can tap Exotic Orchard for any color of mana.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("orchard", "Exotic Orchard", "alice"), perm("crag", "Vivid Crag", "bob")]},
     {"orchard": ["B", "G", "R", "U", "W"], "crag": ["B", "G", "R", "U", "W"]}),
    ("Squandered Resources 2004-10-04: Can sacrifice a land which can't produce mana, but you "
     "don't get any mana from this ability.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("sq", "Squandered Resources", "alice"), perm("pool", "Reflecting Pool", "alice")]},
     {"sq": [], "pool": []}),
    ("106.7: If that permanent wouldn't produce any mana under these conditions ... there's no "
     "type of mana it could produce (Gaea's Cradle with no creatures).",
     {"players": ["alice", "bob"], "battlefield": [
         perm("cradle", "Gaea's Cradle", "alice"), perm("elf", "Llanowar Elves", "bob"),
         perm("pool", "Reflecting Pool", "alice")]},
     {"cradle": [], "elf": ["G"], "pool": []}),
    ("702.26b: a phased-out permanent is treated as though it does not exist.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("pool", "Reflecting Pool", "alice"), perm("forest", "Forest", "alice", phased_out=True),
         perm("cradle", "Gaea's Cradle", "bob"), perm("elf", "Llanowar Elves", "bob", phased_out=True)]},
     {"pool": [], "forest": [], "cradle": [], "elf": []}),
    ("Exotic Orchard 2009-02-01: takes into account any applicable replacement effects ... (such "
     "as Contamination's effect, for example)",
     {"players": ["alice", "bob"], "battlefield": [
         perm("orchard", "Exotic Orchard", "alice"), perm("forest", "Forest", "bob"),
         perm("contamination", "Contamination", "bob")]},
     {"orchard": ["B"], "forest": ["B"], "contamination": []}),
    ("Pale Moon 2004-10-04: The ability does not change the amount of mana produced, only the "
     "color. (nonbasic lands only: the Forest keeps {G})",
     {"players": ["alice", "bob"], "battlefield": [
         perm("trop", "Tropical Island", "alice"), perm("forest", "Forest", "alice"),
         perm("pool", "Reflecting Pool", "alice")],
      "effects": [{"card": "Pale Moon", "controller": "bob"}]},
     {"trop": ["C"], "forest": ["G"], "pool": ["C"]}),
    ("106.7 'in any possible order' (Exotic Orchard 2009-02-01: If there are more than one, "
     "consider them in any possible order): Contamination and Pale Moon on a nonbasic land",
     {"players": ["alice", "bob"], "battlefield": [
         perm("trop", "Tropical Island", "alice"), perm("contamination", "Contamination", "bob")],
      "effects": [{"card": "Pale Moon", "controller": "bob"}]},
     {"trop": ["B", "C"], "contamination": []}),
    ("Mana Reflection 2008-05-01: applying Mana Reflection first and Contamination second would "
     "result in {B}; applying Contamination first and Mana Reflection second would result in {B}{B}.",
     {"players": ["alice", "bob"], "battlefield": [
         perm("mountain", "Mountain", "alice"), perm("reflection", "Mana Reflection", "alice"),
         perm("contamination", "Contamination", "bob"), perm("birds", "Birds of Paradise", "alice")]},
     {"mountain": ["B"], "reflection": [], "contamination": [],
      "birds": ["B", "G", "R", "U", "W"]}),
    ("Celestial Dawn 2006-09-25: Mana produced by ... nonland permanents you control isn't "
     "affected by Celestial Dawn. Llanowar Elves will produce {G}, for example. (305.7: the "
     "lands are Plains and lose their other abilities)",
     {"players": ["alice", "bob"], "battlefield": [
         perm("dawn", "Celestial Dawn", "alice"), perm("elf", "Llanowar Elves", "alice"),
         perm("trop", "Tropical Island", "alice"), perm("cradle", "Gaea's Cradle", "alice"),
         perm("naga", "Naga Vitalist", "alice"), perm("island", "Island", "bob")]},
     {"dawn": [], "elf": ["G"], "trop": ["W"], "cradle": ["W"], "naga": ["W"], "island": ["U"]}),
]


@pytest.mark.parametrize("source,board,expected", RULING_CASES, ids=[c[0][:40] for c in RULING_CASES])
def test_oracle_follows_the_rulings(source, board, expected):
    assert oracle(board) == dict(sorted(expected.items())), source


def _needs_replacements(board):
    return (any(p["card"] in NEEDS_REPLACEMENTS for p in board["battlefield"])
            or any(e["card"] in NEEDS_REPLACEMENTS for e in board.get("effects", [])))


@pytest.mark.parametrize("source,board,expected",
                         [c for c in RULING_CASES if WITH_REPLACEMENT_EFFECTS or not _needs_replacements(c[1])],
                         ids=[c[0][:40] for c in RULING_CASES
                              if WITH_REPLACEMENT_EFFECTS or not _needs_replacements(c[1])])
def test_kb_follows_the_rulings(source, board, expected):
    assert kb(board) == dict(sorted(expected.items())), source
