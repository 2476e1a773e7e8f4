"""Spend restrictions travel with the mana (106.6): "Spend this mana only to cast artifact
spells." restricts how the mana may be spent, not what the ability adds or which types the
permanent could produce (106.7). could-produce and produce answer with no note, produce names
the restriction (``spend_only``, a restriction term of docs/compiler.md); the answers that pay
with mana (actions, cast-free, apply) keep a note until payment honours the restriction.

The cards are real (Oracle text as printed today)."""

import yaml

from helpers import run_cli

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


def test_paying_answers_keep_the_note_and_strict_refuses_them(tmp_path):
    s = board(tmp_path, "workshop")
    code, _, err = run_cli(["actions", s])
    assert code == 0 and "note: Mishra's Workshop (line 1) not modelled" in err
    assert "paying with that mana does not honour it yet" in err
    assert run_cli(["--strict", "actions", s])[0] == 3
    assert run_cli(["--strict", "produce", s, "workshop"])[0] == 0
    assert run_cli(["--strict", "could-produce", s])[0] == 0


def test_a_restriction_with_more_to_it_stays_a_note_for_produce(tmp_path):
    """Cavern of Souls: "..., and that spell can't be countered" is an effect of the mana beyond
    where it may be spent; the chosen type is a choice the KB does not read: produce keeps its
    note."""
    s = board(tmp_path, "cavern")
    code, out, err = run_cli(["produce", s, "cavern", "--json"])
    assert code == 0 and "note: Cavern of Souls (line 3) not modelled" in err
    assert out["spend_only"] == []


def test_payment_from_a_restricted_source_is_still_a_note(tmp_path):
    """106.6: mana from Mishra's Workshop may be spent only on artifact spells, so it can't pay
    {1}{G} of Grizzly Bears (a creature spell). The payment plans (kb/mana_plan.lp) honour the
    spend restrictions of floating mana only, not those of the mana abilities they activate: the
    note stays for pay (made of produce and actions), and --strict refuses its answer."""
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump({
        "players": ["alice", "bob"], "active": "alice",
        "cards": CARDS[:1] + [{"name": "Grizzly Bears", "type": "Creature — Bear", "mana_cost": "{1}{G}",
                               "power": "2", "toughness": "2"}],
        "battlefield": [{"id": "workshop", "card": "Mishra's Workshop", "controller": "alice"}],
        "hand": {"alice": ["Grizzly Bears"]}}))
    code, _, err = run_cli(["pay", str(p), "{2}", "--for", "Grizzly Bears"])
    assert code == 0 and "paying with that mana does not honour it yet" in err
    assert run_cli(["--strict", "pay", str(p), "{2}", "--for", "Grizzly Bears"])[0] == 3
