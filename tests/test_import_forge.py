"""`mtgkb import forge`: Forge puzzles (.pzl) and game states as snapshots.

The fixtures in tests/data/forge/ are written for these tests in Forge's format (Forge's own
puzzles are GPL and are not copied here). Expected values follow the format as Forge's
GameState reader interprets it: a card is not summoning sick unless marked, the line's player
controls the card, `human` is player 0 and `ai` player 1, and libraries are listed top first.
"""

import json
from pathlib import Path

import pytest
import yaml

from pyengine import snapshot as snapshot_mod
from pyengine.errors import InputError
from pyengine.importers import forge

from carddb_helpers import build
from helpers import run_cli

DATA = Path(__file__).parent / "data" / "forge"


def convert(text, lenient=False):
    return forge.convert(text, "test.pzl", lenient)


def state(lines, lenient=False):
    return convert("[metadata]\nName:t\n[state]\n" + "\n".join(lines) + "\n", lenient)


def perms(conv):
    return {p["id"]: p for p in conv.snapshot["battlefield"]}


def problems(lines, lenient=False):
    with pytest.raises(InputError) as e:
        state(lines, lenient)
    return e.value.problems


def test_mana_board_converts_every_key():
    conv = forge.load(DATA / "mana-board.pzl")
    s = conv.snapshot
    assert s["players"] == ["human", "ai"]
    assert s["active"] == "human" and s["step"] == "precombat_main"
    assert s["life"] == {"human": 7, "ai": 12}
    assert s["hand"] == {"human": ["Grizzly Bears", "Lightning Bolt"]}        # Set: is a printing
    assert s["library"] == {"human": ["Forest", "Island", "Plains"]}           # top card first
    assert s["graveyard"] == {"human": ["Fling"]}
    bf = perms(conv)
    assert bf["forest"] == {"id": "forest", "card": "Forest", "controller": "human"}
    assert bf["forest-2"]["tapped"] is True and bf["forest-2"]["card"] == "Forest"   # foil '+' dropped
    assert bf["llanowar-elves"]["controlled_since_turn_start"] is False              # SummonSick
    assert "controlled_since_turn_start" not in bf["reflecting-pool"]                # not sick unless marked
    assert bf["7"]["counters"] == {"+1/+1": 2}                                       # Id:7, P1P1
    assert bf["holy-strength"]["attached_to"] == "7"                                 # AttachedTo:7
    assert bf["face-down"] == {"id": "face-down", "card": "Birds of Paradise", "controller": "human",
                               "face_down": "manifest"}                              # id hides the name
    assert bf["mountain"]["phased_out"] is True and bf["mountain"]["controller"] == "ai"
    assert bf["island"]["owner"] == "human" and bf["island"]["controller"] == "ai"  # Owner:Human
    assert bf["llanowar-elves-2"]["tapped"] is True
    assert conv.metadata["Name"] == "mtgkb test fixture - a mana board (human/ai keys)"
    assert conv.metadata["Difficulty"] == "Easy" and conv.metadata["Turns"] == "1"
    assert conv.notes == [] and conv.unknown_cards == []
    snapshot_mod.validate(s)                      # every card is bundled: a valid snapshot


def test_multiplayer_pn_keys_phase_and_summoning_sickness_removed():
    conv = forge.load(DATA / "multiplayer.pzl")
    s = conv.snapshot
    assert s["players"] == ["p0", "p1", "p2"] and s["active"] == "p1"
    assert s["step"] == "declare_attackers"
    assert s["life"] == {"p0": 20, "p1": 3, "p2": 40}
    bf = perms(conv)
    # removesummoningsickness=true overrides SummonSick
    assert "controlled_since_turn_start" not in bf["llanowar-elves"]
    assert bf["serra-angel"]["counters"] == {"-1/-1": 1, "+1/+0": 1}
    assert bf["12"]["counters"] == {"loyalty": 3, "charge": 2}
    assert bf["face-down"]["face_down"] == "cloak"
    assert bf["umbral-mantle"]["attached_to"] == "12"       # deprecated Attaching:N
    assert conv.metadata["Turn number"] == "4"
    # zero and empty values of keys the snapshot lacks say nothing: accepted without a note
    assert conv.notes == []
    snapshot_mod.validate(s)


def test_bare_game_state_without_sections():
    conv = forge.load(DATA / "gamestate.txt")
    assert conv.snapshot["active"] == "ai" and conv.snapshot["step"] == "end"
    assert perms(conv)["swamp"]["counters"] == {"time": 1}
    assert perms(conv)["island-2"]["tapped"] is True


@pytest.mark.parametrize("phase,step", [
    ("UNTAP", "untap"), ("upkeep", "upkeep"), ("DRAW", "draw"), ("Main1", "precombat_main"),
    ("COMBAT_BEGIN", "beginning_of_combat"), ("COMBAT_DECLARE_ATTACKERS", "declare_attackers"),
    ("COMBAT_DECLARE_BLOCKERS", "declare_blockers"), ("COMBAT_FIRST_STRIKE_DAMAGE", "combat_damage"),
    ("COMBAT_DAMAGE", "combat_damage"), ("COMBAT_END", "end_of_combat"), ("MAIN2", "postcombat_main"),
    ("END_OF_TURN", "end"), ("CLEANUP", "cleanup")])
def test_every_forge_phase_maps_to_a_step(phase, step):
    assert state([f"activephase={phase}"]).snapshot["step"] == step


@pytest.mark.parametrize("forge_name,kind", [
    ("P1P1", "+1/+1"), ("M1M1", "-1/-1"), ("LOYALTY", "loyalty"), ("P0M2", "+0/-2"),
    ("TIME", "time"), ("Charge", "charge")])
def test_counter_names(forge_name, kind):
    assert forge.counter_kind(forge_name) == kind


def test_keys_are_case_insensitive_and_player_zero_is_human():
    conv = state(["ACTIVEPLAYER=AI", "P0LIFE=5", "AiLife=6", "HUMANBATTLEFIELD=Forest"])
    assert conv.snapshot["players"] == ["human", "ai"]
    assert conv.snapshot["active"] == "ai"
    assert conv.snapshot["life"] == {"human": 5, "ai": 6}
    assert perms(conv)["forest"]["controller"] == "human"


def test_life_minus_one_means_unset():
    assert state(["humanlife=-1"]).snapshot["life"]["human"] == 20


def test_made_ids_never_clash_with_forge_ids():
    conv = state(["humanbattlefield=Forest;Forest|Id:2;Forest;Forest"])
    assert [p["id"] for p in conv.snapshot["battlefield"]] == ["forest", "2", "forest-2", "forest-3"]


def test_plain_face_down_is_morph_when_the_card_has_morph():
    conv = state(["humanbattlefield=Hooded Hydra|FaceDown"])
    assert perms(conv)["face-down"]["face_down"] == "morph"


def test_plain_face_down_of_an_unknown_card_is_refused():
    [p] = problems(["humanbattlefield=Some Unknown Card|FaceDown"])
    assert "Some Unknown Card" in p and "morph or disguise" in p


def test_refused_puzzle_names_every_problem():
    with pytest.raises(InputError) as e:
        forge.load(DATA / "refused.pzl")
    text = "\n".join(e.value.problems)
    for what in ("counters=POISON=3", "precast=Lightning Bolt->ai",
                 "exile=Grizzly Bears", "'t:Soldier': a token", "'T:c_a_treasure_sac': a token",
                 "'Damage:1'", "'Transformed'", "'ExecuteScript:DBPump'", "'Ability:Pump'",
                 "'ChosenType:Elf'", "'Attacking'", "Forge-scripted ability"):
        assert what in text, what
    assert len(e.value.problems) == 12          # manapool and putonstack are converted (issue 12)
    assert all(p.startswith(str(DATA / "refused.pzl") + " line ") for p in e.value.problems)


def test_lenient_drops_each_with_a_note():
    conv = forge.load(DATA / "refused.pzl", lenient=True)
    assert len(conv.notes) == 12 and all("dropped" in n for n in conv.notes)
    assert conv.snapshot["mana_pool"] == {"human": ["{G}", "{G}"]}
    assert conv.snapshot["stack"] == [{"card": "Divination", "controller": "ai"}]
    bf = perms(conv)
    # a modifier that only adds status is dropped from its card; a card that would not be what it
    # is without it (back face up, a token, changed by a Forge script) is dropped whole
    assert set(bf) == {"forest", "llanowar-elves", "mountain", "plains"}
    assert bf["llanowar-elves"] == {"id": "llanowar-elves", "card": "Llanowar Elves", "controller": "human"}
    assert conv.snapshot["step"] == "postcombat_main"
    snapshot_mod.validate(conv.snapshot)


def test_aura_attached_to_a_dropped_card_is_dropped_under_lenient():
    conv = state(["humanbattlefield=Delver of Secrets // Insectile Aberration|Id:1|Transformed;"
                  "Holy Strength|AttachedTo:1;Forest"], lenient=True)
    assert set(perms(conv)) == {"forest"}
    assert any("attached to a card that was dropped" in n for n in conv.notes)


@pytest.mark.parametrize("lines,expected", [
    (["activephase=MAIN3"], "'MAIN3' is not a Forge phase"),
    (["humanbattlefield=Forest|AttachedTo:9"], "AttachedTo:9 names no card with Id:9"),
    (["humanbattlefield=Forest|Id:1;Island|Id:1"], "Id:1 is used twice"),
    (["humanbattlefield=Forest|Counters:P1P1"], "Counters: expected KIND=N"),
    (["humanbattlefield=Forest|Counters:P1P1=x"], "expected a whole number"),
    (["humanbattlefield=Forest|Counters:P1P1=9999999"], "out of range"),
    (["humanlife=lots"], "expected a whole number"),
    (["activeplayer=p7"], "unknown player 'p7'"),
    (["humanbattlefield=Forest|Owner:Bob"], "unknown player 'Bob'"),
    (["humanbattlefield=Forest|Frobbed"], "not a Forge modifier this importer knows"),
    (["humanfrob=1"], "unknown key 'humanfrob'"),
    (["this is not a key value line"], "expected key=value"),
    (["humanbattlefield=Forest|FaceDown:Sideways"], "is not FaceDown"),
    (["activephaseadvance=MAIN2"], "fires triggered abilities"),
    (["humanbattlefield=Forest|PhasedOut:AI"], "phased out under ai's control"),
    (["humanhand=Forest|Tapped"], "modifier 'Tapped' in the hand"),
])
def test_bad_input_is_one_line_each(lines, expected):
    found = problems(lines)
    assert any(expected in p for p in found), found


def test_not_a_puzzle():
    with pytest.raises(InputError, match="no \\[state\\] section"):
        convert("[metadata]\nName:x\n")
    with pytest.raises(InputError, match="not a text file"):
        convert(b"\x00\x01\x02")


def test_cli_writes_yaml_that_other_commands_accept(tmp_path):
    out = tmp_path / "board.yaml"
    code, stdout, err = run_cli(["import", "forge", str(DATA / "mana-board.pzl"), "-o", str(out)])
    assert code == 0 and stdout == "" and err == ""
    text = out.read_text()
    assert text.startswith("# Imported by `mtgkb import forge` from mana-board.pzl\n# Name: mtgkb test fixture")
    assert yaml.safe_load(text) == forge.load(DATA / "mana-board.pzl").snapshot
    # 106.7 on the converted board: the AI's Exotic Orchard reflects the human's Forests
    code, answer, _ = run_cli(["could-produce", str(out), "exotic-orchard", "forest-2", "--json"])
    assert code == 0 and answer == {"exotic-orchard": ["G"], "forest-2": ["G"]}
    # the SummonSick Elves can't tap (302.6)
    code, answer, _ = run_cli(["actions", str(out), "--json"])
    assert any({"permanent": "llanowar-elves", "rule": "302.6"}.items() <= a.items() for a in answer["refused"])


def test_cli_refusal_writes_nothing(tmp_path):
    out = tmp_path / "x.yaml"
    code, stdout, err = run_cli(["import", "forge", str(DATA / "refused.pzl"), "-o", str(out)])
    assert code == 2 and stdout == "" and not out.exists()
    assert err.count("error: ") == 12 and "Traceback" not in err


def test_cli_lenient_notes_on_stderr_and_in_the_file():
    code, stdout, err = run_cli(["import", "forge", str(DATA / "refused.pzl"), "--lenient"])
    assert code == 0
    assert err.count("note: ") == 12
    assert stdout.count("# note: ") == 12


def test_unknown_cards_are_converted_and_named(tmp_path):
    conv = state(["humanbattlefield=Kor Skyfisher;Forest", "humanhand=Journey to Nowhere"])
    assert perms(conv)["kor-skyfisher"]["card"] == "Kor Skyfisher"
    assert conv.unknown_cards == ["Journey to Nowhere", "Kor Skyfisher"]
    pzl = tmp_path / "u.pzl"
    pzl.write_text("[state]\nhumanbattlefield=Kor Skyfisher\n")
    code, stdout, err = run_cli(["import", "forge", str(pzl), "-o", str(tmp_path / "u.yaml")])
    assert code == 0 and "1 card(s) not in the card library" in err and "Kor Skyfisher" in err
    code, _, err = run_cli(["could-produce", str(tmp_path / "u.yaml")])   # validation reports it
    assert code == 2 and "unknown card 'Kor Skyfisher'" in err


def test_cli_missing_file():
    code, stdout, err = run_cli(["import", "forge", "/nonexistent/x.pzl"])
    assert code == 2 and err.startswith("error: /nonexistent/x.pzl: cannot read file")


def test_keys_are_read_as_forge_reads_them():
    # Forge takes the player from the key's start and the zone from its end, so a puzzle's
    # 'aillibrary' is the AI's library
    conv = state(["aillibrary=Island;Forest", "humanplay=Plains"])
    assert conv.snapshot["library"] == {"ai": ["Island", "Forest"]}
    assert perms(conv)["plains"]["controller"] == "human"


def test_unknown_key_is_dropped_with_a_note_under_lenient():
    conv = state(["humanfrob=1", "humanbattlefield=Forest"], lenient=True)
    assert conv.notes == ["test.pzl line 4: dropped the line humanfrob=...: not a Forge state key this importer knows"]
    assert set(perms(conv)) == {"forest"}


def test_trailing_separators_and_spaces():
    conv = state(["humanhand=Forest; Island;", "humanbattlefield= Plains|Set:XLN ;"])
    assert conv.snapshot["hand"] == {"human": ["Forest", "Island"]}
    assert perms(conv)["plains"]["card"] == "Plains"


def test_phased_out_under_its_controller_is_accepted():
    conv = state(["aibattlefield=Forest|PhasedOut:AI", "p0battlefield=Island|PhasedOut:P0"])
    assert perms(conv)["forest"]["phased_out"] is True and perms(conv)["island"]["phased_out"] is True


@pytest.mark.parametrize("modifier,kept", [
    ("Renowned", True), ("Monstrous", True), ("IsCommander", True), ("Damage:2", True),
    ("ChosenType:Elf", True),                                   # status the snapshot lacks
    ("Flipped", False), ("Meld", False), ("IsToken", False),    # the permanent would be another
    ("EnchantingPlayer:AI", False), ("ExecuteScript:X", False), ("Ability:x", False),
])
def test_lenient_drops_status_from_the_card_and_changed_cards_whole(modifier, kept):
    with pytest.raises(InputError):
        state([f"humanbattlefield=Llanowar Elves|{modifier}"])
    conv = state([f"humanbattlefield=Llanowar Elves|{modifier}"], lenient=True)
    assert ("llanowar-elves" in perms(conv)) is kept
    [note] = conv.notes
    assert ("dropped the modifier" in note) is kept and ("dropped the card" in note) is not kept


def test_cli_json_form():
    code, answer, err = run_cli(["import", "forge", str(DATA / "multiplayer.pzl"), "--json"])
    assert code == 0 and err == ""
    assert set(answer) == {"snapshot", "metadata", "notes", "unknown_cards"}
    assert answer["snapshot"] == forge.load(DATA / "multiplayer.pzl").snapshot
    assert answer["metadata"]["Goal"] == "Survive" and answer["metadata"]["Turn number"] == "4"


# --- card names resolved like a snapshot's: the bundled library, then the card database ------------

FORGE_DB_CARDS = {"meta": {"date": "2025-11-14", "version": "5.2.2+fixture"}, "data": {
    "Boltbender": [{"name": "Boltbender", "layout": "normal", "manaCost": "{3}{R}",
                    "type": "Creature — Goblin Wizard", "power": "4", "toughness": "2",
                    "text": "Disguise {1}{R} (You may cast this card face down for {3} as a 2/2 creature with "
                            "ward {2}. Turn it face up any time for its disguise cost.)\nWhen this creature is "
                            "turned face up, you may choose new targets for any number of other spells and/or "
                            "abilities."}],
    "Kor Skyfisher": [{"name": "Kor Skyfisher", "layout": "normal", "manaCost": "{1}{W}",
                       "type": "Creature — Kor Soldier", "power": "2", "toughness": "3",
                       "text": "Flying\nWhen this creature enters, return a permanent you control to its "
                               "owner's hand."}]}}


@pytest.fixture
def forge_db(tmp_path, use_db):
    atomic = tmp_path / "AtomicCards.json"
    atomic.write_text(json.dumps(FORGE_DB_CARDS), encoding="utf-8")
    path, _ = build(tmp_path, atomic)
    use_db(path)
    return path


def test_cards_of_the_card_database_are_not_unknown(forge_db):
    """A card the database has is a known card (a snapshot naming it validates); only the others
    are listed, and the note names only them."""
    conv = state(["humanbattlefield=Kor Skyfisher;Forest", "humanhand=Journey to Nowhere;kor skyfisher"])
    assert conv.unknown_cards == ["Journey to Nowhere"]


def test_plain_face_down_of_a_database_card_with_disguise_is_disguise(forge_db):
    """702.168: a card with disguise turned face down without Manifested/Cloaked was cast disguised;
    the card database's Boltbender has disguise only."""
    conv = state(["humanbattlefield=Boltbender|FaceDown"])
    assert perms(conv)["face-down"]["face_down"] == "disguise"


def test_issue_12_keys_lands_played_mana_pool_stack():
    conv = state(["humanlandsplayed=1", "humanmanapool=W C", "aiputonstack=Lightning Bolt;Divination",
                  "humanhand=Forest"])
    snap = conv.snapshot
    assert snap["lands_played"] == {"human": 1}
    assert snap["mana_pool"] == {"human": ["{W}", "{C}"]}
    # put on in order: the last one is on top (405.2)
    assert snap["stack"] == [{"card": "Divination", "controller": "ai"}, {"card": "Lightning Bolt", "controller": "ai"}]
    s = snapshot_mod.validate(snap)
    assert s.lands_played["human"] == 1 and s.stack[0].card == "Divination"
    assert problems(["humanmanapool=G 2"]) == ["test.pzl line 4 (human manapool): mana '2': not one mana of "
                                              "a type (W, U, B, R, G or C)"]
    assert "persistentmana" in problems(["humanpersistentmana=G"])[0]


def test_chosen_color_and_named_card_become_the_snapshot_s_chosen():
    """Forge's ChosenColor (a color name, any case) and NamedCard are the choices made as the
    permanent entered (614.12): the snapshot's `chosen` color letter and card name."""
    conv = state(["humanbattlefield=Coldsteel Heart|ChosenColor:Red;Pithing Needle|NamedCard:Llanowar Elves"])
    bf = perms(conv)
    assert bf["coldsteel-heart"]["chosen"] == {"color": "R"}
    assert bf["pithing-needle"]["chosen"] == {"card_name": "Llanowar Elves"}


@pytest.mark.parametrize("value,expected", [
    ("Purple", "ChosenColor:Purple is not a color"),
    ("red,green", "the snapshot's `chosen` holds one chosen color"),
])
def test_chosen_color_that_is_not_one_color_is_refused(value, expected):
    [p] = problems([f"humanbattlefield=Coldsteel Heart|ChosenColor:{value}"])
    assert expected in p
