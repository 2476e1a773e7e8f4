"""Issue 11, round 9: mana cards that no longer carry a could-produce/produce note. Real cards, Oracle
text as printed; the expected values are the Comprehensive Rules' (cited per test)."""

import yaml

from helpers import run_cli
from pyengine import cardlib, symbols
from pyengine.compiler import compile_card

REFLECTIVE_GATE = {"name": "Reflective Gate", "type": "Artifact Land — Gate Food",
                   "text": "{T}: Add {C}.\n{T}: Add one mana of any color that shares a color with a permanent "
                           "a player controls.\n{2}, {T}, Sacrifice this land: You gain 3 life."}
FAMOUS_MUSEUM = {"name": "Famous Museum", "mana_cost": "{3}", "type": "Artifact",
                 "text": "Whenever a creature you control dies, put an art counter on Famous Museum.\n"
                         "{T}: Add {C}, plus an additional {C} for each art counter on Famous Museum."}
RAGING_GOBLIN = {"name": "Raging Goblin", "mana_cost": "{R}", "type": "Creature — Goblin", "power": "1",
                 "toughness": "1", "text": "Haste"}

MANA_ANSWERS = {"could-produce", "produce"}


def board(tmp_path, cards, perms, **extra):
    snap = {"players": ["alice", "bob"], "active": "alice", "cards": cards, "battlefield": perms, **extra}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap, sort_keys=False))
    return str(p)


def mana_notes(card):
    """The notes of a card that could change a could-produce or produce answer."""
    return [n for n in compile_card(cardlib.parse_card(card)).not_modelled if n.affects & MANA_ANSWERS]


def could(snap, pid):
    code, out, err = run_cli(["could-produce", snap, "--json"])
    assert (code, err) == (0, ""), err
    return out[pid]


def produce(snap, pid):
    code, out, err = run_cli(["produce", snap, pid, "--json"])
    assert (code, err) == (0, ""), err
    return out["amounts"]


# --- Reflective Gate: "any color that shares a color with a permanent a player controls" ---------------

def test_reflective_gate_has_no_mana_note():
    assert mana_notes(REFLECTIVE_GATE) == []


def test_reflective_gate_reads_the_colors_of_every_players_permanents(tmp_path):
    # 105.1: a color shares a color with a permanent of that color; "a player controls" is any
    # player's (108.4): the opponent's green Llanowar Elves and the controller's red Raging Goblin
    # give G and R; the Island is colorless (105.2c) and gives none
    s = board(tmp_path, [REFLECTIVE_GATE, RAGING_GOBLIN],
              [{"id": "gate", "card": "Reflective Gate", "controller": "alice"},
               {"id": "elves", "card": "Llanowar Elves", "controller": "bob"},
               {"id": "goblin", "card": "Raging Goblin", "controller": "alice"},
               {"id": "island", "card": "Island", "controller": "alice"}])
    assert sorted(could(s, "gate")) == ["C", "G", "R"]
    assert sorted(produce(s, "gate"), key=str) == sorted([{"C": 1}, {"G": 1}, {"R": 1}], key=str)


def test_reflective_gate_ignores_a_phased_out_permanent(tmp_path):
    # 702.26b: a phased-out permanent is treated as though it does not exist: its color is not among
    # those of permanents a player controls; with no colored permanent only {C} remains (106.5)
    s = board(tmp_path, [REFLECTIVE_GATE, RAGING_GOBLIN],
              [{"id": "gate", "card": "Reflective Gate", "controller": "alice"},
               {"id": "goblin", "card": "Raging Goblin", "controller": "alice", "phased_out": True}])
    assert could(s, "gate") == ["C"]


# --- Famous Museum: "Add {C}, plus an additional {C} for each art counter on ~" ------------------------

def test_famous_museum_has_no_mana_note():
    assert mana_notes(FAMOUS_MUSEUM) == []


def test_famous_museum_adds_one_plus_one_per_art_counter(tmp_path):
    # 107.3, 122.1, 608.2h: counted as the ability resolves: two art counters give {C}{C}{C}; none
    # gives the one {C}; a counter of another kind adds nothing
    s = board(tmp_path, [FAMOUS_MUSEUM],
              [{"id": "museum", "card": "Famous Museum", "controller": "alice", "counters": {"art": 2}},
               {"id": "bare", "card": "Famous Museum", "controller": "alice"},
               {"id": "other", "card": "Famous Museum", "controller": "alice", "counters": {"charge": 3}}])
    assert produce(s, "museum") == [{"C": 3}]
    assert produce(s, "bare") == [{"C": 1}]
    assert produce(s, "other") == [{"C": 1}]
    assert could(s, "museum") == ["C"]


# --- Mana Abundance: "If a player would add mana, instead all players add that mana." ------------------

MANA_ABUNDANCE = {"name": "Mana Abundance", "mana_cost": "{2}{R}", "type": "World Enchantment",
                  "text": "If a player would add mana, instead all players add that mana."}


def test_mana_abundance_is_a_note_for_apply_only():
    # 614.1a, 102.1: the player who would add the mana is one of all players and still adds that
    # mana; only the other players' pools change (an event's result: apply)
    notes = compile_card(cardlib.parse_card(MANA_ABUNDANCE)).not_modelled
    assert [sorted(n.affects) for n in notes] == [["apply"]]


def test_mana_abundance_leaves_what_the_controller_adds(tmp_path):
    # the Forest's controller adds {G} as without it (614.1a: all players add that mana, she among
    # them); --strict answers, since the line is no note for produce or could-produce
    s = board(tmp_path, [MANA_ABUNDANCE],
              [{"id": "abundance", "card": "Mana Abundance", "controller": "bob"},
               {"id": "forest", "card": "Forest", "controller": "alice"}])
    code, out, err = run_cli(["--strict", "produce", s, "forest", "--json"])
    assert (code, err) == (0, ""), err
    assert out["amounts"] == [{"G": 1}]
    code, out, err = run_cli(["--strict", "could-produce", s, "--json"])
    assert (code, err) == (0, ""), err
    assert out["forest"] == ["G"]


# --- Riftstone Portal: "As long as this card is in your graveyard, lands you control have ..." ---------

RIFTSTONE_PORTAL = {"name": "Riftstone Portal", "type": "Land",
                    "text": "{T}: Add {C}.\nAs long as this card is in your graveyard, lands you control have "
                            "\"{T}: Add {G} or {W}.\""}


def test_riftstone_portal_has_no_mana_note():
    assert mana_notes(RIFTSTONE_PORTAL) == []


def _portal_board(tmp_path, graveyard):
    return board(tmp_path, [RIFTSTONE_PORTAL],
                 [{"id": "forest", "card": "Forest", "controller": "alice"},
                  {"id": "portal", "card": "Riftstone Portal", "controller": "alice"},
                  {"id": "island", "card": "Island", "controller": "bob"}], graveyard=graveyard)


def test_riftstone_portal_in_your_graveyard_grants_your_lands(tmp_path):
    # 113.6b: the ability states the zone it functions in: from its owner's graveyard it gives each
    # land its owner controls "{T}: Add {G} or {W}." (613.1f), the Riftstone Portal on the
    # battlefield among them; the opponent's Island is not one of "lands you control"
    s = _portal_board(tmp_path, {"alice": ["Riftstone Portal"]})
    code, out, err = run_cli(["could-produce", s, "--json"])
    assert (code, err) == (0, ""), err
    assert sorted(out["forest"]) == ["G", "W"]
    assert sorted(out["portal"]) == ["C", "G", "W"]
    assert out["island"] == ["U"]
    assert sorted(produce(s, "forest"), key=str) == sorted([{"G": 1}, {"W": 1}], key=str)


def test_riftstone_portal_on_the_battlefield_grants_nothing(tmp_path):
    # 113.6b: on the battlefield the ability does not function; in the opponent's graveyard it is
    # the opponent's ("your graveyard": its owner's, 404.2) and grants the opponent's lands
    s = _portal_board(tmp_path, {"bob": ["Riftstone Portal"]})
    code, out, err = run_cli(["could-produce", s, "--json"])
    assert (code, err) == (0, ""), err
    assert out["forest"] == ["G"]
    assert out["portal"] == ["C"]
    assert sorted(out["island"]) == ["G", "U", "W"]


# --- Lukka, Bound to Ruin: the hybrid Phyrexian symbol {R/G/P} of a mana cost (107.4f, 202) ------------

LUKKA = {"name": "Lukka, Bound to Ruin", "mana_cost": "{2}{R}{R/G/P}{G}",
         "type": "Legendary Planeswalker — Lukka", "loyalty": "5",
         "text": "Compleated ({R/G/P} can be paid with {R}, {G}, or 2 life. If life was paid, this planeswalker "
                 "enters with two fewer loyalty counters.)\n[+1]: Add {R}{G}. Spend this mana only to cast creature "
                 "spells or activate abilities of creatures.\n[−1]: Create a 3/3 green Phyrexian Beast creature "
                 "token with toxic 1.\n[−4]: Lukka deals X damage divided as you choose among any number of target "
                 "creatures and/or planeswalkers, where X is the greatest power among creatures you control as you "
                 "activate this ability."}


def test_lukka_mana_cost_is_read_and_no_mana_note():
    c = compile_card(cardlib.parse_card(LUKKA))
    assert ("card_cost", LUKKA["name"], symbols.cost_term("R/G/P")[0], 1) in c.facts
    assert not any(f[0] == "card_cost_unknown" for f in c.facts)
    assert mana_notes(LUKKA) == []


def test_lukka_colors_and_mana_value(tmp_path):
    # 202.2: the colors of the symbols of its mana cost, both of a hybrid one: red and green;
    # 202.3g: the Phyrexian symbol counts 1: {2}{R}{R/G/P}{G} has mana value 5
    s = board(tmp_path, [LUKKA], [{"id": "lukka", "card": LUKKA["name"], "controller": "alice",
                                   "counters": {"loyalty": 5}}])
    code, out, err = run_cli(["show", s, "lukka", "--json"])
    assert code == 0, err
    assert (out["colors"], out["mana_value"]) == (["G", "R"], 5)


def test_lukka_is_cast_with_four_lands_and_two_life(tmp_path):
    # 107.4f: {R/G/P} is paid with {R}, {G} or 2 life: three Mountains and a Forest pay {2}{R}{G}
    # and the player pays 2 life for {R/G/P} (601.2h; 119.4: 20 life is enough)
    s = board(tmp_path, [LUKKA], [{"id": f"m{i}", "card": "Mountain", "controller": "alice"} for i in (1, 2, 3)]
              + [{"id": "f1", "card": "Forest", "controller": "alice"}],
              hand={"alice": [LUKKA["name"]]}, step="precombat_main")
    code, out, err = run_cli(["actions", s, "--json"])
    assert code == 0, err
    cast = [a for a in out["actions"] if a["kind"] == "cast"]
    assert len(cast) == 1 and cast[0]["card"] == LUKKA["name"]
    assert (cast[0]["payment_life"], cast[0]["paid_with_life"]) == (2, ["{R/G/P}"])
    assert sorted(p["source"] for p in cast[0]["payment"]) == ["f1", "m1", "m2", "m3"]


def test_lukka_is_not_cast_with_one_life(tmp_path):
    # 119.4: a player can pay life only if their life total is at least the amount: with 1 life
    # the four lands cannot pay the five symbols
    s = board(tmp_path, [LUKKA], [{"id": f"m{i}", "card": "Mountain", "controller": "alice"} for i in (1, 2, 3)]
              + [{"id": "f1", "card": "Forest", "controller": "alice"}],
              hand={"alice": [LUKKA["name"]]}, step="precombat_main", life={"alice": 1, "bob": 20})
    code, out, err = run_cli(["actions", s, "--json"])
    assert code == 0, err
    assert [a for a in out["actions"] if a["kind"] == "cast"] == []
