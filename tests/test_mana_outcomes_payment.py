"""Mana outcomes computed once in kb/ and payability decided in one solve (kb/mana.lp,
kb/mana_replacement.lp, kb/mana_triggers.lp, kb/mana_payment.lp): the refusals of amounts beyond
the solver's integers (107.1), costs with many symbols, one solve for every action, the sources a
payment taps, and explanations of the outcome atoms. Golden cases are in
tests/scenarios/mana_outcomes.yaml and tests/scenarios/mana_payment.yaml."""

import pytest
import yaml

from helpers import run_cli
from pyengine import api, snapshot
from pyengine.asp import driver as engine_mod
from pyengine.errors import AmountTooLarge, InputError
from pyengine.facts import snapshot_facts

TOO_LARGE = "the amount exceeds 2,147,483,647 (the solver's integer range)"


def write(tmp_path, data, name="s.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def perm(i, card, who="alice", **kw):
    return {"id": i, "card": card, "controller": who, **kw}


def reflections(n, who="alice"):
    return [perm(f"r{i}", "Mana Reflection", who) for i in range(n)]


# --- 107.1: amounts beyond the solver's 32-bit integers are refused, never wrapped -----------------

def test_thirty_one_reflections_refused_with_one_line(tmp_path):
    """"If you have three Mana Reflections on the battlefield, you'll get eight times the original
    amount" (ruling): 31 of them make 2^31 {G}, one more than the solver can count."""
    snap = write(tmp_path, {"players": ["alice"], "battlefield": [perm("f", "Forest")] + reflections(31)})
    code, out, err = run_cli(["produce", snap, "f", "--json"])
    assert code == 2 and out == ""
    assert err.splitlines() == [f"error: produce f: {TOO_LARGE}"]
    code, out, _ = run_cli(["produce", snap, "f", "--json"])
    # 30 of them: 2^30 {G} fits
    snap30 = write(tmp_path, {"players": ["alice"], "battlefield": [perm("f", "Forest")] + reflections(30)}, "b.yaml")
    code, out, _ = run_cli(["produce", snap30, "f", "--json"])
    assert code == 0 and out["amounts"] == [{"G": 2 ** 30}] and out["options"] is None


def test_gaeas_cradle_with_many_creatures_refused():
    """Gaea's Cradle: {T}: Add {G} for each creature you control; 1,000 creatures and 22 Mana
    Reflections make 1,000 * 2^22 {G}, beyond 2,147,483,647."""
    board = [perm("cradle", "Gaea's Cradle")] + reflections(22) + [perm(f"b{i}", "Grizzly Bears") for i in range(1000)]
    s = snapshot.load({"players": ["alice"], "battlefield": board})
    with pytest.raises(AmountTooLarge):
        api.produce(s, "cradle")
    # 21 Reflections: 1,000 * 2^21 = 2,097,152,000 fits
    s = snapshot.load({"players": ["alice"], "battlefield": board[:1] + board[2:]})
    assert api.produce(s, "cradle")["amounts"] == [{"G": 1000 * 2 ** 21}]


def test_heartbeat_on_a_large_amount_refused():
    """106.12a: each Heartbeat of Spring adds one more mana; on top of 2^30 {G}{G} from a Test
    Twin land (2^31), the sum is beyond the solver: refused, not wrapped."""
    s = snapshot.load({"players": ["alice"], "cards": [{"name": "Test Twin", "type": "Land", "text": "{T}: Add {G}{G}."}],
                       "battlefield": [perm("t", "Test Twin"), perm("h", "Heartbeat of Spring")] + reflections(29)})
    assert api.produce(s, "t")["amounts"] == [{"G": 2 ** 30 + 1}]
    s = snapshot.load({"players": ["alice"], "cards": [{"name": "Test Twin", "type": "Land", "text": "{T}: Add {G}{G}."}],
                       "battlefield": [perm("t", "Test Twin"), perm("h", "Heartbeat of Spring")] + reflections(30)})
    with pytest.raises(AmountTooLarge):
        api.produce(s, "t")


def test_large_outcomes_are_counted_in_the_human_output(tmp_path):
    snap = write(tmp_path, {"players": ["alice"], "battlefield": [perm("f", "Forest")] + reflections(24)})
    code, out, _ = run_cli(["produce", snap, "f"])
    assert code == 0 and out.splitlines() == ["possible outcomes:", "  G x16777216"]


def test_activate_reports_a_large_amount_as_counts(tmp_path):
    """apply activate: the mana added is listed letter by letter up to 1,000 mana, else counted."""
    snap = write(tmp_path, {"players": ["alice"], "battlefield": [perm("f", "Forest")] + reflections(11)})
    code, out, err = run_cli(["apply", snap, "activate", "f", "--json"])
    assert code == 0, err
    assert out["events"][-1] == {"event": "add_mana", "player": "alice", "amounts": {"G": 2048}}


def test_power_and_toughness_sums_are_guarded(tmp_path):
    """613.4c: each anthem gives +N/+N. The loader keeps every card's P/T changes small enough that
    no legal snapshot can overflow (pyengine/limits.py), so the KB's own guard is tested on facts
    that bypass the loader: 3,000 anthems of +900000/+900000 could exceed the solver's integers,
    and the KB says so (pt_too_large) instead of summing into a wrapped power."""
    cards = [{"name": "Test Anthem", "type": "Enchantment", "text": "Creatures you control get +5/+5."}]
    board = [perm("bear", "Grizzly Bears")] + [perm(f"a{i}", "Test Anthem") for i in range(3000)]
    s = snapshot.load({"players": ["alice"], "cards": cards, "battlefield": board})
    facts = [f[:3] + (900000, 900000) if f[0] == "anthem" else f for f in snapshot_facts(s)]
    assert sum(f[0] == "anthem" for f in facts) == 1
    [model] = engine_mod.Engine(facts + [("name_compared", "bear")], "show").ask([("asked", "bear")])
    assert ("pt_too_large", "bear") in model and not any(a[0] == "power" for a in model)
    s = snapshot.load({"players": ["alice"], "cards": cards, "battlefield": board[:3]})
    assert (api.show(s, "bear")["power"], api.show(s, "bear")["toughness"]) == (2 + 10, 2 + 10)


# --- payment: many symbols, one solve, the sources tapped --------------------------------------------

def test_cost_with_65536_symbols_is_refused_not_an_error(tmp_path):
    """118.3: a cost of {1000000} and 3,000 {G} can't be paid from one Forest. (The old payment
    encoding made clasp raise "Integer overflow" on 65,536 {G}; such a text is now longer than the
    loader allows, pyengine/limits.py, so the largest costs a card can still have are tested.)"""
    with pytest.raises(InputError, match="longer than 10000 characters"):
        snapshot.load({"players": ["alice"], "cards": [
            {"name": "Test Hungrier Idol", "type": "Artifact", "text": "{G}" * 65536 + ": Add {G}."}]})
    cards = [{"name": "Test Hungry Idol", "type": "Artifact", "text": "{1000000}" + "{G}" * 3000 + ": Add {G}."}]
    s = snapshot.load({"players": ["alice"], "cards": cards, "battlefield": [perm("f", "Forest"), perm("x", "Test Hungry Idol")]})
    answer = api.actions(s)
    [refused] = answer["refused"]
    assert (refused["permanent"], refused["rule"], refused["reason"]) == ("x", "118.3", "cannot_pay_mana_cost")
    assert [a["permanent"] for a in answer["actions"]] == ["f"]


def test_three_hundred_payable_abilities_in_one_solve(monkeypatch):
    """601.2g: every Pili-Pala's {2} is payable from the lands; all 300 are decided by one solve
    of one program (no solve per action)."""
    board = ([perm(f"pp{i}", "Pili-Pala", tapped=True) for i in range(300)]
             + [perm(f"f{i}", "Forest") for i in range(2)])
    s = snapshot.load({"players": ["alice"], "battlefield": board})
    calls = {"engines": 0, "asks": 0}
    real_init, real_ask = engine_mod.Engine.__init__, engine_mod.Engine.ask

    def init(self, *a, **kw):
        calls["engines"] += 1
        real_init(self, *a, **kw)

    def ask(self, *a, **kw):
        calls["asks"] += 1
        return real_ask(self, *a, **kw)
    monkeypatch.setattr(engine_mod.Engine, "__init__", init)
    monkeypatch.setattr(engine_mod.Engine, "ask", ask)
    answer = api.actions(s)
    assert calls == {"engines": 1, "asks": 1}
    assert sum(a["permanent"].startswith("pp") for a in answer["actions"]) == 300
    # one Forest only: {2} can't be paid (118.3)
    s = snapshot.load({"players": ["alice"], "battlefield": board[:-1]})
    answer = api.actions(s)
    assert sum(a["permanent"].startswith("pp") and a["rule"] == "118.3" for a in answer["refused"]) == 300


def test_pay_cost_taps_distinct_sources_and_never_the_action_itself():
    """601.2g-h: the {1} of a filter land's "{1}, {T}" is paid by another source, never by the land
    itself (107.5); of the interchangeable Forests, one is tapped."""
    cards = [{"name": "Test Plain Filter", "type": "Land", "text": "{T}: Add {C}.\n{1}, {T}: Add {W}{U}."}]
    board = [perm("fl", "Test Plain Filter"), perm("f1", "Forest"), perm("f2", "Forest")]
    s = snapshot.load({"players": ["alice"], "cards": cards, "battlefield": board})
    act = next(a for a in engine_actions(s) if a.args[1] == "fl" and a.args[2].args == ("Test Plain Filter", 2))
    paid = api.pay_cost(s, "alice", act)
    assert len(paid) == 1 and paid[0][0] in ("f1", "f2") and paid[0][2] == ["G"]
    # with the Forests named out, only the filter land itself is left: it can't pay its own cost
    from pyengine.errors import InputError
    with pytest.raises(InputError, match="118.3"):
        api.pay_cost(s, "alice", act, ["fl"])


def engine_actions(s):
    """The activation action terms of the KB's candidates for alice (for pay_cost)."""
    from pyengine.facts import snapshot_facts
    [model] = engine_mod.Engine(snapshot_facts(s) + [("asked_player", "alice")], "actions").ask(optimize=True)
    return [a[2] for a in model if a[0] == "legal_action"]


def test_pay_cost_counts_every_source_of_a_class():
    """601.2g: {3}{G} from three Forests and a Plains: four distinct sources, one of them the Plains
    or all Forests (they are interchangeable within their class)."""
    cards = [{"name": "Test Big Lamp", "type": "Artifact", "text": "{3}{G}, {Q}: Add {C}."}]
    board = [perm("lamp", "Test Big Lamp", tapped=True)] + [perm(f"f{i}", "Forest") for i in range(3)] + [perm("w", "Plains")]
    s = snapshot.load({"players": ["alice"], "cards": cards, "battlefield": board})
    [act] = [a for a in engine_actions(s) if a.args[1] == "lamp"]
    paid = api.pay_cost(s, "alice", act)
    assert sorted(p[0] for p in paid) == ["f0", "f1", "f2", "w"]
    assert sorted(m for p in paid for m in p[2]) == ["G", "G", "G", "W"]


# --- explain reaches the outcome atoms -----------------------------------------------------------------

def test_explain_an_outcome_with_its_amount(tmp_path):
    """The ruling "if you have three Mana Reflections ... eight times": with one, a Forest's {G}
    becomes {G}{G}; the outcome atom is explained down to the snapshot. Only Mana Reflection refers
    to permanents, so the Forest's scope signature is 1."""
    snap = write(tmp_path, {"players": ["alice"], "battlefield": [perm("f", "Forest"), perm("r", "Mana Reflection")]})
    atom = 'mana_outcome("alice",1,amounts(0,0,0,0,1,0),amounts(0,0,0,0,2,0))'
    code, out, _ = run_cli(["explain", snap, atom])
    assert code == 0 and out.splitlines()[0].startswith(atom + "  <- CR 106.12a")
    assert 'permanent("r")  [snapshot fact]' in out
    code, out, _ = run_cli(["explain", snap, 'mana_outcome("alice",1,amounts(0,0,0,0,1,0),amounts(0,0,0,0,1,0))'])
    assert code == 1 and "does not hold" in out
