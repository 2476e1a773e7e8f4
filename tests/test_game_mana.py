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
