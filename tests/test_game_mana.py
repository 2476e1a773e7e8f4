"""Mana abilities whose mana the snapshot decides (issue 11): abilities that function only outside
the battlefield (113.6m), station symbols (721.2a), loyalty abilities that add mana among other
instructions (606, 106.7), amounts counted on the board (107.3, 608.2h). Real cards, Oracle text as
printed, defined inline (never read from a corpus)."""

from helpers import board, run_cli, strict
from pyengine.terms import Fn

SIMIAN_SPIRIT_GUIDE = {"name": "Simian Spirit Guide", "mana_cost": "{2}{R}", "type": "Creature — Ape Spirit",
                       "power": "2", "toughness": "2", "text": "Exile this card from your hand: Add {R}."}


def test_spirit_guide_on_the_battlefield_could_produce_nothing(tmp_path):
    """Simian Spirit Guide: "Exile this card from your hand: Add {R}." functions only in the hand
    (113.6m): the permanent has no ability that adds mana, so it could produce nothing (106.7), and
    the line is no note for could-produce or produce."""
    s = board(tmp_path, [SIMIAN_SPIRIT_GUIDE], [("guide", "Simian Spirit Guide", "alice")])
    assert strict(["could-produce", s])["guide"] == []
    code, _, err = run_cli(["--strict", "actions", s, "--json"])
    assert code == 3 and "Exile this card from your hand" in err      # paying with it is not modelled


UTHROS = {"name": "Uthros, Titanic Godcore", "type": "Land — Planet",
          "text": "This land enters tapped.\n{T}: Add {U}.\nStation (Tap another creature you control: Put charge "
                  "counters equal to its power on this Planet. Station only as a sorcery.)\n"
                  "12+ | {U}, {T}: Add {U} for each artifact you control."}
ETERNITY_ELEVATOR = {"name": "The Eternity Elevator", "type": "Legendary Artifact — Spacecraft", "mana_cost": "{6}",
                     "text": "{T}: Add {C}{C}{C}.\nStation (Tap another creature you control: Put charge counters "
                             "equal to its power on this Spacecraft. Station only as a sorcery.)\n20+ | {T}: Add X "
                             "mana of any one color, where X is the number of charge counters on The Eternity "
                             "Elevator."}
ORNITHOPTER = {"name": "Ornithopter", "type": "Artifact Creature — Thopter", "mana_cost": "{0}", "power": "0",
               "toughness": "2", "text": "Flying"}


def test_station_symbol_ability_is_had_from_that_many_charge_counters(tmp_path):
    """721.2a: "12+ | {U}, {T}: Add {U} for each artifact you control." means "As long as this permanent
    has 12 or more charge counters on it, it has [the ability]": Uthros with 12 counters adds {U} for
    each artifact (Ornithopter and two Elevators: 3), with 11 it has only "{T}: Add {U}."."""
    s = board(tmp_path, [UTHROS, ETERNITY_ELEVATOR, ORNITHOPTER],
              [("u12", "Uthros, Titanic Godcore", "alice", {"counters": {"charge": 12}}),
               ("u11", "Uthros, Titanic Godcore", "alice", {"counters": {"charge": 11}}),
               ("e21", "The Eternity Elevator", "alice", {"counters": {"charge": 21}}),
               ("e3", "The Eternity Elevator", "alice", {"counters": {"charge": 3}}),
               ("thopter", "Ornithopter", "alice")])
    assert strict(["produce", s, "u12"])["amounts"] == [{"U": 1}, {"U": 3}]
    assert strict(["produce", s, "u11"])["amounts"] == [{"U": 1}]
    # 20+: X mana of any one color, X the charge counters on it (21); below 20 only {C}{C}{C}
    could = strict(["could-produce", s])
    assert could["e21"] == ["B", "C", "G", "R", "U", "W"] and could["e3"] == ["C"]
    assert {"G": 21} in strict(["produce", s, "e21"])["amounts"]



NARSET = {"name": "Narset of the Ancient Way", "type": "Legendary Planeswalker — Narset", "mana_cost": "{1}{U}{R}{W}",
          "loyalty": "5",
          "text": "[+1]: You gain 2 life. Add {U}, {R}, or {W}. Spend this mana only to cast a noncreature spell.\n"
                  "[−2]: Draw a card, then you may discard a card. When you discard a nonland card this way, Narset "
                  "deals damage equal to that card's mana value to target creature or planeswalker.\n"
                  "[−6]: You get an emblem with \"Whenever you cast a noncreature spell, this emblem deals 2 damage "
                  "to any target.\""}
CHANDRA = {"name": "Chandra, Dressed to Kill", "type": "Legendary Planeswalker — Chandra", "mana_cost": "{1}{R}{R}",
           "loyalty": "3",
           "text": "[+1]: Add {R}. Chandra deals 1 damage to up to one target player or planeswalker.\n"
                   "[+1]: Exile the top card of your library. If it's red, you may cast it this turn.\n"
                   "[−7]: Exile the top five cards of your library. You may cast red spells from among them this "
                   "turn. You get an emblem with \"Whenever you cast a red spell, this emblem deals X damage to any "
                   "target, where X is the amount of mana spent to cast that spell.\""}
XENAGOS = {"name": "Xenagos, the Reveler", "type": "Legendary Planeswalker — Xenagos", "mana_cost": "{2}{R}{G}",
           "loyalty": "3",
           "text": "[+1]: Add X mana in any combination of {R} and/or {G}, where X is the number of creatures you "
                   "control.\n[0]: Create a 2/2 red and green Satyr creature token with haste.\n[−6]: Exile the top "
                   "seven cards of your library. You may put any number of creature and/or land cards from among "
                   "them onto the battlefield."}


def test_loyalty_abilities_that_add_mana_among_other_instructions(tmp_path):
    """106.7: what a planeswalker could produce counts what its loyalty abilities would add if they
    resolved now (605.1a: they are no mana abilities). Narset's "+1: You gain 2 life. Add {U}, {R},
    or {W}." adds after another instruction (608.2c: in the order written); Chandra's "+1: Add {R}.
    Chandra deals 1 damage to up to one target player or planeswalker." may have no target (601.2c:
    "up to one"), so it resolves; Xenagos adds as many mana in any combination of {R} and/or {G} as
    its controller controls creatures (none: no mana)."""
    s = board(tmp_path, [NARSET, CHANDRA, XENAGOS, ORNITHOPTER],
              [("narset", "Narset of the Ancient Way", "alice", {"counters": {"loyalty": 5}}),
               ("chandra", "Chandra, Dressed to Kill", "alice", {"counters": {"loyalty": 3}}),
               ("xen", "Xenagos, the Reveler", "alice", {"counters": {"loyalty": 3}}),
               ("xen_bob", "Xenagos, the Reveler", "bob", {"counters": {"loyalty": 3}}),
               ("thopter", "Ornithopter", "alice")])
    could = strict(["could-produce", s])
    assert could["narset"] == ["R", "U", "W"]
    assert could["chandra"] == ["R"]
    assert could["xen"] == ["G", "R"] and could["xen_bob"] == []
    # an intervening "if" (603.4) leading the effect is checked for all of it as it resolves (Ventifact
    # Bottle): the mana counts while the condition holds, the line is a note for apply only
    from pyengine import cardlib
    from pyengine.compiler import compile_card
    bottle = compile_card(cardlib.parse_card({"name": "Ventifact Bottle", "type": "Artifact", "mana_cost": "{3}",
        "text": "{X}{1}, {T}: Put X charge counters on this artifact. Activate only as a sorcery.\nAt the beginning "
                "of your first main phase, if this artifact has a charge counter on it, tap it and remove all charge "
                "counters from it. Add {C} for each charge counter removed this way."}))
    assert bottle.not_modelled[-1].affects == frozenset({"apply"})
    assert ("resolve_if", Fn("ab", ("Ventifact Bottle", 2)), Fn("self_has_counter", ("charge",))) in bottle.facts


AUTOGENERATOR = {"name": "Empowered Autogenerator", "type": "Artifact", "mana_cost": "{4}",
                 "text": "This artifact enters tapped.\n{T}: Put a charge counter on this artifact. Add X mana of "
                         "any one color, where X is the number of charge counters on this artifact."}
RASPUTIN = {"name": "Rasputin, the Oneiromancer", "type": "Legendary Creature — Human Wizard",
            "mana_cost": "{2}{W}{U}", "power": "2", "toughness": "4",
            "text": "When Rasputin enters, put a dream counter on it for each opponent you have. Each opponent "
                    "creates a 1/1 red Goblin creature token.\n{T}, Remove one or more dream counters from Rasputin: "
                    "Add that much {C}.\n{T}, Remove a dream counter from Rasputin: Create a 2/2 white Knight "
                    "creature token with protection from red."}
NARDOLE = {"name": "Nardole, Resourceful Cyborg", "type": "Legendary Artifact Creature — Cyborg",
           "mana_cost": "{2}{U}", "power": "1", "toughness": "3",
           "text": "{T}: Add {U} for each counter on Nardole. Spend this mana only to cast noncreature spells.\n"
                   "Undying\nDoctor's companion"}


def test_a_counter_put_before_the_mana_is_counted(tmp_path):
    """608.2c: Empowered Autogenerator's "{T}: Put a charge counter on this artifact. Add X mana of any
    one color, where X is the number of charge counters on this artifact." follows its instructions in
    order: the counter is on it when X is counted (none before: one mana; two before: three)."""
    s = board(tmp_path, [AUTOGENERATOR], [("g0", "Empowered Autogenerator", "alice"),
                                          ("g2", "Empowered Autogenerator", "alice", {"counters": {"charge": 2}})])
    assert strict(["could-produce", s])["g0"] == ["B", "G", "R", "U", "W"]
    assert strict(["produce", s, "g0"])["amounts"] == [{"B": 1}, {"G": 1}, {"R": 1}, {"U": 1}, {"W": 1}]
    out = strict(["produce", s, "g2"])
    assert out["amounts"] == [{"B": 3}, {"G": 3}, {"R": 3}, {"U": 3}, {"W": 3}]
    assert [a["counters"] for a in out["also"]] == [{"kind": "charge", "change": 1}]


def test_that_much_is_the_number_of_counters_the_cost_removed(tmp_path):
    """Rasputin: "{T}, Remove one or more dream counters from Rasputin: Add that much {C}." -- the
    number is chosen as the cost is paid (601.2b), at least one: with two dream counters, {C} or {C}{C}."""
    s = board(tmp_path, [RASPUTIN], [("ras", "Rasputin, the Oneiromancer", "alice", {"counters": {"dream": 2}})])
    assert strict(["produce", s, "ras"])["amounts"] == [{"C": 1}, {"C": 2}]
    assert strict(["could-produce", s])["ras"] == ["C"]


def test_for_each_counter_counts_counters_of_every_kind(tmp_path):
    """Nardole: "{T}: Add {U} for each counter on Nardole." counts its counters of every kind (122.1):
    two +1/+1 counters and a shield counter add {U}{U}{U}; none adds no mana."""
    s = board(tmp_path, [NARDOLE], [("n3", "Nardole, Resourceful Cyborg", "alice",
                                     {"counters": {"+1/+1": 2, "shield": 1}}),
                                    ("n0", "Nardole, Resourceful Cyborg", "alice")])
    assert strict(["produce", s, "n3"])["amounts"] == [{"U": 3}]
    could = strict(["could-produce", s])
    assert could["n3"] == ["U"] and could["n0"] == []


MUERRA = {"name": "Muerra, Trash Tactician", "type": "Legendary Creature — Raccoon Warrior", "mana_cost": "{1}{R}{G}",
          "power": "2", "toughness": "4",
          "text": "At the beginning of your first main phase, add {R} or {G} for each Raccoon you control.\n"
                  "Whenever you expend 4, you gain 3 life.\nWhenever you expend 8, exile the top two cards of your "
                  "library. Until the end of your next turn, you may play those cards."}


def test_one_mana_of_either_type_for_each_permanent(tmp_path):
    """Muerra's trigger "add {R} or {G} for each Raccoon you control" (not a mana ability, 605.1b) could
    add red or green while its controller controls a Raccoon (Muerra is one): 106.7."""
    s = board(tmp_path, [MUERRA], [("m", "Muerra, Trash Tactician", "alice")])
    assert strict(["could-produce", s])["m"] == ["G", "R"]


VIVI = {"name": "Vivi Ornitier", "type": "Legendary Creature — Wizard", "mana_cost": "{1}{U}{R}", "power": "0",
        "toughness": "3",
        "text": "{0}: Add X mana in any combination of {U} and/or {R}, where X is Vivi Ornitier's power. Activate only "
                "during your turn and only once each turn.\nWhenever you cast a noncreature spell, put a +1/+1 counter "
                "on Vivi Ornitier and it deals 1 damage to each opponent."}


def test_mana_in_any_combination_as_much_as_its_own_power(tmp_path):
    """Vivi Ornitier: X mana in any combination of {U} and/or {R}, X its power as the ability resolves
    (208.1, 106.1b): power 2 (two +1/+1 counters) gives {U}{U}, {U}{R} or {R}{R}; power 0 gives no mana
    (107.1b), so it could produce nothing; 13 mana in any combination are too many outcomes to list."""
    s = board(tmp_path, [VIVI], [("v0", "Vivi Ornitier", "alice"),
                                 ("v2", "Vivi Ornitier", "alice", {"counters": {"+1/+1": 2}}),
                                 ("v13", "Vivi Ornitier", "alice", {"counters": {"+1/+1": 13}})])
    assert strict(["produce", s, "v2"])["amounts"] == [{"R": 2}, {"R": 1, "U": 1}, {"U": 2}]
    could = strict(["could-produce", s])
    assert could == {"v0": [], "v2": ["R", "U"], "v13": ["R", "U"]}
    code, _, err = run_cli(["produce", s, "v13", "--json"])
    assert code != 0 and "more than 12 mana" in err


DEATHRITE = {"name": "Deathrite Shaman", "type": "Creature — Elf Shaman", "mana_cost": "{B/G}", "power": "1",
             "toughness": "2",
             "text": "{T}: Exile target land card from a graveyard. Add one mana of any color.\n{B}, {T}: Exile target "
                     "instant or sorcery card from a graveyard. Each opponent loses 2 life.\n{G}, {T}: Exile target "
                     "creature card from a graveyard. You gain 2 life."}


def test_an_ability_with_a_target_adds_mana_only_with_a_legal_target(tmp_path):
    """Deathrite Shaman's "{T}: Exile target land card from a graveyard. Add one mana of any color." has a
    target, so it is no mana ability (605.1a) and can't be activated without a legal target (601.2c,
    602.2b): with only an artifact card in the graveyards it could produce nothing; with a Forest card
    in any player's graveyard, any color (106.7)."""
    snap = dict(cards=[DEATHRITE, ORNITHOPTER], perms=[("ds", "Deathrite Shaman", "alice")])
    s = board(tmp_path, snap["cards"], snap["perms"], graveyard={"bob": ["Ornithopter"]})
    assert strict(["could-produce", s])["ds"] == []
    s = board(tmp_path, snap["cards"], snap["perms"], graveyard={"bob": ["Ornithopter", "Forest"]})
    assert strict(["could-produce", s])["ds"] == ["B", "G", "R", "U", "W"]
    code, _, err = run_cli(["produce", s, "ds", "--json"])
    assert code == 2 and "no mana ability" in err                     # 605.1a


CROSSROADS = {"name": "Corrupted Crossroads", "type": "Land",
              "text": "{T}: Add {C}. ({C} represents colorless mana.)\n{T}, Pay 1 life: Add one mana of any color. "
                      "Spend this mana only to cast a spell with devoid."}
VESTIGE = {"name": "Vestige of Emrakul", "type": "Creature — Eldrazi Drone", "mana_cost": "{3}{R}", "power": "3",
           "toughness": "4", "text": "Devoid (This card has no color.)\nTrample"}
WATCHWOLF = {"name": "Watchwolf", "type": "Creature — Wolf", "mana_cost": "{G}{W}", "power": "3", "toughness": "3"}


def test_mana_spent_only_on_a_spell_with_a_keyword(tmp_path):
    """Corrupted Crossroads: "Spend this mana only to cast a spell with devoid." (106.6, 702.114): its
    mana pays {R} of Vestige of Emrakul (devoid) but nothing of Watchwolf."""
    s = board(tmp_path, [CROSSROADS, VESTIGE, WATCHWOLF],
              [("cc", "Corrupted Crossroads", "alice"), ("m", "Mountain", "alice")],
              hand={"alice": ["Vestige of Emrakul", "Watchwolf"]})
    out = strict(["pay", s, "{R}{R}", "--for", "Vestige of Emrakul"])
    assert out["payable"] is True and out["plan"]["activations"][0]["spend_only"] == "cast(keyword(devoid))"
    assert strict(["pay", s, "{G}{W}", "--for", "Watchwolf"])["payable"] is False


BALDURS_GATE = {"name": "Baldur's Gate", "type": "Legendary Land — Gate",
                "text": "{T}: Add {C}.\n{2}, {T}: Add X mana of any one color, where X is the number of other Gates "
                        "you control."}
BLACK_DRAGON_GATE = {"name": "Black Dragon Gate", "type": "Land — Gate",
                     "text": "This land enters tapped.\n{T}: Add {B}."}


def test_other_permanents_are_counted_without_the_ability_s_own(tmp_path):
    """Baldur's Gate: X is the number of *other* Gates its controller controls (109.2): alice's Gate with
    two more Gates adds two mana of one color; bob's, with one more Gate, one."""
    s = board(tmp_path, [BALDURS_GATE, BLACK_DRAGON_GATE],
              [("bg", "Baldur's Gate", "alice"), ("g1", "Black Dragon Gate", "alice"),
               ("g2", "Black Dragon Gate", "alice"), ("g3", "Black Dragon Gate", "bob"),
               ("bg2", "Baldur's Gate", "bob")])
    assert {"G": 2} in strict(["produce", s, "bg"])["amounts"]
    assert strict(["produce", s, "bg2"])["amounts"] == [{"B": 1}, {"C": 1}, {"G": 1}, {"R": 1}, {"U": 1}, {"W": 1}]
    assert strict(["could-produce", s])["bg"] == ["B", "C", "G", "R", "U", "W"]
