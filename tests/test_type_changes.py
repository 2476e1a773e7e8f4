"""Static abilities of Auras that change the types, colors and abilities of the permanent they enchant
(205.1a, 205.4b, 613.1d-f; kb/type_changes.lp, pyengine/compiler/lower_changes.py). Real Oracle lines;
the expected answers follow the CR and the cards' rulings."""

from helpers import cli_json, compiled, facts_of, line_of, run_cli, snapshot_file

IMPRISONED = {"name": "Imprisoned in the Moon", "mana_cost": "{2}{U}", "type": "Enchantment — Aura",
              "text": "Enchant creature, land, or planeswalker\nEnchanted permanent is a colorless land with "
                      "\"{T}: Add {C}\" and loses all other card types and abilities."}
MINIMUS = {"name": "Minimus Containment", "mana_cost": "{2}{W}", "type": "Enchantment — Aura",
           "text": "Enchant nonland permanent\nEnchanted permanent is a Treasure artifact with \"{T}, Sacrifice "
                   "this artifact: Add one mana of any color,\" and it loses all other abilities. (If it was a "
                   "creature, it's no longer a creature.)"}
LITHOFORM = {"name": "Lithoform Blight", "mana_cost": "{1}{B}", "type": "Enchantment — Aura",
             "text": "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land loses all land types and "
                     "abilities and has \"{T}: Add {C}\" and \"{T}, Pay 1 life: Add one mana of any color.\""}
FROST = {"name": "Glittering Frost", "mana_cost": "{2}{G}", "type": "Snow Enchantment — Aura",
         "text": "Enchant land\nEnchanted land is snow.\nWhenever enchanted land is tapped for mana, its controller "
                 "adds an additional one mana of any color."}
SHIMMER = {"name": "Shimmerwilds Growth", "mana_cost": "{1}{G}", "type": "Enchantment — Aura",
           "text": "Enchant land\nAs this Aura enters, choose a color.\nEnchanted land is the chosen color.\n"
                   "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of the "
                   "chosen color."}
CULTIVATION = {"name": "Careful Cultivation", "mana_cost": "{2}{G}", "type": "Enchantment — Aura",
               "text": "Enchant artifact or creature\nAs long as enchanted permanent is a creature, it gets +1/+3 "
                       "and has reach and \"{T}: Add {G}{G}.\""}
MIND_STONE = {"name": "Mind Stone", "mana_cost": "{2}", "type": "Artifact",
              "text": "{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card."}
CARDS = [IMPRISONED, MINIMUS, LITHOFORM, FROST, SHIMMER, CULTIVATION, MIND_STONE]


def board(tmp_path, perms):
    """A snapshot of PERMS: (id, card, controller[, attached_to[, chosen color]])."""
    bf = []
    for p in perms:
        d = {"id": p[0], "card": p[1], "controller": p[2]}
        if len(p) > 3:
            d["attached_to"] = p[3]
        if len(p) > 4:
            d["chosen"] = {"color": p[4]}
        bf.append(d)
    return snapshot_file(tmp_path, {"players": ["alice", "bob"], "cards": CARDS, "battlefield": bf})


def show(s, pid):
    """`show` of PID (the notes of the Auras' "Enchant creature, land, or planeswalker", which the KB does
    not carry out, are printed for `show`)."""
    code, out, err = run_cli(["show", s, pid, "--json"])
    assert code == 0 and all(line.startswith("note: ") and "Enchant" in line for line in err.splitlines()), err
    return out


def test_imprisoned_in_the_moon_makes_a_colorless_land_with_only_its_ability(tmp_path):
    # 205.1a: "land" replaces the creature type (and creature types go with it); 105.2c colorless;
    # 613.1f: every other ability is lost, the intrinsic {G} of a Forest too (ruling: "a Forest enchanted
    # by Imprisoned in the Moon can't be tapped for {G}"); the Forest keeps its land type (205.1a)
    s = board(tmp_path, [("elves", "Llanowar Elves", "bob"), ("imp", "Imprisoned in the Moon", "alice", "elves"),
                         ("f", "Forest", "bob"), ("imp2", "Imprisoned in the Moon", "alice", "f")])
    assert cli_json(["could-produce", s]) == {"elves": ["C"], "f": ["C"], "imp": [], "imp2": []}
    elves = show(s, "elves")
    assert (elves["types"], elves["subtypes"], elves["colors"], elves["power"]) == (["Land"], [], [], None)
    assert elves["abilities"] == ["{T}: Add {C}"]
    forest = show(s, "f")
    assert (forest["types"], forest["subtypes"], forest["supertypes"]) == (["Land"], ["Forest"], ["Basic"])


def test_minimus_containment_makes_a_treasure_artifact(tmp_path):
    # 205.1a: "a Treasure artifact": the card types become artifact, its artifact subtypes Treasure and
    # the creature types go; its color is unchanged (no layer-5 effect)
    s = board(tmp_path, [("elves", "Llanowar Elves", "bob"), ("min", "Minimus Containment", "alice", "elves")])
    assert cli_json(["could-produce", s])["elves"] == ["B", "G", "R", "U", "W"]
    elves = show(s, "elves")
    assert (elves["types"], elves["subtypes"], elves["colors"]) == (["Artifact"], ["Treasure"], ["G"])


def test_lithoform_blight_removes_land_types_and_abilities(tmp_path):
    # 205.3i: no land type, so no intrinsic {B} (305.6); the two granted abilities stay
    s = board(tmp_path, [("s", "Swamp", "bob"), ("li", "Lithoform Blight", "alice", "s")])
    assert cli_json(["could-produce", s])["s"] == ["B", "C", "G", "R", "U", "W"]
    swamp = show(s, "s")
    assert swamp["subtypes"] == [] and sorted(swamp["abilities"]) == [
        "{T}, Pay 1 life: Add one mana of any color.", "{T}: Add {C}"]
    assert cli_json(["produce", s, "s"])["amounts"] != [{"B": 1}]


def test_without_the_aura_nothing_changes(tmp_path):
    s = board(tmp_path, [("elves", "Llanowar Elves", "bob"), ("s", "Swamp", "bob")])
    assert cli_json(["could-produce", s]) == {"elves": ["G"], "s": ["B"]}


def test_glittering_frost_makes_the_land_snow(tmp_path):
    # 205.4b: the land gains the snow supertype and keeps basic
    s = board(tmp_path, [("f", "Forest", "bob"), ("gf", "Glittering Frost", "bob", "f")])
    assert show(s, "f")["supertypes"] == ["Basic", "Snow"]


def test_shimmerwilds_growth_sets_the_chosen_color(tmp_path):
    # 613.1e, 614.12: the land is the color chosen as the Aura entered (the snapshot's `chosen`)
    s = board(tmp_path, [("m", "Mountain", "bob"), ("sg", "Shimmerwilds Growth", "bob", "m", "U")])
    assert show(s, "m")["colors"] == ["U"]


def test_careful_cultivation_on_a_creature_and_on_an_artifact(tmp_path):
    # 613.4c, 613.1f: the creature gets +1/+3, reach and "{T}: Add {G}{G}."; a noncreature gets nothing
    s = board(tmp_path, [("bear", "Grizzly Bears", "bob"), ("cc", "Careful Cultivation", "bob", "bear"),
                         ("rock", "Mind Stone", "bob"), ("cc2", "Careful Cultivation", "bob", "rock")])
    bear = show(s, "bear")
    assert (bear["power"], bear["toughness"], bear["keywords"]) == (3, 5, ["reach"])
    assert "{T}: Add {G}{G}." in bear["abilities"]
    assert show(s, "rock")["abilities"] == ["{1}, {T}, Sacrifice this artifact: Draw a card.", "{T}: Add {C}."]


def test_the_lines_compile_to_type_changes():
    c = compiled(IMPRISONED["name"], IMPRISONED["type"], IMPRISONED["text"])
    assert line_of(c, 2).modelled
    assert facts_of(c, "type_change") == [
        'type_change(ab("Imprisoned in the Moon",2),attached(permanent),colorless)',
        'type_change(ab("Imprisoned in the Moon",2),attached(permanent),set_card_type(land))']
    c = compiled(MINIMUS["name"], MINIMUS["type"], MINIMUS["text"])
    assert 'type_change(ab("Minimus Containment",2),attached(permanent),set_subtype("Treasure",artifact))' in \
        facts_of(c, "type_change")
    assert facts_of(c, "loses_other_abilities") == ['loses_other_abilities(ab("Minimus Containment",2),attached(permanent))']
    c = compiled(LITHOFORM["name"], LITHOFORM["type"], LITHOFORM["text"])
    assert facts_of(c, "type_change") == ['type_change(ab("Lithoform Blight",3),attached(land),lose_land_types)']


def test_a_new_card_type_whose_subtypes_the_kb_cannot_sort_stays_a_note():
    # One with the Stars: "is an enchantment and loses all other card types": its enchantment types stay
    # (205.1a), which the KB cannot tell from its other subtypes
    c = compiled("One with the Stars", "Enchantment — Aura",
                 "Enchant creature or enchantment\nEnchanted permanent is an enchantment and loses all other card "
                 "types. (It still has its abilities, but it's no longer a creature.)")
    assert not line_of(c, 2).modelled


def test_an_enters_tapped_unless_either_condition_is_one_tail():
    # Temple of the Dragon Queen: "unless A or B" is one condition of the replacement (614.1c), which a
    # permanent already on the battlefield has behind it: a note for `apply` only, never could-produce
    text = ("As this land enters, you may reveal a Dragon card from your hand. This land enters tapped unless you "
            "revealed a Dragon card this way or you control a Dragon.")
    c = compiled("Temple of the Dragon Queen", "Land", text)
    li = line_of(c, 1)
    assert li.affects == {"apply"}
    second = li.line.ability.effect[1]
    assert len(second.clauses) == 1
    tail = second.clauses[0].tails[-1]
    assert tail.kind == "tail_unless" and tail.args[2] == "or"


ZHAO = {"name": "Zhao, the Moon Slayer", "mana_cost": "{1}{R}", "type": "Legendary Creature — Human Soldier",
        "power": 2, "toughness": 2,
        "text": "Menace\nNonbasic lands enter tapped.\n{7}: Put a conqueror counter on Zhao.\nAs long as Zhao has a "
                "conqueror counter on him, nonbasic lands are Mountains. (They lose all other land types and "
                "abilities and have \"{T}: Add {R}.\")"}
ARIXMETHES = {"name": "Arixmethes, Slumbering Isle", "mana_cost": "{2}{G}{U}", "type": "Legendary Creature — Kraken",
              "power": 12, "toughness": 12,
              "text": "Arixmethes enters tapped with five slumber counters on it.\nAs long as Arixmethes has a "
                      "slumber counter on it, it's a land. (It's not a creature.)\nWhenever you cast a spell, you may "
                      "remove a slumber counter from Arixmethes.\n{T}: Add {G}{U}."}
COFFERS = {"name": "Cabal Coffers", "type": "Land", "text": "{2}, {T}: Add {B} for each Swamp you control."}


def counted_board(tmp_path, perms):
    """A snapshot of PERMS: (id, card, controller, counters)."""
    bf = [dict({"id": i, "card": c, "controller": p}, **({"counters": n} if n else {})) for i, c, p, n in perms]
    return snapshot_file(tmp_path, {"players": ["alice", "bob"], "cards": [ZHAO, ARIXMETHES, COFFERS],
                                    "battlefield": bf})


def test_zhao_makes_nonbasic_lands_mountains_while_he_has_a_conqueror_counter(tmp_path):
    # 611.3a: the effect applies while the condition holds; 305.7: Cabal Coffers is a Mountain with
    # "{T}: Add {R}" and loses its own ability
    s = counted_board(tmp_path, [("z", "Zhao, the Moon Slayer", "alice", {"conqueror": 1}),
                                 ("c", "Cabal Coffers", "bob", None), ("s", "Swamp", "bob", None)])
    assert cli_json(["could-produce", s]) == {"c": ["R"], "s": ["B"], "z": []}
    assert show(s, "c")["subtypes"] == ["Mountain"]
    s = counted_board(tmp_path, [("z", "Zhao, the Moon Slayer", "alice", None), ("c", "Cabal Coffers", "bob", None),
                                 ("s", "Swamp", "bob", None)])
    assert cli_json(["could-produce", s]) == {"c": ["B"], "s": ["B"], "z": []}


def test_arixmethes_is_only_a_land_while_it_has_a_slumber_counter(tmp_path):
    # 205.1a: "it's a land" replaces its card types: no creature, no creature type Kraken, no P/T (208.3)
    s = counted_board(tmp_path, [("a", "Arixmethes, Slumbering Isle", "alice", {"slumber": 5})])
    arix = show(s, "a")
    assert (arix["types"], arix["subtypes"], arix["power"]) == (["Land"], [], None)
    assert cli_json(["could-produce", s]) == {"a": ["G", "U"]}
    s = counted_board(tmp_path, [("a", "Arixmethes, Slumbering Isle", "alice", None)])
    arix = show(s, "a")
    assert (arix["types"], arix["subtypes"], arix["power"]) == (["Creature"], ["Kraken"], 12)


DUNE_CHANTER = {"name": "Dune Chanter", "mana_cost": "{2}{G}", "type": "Creature — Plant Druid", "power": 2,
                "toughness": 3,
                "text": "Reach\nLands you control and land cards you own that aren't on the battlefield are Deserts "
                        "in addition to their other types.\nLands you control have \"{T}: Add one mana of any color.\"\n"
                        "{T}: Mill two cards. You gain 1 life for each land card milled this way."}


def test_dune_chanter_adds_the_desert_type_to_lands_you_control(tmp_path):
    # 305.7 (last sentence), 205.3i: a land type added in addition keeps the land's types and text;
    # Desert is no basic land type, so it brings no mana ability (305.6); the opponent's land is unchanged
    s = snapshot_file(tmp_path, {"players": ["alice", "bob"], "cards": [DUNE_CHANTER], "battlefield": [
        {"id": "dc", "card": "Dune Chanter", "controller": "alice"},
        {"id": "f", "card": "Forest", "controller": "alice"}, {"id": "m", "card": "Mountain", "controller": "bob"}]})
    assert cli_json(["show", s, "f"])["subtypes"] == ["Desert", "Forest"]
    assert cli_json(["show", s, "m"])["subtypes"] == ["Mountain"]
    assert cli_json(["could-produce", s]) == {"dc": [], "f": ["B", "G", "R", "U", "W"], "m": ["R"]}
    c = compiled(DUNE_CHANTER["name"], DUNE_CHANTER["type"], DUNE_CHANTER["text"])
    assert facts_of(c, "land_types") == ['land_types(ab("Dune Chanter",2),you_control(land),"Desert",add)']


SONG = {"name": "Song of the Dryads", "mana_cost": "{2}{G}", "type": "Enchantment — Aura",
        "text": "Enchant permanent\nEnchanted permanent is a colorless Forest land."}


def test_song_of_the_dryads_makes_a_forest_that_loses_its_rules_text(tmp_path):
    # 205.1a: its card types become land; 305.7: its subtype set to Forest, it loses the abilities of its
    # rules text ({T}: Add {C}) and has the Forest's {T}: Add {G} (305.6)
    s = snapshot_file(tmp_path, {"players": ["alice", "bob"], "cards": [SONG, MIND_STONE], "battlefield": [
        {"id": "rock", "card": "Mind Stone", "controller": "bob"},
        {"id": "song", "card": "Song of the Dryads", "controller": "alice", "attached_to": "rock"}]})
    assert cli_json(["could-produce", s]) == {"rock": ["G"], "song": []}
    rock = cli_json(["show", s, "rock"])
    assert (rock["types"], rock["subtypes"], rock["colors"]) == (["Land"], ["Forest"], [])


def test_a_subtype_that_replaces_creature_types_stays_a_note():
    # Coalition Flag: "is a Flagbearer" replaces the creature's creature types (205.1a), which the KB
    # cannot tell from its other subtypes
    c = compiled("Coalition Flag", "Enchantment — Aura", "Enchant creature you control\nEnchanted creature is a Flagbearer.")
    assert not line_of(c, 2).modelled
