"""What happened this turn (kb/turn_history.lp, pyengine/compiler/turn_history.py): how each wording
is read (its node and verb, then its term), that the line is then no note for could-produce or
produce, and the snapshot's turn-history fields (validation, defaults, round trip). The answers
are in tests/scenarios/turn_history.yaml. Real cards, Oracle text as printed."""

import re

import pytest

from helpers import cli_json, compiled, facts_of, problems, run_cli, snapshot_file, tree_kinds
from pyengine import snapshot
from pyengine.compiler import parse_line
from pyengine.compiler.conditions import condition

CREATURE = "Creature — Test"


def args(c, pred):
    """The facts of predicate PRED of compiled card C, without their ability argument: pred(args...)."""
    return [re.sub(r'^(\w+)\(ab\("[^"]*",\d+\),', r"\1(", f) for f in facts_of(c, pred)]


@pytest.mark.parametrize("text,kind,term", [
    # Flamecache Gecko, Famished Foragers: 603.4, 119.3
    ("When this creature enters, if an opponent lost life this turn, add {B}{R}.", "lose_life",
     "turn_at_least(life_lost,opponents,1)"),
    # Hidden Herbalists (revolt): 603.6c
    ("Revolt — When this creature enters, if a permanent left the battlefield under your control this turn, "
     "add {G}{G}.", "past_event", "turn_at_least(left_battlefield,you,1)"),
    # Mardu Warshrieker (raid): 508.1a
    ("Raid — When this creature enters, if you attacked this turn, add {R}{W}{B}.", "past_event",
     "turn_at_least(attacked,you,1)"),
    # Coal Stoker: 601.2a ("you cast it" is a control clause whose relative is "you cast")
    ("When this creature enters, if you cast it from your hand, add {R}{R}{R}.", "casts_phrase", "cast_from(hand)"),
    # Iridescent Tiger
    ("When this creature enters, if you cast it, add {W}{U}{B}{R}{G}.", "casts_phrase", "cast_from(any)"),
])
def test_an_intervening_if_of_the_turn_is_the_triggers_condition(text, kind, term):
    line = parse_line(text)
    assert line.parsed, line.error
    assert {"lead_if", "add_mana", kind} <= tree_kinds(line.ability)
    c = compiled("Test", CREATURE, text)
    assert args(c, "resolve_if") == [f"resolve_if({term})"]
    assert facts_of(c, "trigger_mana") and [set(n.affects) for n in c.not_modelled] == [{"apply"}]


@pytest.mark.parametrize("text,term", [
    ("If you gained life this turn, add {G}.", "turn_at_least(life_gained,you,1)"),
    ("If you lost life this turn, add {G}.", "turn_at_least(life_lost,you,1)"),
    ("If you attacked with two or more creatures this turn, add {G}.", "turn_at_least(attacked,you,2)"),
    ("If you've drawn two or more cards this turn, add {G}.", "turn_at_least(cards_drawn,you,2)"),
])
def test_the_family_of_turn_conditions(text, term):
    from pyengine.terms import render_fact
    lead = parse_line(text).ability.effect[0].leads[0]
    assert render_fact(("c", condition(lead)))[2:-1] == term


@pytest.mark.parametrize("text", [
    "When this creature enters, if a creature died this turn, add {G}.",       # no snapshot field says so
    "When this creature enters, if a player lost life this turn, add {B}{R}.",  # any player: not a term
])
def test_other_turn_conditions_stay_a_note_for_could_produce(text):
    c = compiled("Test", CREATURE, text)
    assert facts_of(c, "resolve_if") == []
    assert len(c.not_modelled) == 1
    assert c.not_modelled[0].reason.startswith("the condition checked as the ability resolves (603.4)")
    assert "could-produce" in c.not_modelled[0].affects


@pytest.mark.parametrize("name,text,node,fact", [
    ("Kydele, Chosen of Kruphix", "{T}: Add {C} for each card you've drawn this turn.", "rel_perfect",
     "mana_amount(1,c,turn_amount(cards_drawn,you))"),
    ("Alena, Kessig Trapper", "{T}: Add an amount of {R} equal to the greatest power among creatures you control "
     "that entered this turn.", "greatest",
     "mana_amount(1,r,greatest(power,you_control(and(creature,status(entered_this_turn)))))"),
    ("Accomplished Alchemist", "{T}: Add X mana of any one color, where X is the amount of life you gained this "
     "turn.", "life_gained", "mana_amount(1,w,turn_amount(life_gained,you))"),
])
def test_an_amount_of_the_turn_in_a_mana_ability_is_modelled(name, text, node, fact):
    assert node in tree_kinds(parse_line(text).ability)
    c = compiled(name, CREATURE, text)
    assert fact in args(c, "mana_amount")
    assert c.not_modelled == []


@pytest.mark.parametrize("name,text,node,fact", [
    ("Neheb, the Eternal", "At the beginning of each of your postcombat main phases, add {R} for each 1 life your "
     "opponents have lost this turn.", "tail_for_each_life", "mana_amount(1,r,turn_amount(life_lost,opponents))"),
    ("Belbe, Corrupted Observer", "At the beginning of each postcombat main phase, the active player adds {C}{C} for "
     "each of your opponents who lost life this turn. (Damage causes loss of life.)", "rel_lost_life",
     "mana_amount(1,c,times(2,turn_amount(players_who_lost_life,opponents)))"),
])
def test_an_amount_of_the_turn_in_a_trigger_counts_for_could_produce(name, text, node, fact):
    assert node in tree_kinds(parse_line(text).ability)
    c = compiled(name, CREATURE, text)
    assert args(c, "mana_amount") == [fact]
    assert [set(n.affects) for n in c.not_modelled] == [{"apply"}]


def test_the_fields_default_to_nothing_happened():
    s = snapshot.validate({"players": ["alice"], "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    p = s.battlefield[0]
    assert (p.entered_this_turn, p.cast_from, p.controlled_since_turn_start, s.turn_counts) == (False, None, True, {})


def test_a_permanent_that_entered_this_turn_was_not_controlled_since_the_turn_began():
    # 302.6: entered_this_turn makes controlled_since_turn_start false by default
    s = snapshot.validate({"players": ["alice"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice", "entered_this_turn": True}]})
    assert s.battlefield[0].controlled_since_turn_start is False


def test_the_fields_round_trip():
    data = {"players": ["alice", "bob"], "life_lost_this_turn": {"bob": 3}, "life_gained_this_turn": {"alice": 2},
            "cards_drawn_this_turn": {"alice": 1, "bob": 0}, "left_battlefield_this_turn": {"alice": 1},
            "attacked_this_turn": {"alice": 2}, "spells_cast_this_turn": {"alice": 1},
            "battlefield": [{"id": "f", "card": "Forest", "controller": "alice", "entered_this_turn": True,
                             "cast_from": "hand"}]}
    d = snapshot.validate(data).to_dict()
    assert {k: d[k] for k in snapshot.TURN_COUNTS} == {
        "life_lost_this_turn": {"bob": 3}, "life_gained_this_turn": {"alice": 2},
        "cards_drawn_this_turn": {"alice": 1}, "left_battlefield_this_turn": {"alice": 1},
        "attacked_this_turn": {"alice": 2}, "spells_cast_this_turn": {"alice": 1}}
    p = d["battlefield"][0]
    assert (p["entered_this_turn"], p["cast_from"], p["controlled_since_turn_start"]) == (True, "hand", False)
    assert snapshot.validate(d).to_dict() == d


def test_bad_values_are_refused_one_line_each():
    base = {"players": ["alice"]}
    assert problems({**base, "life_lost_this_turn": {"alice": -1}}) == [
        "life_lost_this_turn[alice]: must not be negative, got -1"]
    assert problems({**base, "cards_drawn_this_turn": {"bob": 1}}) == [
        "cards_drawn_this_turn: unknown player 'bob'; players are alice"]
    assert problems({**base, "attacked_this_turn": {"alice": True}}) == [
        "attacked_this_turn[alice]: expected a whole number, got True"]
    assert problems({**base, "left_battlefield_this_turn": [1]}) == [
        "left_battlefield_this_turn: must be a mapping from player to a number, got [1]"]
    assert problems({**base, "life_gained_this_turn": {"alice": 10**7}}) == [
        "life_gained_this_turn[alice]: 10000000 is too large (at most 1000000)"]
    assert problems({**base, "spells_cast_this_turn": {"alice": "2"}}) == [
        "spells_cast_this_turn[alice]: expected a whole number, got '2'"]
    perm = {"id": "f", "card": "Forest", "controller": "alice"}
    assert problems({**base, "battlefield": [{**perm, "cast_from": "stack"}]}) == [
        "battlefield[0] (f): cast_from 'stack' is not one of hand, graveyard, exile, library, command"]
    assert problems({**base, "battlefield": [{**perm, "entered_this_turn": "yes"}]}) == [
        "battlefield[0] (f): 'entered_this_turn' must be true or false, got 'yes'"]


def test_bad_input_is_one_error_line_exit_2(tmp_path):
    s = snapshot_file(tmp_path, {"players": ["alice"], "life_lost_this_turn": {"alice": "3"}})
    code, out, err = run_cli(["could-produce", s])
    assert code == 2 and out == "" and err == "error: life_lost_this_turn[alice]: expected a whole number, got '3'\n"


# --- `apply` keeps the turn history (pyengine/transitions/_history.py) ------------------------------
HERBALISTS = {"name": "Hidden Herbalists", "mana_cost": "{2}{G}", "type": "Creature — Human Druid", "power": 2,
              "toughness": 2, "text": "Revolt — When this creature enters, if a permanent left the battlefield "
                                      "under your control this turn, add {G}{G}."}
CAVES = {"name": "Caves of Koilos", "type": "Land",
         "text": "{T}: Add {C}.\n{T}: Add {W} or {B}. This land deals 1 damage to you."}
BEARS = {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type": "Creature — Bear", "power": 2, "toughness": 2,
         "text": ""}


def apply(tmp_path, snap, *args):
    """The snapshot `apply` gives (a note for apply on stderr is allowed: the trigger is not resolved)."""
    code, out, err = run_cli(["apply", snapshot_file(tmp_path, snap), *args, "--json"])
    assert code == 0 and all(line.startswith("note: ") for line in err.splitlines()), err
    return out["snapshot"]


def board(**given):
    return {"players": ["alice", "bob"], "cards": [HERBALISTS, CAVES, BEARS], **given}


def test_a_permanent_that_dies_left_the_battlefield_under_its_controllers_control(tmp_path):
    # 603.6c, revolt (603.4): after alice's Forest dies, Hidden Herbalists could produce {G}
    snap = board(battlefield=[{"id": "herb", "card": "Hidden Herbalists", "controller": "alice"},
                              {"id": "f", "card": "Forest", "controller": "alice"}])
    assert cli_json(["could-produce", snapshot_file(tmp_path, snap)])["herb"] == []
    after = apply(tmp_path, snap, "dies", "f")
    assert after["left_battlefield_this_turn"] == {"alice": 1}
    assert cli_json(["could-produce", snapshot_file(tmp_path, after)]) == {"herb": ["G"]}


def test_damage_from_a_painland_is_life_lost_this_turn(tmp_path):
    # 120.3a: damage dealt to a player causes that player to lose that much life (Caves of Koilos)
    snap = board(battlefield=[{"id": "caves", "card": "Caves of Koilos", "controller": "alice"}])
    after = apply(tmp_path, snap, "activate", "caves", "--ability", "2", "--option", "1")
    assert (after["life"]["alice"], after["life_lost_this_turn"]) == (19, {"alice": 1})


def test_attacking_and_playing_a_land_are_recorded_and_the_next_turn_clears_them(tmp_path):
    # 508.1a: alice attacks with the Bears; 305.1: bob plays a Forest on his turn (it entered this
    # turn); bob's untap step begins a new turn: nothing has happened in it yet
    snap = board(step="declare_attackers", life_lost_this_turn={"bob": 2}, lands_played={"alice": 1},
                 battlefield=[{"id": "bear", "card": "Grizzly Bears", "controller": "alice"}])
    after = apply(tmp_path, snap, "attack", "bear")
    assert after["attacked_this_turn"] == {"alice": 1}
    after = apply(tmp_path, after, "untap_step", "bob")
    assert not {"attacked_this_turn", "life_lost_this_turn", "lands_played"} & set(after)
    after = apply(tmp_path, {**after, "step": "precombat_main", "hand": {"bob": ["Forest"]}}, "play_land", "Forest")
    forest = next(p for p in after["battlefield"] if p["card"] == "Forest")
    assert (forest["entered_this_turn"], forest["controlled_since_turn_start"]) == (True, False)
    after = apply(tmp_path, after, "untap_step", "alice")
    assert "entered_this_turn" not in next(p for p in after["battlefield"] if p["card"] == "Forest")


def test_a_clause_that_is_a_rule_of_its_own_is_read_as_no_condition():
    # The Ur-Dragon's eminence: the clause "~ is in the command zone or on the battlefield" has no
    # verb of its own (a regression: reading it raised an internal error of the compiler)
    c = compiled("The Ur-Dragon", "Legendary Creature — Dragon Avatar",
                 "Eminence — As long as The Ur-Dragon is in the command zone or on the battlefield, other Dragon "
                 "spells you cast cost {1} less to cast.")
    assert c.not_modelled and not any("internal error" in n.reason for n in c.not_modelled)
