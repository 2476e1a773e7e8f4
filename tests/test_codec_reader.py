"""The codec reads answer atoms through clingo's C functions directly (pyengine/asp/codec.py,
_Reader): the terms must be those the public Symbol API gives (from_symbol), for every kind of
term, and answers must not change."""

import clingo
import pytest

from pyengine.asp import codec
from pyengine.terms import Const, Fn

TEXTS = ['f("a\\"b\\\\c",-3,(1,2),g,h("\u00fcber"),(),(x,))', 'legal_action("alice",act(activate,"p1",intrinsic("Forest")))',
         'p(2147483647,-2147483648,"")', "q", 'n(a(b(c(d(1)))),"\\n")']


def test_the_reader_is_used():
    assert codec._READER is not None, "clingo's C functions are not reachable: answers are read slowly"


@pytest.mark.parametrize("text", TEXTS)
def test_the_reader_gives_the_terms_of_the_public_api(text):
    sym = clingo.parse_term(text)
    expected = codec.atom_tuple(sym)                       # no cache: the public API (from_symbol)
    cache = {}
    assert codec.atom_tuple(sym, cache) == expected
    assert codec.atom_tuple(sym, cache) == expected        # from the cache
    assert codec._READER.atom(sym, {}) == expected
    assert (codec.atom_tuple(sym, {}), codec.atom_row(sym, {}, {})[0]) == (expected, expected)
    # the fallback (another clingo): the same terms
    assert (sym.name,) + tuple(codec._cached_term(a, {}) for a in sym.arguments) == expected


def test_terms_are_the_python_kinds():
    sym = clingo.parse_term('f(1,"s",c,g(c),(1,"t"))')
    assert codec.atom_tuple(sym, {}) == ("f", 1, "s", Const("c"), Fn("g", (Const("c"),)), (1, "t"))


def test_infinity_is_not_a_term():
    for text in ("f(#inf)", "f(#sup)"):
        with pytest.raises(TypeError):
            codec.atom_tuple(clingo.parse_term(text), {})
        with pytest.raises(TypeError):
            codec.atom_tuple(clingo.parse_term(text))


def test_equal_symbols_share_one_representation():
    """The caches are keyed by a symbol's representation: equal symbols built apart have one."""
    a = clingo.Function("act", [clingo.Function("activate"), clingo.String("p1"),
                                clingo.Function("intrinsic", [clingo.String("Forest")])])
    b = clingo.parse_term('act(activate,"p1",intrinsic("Forest"))')
    assert a is not b and a._rep == b._rep
    assert clingo.Number(7)._rep == clingo.parse_term("7")._rep
    assert clingo.String("x")._rep != clingo.Function("x")._rep


def test_each_thread_reads_with_buffers_of_its_own():
    import threading
    syms = [clingo.parse_term(t) for t in TEXTS]
    expected = [codec.atom_tuple(s) for s in syms]
    out, errors = [], []

    def read():
        try:
            for _ in range(200):
                out.append([codec.atom_tuple(s, {}) for s in syms] == expected)
        except Exception as e:                  # pragma: no cover (reported below)
            errors.append(e)
    threads = [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and all(out) and len(out) == 800
    assert codec._READER.buffers() is codec._READER.buffers()


def test_a_models_atoms_are_read_from_their_representations():
    """codec.model_symbols copies a model's atoms as representations in one call (no Symbol object
    per atom); atom_tuple and atom_row read them as they read the Symbols, after the solve."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], "\n".join(t + "." for t in TEXTS if "\\" not in t) + "\n#show.\n#show q/0.\n"
            "#show legal_action/2.")
    ctl.ground([("base", [])])
    kept = []
    ctl.solve(on_model=lambda m: kept.append((m.symbols(shown=True), list(m.symbols(shown=True)))))
    [(seq, symbols)] = kept
    reps = codec.model_symbols(seq)
    assert all(type(r) is int for r in reps) and len(reps) == len(symbols) == 2
    assert [codec.atom_tuple(r, {}) for r in reps] == [codec.atom_tuple(s) for s in symbols]
    assert [codec.atom_row(r, {}, {}) for r in reps] == [codec.atom_row(s, {}, {}) for s in symbols]


def test_a_terms_hash_is_kept_with_it_but_not_in_a_pickle():
    """Terms hash once (terms._cached_hash): the hash is that of their fields (records.Value), and
    a pickle or a copy
    carries none (a string's hash differs from one process to the next)."""
    import copy
    import pickle
    t = Fn("act", (Const("cast"), "c", Fn("cast", (Fn("one", ("c",)), Const("none")))))
    assert hash(t) == hash(("act", t.args)) and hash(Const("g")) == hash(("g",))
    assert hasattr(t, "_hash")
    for u in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t), copy.copy(t)):
        assert u == t and not hasattr(u, "_hash") and hash(u) == hash(t)
