"""`mtgkb apply` for face-down permanents: turning face up (116.2b, 708.8, 708.11, 701.40g), dying
(700.4, Guardian of the Forgotten), leaving the game and the end of the game (708.9).

Every expected value is taken from the CR rule or the official ruling quoted above the test.
"""


import pytest
import yaml

from helpers import events, perm, run_cli


def snap_file(tmp_path, data, name="snap.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def apply(tmp_path, data, *args, code=0):
    """Run `mtgkb apply SNAP ARGS --json`; returns the parsed answer (or stderr if refused)."""
    rc, answer, err = run_cli(["apply", snap_file(tmp_path, data), *args, "--json"])
    assert rc == code, err
    return answer if code == 0 else err


def show(tmp_path, data, pid):
    rc, answer, err = run_cli(["show", snap_file(tmp_path, data, "after.yaml"), pid, "--json"])
    assert rc == 0, err
    return answer


MANA_BASE = [{"id": f"alice-{card.lower()}-{i}", "card": card, "controller": "alice"}
             for card, n in (("Plains", 2), ("Island", 2), ("Swamp", 2), ("Mountain", 2), ("Forest", 2),
                             ("Wastes", 3)) for i in range(1, n + 1)]


MANA_BASE_IDS = {p["id"] for p in MANA_BASE}
MANA_BASE_AFTER = [dict(p, owner="alice", tapped=False, controlled_since_turn_start=True) for p in MANA_BASE]


def board(*perms, **extra):
    """A board with PERMS and, for alice, untapped lands enough to pay any cost used here (118.3)."""
    return {"players": ["alice", "bob"], "battlefield": list(perms) + MANA_BASE, **extra}


# --- Turning face up ---------------------------------------------------------------------------------

# 701.40b "pay that cost, then turn the permanent face up. The effect defining its characteristics while
# it was face down ends, and it regains its normal characteristics."
def test_manifested_creature_turns_up_with_its_printed_characteristics(tmp_path):
    data = board({"id": "fd", "card": "Glorybringer", "controller": "alice", "face_down": "manifest"})
    out = apply(tmp_path, data, "turn_face_up", "fd")
    assert "face_down" not in perm(out, "fd")
    assert events(out, "turned_face_up") == [{"event": "turned_face_up", "permanent": "fd", "card": "Glorybringer",
                                              "via": "mana_cost", "cost": "{3}{R}{R}"}]
    # 601.2g/h: the cost is paid by tapping untapped sources: two red and three more
    paid = events(out, "pay")
    assert len(paid) == 5 and sum(e["mana"] == ["R"] for e in paid) >= 2
    assert all(perm(out, e["permanent"])["tapped"] for e in paid)
    after = show(tmp_path, out["snapshot"], "fd")
    assert (after["name"], after["power"], after["toughness"], after["colors"], after["mana_value"]) == \
           ("Glorybringer", 4, 4, ["R"], 5)
    assert after["face_down"] is False


# "Turning a permanent face up or face down doesn't change whether that permanent is tapped or untapped."
# (Guardian of the Forgotten ruling, 2024-06-07)
def test_tapped_stays_tapped_and_counters_stay(tmp_path):
    data = board({"id": "fd", "card": "Grizzly Bears", "controller": "alice", "face_down": "manifest",
                  "tapped": True, "counters": {"-1/-1": 1}, "controlled_since_turn_start": False})
    out = apply(tmp_path, data, "turn_face_up", "fd")
    p = perm(out, "fd")
    assert p["tapped"] is True
    assert p["counters"] == {"-1/-1": 1}
    assert p["controlled_since_turn_start"] is False          # the same permanent (708.8)
    after = show(tmp_path, out["snapshot"], "fd")
    assert (after["power"], after["toughness"], after["tapped"]) == (1, 1, True)


# "If the enchanted creature is turned face up, the "Form" will continue to enchant it." (Cloudform)
# "Spells and abilities that were targeting that permanent and Auras and Equipment that were attached to
# that permanent aren't affected unless the new characteristics of the object change the legality of those
# targets or attachments." (Guardian of the Forgotten)
def test_attachments_and_targets_stay_when_still_legal(tmp_path):
    data = board({"id": "fd", "card": "Grizzly Bears", "controller": "alice", "face_down": "manifest"},
                 {"id": "cf", "card": "Cloudform", "controller": "alice", "attached_to": "fd"},
                 {"id": "hs", "card": "Holy Strength", "controller": "alice", "attached_to": "fd"},
                 {"id": "coat", "card": "Cryptic Coat", "controller": "alice", "attached_to": "fd"},
                 effects=[{"card": "Ovinize", "controller": "bob", "targets": ["fd"]}])
    out = apply(tmp_path, data, "turn_face_up", "fd")
    assert [perm(out, x)["attached_to"] for x in ("cf", "hs", "coat")] == ["fd", "fd", "fd"]
    assert out["snapshot"]["effects"] == [{"card": "Ovinize", "controller": "bob", "targets": ["fd"]}]
    assert not events(out, "unattached") and not events(out, "put_into_graveyard")
    # Ovinize still applies to the face-up permanent (708.8): base 0/1, +1/+2 from Holy Strength
    after = show(tmp_path, out["snapshot"], "fd")
    assert (after["name"], after["power"], after["toughness"]) == ("Grizzly Bears", 1, 3)


# Same rulings, the other half: "... unless the new characteristics of the object change the legality of
# those targets or attachments." Branch of Vitu-Ghazi face up is a land: an Equipment becomes unattached
# (704.5n) and an "Enchant creature" Aura goes to its owner's graveyard (704.5m).
def test_attachments_made_illegal_by_turning_up_are_undone(tmp_path):
    data = board({"id": "br", "card": "Branch of Vitu-Ghazi", "controller": "alice", "face_down": "disguise"},
                 {"id": "hs", "card": "Holy Strength", "controller": "alice", "attached_to": "br"},
                 {"id": "um", "card": "Umbral Mantle", "controller": "bob", "attached_to": "br"})
    out = apply(tmp_path, data, "turn_face_up", "br", "--via", "disguise")
    assert perm(out, "hs") is None
    assert out["snapshot"]["graveyard"] == {"alice": ["Holy Strength"]}
    assert "attached_to" not in perm(out, "um")
    assert [e["rule"] for e in events(out, "put_into_graveyard")] == ["704.5m"]
    assert [e["rule"] for e in events(out, "unattached")] == ["704.5n"]
    after = show(tmp_path, out["snapshot"], "br")
    assert after["types"] == ["Land"] and after["name"] == "Branch of Vitu-Ghazi"


# "Because the permanent is on the battlefield both before and after it's turned face up, turning a
# permanent face up doesn't cause any enters-the-battlefield abilities to trigger." (708.8)
# "Hooded Hydra's last ability isn't a triggered ability. It's a replacement ability that modifies how
# Hooded Hydra is turned face up." (Hooded Hydra): five counters, not X ("enters with X counters").
def test_hooded_hydra_gets_five_counters_as_it_turns_up_by_morph(tmp_path):
    data = board({"id": "hh", "card": "Hooded Hydra", "controller": "alice", "face_down": "morph"})
    out = apply(tmp_path, data, "turn_face_up", "hh")
    assert perm(out, "hh")["counters"] == {"+1/+1": 5}
    assert not events(out, "trigger")
    assert [(e["kind"], e["count"], e["rule"]) for e in events(out, "counters_added")] == [("+1/+1", 5, "708.11")]
    assert events(out, "turned_face_up")[0]["cost"] == "{3}{G}{G}"
    after = show(tmp_path, out["snapshot"], "hh")
    assert (after["power"], after["toughness"]) == (5, 5)


# "If Hooded Hydra is face down and it's turned face up some other way than by having its morph cost paid,
# the last ability will still apply." (Hooded Hydra)
@pytest.mark.parametrize("face_down,via", [("manifest", "mana_cost"), ("manifest", "morph"),
                                           ("cloak", "mana_cost"), ("morph", "effect")])
def test_hooded_hydra_counters_whatever_way_it_turns_up(tmp_path, face_down, via):
    data = board({"id": "hh", "card": "Hooded Hydra", "controller": "alice", "face_down": face_down,
                  "counters": {"+1/+1": 1}})
    out = apply(tmp_path, data, "turn_face_up", "hh", "--via", via)
    assert perm(out, "hh")["counters"] == {"+1/+1": 6}


# 708.11 applies to an ability the permanent "would have ... after it's turned face up"; one that lost its
# abilities won't have it. "Unlike a face-down creature that was cast using the morph ability, a manifested
# creature may still be turned face up after it loses its abilities if it's a creature card." (Soul Summons)
def test_manifested_hydra_that_lost_abilities_turns_up_without_counters(tmp_path):
    data = board({"id": "hh", "card": "Hooded Hydra", "controller": "alice", "face_down": "manifest"},
                 effects=[{"card": "Ovinize", "controller": "bob", "targets": ["hh"]}])
    out = apply(tmp_path, data, "turn_face_up", "hh", "--via", "mana_cost")
    assert "face_down" not in perm(out, "hh")
    assert "counters" not in perm(out, "hh")


# "If a face-down creature loses its abilities, it can't be turned face up with a disguise ability because
# it will no longer have a disguise ability (or a disguise cost) once face up." (Coveted Falcon)
def test_refused_disguise_after_losing_abilities_exits_2_and_changes_nothing(tmp_path):
    data = board({"id": "cf", "card": "Coveted Falcon", "controller": "alice", "face_down": "disguise"},
                 effects=[{"card": "Ovinize", "controller": "bob", "targets": ["cf"]}])
    err = apply(tmp_path, data, "turn_face_up", "cf", code=2)
    assert "702.168d" in err and "would_not_have_disguise_cost_face_up" in err


# 701.40b: "(If the card representing that permanent isn't a creature card or it doesn't have a mana cost,
# it can't be turned face up this way.)"
@pytest.mark.parametrize("card,reason", [("Forest", "not_a_creature_card"), ("Dryad Arbor", "no_mana_cost"),
                                         ("Lightning Bolt", "not_a_creature_card")])
def test_refused_mana_cost_route(tmp_path, card, reason):
    data = board({"id": "fd", "card": card, "controller": "alice", "face_down": "manifest"})
    err = apply(tmp_path, data, "turn_face_up", "fd", "--via", "mana_cost", code=2)
    assert "701.40b" in err and reason in err


def test_refused_when_not_face_down_or_unknown(tmp_path):
    data = board({"id": "b", "card": "Grizzly Bears", "controller": "alice"})
    assert "not face down" in apply(tmp_path, data, "turn_face_up", "b", code=2)
    assert "unknown permanent id" in apply(tmp_path, data, "turn_face_up", "zz", code=2)
    assert "refused" in apply(tmp_path, board({"id": "hh", "card": "Hooded Hydra", "controller": "alice",
                                               "face_down": "morph"}), "turn_face_up", "hh", "--via", "disguise",
                              code=2)


# "If something tries to turn a face-down instant or sorcery card on the battlefield face up, reveal that
# card to show all players it's an instant or sorcery card. The permanent remains on the battlefield face
# down. Abilities that trigger when a permanent turns face up won't trigger, because even though you
# revealed the card, it never turned face up." (Guardian of the Forgotten; 701.40g, 701.58g)
@pytest.mark.parametrize("face_down", ["manifest", "cloak"])
def test_face_down_instant_is_revealed_and_stays_face_down(tmp_path, face_down):
    data = board({"id": "lb", "card": "Lightning Bolt", "controller": "alice", "face_down": face_down})
    out = apply(tmp_path, data, "turn_face_up", "lb", "--via", "effect")
    assert perm(out, "lb")["face_down"] == face_down
    assert events(out, "reveal") == [{"event": "reveal", "permanent": "lb", "card": "Lightning Bolt",
                                      "rule": "701.40g"}]
    assert not events(out, "trigger") and not events(out, "turned_face_up")
    assert show(tmp_path, out["snapshot"], "lb")["name"] is None


# "If a double-faced card is manifested ... If the front face of the card is a creature card, you can turn
# it face up by paying its mana cost. If you do, its front face will be up." (Guardian of the Forgotten)
def test_manifested_dfc_turns_up_front_face_up(tmp_path):
    data = board({"id": "d", "card": "Delver of Secrets // Insectile Aberration", "controller": "alice",
                  "face_down": "manifest"})
    out = apply(tmp_path, data, "turn_face_up", "d")
    assert events(out, "turned_face_up")[0]["cost"] == "{U}"
    after = show(tmp_path, out["snapshot"], "d")
    assert (after["name"], after["power"], after["toughness"], after["subtypes"]) == \
           ("Delver of Secrets", 1, 1, ["Human", "Wizard"])


# Coveted Falcon: "When this creature is turned face up, target opponent gains control ..." triggers;
# Branch of Vitu-Ghazi: "When this land is turned face up, add two mana ..." triggers.
@pytest.mark.parametrize("card,via", [("Coveted Falcon", "disguise"), ("Branch of Vitu-Ghazi", "disguise"),
                                      ("Den Protector", "morph")])
def test_turned_face_up_triggers_are_reported(tmp_path, card, via):
    data = board({"id": "x", "card": card, "controller": "alice", "face_down": via})
    out = apply(tmp_path, data, "turn_face_up", "x")
    [trig] = events(out, "trigger")
    assert trig["permanent"] == "x" and trig["controller"] == "alice"
    assert "is turned face up" in trig["ability"] and trig["resolved"] is False


# 702.37b "As this permanent is turned face up, put a +1/+1 counter on it if its megamorph cost was paid to
# turn it face up."
def test_megamorph_counter_only_when_megamorph_cost_paid(tmp_path):
    data = board({"id": "dp", "card": "Den Protector", "controller": "alice", "face_down": "manifest"})
    by_morph = apply(tmp_path, data, "turn_face_up", "dp", "--via", "morph")
    assert perm(by_morph, "dp")["counters"] == {"+1/+1": 1}
    by_cost = apply(tmp_path, data, "turn_face_up", "dp", "--via", "mana_cost")
    assert "counters" not in perm(by_cost, "dp")


# "Only creatures can be modified. If a modified creature stops being a creature, it is no longer
# considered modified." (Guardian of the Forgotten): a face-down Branch of Vitu-Ghazi with a counter is a
# modified creature; turned face up it is a land with a counter, no longer modified.
def test_modified_creature_that_stops_being_a_creature_is_not_modified(tmp_path):
    data = board({"id": "br", "card": "Branch of Vitu-Ghazi", "controller": "alice", "face_down": "disguise",
                  "counters": {"+1/+1": 1}})
    assert show(tmp_path, data, "br")["modified"] is True
    out = apply(tmp_path, data, "turn_face_up", "br")
    after = show(tmp_path, out["snapshot"], "br")
    assert after["types"] == ["Land"] and after["modified"] is False


def test_apply_output_is_a_valid_snapshot_in_the_same_format(tmp_path):
    data = board({"id": "hh", "card": "Hooded Hydra", "controller": "alice", "face_down": "morph"})
    out = apply(tmp_path, data, "turn_face_up", "hh")
    again = apply(tmp_path, out["snapshot"], "end_game")
    assert again["snapshot"] == out["snapshot"]
    assert not events(again, "reveal")


# --- Dying, leaving the game, the end of the game (708.9) --------------------------------------------------

# "If a face-down permanent leaves the battlefield, you must reveal it." (Guardian of the Forgotten; 708.9)
def test_face_down_permanent_that_dies_is_revealed(tmp_path):
    data = board({"id": "fd", "card": "Llanowar Elves", "controller": "alice", "face_down": "morph", "owner": "bob"})
    out = apply(tmp_path, data, "dies", "fd")
    assert events(out, "reveal") == [{"event": "reveal", "permanent": "fd", "card": "Llanowar Elves", "rule": "708.9"}]
    assert [p for p in out["snapshot"]["battlefield"] if p not in MANA_BASE_AFTER] == []
    assert out["snapshot"]["graveyard"] == {"bob": ["Llanowar Elves"]}     # its owner's graveyard (700.4)


def test_face_up_permanent_that_dies_is_not_revealed(tmp_path):
    data = board({"id": "b", "card": "Grizzly Bears", "controller": "alice"})
    assert not events(apply(tmp_path, data, "dies", "b"), "reveal")


# "You must also reveal all face-down spells and permanents you control if you leave the game or the game
# end." (Guardian of the Forgotten); 708.9 "If a player leaves the game, all face-down permanents ... owned
# by that player must be revealed to all players."
def test_player_leaving_reveals_their_face_down_permanents(tmp_path):
    data = {"players": ["alice", "bob", "carol"], "active": "alice", "battlefield": [
        {"id": "a1", "card": "Llanowar Elves", "controller": "alice", "face_down": "manifest"},
        {"id": "b1", "card": "Grizzly Bears", "controller": "bob", "face_down": "manifest"},
        {"id": "b2", "card": "Forest", "controller": "alice", "owner": "bob", "face_down": "cloak"},
        {"id": "c1", "card": "Hooded Hydra", "controller": "bob", "owner": "carol", "face_down": "morph"},
        {"id": "c2", "card": "Island", "controller": "carol"}]}
    out = apply(tmp_path, data, "leave_game", "bob")
    assert [e["permanent"] for e in events(out, "reveal")] == ["b1", "b2", "c1"]
    assert [p["id"] for p in out["snapshot"]["battlefield"]] == ["a1", "c2"]
    assert out["snapshot"]["players"] == ["alice", "carol"]
    assert [e["permanent"] for e in events(out, "exiled")] == ["c1"]          # 800.4a
    assert not events(out, "game_over")


# 104.2a "A player still in the game wins the game if that player's opponents have all left the game."
# 708.9 "At the end of each game, all face-down permanents ... must be revealed to all players."
def test_last_opponent_leaving_ends_the_game_and_reveals_everything(tmp_path):
    data = board({"id": "a1", "card": "Llanowar Elves", "controller": "alice", "face_down": "manifest"},
                 {"id": "b1", "card": "Grizzly Bears", "controller": "bob", "face_down": "manifest"})
    out = apply(tmp_path, data, "leave_game", "bob")
    assert [e["permanent"] for e in events(out, "reveal")] == ["a1", "b1"]
    assert events(out, "game_over") == [{"event": "game_over", "winner": "alice", "rule": "104.2a"}]


def test_end_of_game_reveals_all_face_down_permanents(tmp_path):
    data = board({"id": "a1", "card": "Llanowar Elves", "controller": "alice", "face_down": "manifest"},
                 {"id": "b1", "card": "Coveted Falcon", "controller": "bob", "face_down": "disguise",
                  "phased_out": True},
                 {"id": "b2", "card": "Grizzly Bears", "controller": "bob"})
    out = apply(tmp_path, data, "end_game")
    assert events(out, "reveal") == [
        {"event": "reveal", "permanent": "a1", "card": "Llanowar Elves", "rule": "708.9"},
        {"event": "reveal", "permanent": "b1", "card": "Coveted Falcon", "rule": "708.9"}]


def test_active_player_leaving_is_not_modelled(tmp_path):
    data = board({"id": "a1", "card": "Llanowar Elves", "controller": "alice", "face_down": "manifest"})
    assert "not modelled" in apply(tmp_path, data, "leave_game", "alice", code=2)


# --- Guardian of the Forgotten: "Whenever a modified creature you control dies, manifest the top card of
# your library." ------------------------------------------------------------------------------------------

def guardian_board(*perms, library=("Forest", "Island")):
    return board({"id": "g", "card": "Guardian of the Forgotten", "controller": "alice"}, *perms,
                 library={"alice": list(library), "bob": ["Mountain"]})


# "A creature with a counter on it is considered modified no matter what kind of counter it is or which
# player put it on that creature."
def test_guardian_manifests_when_a_modified_creature_dies(tmp_path):
    data = guardian_board({"id": "b", "card": "Grizzly Bears", "controller": "alice", "counters": {"-1/-1": 1}})
    out = apply(tmp_path, data, "dies", "b")
    [trig] = events(out, "trigger")
    assert (trig["permanent"], trig["controller"], trig["resolved"]) == ("g", "alice", True)
    [m] = events(out, "manifest")
    new = perm(out, m["permanent"])
    assert new["card"] == "Forest" and new["face_down"] == "manifest" and new["controller"] == "alice"
    assert out["snapshot"]["library"] == {"alice": ["Island"], "bob": ["Mountain"]}
    assert out["snapshot"]["graveyard"] == {"alice": ["Grizzly Bears"]}
    after = show(tmp_path, out["snapshot"], m["permanent"])
    assert (after["name"], after["power"], after["types"]) == (None, 2, ["Creature"])


# "A creature that is equipped is considered modified no matter who controls the Equipment that's attached
# to it." The Equipment stays on the battlefield, unattached (704.5n).
def test_guardian_sees_a_creature_equipped_by_an_opponent(tmp_path):
    data = guardian_board({"id": "b", "card": "Grizzly Bears", "controller": "alice"},
                          {"id": "um", "card": "Umbral Mantle", "controller": "bob", "attached_to": "b"})
    out = apply(tmp_path, data, "dies", "b")
    assert len(events(out, "manifest")) == 1
    assert "attached_to" not in perm(out, "um")


# "An Aura controlled by another player does not cause a creature you control to be modified."
def test_guardian_ignores_a_creature_enchanted_only_by_an_opponents_aura(tmp_path):
    data = guardian_board({"id": "b", "card": "Grizzly Bears", "controller": "alice"},
                          {"id": "hs", "card": "Holy Strength", "controller": "bob", "attached_to": "b"})
    out = apply(tmp_path, data, "dies", "b")
    assert not events(out, "trigger") and not events(out, "manifest")
    assert out["snapshot"]["graveyard"] == {"alice": ["Grizzly Bears"], "bob": ["Holy Strength"]}   # 704.5m
    assert out["snapshot"]["library"]["alice"] == ["Forest", "Island"]


def test_guardian_manifests_for_own_aura(tmp_path):
    data = guardian_board({"id": "b", "card": "Grizzly Bears", "controller": "alice"},
                          {"id": "hs", "card": "Holy Strength", "controller": "alice", "attached_to": "b"})
    assert len(events(apply(tmp_path, data, "dies", "b"), "manifest")) == 1


def test_guardian_ignores_unmodified_and_opponents_creatures(tmp_path):
    data = guardian_board({"id": "b", "card": "Grizzly Bears", "controller": "alice"},
                          {"id": "o", "card": "Grizzly Bears", "controller": "bob", "counters": {"+1/+1": 1}})
    for pid in ("b", "o"):
        assert not events(apply(tmp_path, data, "dies", pid), "manifest")


# "Only creatures can be modified." A land with a counter that dies is not a modified creature.
def test_guardian_ignores_a_noncreature_with_a_counter(tmp_path):
    data = guardian_board({"id": "l", "card": "Forest", "controller": "alice", "counters": {"+1/+1": 1}})
    assert not events(apply(tmp_path, data, "dies", "l"), "trigger")


# 603.10a leaves-the-battlefield abilities look back in time: a modified Guardian sees itself die.
def test_modified_guardian_sees_itself_die(tmp_path):
    data = board({"id": "g", "card": "Guardian of the Forgotten", "controller": "alice", "counters": {"+1/+1": 1}},
                 library={"alice": ["Forest"]})
    out = apply(tmp_path, data, "dies", "g")
    assert [m["card"] for m in events(out, "manifest")] == ["Forest"]
    assert "library" not in out["snapshot"]


# A face-down creature with a counter is a modified creature too; it is revealed as it dies (708.9).
def test_guardian_and_face_down_modified_creature(tmp_path):
    data = guardian_board({"id": "fd", "card": "Lightning Bolt", "controller": "alice", "face_down": "manifest",
                           "counters": {"+1/+1": 1}})
    out = apply(tmp_path, data, "dies", "fd")
    assert [e["card"] for e in events(out, "reveal")] == ["Lightning Bolt"]
    assert [m["card"] for m in events(out, "manifest")] == ["Forest"]


# 701.40a manifest puts "the top card of your library" onto the battlefield; with none, nothing happens.
def test_guardian_with_empty_library_manifests_nothing(tmp_path):
    data = guardian_board({"id": "b", "card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 1}},
                          library=())
    out = apply(tmp_path, data, "dies", "b")
    [m] = events(out, "manifest")
    assert m["permanent"] is None
    assert [p["id"] for p in out["snapshot"]["battlefield"] if p["id"] not in MANA_BASE_IDS] == ["g"]


# Two Guardians: two triggers, the top two cards are manifested one at a time (701.40e).
def test_two_guardians_manifest_two_cards(tmp_path):
    data = guardian_board({"id": "g2", "card": "Guardian of the Forgotten", "controller": "alice"},
                          {"id": "b", "card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 1}})
    out = apply(tmp_path, data, "dies", "b")
    ms = events(out, "manifest")
    assert sorted(m["card"] for m in ms) == ["Forest", "Island"]
    assert len({m["permanent"] for m in ms}) == 2
    assert out["snapshot"]["library"] == {"bob": ["Mountain"]}


# --- Manifest, cloak, manifest dread (701.40a, 701.58a, 701.62a) ---------------------------------------------

def library_board(alice, bob=("Mountain",)):
    return {"players": ["alice", "bob"], "library": {"alice": list(alice), "bob": list(bob)}}


# "To manifest a card, put it onto the battlefield face down. It becomes a 2/2 face-down creature card with no
# name, mana cost, or creature types." (Guardian of the Forgotten)
def test_manifest_puts_the_top_card_face_down(tmp_path):
    out = apply(tmp_path, library_board(["Glorybringer", "Forest"]), "manifest", "alice")
    [p] = out["snapshot"]["battlefield"]
    assert (p["card"], p["face_down"], p["controller"], p["owner"]) == ("Glorybringer", "manifest", "alice", "alice")
    assert out["snapshot"]["library"]["alice"] == ["Forest"]
    after = show(tmp_path, out["snapshot"], p["id"])
    assert (after["name"], after["power"], after["toughness"], after["keywords"]) == (None, 2, 2, [])


# "To cloak a card, put it onto the battlefield face down. It becomes a 2/2 face-down creature card with ward
# {2} and no name, mana cost, or creature types." (Cryptic Coat)
def test_cloak_puts_the_top_card_face_down_with_ward(tmp_path):
    out = apply(tmp_path, library_board(["Forest"]), "cloak", "alice")
    [p] = out["snapshot"]["battlefield"]
    assert (p["card"], p["face_down"]) == ("Forest", "cloak")
    after = show(tmp_path, out["snapshot"], p["id"])
    assert (after["name"], after["types"], after["keywords"]) == (None, ["Creature"], ["ward"])


# "To manifest dread, look at the top two cards of your library. Manifest one (by putting it onto the
# battlefield face down) and put the other into your graveyard." (Hauntwoods Shrieker)
@pytest.mark.parametrize("choose,kept,binned", [("1", "Forest", "Grizzly Bears"), ("2", "Grizzly Bears", "Forest")])
def test_manifest_dread_manifests_one_and_bins_the_other(tmp_path, choose, kept, binned):
    out = apply(tmp_path, library_board(["Forest", "Grizzly Bears", "Island"]), "manifest_dread", "alice",
                "--choose", choose)
    [p] = out["snapshot"]["battlefield"]
    assert (p["card"], p["face_down"]) == (kept, "manifest_dread")
    assert out["snapshot"]["graveyard"] == {"alice": [binned]}
    assert out["snapshot"]["library"]["alice"] == ["Island"]


# "If your library contains only one card when you manifest dread, you'll look at that card and put it onto
# the battlefield face down. You won't have the option to put it into your graveyard instead. If your library
# contains no cards when you manifest dread, you won't do anything." (Hauntwoods Shrieker)
def test_manifest_dread_with_one_card_manifests_it(tmp_path):
    out = apply(tmp_path, library_board(["Forest"]), "manifest_dread", "alice")
    assert [p["card"] for p in out["snapshot"]["battlefield"]] == ["Forest"]
    assert "graveyard" not in out["snapshot"]
    assert "Hauntwoods Shrieker" in apply(tmp_path, library_board(["Forest"]), "manifest_dread", "alice",
                                          "--choose", "2", code=2)


# Same ruling, and: "Some cards in the Duskmourn release have abilities that trigger "whenever you manifest
# dread." In circumstances where you are instructed to manifest dread but can't perform some or all of the
# steps of manifesting dread ..., these abilities will still trigger." (Hauntwoods Shrieker; 701.62b)
def test_manifest_dread_with_empty_library_does_nothing_but_still_counts(tmp_path):
    data = library_board([], bob=["Mountain"])
    out = apply(tmp_path, data, "manifest_dread", "alice")
    assert out["snapshot"]["battlefield"] == [] and "graveyard" not in out["snapshot"]
    assert events(out, "manifested_dread") == [{"event": "manifested_dread", "player": "alice", "rule": "701.62b"}]


# 708.2a: a face-down permanent has no text, so a face-down Guardian of the Forgotten has no triggered
# ability; nor has one that lost all its abilities (613.1f).
@pytest.mark.parametrize("guardian", [
    {"id": "g", "card": "Guardian of the Forgotten", "controller": "alice", "face_down": "manifest"},
    {"id": "g", "card": "Guardian of the Forgotten", "controller": "alice"}])
def test_guardian_without_its_ability_does_not_trigger(tmp_path, guardian):
    data = board(guardian, {"id": "b", "card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 1}},
                 library={"alice": ["Forest"]})
    if "face_down" not in guardian:
        data["effects"] = [{"card": "Ovinize", "controller": "bob", "targets": ["g"]}]
    out = apply(tmp_path, data, "dies", "b")
    assert not events(out, "trigger") and not events(out, "manifest")


# 702.26b: a phased-out permanent is treated as though it does not exist.
def test_phased_out_permanent_cannot_die_or_be_turned_up(tmp_path):
    data = board({"id": "fd", "card": "Grizzly Bears", "controller": "alice", "face_down": "manifest",
                  "phased_out": True})
    assert "702.26b" in apply(tmp_path, data, "dies", "fd", code=2)
    assert "702.26b" in apply(tmp_path, data, "turn_face_up", "fd", code=2)


# 118.3 "A player can't pay a cost without having the necessary resources to pay it fully."
def test_turning_up_needs_the_cost_paid(tmp_path):
    data = {"players": ["alice", "bob"], "battlefield": [
        {"id": "fd", "card": "Glorybringer", "controller": "alice", "face_down": "manifest"},
        {"id": "m", "card": "Mountain", "controller": "alice"}]}
    err = apply(tmp_path, data, "turn_face_up", "fd", code=2)
    assert "118.3" in err


# 601.2g: the player chooses which mana abilities to activate to pay the cost
def test_turning_up_pays_with_the_named_sources(tmp_path):
    data = board({"id": "hh", "card": "Hooded Hydra", "controller": "alice", "face_down": "morph"})
    out = apply(tmp_path, data, "turn_face_up", "hh", "--pay",
                "alice-forest-1,alice-forest-2,alice-wastes-1,alice-wastes-2,alice-plains-1")
    assert sorted(e["permanent"] for e in events(out, "pay")) == [
        "alice-forest-1", "alice-forest-2", "alice-plains-1", "alice-wastes-1", "alice-wastes-2"]
    err = apply(tmp_path, data, "turn_face_up", "hh", "--pay", "alice-wastes-1,alice-wastes-2,alice-wastes-3",
                code=2)
    assert "118.3" in err
