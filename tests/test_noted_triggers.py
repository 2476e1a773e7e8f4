"""Mana cards whose triggers, amounts or spending effects used to be a could-produce/produce note
(issue 11): what a permanent could produce counts any ability of it that would add mana if it resolved
now (106.7), an intervening "if" included (603.4); what the mana does to the spell it pays for is shown
by produce (106.6). Real cards, Oracle text as printed, defined inline (never read from a corpus)."""

from helpers import board, run_cli, strict

RATTLECLAW = {"name": "Rattleclaw Mystic", "type": "Creature — Human Shaman", "mana_cost": "{1}{G}", "power": "2",
              "toughness": "1", "text": "{T}: Add {G}, {U}, or {R}.\nMorph {2} (You may cast this card face down as a "
                                        "2/2 creature for {3}. Turn it face up any time for its morph cost.)\n"
                                        "When this creature is turned face up, add {G}{U}{R}."}
BRANCH = {"name": "Branch of Vitu-Ghazi", "type": "Land",
          "text": "{T}: Add {C}.\nDisguise {3} (You may cast this card face down for {3} as a 2/2 creature with ward "
                  "{2}. Turn it face up any time for its disguise cost.)\nWhen this land is turned face up, add two "
                  "mana of any one color. Until end of turn, you don't lose this mana as steps and phases end."}


def test_turned_face_up_trigger_adds_mana_it_could_produce(tmp_path):
    """Branch of Vitu-Ghazi: "When this land is turned face up, add two mana of any one color." triggers on
    turning face up (708.8), so it is no mana ability (605.1b), but it is an ability of the permanent that
    would add mana if it resolved: the face-up land could produce every color besides its {C} (106.7).
    Tapping it still adds only {C} (produce reads mana abilities only). A face-down one has no abilities
    (708.2): nothing."""
    s = board(tmp_path, [BRANCH, RATTLECLAW],
              [("branch", "Branch of Vitu-Ghazi", "alice"), ("mystic", "Rattleclaw Mystic", "alice"),
               ("hidden", "Branch of Vitu-Ghazi", "alice", {"face_down": "disguise"})])
    could = strict(["could-produce", s])
    assert could["branch"] == ["B", "C", "G", "R", "U", "W"]
    assert could["mystic"] == ["G", "R", "U"]
    assert could["hidden"] == []
    assert strict(["produce", s, "branch"])["amounts"] == [{"C": 1}]
    code, _, err = run_cli(["--strict", "apply", s, "activate", "branch", "--ability", "1"])
    assert code == 3 and "turned face up" in err          # resolving the trigger is not carried out


RELIC = {"name": "Coalition Relic", "type": "Artifact", "mana_cost": "{3}",
         "text": "{T}: Add one mana of any color.\n{T}: Put a charge counter on this artifact.\nAt the beginning of "
                 "your first main phase, remove all charge counters from this artifact. Add one mana of any color "
                 "for each charge counter removed this way."}
BOTTLE = {"name": "Ventifact Bottle", "type": "Artifact", "mana_cost": "{3}",
          "text": "{X}{1}, {T}: Put X charge counters on this artifact. Activate only as a sorcery.\nAt the beginning "
                  "of your first main phase, if this artifact has a charge counter on it, tap it and remove all "
                  "charge counters from it. Add {C} for each charge counter removed this way."}


def test_mana_for_each_counter_removed_by_the_trigger(tmp_path):
    """Ventifact Bottle: the intervening "if this artifact has a charge counter on it" (603.4) is checked as
    the ability resolves; then the counters removed this way are those it had (608.2c), one {C} each: with
    two charge counters it could produce {C}, with none nothing (106.7)."""
    s = board(tmp_path, [BOTTLE], [("b2", "Ventifact Bottle", "alice", {"counters": {"charge": 2}}),
                                   ("b0", "Ventifact Bottle", "alice")])
    could = strict(["could-produce", s])
    assert could["b2"] == ["C"] and could["b0"] == []


def test_one_mana_of_any_color_for_each_counter_removed(tmp_path):
    """Coalition Relic's trigger adds one mana of any color for each charge counter removed (each of its own
    color, 106.1b); with no counter it adds none. Its mana ability already adds any color, so the trigger is
    checked on a board where the Relic lost nothing of that: the trigger alone is what the test adds, seen
    through the line no longer being a note (--strict) and the colors staying all five."""
    s = board(tmp_path, [RELIC], [("relic", "Coalition Relic", "alice", {"counters": {"charge": 2}})])
    assert strict(["could-produce", s])["relic"] == ["B", "G", "R", "U", "W"]
    assert strict(["produce", s, "relic", "--ability", "1"])["amounts"] == [
        {"B": 1}, {"G": 1}, {"R": 1}, {"U": 1}, {"W": 1}]


GOGGLES = {"name": "Pyromancer's Goggles", "type": "Legendary Artifact", "mana_cost": "{5}",
           "text": "{T}: Add {R}. When that mana is spent to cast a red instant or sorcery spell, copy that spell "
                   "and you may choose new targets for the copy."}
WELLSPRING = {"name": "Primal Wellspring", "type": "Land",
              "text": "{T}: Add one mana of any color. When that mana is spent to cast an instant or sorcery spell, "
                      "copy that spell and you may choose new targets for the copy."}
ATTENDANT = {"name": "Animal Attendant", "type": "Creature — Human Citizen", "mana_cost": "{1}{G}", "power": "2",
             "toughness": "2",
             "text": "{T}: Add one mana of any color. If that mana is spent to cast a non-Human creature spell, that "
                     "creature enters with an additional +1/+1 counter on it."}


def test_what_the_mana_does_to_the_spell_it_pays_for(tmp_path):
    """Pyromancer's Goggles, Primal Wellspring: "When that mana is spent to cast ..., copy that spell" is a
    delayed trigger of the mana (603.7a, 707.10): the mana is what it is, the effect on the spell is shown by
    produce (106.6) and only apply (which casts without it) has a note. "a red instant or sorcery spell" is a
    red instant or a red sorcery (the ruling of Pyromancer's Goggles: a blue instant is not copied). Animal
    Attendant: "If that mana is spent to cast a non-Human creature spell, that creature enters with an
    additional +1/+1 counter on it" (614.1c)."""
    s = board(tmp_path, [GOGGLES, WELLSPRING, ATTENDANT],
              [("goggles", "Pyromancer's Goggles", "alice"), ("well", "Primal Wellspring", "alice"),
               ("attendant", "Animal Attendant", "alice")])
    out = strict(["produce", s, "goggles"])
    assert out["amounts"] == [{"R": 1}]
    assert [(e["spell"], e["effect"]) for e in out["spend_effects"]] == [
        ("or(and(color(r),instant),and(color(r),sorcery))", "copy_spell")]
    out = strict(["produce", s, "well"])
    assert [(e["spell"], e["effect"]) for e in out["spend_effects"]] == [("or(instant,sorcery)", "copy_spell")]
    out = strict(["produce", s, "attendant"])
    assert [(e["spell"], e["effect"]) for e in out["spend_effects"]] == [
        ('and(non(subtype("Human")),creature)', 'enters_with_counters("+1/+1",1)')]
    assert strict(["could-produce", s]) == {"attendant": ["B", "G", "R", "U", "W"], "goggles": ["R"],
                                            "well": ["B", "G", "R", "U", "W"]}
    assert run_cli(["--strict", "actions", s])[0] == 0
    code, _, err = run_cli(["--strict", "apply", s, "activate", "goggles", "--ability", "1"])
    assert code == 3 and "Pyromancer's Goggles" in err


VENDORS = {"name": "Stadium Vendors", "type": "Creature — Goblin", "mana_cost": "{3}{R}", "power": "3", "toughness": "3",
           "text": "When this creature enters, choose a player. That player adds two mana of any one color they "
                   "choose."}


def test_mana_of_any_one_color_the_chosen_player_chooses(tmp_path):
    """Stadium Vendors: "That player adds two mana of any one color they choose." (106.3: the player who adds
    it chooses its color): an enters trigger (no mana ability, 605.1b) whose mana could be of any color
    (106.7); resolving it is a note for apply only."""
    s = board(tmp_path, [VENDORS], [("vendors", "Stadium Vendors", "alice")])
    assert strict(["could-produce", s])["vendors"] == ["B", "G", "R", "U", "W"]


TESAK = {"name": "Tesak, Judith's Hellhound", "type": "Legendary Creature — Elemental Dog", "mana_cost": "{4}{R}",
         "power": "3", "toughness": "3",
         "text": "Unleash (You may have this creature enter with a +1/+1 counter on it. It can't block as long as it "
                 "has a +1/+1 counter on it.)\nOther Dogs you control have unleash.\nCreatures you control with "
                 "counters on them have haste.\nWhenever Tesak attacks, add {R} for each attacking creature."}


def test_mana_for_each_attacking_creature_of_an_attack_trigger(tmp_path):
    """Tesak: "Whenever Tesak attacks, add {R} for each attacking creature." It triggers as Tesak is
    declared as an attacker (508.1, 508.3a), so at least Tesak is attacking: if it resolved it would add
    some {R} (106.7), though the snapshot (before attackers are declared) has no attacking creature."""
    s = board(tmp_path, [TESAK], [("tesak", "Tesak, Judith's Hellhound", "alice")])
    code, out, err = run_cli(["could-produce", s, "--json"])
    assert code == 0 and out["tesak"] == ["R"]
    assert "Whenever Tesak attacks" not in err


CHANDRA = {"name": "Chandra, Bold Pyromancer", "type": "Legendary Planeswalker — Chandra", "mana_cost": "{4}{R}{R}",
           "loyalty": "5",
           "text": "[+1]: Add {R}{R}. Chandra deals 2 damage to target player.\n[−3]: Chandra deals 3 damage to target "
                   "creature or planeswalker.\n[−7]: Chandra deals 10 damage to target player and each creature and "
                   "planeswalker they control."}


def test_loyalty_ability_with_a_target_player_could_produce_its_mana(tmp_path):
    """Chandra, Bold Pyromancer: "[+1]: Add {R}{R}. Chandra deals 2 damage to target player." is no mana
    ability (605.1a); it is activated and resolves only with a legal target (601.2c, 608.2b), and a player
    always is one (115.1; hexproof stops only opponents, 702.11c): Chandra could produce {R} (106.7).
    Activating it is not modelled: a note for actions."""
    s = board(tmp_path, [CHANDRA], [("chandra", "Chandra, Bold Pyromancer", "alice", {"counters": {"loyalty": 5}})])
    assert strict(["could-produce", s])["chandra"] == ["R"]
    code, _, err = run_cli(["--strict", "actions", s, "--json"])
    assert code == 3 and "[+1]: Add {R}{R}" in err


ASHLING = {"name": "Ashling, Rekindled // Ashling, Rimebound", "layout": "transform", "faces": [
    {"name": "Ashling, Rekindled", "mana_cost": "{1}{R}", "type": "Legendary Creature — Elemental Sorcerer",
     "power": "1", "toughness": "3",
     "text": "Whenever this creature enters or transforms into Ashling, Rekindled, you may discard a card. If you "
             "do, draw a card.\nAt the beginning of your first main phase, you may pay {U}. If you do, transform "
             "Ashling."},
    {"name": "Ashling, Rimebound", "type": "Legendary Creature — Elemental Wizard", "power": "1", "toughness": "3",
     "text": "Whenever this creature transforms into Ashling, Rimebound and at the beginning of your first main "
             "phase, add two mana of any one color. Spend this mana only to cast spells with mana value 4 or "
             "greater.\nAt the beginning of your first main phase, you may pay {R}. If you do, transform Ashling."}]}


def test_trigger_on_two_events_that_adds_mana():
    """Ashling, Rimebound: "Whenever this creature transforms into Ashling, Rimebound and at the beginning of
    your first main phase, add two mana of any one color." triggers on either event (603.2), neither about
    mana: no mana ability (605.1b); whichever triggered it, it adds two mana of one color, which counts in
    what the permanent could produce (106.7). Only resolving it (apply) is a note."""
    from pyengine import cardlib
    from pyengine.compiler import compile_card
    from pyengine.terms import render_fact
    compiled = compile_card(cardlib.parse_card(ASHLING))
    facts = {render_fact(f) for f in compiled.facts}
    ab = 'ab("Ashling, Rimebound",1)'
    assert {f"triggered({ab})", f"trigger_mana({ab})"} | {f"mana_option({ab},{o},{c},2)" for o, c in
                                                           enumerate("wubrg", 1)} <= facts
    note = next(n for n in compiled.not_modelled if n.card == "Ashling, Rimebound" and n.line == 1)
    assert note.affects == frozenset({"apply"})
