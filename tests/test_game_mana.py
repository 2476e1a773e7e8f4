"""Mana abilities whose mana the snapshot decides (issue 11): abilities that function only outside
the battlefield (113.6m), station symbols (721.2a), loyalty abilities that add mana among other
instructions (606, 106.7), amounts counted on the board (107.3, 608.2h). Real cards, Oracle text as
printed, defined inline (never read from a corpus)."""

import yaml

from helpers import run_cli

SIMIAN_SPIRIT_GUIDE = {"name": "Simian Spirit Guide", "mana_cost": "{2}{R}", "type": "Creature — Ape Spirit",
                       "power": "2", "toughness": "2", "text": "Exile this card from your hand: Add {R}."}


def board(tmp_path, cards, perms, **extra):
    """A snapshot file: alice and bob, CARDS defined inline, PERMS (id, card, controller[, dict])."""
    bf = []
    for p in perms:
        d = dict(zip(("id", "card", "controller"), p[:3]))
        d.update(p[3] if len(p) > 3 else {})
        bf.append(d)
    snap = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main", "cards": cards,
            "battlefield": bf, **extra}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(snap, allow_unicode=True))
    return str(path)


def strict(args):
    """`mtgkb --strict ARGS --json`: the answer, failing on any note (exit 3)."""
    code, out, err = run_cli(["--strict", *args, "--json"])
    assert (code, err) == (0, ""), err
    return out


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

