"""Abilities had only "as long as" a condition the snapshot holds (611.3a; kb/gates.lp,
pyengine/compiler/gates.py): level striations (711.2a-b: level counters), class levels (716.2a: the
snapshot's `level`, 1 by default, 716.2d), max speed (702.178a: the snapshot's `speed`, 0 by default,
702.179f), and changeling (702.73a: every creature type). Real cards, Oracle text as printed,
defined inline (never read from a corpus)."""

from helpers import board, problems, run_cli, strict
from pyengine.compiler import vocabulary

JORAGA = {"name": "Joraga Treespeaker", "mana_cost": "{G}", "type": "Creature — Elf Druid", "power": "1",
          "toughness": "1",
          "text": "Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 1-4\n"
                  "1/2\n{T}: Add {G}{G}.\nLEVEL 5+\n1/4\nElves you control have \"{T}: Add {G}{G}.\""}
SKYSCRAPER = {"name": "Under-Construction Skyscraper", "type": "Land",
              "text": "Level up {1} ({1}: Put a level counter on this. Level up only as a sorcery.)\n{T}: Add {C}.\n"
                      "LEVEL 1-7\n{T}: Add {W}, {B}, {G}, or {C}.\nLEVEL 8+\n{T}: Add {W}, {B}, {G}, or {C}. Scry 1."}
SORCERER_CLASS = {"name": "Sorcerer Class", "mana_cost": "{U}{R}", "type": "Enchantment — Class",
                  "text": "(Gain the next level as a sorcery to add its ability.)\nWhen this Class enters, draw two "
                          "cards, then discard two cards.\n{U}{R}: Level 2\nCreatures you control have \"{T}: Add {U} "
                          "or {R}. Spend this mana only to cast an instant or sorcery spell or to gain a Class "
                          "level.\"\n{3}{U}{R}: Level 3\nWhenever you cast an instant or sorcery spell, that spell "
                          "deals damage to each opponent equal to the number of instant and sorcery spells you've "
                          "cast this turn."}
MURAGANDA_RACEWAY = {"name": "Muraganda Raceway", "type": "Land",
                     "text": "Start your engines! (If you have no speed, it starts at 1. It increases once on each of "
                             "your turns when an opponent loses life. Max speed is 4.)\n{T}: Add {C}.\n"
                             "Max speed — {T}: Add {C}{C}."}
THREE_TREE_MASCOT = {"name": "Three Tree Mascot", "mana_cost": "{2}", "type": "Artifact Creature — Shapeshifter",
                     "power": "2", "toughness": "1",
                     "text": "Changeling (This card is every creature type.)\n{1}: Add one mana of any color. "
                             "Activate only once each turn."}
GRIZZLY_BEARS = {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type": "Creature — Bear", "power": "2",
                 "toughness": "2", "text": ""}


def test_a_level_striation_is_had_with_those_level_counters(tmp_path):
    """711.2a: "{LEVEL 1-4} [Abilities] [P/T]": with 1 to 4 level counters Joraga Treespeaker has
    "{T}: Add {G}{G}." and base P/T 1/2; 711.2b: with 5 or more, base 1/4 and Elves you control
    have "{T}: Add {G}{G}."; 711.5: with none, neither (its printed 1/1)."""
    s = board(tmp_path, [JORAGA, GRIZZLY_BEARS],
              [("j0", "Joraga Treespeaker", "bob"), ("j4", "Joraga Treespeaker", "alice", {"counters": {"level": 4}}),
               ("j5", "Joraga Treespeaker", "bob", {"counters": {"level": 5}}),
               ("bear", "Grizzly Bears", "bob")])
    could = strict(["could-produce", s])
    # j0 has no level counter, but j5 (LEVEL 5+) makes every Elf bob controls tap for {G}{G}
    assert could == {"j0": ["G"], "j4": ["G"], "j5": ["G"], "bear": []}
    assert strict(["produce", s, "j4"])["amounts"] == [{"G": 2}]
    code, out, _ = run_cli(["show", s, "j4", "--json"])
    assert code == 0 and (out["power"], out["toughness"]) == (1, 2)
    _, out, _ = run_cli(["show", s, "j5", "--json"])
    assert (out["power"], out["toughness"]) == (1, 4)
    _, out, _ = run_cli(["show", s, "j0", "--json"])
    assert (out["power"], out["toughness"]) == (1, 1)


def test_a_level_range_ends_at_its_upper_bound(tmp_path):
    """711.2a: "LEVEL 1-7" means at least 1 and no more than 7 level counters; 711.2b: "LEVEL 8+"
    8 or more (Under-Construction Skyscraper: {C} at level 0; {W}, {B}, {G} or {C} from 1 on, by
    the 1-7 striation's ability and then by the 8+ one)."""
    s = board(tmp_path, [SKYSCRAPER],
              [("s0", "Under-Construction Skyscraper", "alice"),
               ("s7", "Under-Construction Skyscraper", "alice", {"counters": {"level": 7}})])
    could = strict(["could-produce", s])
    assert could == {"s0": ["C"], "s7": ["B", "C", "G", "W"]}
    abilities = strict(["produce", s, "s7"])["abilities"]
    assert "{T}: Add {W}, {B}, {G}, or {C}." in abilities
    assert "{T}: Add {W}, {B}, {G}, or {C}. Scry 1." not in abilities


def test_a_class_level_ability_is_had_from_that_level_on(tmp_path):
    """716.2a: "As long as this Class is level N or greater, it has [abilities]"; 716.2d: a
    permanent without a level is level 1. Sorcerer Class at level 2 or 3 gives its controller's
    creatures "{T}: Add {U} or {R}." with its spending rule; at level 1 it gives nothing."""
    s = board(tmp_path, [SORCERER_CLASS, GRIZZLY_BEARS],
              [("c1", "Sorcerer Class", "alice"), ("c3", "Sorcerer Class", "bob", {"level": 3}),
               ("a_bear", "Grizzly Bears", "alice"), ("b_bear", "Grizzly Bears", "bob")])
    code, could, err = run_cli(["could-produce", s, "--json"])
    assert code == 0, err
    assert could["a_bear"] == [] and could["b_bear"] == ["R", "U"]
    produced = strict(["produce", s, "b_bear"])
    assert produced["amounts"] == [{"R": 1}, {"U": 1}]
    assert produced["spend_only"][0]["restriction"] == "or(cast(or(instant,sorcery)),class_level)"


def test_a_max_speed_ability_is_had_while_the_speed_is_4(tmp_path):
    """702.178a: "Max speed — [Ability]" means "As long as your speed is 4, this object has
    [Ability]" (702.179e); 702.179f: a player with no speed has 0. Muraganda Raceway adds {C}{C}
    only for a controller at speed 4."""
    s = board(tmp_path, [MURAGANDA_RACEWAY],
              [("fast", "Muraganda Raceway", "alice"), ("slow", "Muraganda Raceway", "bob")],
              speed={"alice": 4, "bob": 3})
    assert strict(["produce", s, "fast"])["amounts"] == [{"C": 1}, {"C": 2}]
    assert strict(["produce", s, "slow"])["amounts"] == [{"C": 1}]
    s = board(tmp_path, [MURAGANDA_RACEWAY], [("none", "Muraganda Raceway", "alice")])
    assert strict(["produce", s, "none"])["amounts"] == [{"C": 1}]


def test_speed_and_level_are_checked():
    """702.179: a speed is 0 to 4; 716.2: a level is a whole number, at least 1."""
    base = {"players": ["alice"], "cards": [MURAGANDA_RACEWAY]}
    assert any("speed[alice]" in p and "at most 4" in p for p in problems({**base, "speed": {"alice": 5}}))
    assert any("unknown player" in p for p in problems({**base, "speed": {"carol": 1}}))
    bad_level = {**base, "battlefield": [{"id": "r", "card": "Muraganda Raceway", "controller": "alice", "level": 0}]}
    assert any("level" in p and "at least 1" in p for p in problems(bad_level))


def test_speed_and_level_on_the_command_line_are_one_error_line(tmp_path):
    """Bad input: one `error:` line, exit 2."""
    s = board(tmp_path, [MURAGANDA_RACEWAY], [("r", "Muraganda Raceway", "alice", {"level": "two"})])
    code, _, err = run_cli(["could-produce", s])
    assert code == 2 and err.count("error:") == 1 and "level" in err


def test_a_changeling_is_every_creature_type(tmp_path):
    """702.73a: Changeling means "This object is every creature type": Three Tree Mascot is an
    Elf, so Joraga Treespeaker at level 5 (711.2b: "Elves you control have "{T}: Add {G}{G}."")
    gives it that ability; Grizzly Bears, a Bear only, does not get it."""
    s = board(tmp_path, [JORAGA, THREE_TREE_MASCOT, GRIZZLY_BEARS],
              [("j5", "Joraga Treespeaker", "alice", {"counters": {"level": 5}}),
               ("mascot", "Three Tree Mascot", "alice"), ("bear", "Grizzly Bears", "alice")])
    code, could, err = run_cli(["could-produce", s, "--json"])
    assert code == 0, err
    assert "G" in could["mascot"] and could["bear"] == []
    code, out, _ = run_cli(["show", s, "mascot", "--json"])
    assert {"Elf", "Shapeshifter", "Time Lord", "Bear"} <= set(out["subtypes"])


def test_kb_subtypes_are_the_lists_of_the_cr():
    """kb/subtypes.lp is what the vocabulary writes from grammar/words.txt, the lists of 205.3
    (which tests/test_grammar.py checks against the CR text)."""
    assert vocabulary.KB_SUBTYPES_FILE.read_text(encoding="utf-8") == vocabulary.render_kb()


HONORED_HIERARCH = {"name": "Honored Hierarch", "mana_cost": "{G}", "type": "Creature — Human Druid", "power": "1",
                    "toughness": "1",
                    "text": "Renown 1 (When this creature deals combat damage to a player, if it isn't renowned, put a "
                            "+1/+1 counter on it and it becomes renowned.)\nAs long as this creature is renowned, it has "
                            "vigilance and \"{T}: Add one mana of any color.\""}
ARIXMETHES = {"name": "Arixmethes, Slumbering Isle", "mana_cost": "{2}{G}{U}", "type": "Legendary Creature — Kraken",
              "power": "12", "toughness": "12",
              "text": "Arixmethes enters tapped with five slumber counters on it.\nAs long as Arixmethes has a slumber "
                      "counter on it, it's a land. (It's not a creature.)\nWhenever you cast a spell, you may remove a "
                      "slumber counter from Arixmethes.\n{T}: Add {G}{U}."}
WARRING_TRIAD = {"name": "The Warring Triad", "mana_cost": "{3}{R}{G}{U}", "type": "Legendary Artifact Creature — God",
                 "power": "5", "toughness": "5",
                 "text": "Flying, trample, haste\nAs long as there are fewer than eight cards in your graveyard, The "
                         "Warring Triad isn't a creature.\n{T}, Mill a card: Target player adds one mana of any color."}


def test_an_ability_had_while_renowned(tmp_path):
    """702.112b: renowned is a designation of the snapshot; Honored Hierarch has vigilance and
    "{T}: Add one mana of any color." only while it is renowned."""
    s = board(tmp_path, [HONORED_HIERARCH],
              [("r", "Honored Hierarch", "alice", {"renowned": True}), ("n", "Honored Hierarch", "alice")])
    assert strict(["could-produce", s]) == {"r": ["B", "G", "R", "U", "W"], "n": []}
    _, out, _ = run_cli(["show", s, "r", "--json"])
    assert "vigilance" in out["keywords"]
    _, out, _ = run_cli(["show", s, "n", "--json"])
    assert out["keywords"] == []


def test_a_permanent_that_is_a_land_while_it_has_a_counter(tmp_path):
    """205.1a: "it's a land" makes Arixmethes a land instead of a creature (its creature type
    Kraken goes with the creature type) while it has a slumber counter (122.1): it is not a
    creature, so summoning sickness does not stop its {T} ability (302.6); without a slumber
    counter it is a 12/12 Kraken creature."""
    s = board(tmp_path, [ARIXMETHES],
              [("isle", "Arixmethes, Slumbering Isle", "alice", {"counters": {"slumber": 5},
                                                                  "controlled_since_turn_start": False}),
               ("kraken", "Arixmethes, Slumbering Isle", "alice", {"controlled_since_turn_start": False})])
    _, isle, _ = run_cli(["show", s, "isle", "--json"])
    assert (isle["types"], isle["subtypes"], isle["supertypes"]) == (["Land"], [], ["Legendary"])
    _, kraken, _ = run_cli(["show", s, "kraken", "--json"])
    assert (kraken["types"], kraken["subtypes"], kraken["power"]) == (["Creature"], ["Kraken"], 12)
    code, out, err = run_cli(["actions", s])
    assert code == 0, err
    lines = [ln for ln in out.splitlines() if "activate" in ln]
    assert any("activate isle" in ln and "302.6" not in ln for ln in lines)
    assert any("activate kraken" in ln and "summoning_sick" in ln for ln in lines)


def test_a_permanent_that_is_not_a_creature_while_its_graveyard_is_small(tmp_path):
    """"As long as there are fewer than eight cards in your graveyard, The Warring Triad isn't a
    creature" (404.1, 613.1d): with seven cards in its controller's graveyard it is an artifact
    only (its creature type God goes with the creature type, 205.1a), with eight an artifact
    creature God."""
    s = board(tmp_path, [WARRING_TRIAD],
              [("small", "The Warring Triad", "alice"), ("big", "The Warring Triad", "bob")],
              graveyard={"alice": ["Forest"] * 7, "bob": ["Forest"] * 8})
    _, small, _ = run_cli(["show", s, "small", "--json"])
    assert (small["types"], small["subtypes"], small["power"]) == (["Artifact"], [], None)
    _, big, _ = run_cli(["show", s, "big", "--json"])
    assert (big["types"], big["subtypes"], big["power"]) == (["Artifact", "Creature"], ["God"], 5)
