"""Mana amounts and kinds of issue 11 (round 5): amounts of the permanent itself counted for abilities
that add mana but are not mana abilities (605.1b, 106.7), the greatest toughness among *other*
creatures, "X {G} or X {W}", one mana of any of the creature's own colors (105.1), the mana value of
*another* sacrificed creature (701.21a), "that much" mana of a trigger event (120.8). Real cards,
Oracle text as printed, defined inline (never read from a corpus)."""

from helpers import compiled
from pyengine.terms import Const
from test_game_mana import board, strict

BLACK_MARKET = {"name": "Black Market", "mana_cost": "{3}{B}{B}", "type": "Enchantment",
                "text": "Whenever a creature dies, put a charge counter on this enchantment.\n"
                        "At the beginning of your first main phase, add {B} for each charge counter on this enchantment."}


FIREBENDING_STUDENT = {"name": "Firebending Student", "mana_cost": "{1}{R}", "type": "Creature — Human Monk",
                       "power": "1", "toughness": "2",
                       "text": "Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of "
                               "turn.)\nFirebending X, where X is this creature's power. (Whenever this creature attacks, "
                               "add X {R}. This mana lasts until end of combat.)"}


def test_trigger_counts_counters_on_its_own_permanent(tmp_path):
    """Black Market: its trigger (not a mana ability, 605.1b) adds {B} for each charge counter on it,
    counted as it resolves (608.2h): with three counters it could produce black (106.7), with none
    nothing; produce is about mana abilities only (605.1a), so this one adds nothing there."""
    s = board(tmp_path, [BLACK_MARKET], [("m3", "Black Market", "alice", {"counters": {"charge": 3}}),
                                         ("m0", "Black Market", "alice")])
    could = strict(["could-produce", s])
    assert could["m3"] == ["B"] and could["m0"] == []


ARBOR_ADHERENT = {"name": "Arbor Adherent", "mana_cost": "{3}{G}", "type": "Creature — Dog Druid", "power": "2",
                  "toughness": "4",
                  "text": "{T}: Add one mana of any color.\n{T}: Add X mana of any one color, where X is the greatest "
                          "toughness among other creatures you control."}
BRIGID = {"name": "Brigid, Doun's Mind", "type": "Legendary Creature — Kithkin Soldier", "power": "3", "toughness": "2",
          "text": "{T}: Add X {G} or X {W}, where X is the number of other creatures you control.\nAt the beginning of "
                  "your first main phase, you may pay {W}. If you do, transform Brigid."}
KATILDA = {"name": "Katilda, Dawnhart Prime", "mana_cost": "{G}{W}", "type": "Legendary Creature — Human Warlock",
           "power": "1", "toughness": "1",
           "text": "Protection from Werewolves\nHuman creatures you control have \"{T}: Add one mana of any of this "
                   "creature's colors.\"\n{4}{G}{W}, {T}: Put a +1/+1 counter on each creature you control."}
HILL_GIANT = {"name": "Hill Giant", "mana_cost": "{3}{R}", "type": "Creature — Giant", "power": "3", "toughness": "3",
              "text": ""}
MECHANICAL_MOBSTER = {"name": "Mechanical Mobster", "mana_cost": "{3}", "type": "Artifact Creature — Human Robot Villain",
                      "power": "2", "toughness": "1",
                      "text": "When this creature enters, exile up to one target card from a graveyard. Target creature "
                              "you control connives. (Draw a card, then discard a card. If you discarded a nonland card, "
                              "put a +1/+1 counter on that creature.)"}
ELITE_VANGUARD = {"name": "Elite Vanguard", "mana_cost": "{W}", "type": "Creature — Human Soldier", "power": "2",
                  "toughness": "1", "text": ""}


def test_greatest_toughness_among_other_creatures_leaves_out_its_own(tmp_path):
    """Arbor Adherent: X is the greatest toughness among *other* creatures you control (109.2, 208.1),
    counted as the ability resolves (608.2h): beside a 3/3 its own toughness 4 does not count (X = 3);
    with no other creature X is 0 and that ability adds no mana (107.1b)."""
    s = board(tmp_path, [ARBOR_ADHERENT, HILL_GIANT], [("a1", "Arbor Adherent", "alice"),
                                                       ("giant", "Hill Giant", "alice"),
                                                       ("a9", "Arbor Adherent", "bob")])
    with_giant = strict(["produce", s, "a1"])["amounts"]
    assert sorted(with_giant, key=str) == sorted([{c: n} for c in "WUBRG" for n in (1, 3)], key=str)
    alone = strict(["produce", s, "a9"])["amounts"]
    assert sorted(alone, key=str) == sorted([{}] + [{c: 1} for c in "WUBRG"], key=str)


def test_x_of_one_type_or_x_of_another(tmp_path):
    """Brigid, Doun's Mind: "Add X {G} or X {W}, where X is the number of other creatures you control":
    X mana of one of the two types (106.1b), X counted as it resolves (608.2h), Brigid itself not counted
    (109.2); the opponent's creature is not counted either."""
    s = board(tmp_path, [BRIGID, HILL_GIANT, ELITE_VANGUARD],
              [("brig", "Brigid, Doun's Mind", "alice"), ("giant", "Hill Giant", "alice"),
               ("van", "Elite Vanguard", "alice"), ("bob_giant", "Hill Giant", "bob")])
    assert strict(["produce", s, "brig"])["amounts"] == [{"G": 2}, {"W": 2}]
    assert strict(["could-produce", s])["brig"] == ["G", "W"]


def test_one_mana_of_any_of_the_creatures_own_colors(tmp_path):
    """Katilda, Dawnhart Prime grants Humans "{T}: Add one mana of any of this creature's colors.": each
    adds one mana of one of its own colors (105.1): Katilda (green and white) adds {G} or {W}, Elite
    Vanguard (white) only {W}; colorless Mechanical Mobster has no color to add (105.2c): no mana (106.5);
    Hill Giant is no Human and gets no ability."""
    s = board(tmp_path, [KATILDA, HILL_GIANT, ELITE_VANGUARD, MECHANICAL_MOBSTER],
              [("kat", "Katilda, Dawnhart Prime", "alice"), ("van", "Elite Vanguard", "alice"),
               ("giant", "Hill Giant", "alice"), ("mob", "Mechanical Mobster", "alice")])
    assert strict(["produce", s, "kat"])["amounts"] == [{"G": 1}, {"W": 1}]
    assert strict(["produce", s, "van"])["amounts"] == [{"W": 1}]
    assert strict(["produce", s, "mob"])["amounts"] == [{}]
    could = strict(["could-produce", s])
    assert (could["kat"], could["van"], could["giant"], could["mob"]) == (["G", "W"], ["W"], [], [])


ILLUMINOR_SZERAS = {"name": "Illuminor Szeras", "mana_cost": "{2}{B}", "type": "Legendary Artifact Creature — Necron",
                    "power": "3", "toughness": "3",
                    "text": "Secrets of the Soul — {T}, Sacrifice another creature: Add an amount of {B} equal to the "
                            "sacrificed creature's mana value."}


def test_mana_value_of_another_sacrificed_creature(tmp_path):
    """Illuminor Szeras: one outcome per creature its cost could sacrifice (701.21a, 601.2h), as much {B}
    as that creature's mana value (202.3, 608.2h): Hill Giant (4) or Elite Vanguard (1), never Szeras
    itself ("another", 109.2); alone, its cost can't be paid and it could produce nothing (106.7)."""
    s = board(tmp_path, [ILLUMINOR_SZERAS, HILL_GIANT, ELITE_VANGUARD],
              [("sz", "Illuminor Szeras", "alice"), ("giant", "Hill Giant", "alice"),
               ("van", "Elite Vanguard", "alice"), ("bob_sz", "Illuminor Szeras", "bob")])
    assert strict(["produce", s, "sz"])["amounts"] == [{"B": 1}, {"B": 4}]
    assert strict(["produce", s, "bob_sz"])["amounts"] == []
    could = strict(["could-produce", s])
    assert (could["sz"], could["bob_sz"]) == (["B"], [])


SAKIKO = {"name": "Sakiko, Mother of Summer", "mana_cost": "{4}{G}{G}", "type": "Legendary Creature — Snake Shaman",
          "power": "3", "toughness": "3",
          "text": "Whenever a creature you control deals combat damage to a player, add that much {G}. Until end of "
                  "turn, you don't lose this mana as steps and phases end."}
RADHA = {"name": "Grand Warlord Radha", "mana_cost": "{2}{R}{G}", "type": "Legendary Creature — Elf Warrior",
         "power": "3", "toughness": "4",
         "text": "Haste\nWhenever one or more creatures you control attack, add that much mana in any combination of "
                 "{R} and/or {G}. Until end of turn, you don't lose this mana as steps and phases end."}


def test_that_much_mana_of_the_trigger_event(tmp_path):
    """Sakiko: "add that much {G}", the combat damage dealt, at least 1 (120.8: 0 damage is not dealt and
    triggers nothing); Grand Warlord Radha: "that much mana in any combination of {R} and/or {G}", one for
    each attacking creature, at least one. Neither is a mana ability (605.1b), but each could produce
    those types (106.7)."""
    s = board(tmp_path, [SAKIKO, RADHA], [("sakiko", "Sakiko, Mother of Summer", "alice"),
                                          ("radha", "Grand Warlord Radha", "alice")])
    could = strict(["could-produce", s])
    assert (could["sakiko"], could["radha"]) == (["G"], ["G", "R"])


def test_that_much_of_an_event_that_may_be_zero_stays_a_note():
    """"that much" of a trigger whose quantity may be none is not read as some mana: Tanuki
    Transplanter's "add an amount of {G} equal to its power" keeps its could-produce note."""
    c = compiled("Tanuki Transplanter", "Artifact Creature — Equipment Dog",
                 "Whenever this creature or equipped creature attacks, add an amount of {G} equal to its power. "
                 "Until end of turn, you don't lose this mana as steps and phases end.")
    assert any("could-produce" in n.affects for n in c.not_modelled)
    s = compiled("Sakiko, Mother of Summer", SAKIKO["type"], SAKIKO["text"])
    assert not any("could-produce" in n.affects for n in s.not_modelled)
    assert [f[2:] for f in s.facts if f[0] == "mana_amount"] == [(1, Const("g"), Const("event"))]


ARDENT_ELECTROMANCER = {"name": "Ardent Electromancer", "mana_cost": "{2}{R}", "type": "Creature — Human Wizard",
                        "power": "3", "toughness": "2",
                        "text": "When this creature enters, add {R} for each creature in your party. (Your party "
                                "consists of up to one each of Cleric, Rogue, Warrior, and Wizard.)"}
SHIELDMAGE_ELDER = {"name": "Shieldmage Elder", "mana_cost": "{5}{W}", "type": "Creature — Human Cleric Wizard",
                    "power": "2", "toughness": "3",
                    "text": "Tap two untapped Clerics you control: Prevent all damage target creature would deal this "
                            "turn.\nTap two untapped Wizards you control: Prevent all damage target spell would deal "
                            "this turn."}
GOBLIN_PIKER = {"name": "Goblin Piker", "mana_cost": "{1}{R}", "type": "Creature — Goblin Warrior", "power": "2",
                "toughness": "1", "text": "This creature can't block."}


def test_one_mana_for_each_creature_in_your_party(tmp_path):
    """Ardent Electromancer: {R} for each creature in your party (700.8): a Wizard (itself), Shieldmage
    Elder (Cleric Wizard) counted as the Cleric to get the highest number (700.8b), Goblin Piker the
    Warrior: 3; the opponent's Electromancer alone: 1. Its trigger could produce red (106.7)."""
    from pyengine import snapshot
    from pyengine.asp.driver import Engine
    from pyengine.facts import snapshot_facts
    s = board(tmp_path, [ARDENT_ELECTROMANCER, SHIELDMAGE_ELDER, GOBLIN_PIKER],
              [("ae", "Ardent Electromancer", "alice"), ("elder", "Shieldmage Elder", "alice"),
               ("piker", "Goblin Piker", "alice"), ("bob_ae", "Ardent Electromancer", "bob")])
    assert strict(["could-produce", s])["ae"] == ["R"]
    show = tmp_path / "party.lp"
    show.write_text("#show party_size/2.\n", encoding="utf-8")
    [model] = Engine(snapshot_facts(snapshot.load(s)), "could_produce", programs=[show]).ask([])
    assert sorted(model) == [("party_size", "alice", 3), ("party_size", "bob", 1)]


def test_firebending_x_counts_its_own_power(tmp_path):
    """Firebending Student: "Firebending X, where X is this creature's power" (702.189a: a trigger, not a
    mana ability, 605.1b) adds X {R}, X its power as it resolves (608.2h): power 1 could produce red;
    with a -1/-1 counter its power is 0 and it adds no mana (107.1b)."""
    s = board(tmp_path, [FIREBENDING_STUDENT], [("f1", "Firebending Student", "alice"),
                                                ("f0", "Firebending Student", "alice", {"counters": {"-1/-1": 1}})])
    could = strict(["could-produce", s])
    assert (could["f1"], could["f0"]) == (["R"], [])
