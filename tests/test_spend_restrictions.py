"""Spend restrictions travel with the mana (106.6): "Spend this mana only to cast artifact
spells." restricts how the mana may be spent, not what the ability adds or which types the
permanent could produce (106.7). could-produce and produce answer with no note, produce names
the restriction (``spend_only``, a restriction term of docs/compiler.md); the answers that pay
with mana (pay, actions, apply cast) use that mana only for what the restriction allows, and say
"not modelled" (never "can't pay") when the KB cannot evaluate it for the spell paid for.

The cards are real (Oracle text as printed today)."""

import re

import yaml

from helpers import run_cli

BEARS = {"name": "Grizzly Bears", "type": "Creature — Bear", "mana_cost": "{1}{G}", "power": "2", "toughness": "2"}
ELVES = {"name": "Llanowar Elves", "type": "Creature — Elf Druid", "mana_cost": "{G}", "power": "1", "toughness": "1",
         "text": "{T}: Add {G}."}
WALL = {"name": "Steel Wall", "type": "Artifact Creature — Wall", "mana_cost": "{3}", "power": "0", "toughness": "4",
        "text": "Defender"}
SABLE = {"name": "Bronze Sable", "type": "Artifact Creature — Sable", "mana_cost": "{2}", "power": "2", "toughness": "1"}
WATCHWOLF = {"name": "Watchwolf", "type": "Creature — Wolf", "mana_cost": "{G}{W}", "power": "3", "toughness": "3"}
BLAZE = {"name": "Blaze", "type": "Sorcery", "mana_cost": "{X}{R}", "text": "Blaze deals X damage to any target."}
PIT = {"name": "Pit Automaton", "type": "Artifact Creature — Construct", "mana_cost": "{2}", "power": "0",
       "toughness": "4", "text": "Defender\n{T}: Add {C}{C}. Spend this mana only to activate abilities."}
ROSHEEN = {"name": "Rosheen Meanderer", "type": "Legendary Creature — Giant Shaman", "mana_cost": "{3}{R/G}",
           "power": "4", "toughness": "4",
           "text": "{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}."}
POWERSTONE = {"name": "Powerstone", "type": "Token Artifact — Powerstone",
              "text": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."}
ORB = {"name": "Carnelian Orb of Dragonkind", "type": "Artifact", "mana_cost": "{2}{R}",
       "text": "{T}: Add {R}. If that mana is spent on a Dragon creature spell, it gains haste until end of turn."}
BOSEIJU = {"name": "Boseiju, Who Shelters All", "type": "Legendary Land",
           "text": "Boseiju enters tapped.\n{T}, Pay 2 life: Add {C}. If that mana is spent on an instant or sorcery "
                   "spell, that spell can't be countered."}
RIDGE = {"name": "Shadowblood Ridge", "type": "Land", "text": "{1}, {T}: Add {B}{R}."}

CARDS = [
    {"name": "Mishra's Workshop", "type": "Land",
     "text": "{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells."},
    {"name": "Pillar of the Paruns", "type": "Land",
     "text": "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell."},
    {"name": "Eldrazi Temple", "type": "Land",
     "text": "{T}: Add {C}.\n{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or "
             "activate abilities of colorless Eldrazi."},
    {"name": "Cavern of Souls", "type": "Land",
     "text": "As this land enters, choose a creature type.\n{T}: Add {C}.\n{T}: Add one mana of any color. "
             "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be "
             "countered."},
]


def board(tmp_path, *ids):
    perms = {"workshop": "Mishra's Workshop", "pillar": "Pillar of the Paruns", "temple": "Eldrazi Temple",
             "cavern": "Cavern of Souls"}
    snap = {"players": ["alice", "bob"], "active": "alice", "cards": CARDS,
            "battlefield": [{"id": i, "card": perms[i], "controller": "alice"} for i in ids]}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap))
    return str(p)


def test_the_restriction_travels_with_the_mana(tmp_path):
    s = board(tmp_path, "workshop")
    code, out, err = run_cli(["produce", s, "workshop", "--json"])
    assert (code, err) == (0, "")
    assert out["amounts"] == [{"C": 3}]                                # {C}{C}{C} (106.1b)
    assert out["spend_only"] == [{"ability": CARDS[0]["text"], "restriction": "cast(artifact)"}]
    code, out, err = run_cli(["could-produce", s, "--json"])
    assert (code, err) == (0, "") and out == {"workshop": ["C"]}
    code, out, _ = run_cli(["produce", s, "workshop"])
    assert "the mana may be spent only on (106.6; the restriction travels with it):\n  cast(artifact)" in out


def test_each_restriction_names_its_ability(tmp_path):
    s = board(tmp_path, "pillar", "temple")
    code, out, err = run_cli(["produce", s, "pillar", "--json"])
    assert (code, err) == (0, "")
    assert out["amounts"] == [{"B": 1}, {"G": 1}, {"R": 1}, {"U": 1}, {"W": 1}]
    assert [r["restriction"] for r in out["spend_only"]] == ["cast(status(multicolored))"]
    code, out, err = run_cli(["produce", s, "temple", "--json"])
    assert (code, err) == (0, "")
    assert out["amounts"] == [{"C": 1}, {"C": 2}]        # {C} unrestricted, or {C}{C} restricted
    [r] = out["spend_only"]
    assert r["ability"].startswith("{T}: Add {C}{C}.")
    assert r["restriction"] == ('or(cast(and(status(colorless),subtype("Eldrazi"))),'
                                'activate(and(status(colorless),subtype("Eldrazi"))))')



def snap(tmp_path, battlefield, hand=(), cards=(), pool=None):
    d = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main", "cards": CARDS + list(cards),
         "battlefield": [{"controller": "alice", **b} for b in battlefield], "hand": {"alice": list(hand)}}
    if pool:
        d["mana_pool"] = {"alice": pool}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(d))
    return str(p)


def by_card(answer):
    """{card: (list, entry)} for the casts of an actions answer."""
    return {a["card"]: (k, a) for k in ("actions", "refused", "not_modelled") for a in answer[k] if a["kind"] == "cast"}


def test_a_restriction_the_kb_honours_is_no_note(tmp_path):
    """106.6: the restriction changes neither the type nor the amount of the mana, and payment
    honours it: no answer needs a note for it, and --strict answers."""
    s = snap(tmp_path, [{"id": "workshop", "card": "Mishra's Workshop"}], ["Grizzly Bears"], [BEARS])
    for cmd in (["could-produce", s], ["produce", s, "workshop"], ["actions", s],
                ["pay", s, "{2}", "--for", "Grizzly Bears"]):
        code, _, err = run_cli(["--strict"] + cmd)
        assert (code, err) == (0, ""), cmd


def test_mishras_workshop_pays_artifact_spells_only(tmp_path):
    """Mishra's Workshop: "Spend this mana only to cast artifact spells." (106.6): its {C}{C}{C} pays
    Steel Wall's {3} (an artifact spell) but none of Grizzly Bears' {1}{G} (a creature spell)."""
    s = snap(tmp_path, [{"id": "workshop", "card": "Mishra's Workshop"}, {"id": "forest", "card": "Forest"}],
             ["Grizzly Bears", "Steel Wall"], [BEARS, WALL])
    code, out, _ = run_cli(["pay", s, "{3}", "--for", "Steel Wall", "--json"])
    assert code == 0 and out["payable"] is True
    assert out["plan"]["activations"] == [{"source": "workshop", "ability": 1, "adds": "{C}{C}{C}",
                                           "spend_only": "cast(artifact)"}]
    code, out, _ = run_cli(["pay", s, "{2}", "--for", "Grizzly Bears", "--json"])
    assert code == 0 and out["payable"] is False        # only the Forest's {G} may pay for the Bears
    code, out, _ = run_cli(["actions", s, "--json"])
    casts = by_card(out)
    assert casts["Steel Wall"][0] == "actions" and casts["Steel Wall"][1]["payment"] == [
        {"source": "workshop", "adds": "{C}{C}{C}"}]
    assert casts["Grizzly Bears"][0] == "refused" and casts["Grizzly Bears"][1]["rule"] == "118.3"


def test_without_for_the_spell_is_unknown(tmp_path):
    """Without --for, what the mana is spent on is unknown: restricted mana is not spent, and a cost
    only it could pay is not decided (payable null), never refused."""
    s = snap(tmp_path, [{"id": "workshop", "card": "Mishra's Workshop"}])
    code, out, _ = run_cli(["pay", s, "{2}", "--json"])
    assert code == 0 and out["payable"] is None and "workshop" in out["reason"] and "106.6" in out["reason"]


def test_a_multicolored_spell_for_pillar_of_the_paruns(tmp_path):
    """Pillar of the Paruns: "Spend this mana only to cast a multicolored spell." Watchwolf ({G}{W}) is
    green and white (202.2, 105.4): two Pillars cast it; Grizzly Bears (green only) they don't."""
    s = snap(tmp_path, [{"id": "p1", "card": "Pillar of the Paruns"}, {"id": "p2", "card": "Pillar of the Paruns"}],
             ["Watchwolf", "Grizzly Bears"], [WATCHWOLF, BEARS])
    code, out, _ = run_cli(["actions", s, "--json"])
    casts = by_card(out)
    assert casts["Watchwolf"][0] == "actions"
    assert sorted(p["source"] for p in casts["Watchwolf"][1]["payment"]) == ["p1", "p2"]
    assert casts["Grizzly Bears"][0] == "refused"


def test_cavern_of_souls_the_chosen_type(tmp_path):
    """Cavern of Souls: its colored mana casts only a creature spell of the chosen type (607.2d: the
    type chosen as this Cavern entered). Chosen Elf: Llanowar Elves, yes; Grizzly Bears (a Bear), no.
    When the snapshot does not say the choice, whether the Bears may use it is not known: not
    modelled, never refused."""
    s = snap(tmp_path, [{"id": "cavern", "card": "Cavern of Souls", "chosen": {"creature_type": "Elf"}},
                        {"id": "forest", "card": "Forest"}],
             ["Llanowar Elves", "Grizzly Bears"], [ELVES, BEARS])
    code, out, _ = run_cli(["actions", s, "--json"])
    casts = by_card(out)
    assert casts["Llanowar Elves"][0] == "actions"
    assert casts["Grizzly Bears"][0] == "actions"         # {1}{G}: the Forest's {G}, the Cavern's plain {C}
    code, out, _ = run_cli(["pay", s, "{G}{G}", "--for", "Grizzly Bears", "--json"])
    assert out["payable"] is False
    code, out, _ = run_cli(["pay", s, "{G}{G}", "--for", "Llanowar Elves", "--json"])
    assert out["payable"] is True
    s = snap(tmp_path, [{"id": "cavern", "card": "Cavern of Souls"}, {"id": "forest", "card": "Forest"}],
             ["Grizzly Bears"], [BEARS])
    code, out, _ = run_cli(["pay", s, "{G}{G}", "--for", "Grizzly Bears", "--json"])
    assert out["payable"] is None and "cavern" in out["reason"]
    code, out, _ = run_cli(["pay", s, "{1}{G}", "--for", "Grizzly Bears", "--json"])
    assert out["payable"] is True                          # its {C} ability has no restriction


def test_cavern_of_souls_shows_the_effect_on_the_spell(tmp_path):
    """"..., and that spell can't be countered" (106.6: an effect of the mana): produce shows it under
    spend_effects; apply, which casts the spell, does not give it that effect: a note for apply only."""
    s = board(tmp_path, "cavern")
    code, out, err = run_cli(["produce", s, "cavern", "--json"])
    assert (code, err) == (0, "")
    assert [r["restriction"] for r in out["spend_only"]] == ["cast(and(creature,chosen_type))"]
    assert [(e["spell"], e["effect"]) for e in out["spend_effects"]] == [("and(creature,chosen_type)",
                                                                           "cant_be_countered")]
    assert run_cli(["--strict", "could-produce", s])[0] == 0
    assert run_cli(["--strict", "actions", s])[0] == 0
    code, _, err = run_cli(["apply", s, "activate", "cavern", "--ability", "1"])
    assert "note: Cavern of Souls (line 3) not modelled" in err


def test_if_that_mana_is_spent_riders(tmp_path):
    """Carnelian Orb of Dragonkind and Boseiju: the mana carries an effect on the spell it pays for
    (106.6): shown by produce, with no note there."""
    s = snap(tmp_path, [{"id": "orb", "card": "Carnelian Orb of Dragonkind"},
                        {"id": "boseiju", "card": "Boseiju, Who Shelters All"}], cards=[ORB, BOSEIJU])
    code, out, err = run_cli(["produce", s, "orb", "--json"])
    assert (code, err) == (0, "") and out["spend_only"] == []
    assert [(e["spell"], e["effect"]) for e in out["spend_effects"]] == [('and(subtype("Dragon"),creature)', "haste")]
    code, out, err = run_cli(["produce", s, "boseiju", "--json"])
    assert (code, err) == (0, "")
    assert [(e["spell"], e["effect"]) for e in out["spend_effects"]] == [("or(instant,sorcery)", "cant_be_countered")]


def test_mana_only_for_abilities(tmp_path):
    """Pit Automaton: "Spend this mana only to activate abilities." Casting a spell is not activating an
    ability (601.2, 602.1): its mana never pays for Grizzly Bears. An ability's cost only it could pay
    is not decided yet (the plan pays spells): not modelled (payment_needs_plan), never refused."""
    s = snap(tmp_path, [{"id": "pit", "card": "Pit Automaton"}, {"id": "forest", "card": "Forest"}],
             ["Grizzly Bears"], [PIT, BEARS])
    code, out, _ = run_cli(["produce", s, "pit", "--json"])
    assert [r["restriction"] for r in out["spend_only"]] == ["activate(any)"]
    code, out, _ = run_cli(["actions", s, "--json"])
    assert by_card(out)["Grizzly Bears"][0] == "refused"
    code, out, _ = run_cli(["pay", s, "{1}{G}", "--for", "Grizzly Bears", "--json"])
    assert out["payable"] is False
    # Shadowblood Ridge's {1}: only Pit Automaton's mana could pay it (an ability's cost, 602.2b)
    s = snap(tmp_path, [{"id": "pit", "card": "Pit Automaton"}, {"id": "ridge", "card": "Shadowblood Ridge"}],
             cards=[PIT, RIDGE])
    code, out, _ = run_cli(["actions", s, "--json"])
    [ridge] = [a for k in ("actions", "refused", "not_modelled") for a in out[k] if a.get("permanent") == "ridge"]
    assert ridge in out["not_modelled"] and ridge["not_modelled"] == "payment_needs_plan"
    code, _, err = run_cli(["apply", s, "activate", "ridge"])
    assert code == 2 and "not modelled" in err


def test_costs_that_contain_x(tmp_path):
    """Rosheen Meanderer: "Spend this mana only on costs that contain {X}." Blaze's mana cost {X}{R}
    contains {X} (107.3): with a Mountain, Rosheen's {C}{C}{C}{C} pays X = 4; Grizzly Bears' cost has
    no {X}, so Rosheen's mana can't pay it."""
    s = snap(tmp_path, [{"id": "rosheen", "card": "Rosheen Meanderer"}, {"id": "mountain", "card": "Mountain"}],
             ["Blaze", "Grizzly Bears"], [ROSHEEN, BLAZE, BEARS])
    code, out, _ = run_cli(["pay", s, "{X}{R}", "--x", "4", "--for", "Blaze", "--json"])
    assert out["payable"] is True
    assert sorted(a["source"] for a in out["plan"]["activations"]) == ["mountain", "rosheen"]
    code, out, _ = run_cli(["pay", s, "{X}{R}", "--x", "5", "--for", "Blaze", "--json"])
    assert out["payable"] is False
    code, out, _ = run_cli(["actions", s, "--json"])
    casts = by_card(out)
    assert casts["Blaze"][1]["max_x"] == 4
    assert casts["Grizzly Bears"][0] == "refused"


def test_powerstone_cant_be_spent_on_nonartifact_spells(tmp_path):
    """Powerstone token: "This mana can't be spent to cast a nonartifact spell." Its {C} pays for an
    artifact spell (Bronze Sable), not for a creature spell that is not an artifact (Grizzly Bears)."""
    s = snap(tmp_path, [{"id": "ps1", "card": "Powerstone"}, {"id": "ps2", "card": "Powerstone"},
                        {"id": "forest", "card": "Forest"}],
             ["Bronze Sable", "Grizzly Bears"], [POWERSTONE, SABLE, BEARS])
    code, out, _ = run_cli(["produce", s, "ps1", "--json"])
    assert [r["restriction"] for r in out["spend_only"]] == ["except(cast(non(artifact)))"]
    code, out, _ = run_cli(["actions", s, "--json"])
    casts = by_card(out)
    assert casts["Bronze Sable"][0] == "actions"
    assert casts["Grizzly Bears"][0] == "refused"


def test_apply_cast_keeps_the_restriction_on_unspent_mana(tmp_path):
    """apply cast: Mishra's Workshop adds {C}{C}{C}; Bronze Sable's {2} spends two, and the third stays
    in the pool (106.4) with its restriction (106.6): only for artifact spells."""
    s = snap(tmp_path, [{"id": "workshop", "card": "Mishra's Workshop"}], ["Bronze Sable"], [SABLE])
    code, out, err = run_cli(["apply", s, "cast", "Bronze Sable", "--json"])
    assert code == 0, err
    assert out["snapshot"]["mana_pool"]["alice"] == [{"mana": "{C}", "spend_only": "artifact spells"}]


DRUID = {"name": "Elfhame Druid", "type": "Creature — Elf Druid", "mana_cost": "{1}{G}", "power": "0", "toughness": "2",
         "text": "{T}: Add {G}.\n{T}: Add {G}{G}. Spend this mana only to cast kicked spells."}
KAVU = {"name": "Kavu Titan", "type": "Creature — Kavu", "mana_cost": "{1}{G}", "power": "2", "toughness": "2",
        "text": "Kicker {2}{G}\nIf this creature was kicked, it enters with three +1/+1 counters on it and with trample."}


def test_kicked_spells_for_elfhame_druid(tmp_path):
    """Elfhame Druid's {G}{G} is only for kicked spells (702.33d: a kicked spell is one whose kicker
    cost was paid). Kavu Titan kicked costs {1}{G} plus {2}{G}: {3}{G}{G} (601.2f; the two {G}
    both count). With three Forests: kicked, the Druid's {G}{G} and the Forests pay it; not
    kicked, the Druid's restricted ability can't pay, its {G} ability can."""
    forests = [{"id": f"f{i}", "card": "Forest"} for i in (1, 2, 3)]
    s = snap(tmp_path, [{"id": "druid", "card": "Elfhame Druid"}] + forests, ["Kavu Titan"], [DRUID, KAVU])
    code, out, _ = run_cli(["actions", s, "--json"])
    casts = [(k, a) for k in ("actions", "refused", "not_modelled") for a in out[k] if a["kind"] == "cast"]
    [(k1, kicked)] = [(k, a) for k, a in casts if a.get("kicked")]
    assert (k1, kicked["cost"]) == ("actions", "{3}{G}{G}")
    assert {"source": "druid", "adds": "{G}{G}"} in kicked["payment"]
    [(k2, plain)] = [(k, a) for k, a in casts if not a.get("kicked")]
    assert k2 == "actions" and {"source": "druid", "adds": "{G}{G}"} not in plain["payment"]
    s = snap(tmp_path, [{"id": "druid", "card": "Elfhame Druid"}] + forests[:2], ["Kavu Titan"], [DRUID, KAVU])
    code, out, _ = run_cli(["actions", s, "--json"])
    [kicked] = [a for a in out["refused"] if a["kind"] == "cast" and a.get("kicked")]
    assert kicked["rule"] == "118.3"                      # four mana at most for {3}{G}{G}
    code, out, _ = run_cli(["pay", s, "{2}{G}{G}", "--for", "Kavu Titan", "--json"])
    assert out["payable"] is None                         # kicked or not: --for does not say


# --- random boards against the brute-force reference payer (tests/pay_reference.py) ----------------

SPELL_TYPES = ("artifact", "creature", "instant", "sorcery", "enchantment")


def restricted_board(seed):
    """pay_boards.random_board(seed) with some of its one-mana-ability cards restricted ("Spend this
    mana only to cast <type> spells.", 106.6) and a spell in the payer's hand to pay for."""
    import random
    from pay_boards import random_board
    snapshot, cost, player, x = random_board(seed, max_sources=6)
    rng = random.Random(f"spend-{seed}")
    for card in snapshot.get("cards", []):
        if card["name"].startswith("Payref") and " Filter " not in card["name"] and " Pain " not in card["name"] \
                and rng.random() < 0.6:
            types = rng.sample(SPELL_TYPES, rng.choice((1, 1, 2)))
            card["text"] += " Spend this mana only to cast " + " or ".join(types) + " spells."
    spell_types = rng.sample(SPELL_TYPES[:3], rng.choice((1, 1, 2)))
    type_line = " ".join(t.capitalize() for t in sorted(spell_types, key=SPELL_TYPES.index))
    if "instant" in spell_types and len(spell_types) > 1:
        spell_types, type_line = ["instant"], "Instant"
    spell = {"name": "Payref Spell", "mana_cost": cost if "{S}" not in cost else "{1}", "type": type_line}
    if "creature" in spell_types:
        spell["power"], spell["toughness"] = "1", "1"
    snapshot.setdefault("cards", []).append(spell)
    snapshot["hand"] = {player: ["Payref Spell"]}
    return snapshot, cost, player, x, frozenset(spell_types)


def test_pay_for_a_spell_agrees_with_the_reference_on_random_boards(tmp_path):
    """On 24 seeded boards with restricted sources, `pay COST --for SPELL` finds a plan exactly when
    the reference payer (written from 106.6 and 601.2g-h alone) does, and every restricted source of
    its plan may be spent on that spell."""
    from pay_reference import payable
    checked = 0
    for seed in range(24):
        snapshot, cost, player, x, types = restricted_board(seed)
        try:
            want = payable(snapshot, cost, player, x, spell_types=types)
        except ValueError:
            continue
        p = tmp_path / f"b{seed}.yaml"
        p.write_text(yaml.safe_dump(snapshot))
        args = ["pay", str(p), cost, "--player", player, "--for", "Payref Spell", "--json"] + \
            (["--x", str(x)] if "{X}" in cost else [])
        code, out, err = run_cli(args)
        assert code == 0, (seed, err)
        assert out["payable"] is want, (seed, cost, out)
        checked += 1
        for act in (out["plan"] or {}).get("activations", []):
            if "spend_only" in act:
                allowed = {t for t in SPELL_TYPES if re.search(rf"\b{t}\b", act["spend_only"])}
                assert allowed & types, (seed, act)
                assert all(c["by"] != act["source"] for a in out["plan"]["activations"]
                           for c in a.get("cost_paid", [])), (seed, act)
    assert checked >= 18


def test_apply_activate_says_the_mana_carries_its_restriction(tmp_path):
    """apply activate: the add_mana event of Mishra's Workshop carries its restriction (106.6)."""
    s = snap(tmp_path, [{"id": "workshop", "card": "Mishra's Workshop"}])
    code, out, err = run_cli(["apply", s, "activate", "workshop", "--json"])
    assert code == 0, err
    [added] = [e for e in out["events"] if e["event"] == "add_mana"]
    assert added == {"event": "add_mana", "player": "alice", "mana": ["C", "C", "C"], "spend_only": "cast(artifact)"}
