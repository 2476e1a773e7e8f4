"""Plain-Python terms <-> clingo: Symbols for facts and answers, term ASTs for rule patterns, and
user text parsed as one ground atom.

The plain terms are those of :mod:`pyengine.terms` (int, str, Const, Fn, tuple); rule patterns
add :class:`pyengine.patterns.Var` and :class:`pyengine.patterns.Expr`. Their text form
(``render``, ``render_fact``) stays in :mod:`pyengine.terms`, which needs no clingo.
"""

import clingo

from ..errors import InputError
from ..terms import Const, Fn, render

ANY = "__any"            # stands for an anonymous variable inside a generated (provenance) term

BINOPS = {"Plus": "+", "Minus": "-", "Multiplication": "*", "Division": "/", "Modulo": "\\",
          "Power": "**", "And": "&", "Or": "?", "XOr": "^"}
CMPOPS = {"Equal": "=", "NotEqual": "!=", "LessThan": "<", "LessEqual": "<=",
          "GreaterThan": ">", "GreaterEqual": ">="}
NUMBER_RANGE = (-2**31, 2**31)           # clingo numbers are 32-bit


def to_symbol(term, cache=None):
    """A plain-Python term as a clingo Symbol. CACHE (a dict) memoises strings and constants, which
    recur in many facts (ids, players, card names); building a Symbol costs a few C calls. A number
    outside clingo's 32-bit range is refused (InputError), never wrapped."""
    if isinstance(term, bool):
        raise TypeError("booleans are not terms")
    if cache is not None and isinstance(term, (str, Const)):
        sym = cache.get(term)
        if sym is None:
            sym = cache[term] = to_symbol(term)
        return sym
    if isinstance(term, int):
        if not NUMBER_RANGE[0] <= term < NUMBER_RANGE[1]:
            raise InputError(f"the number {term} is too large for the solver")
        return clingo.Number(term)
    if isinstance(term, str):
        return clingo.String(term)
    if isinstance(term, Const):
        return clingo.Function(term.name)
    if isinstance(term, Fn):
        return clingo.Function(term.name, [to_symbol(a, cache) for a in term.args])
    if isinstance(term, tuple):
        return clingo.Tuple_([to_symbol(a, cache) for a in term])
    raise TypeError(f"not a term: {term!r}")


def fact_symbol(fact, cache=None):
    """A fact tuple ``(pred, args...)`` as a clingo atom Symbol."""
    return clingo.Function(fact[0], [to_symbol(a, cache) for a in fact[1:]])


def from_symbol(sym, placeholder=False):
    """A clingo Symbol as a plain-Python term. With PLACEHOLDER (terms of generated rules), the
    constant ``__any`` stands for an anonymous variable and becomes ``Var('_')``."""
    t = sym.type
    if t == clingo.SymbolType.Number:
        return sym.number
    if t == clingo.SymbolType.String:
        return sym.string
    if t == clingo.SymbolType.Function:
        if not sym.arguments:
            if not sym.name:
                return ()
            if placeholder and sym.name == ANY:
                from ..patterns import Var
                return Var("_")
            return Const(sym.name)
        args = tuple(from_symbol(a, placeholder) for a in sym.arguments)
        return Fn(sym.name, args) if sym.name else args
    raise TypeError(f"unexpected symbol {sym}")


def model_symbols(symbols):
    """The atoms of SYMBOLS (what ``Model.symbols`` returns) as atom_tuple and atom_row take them
    with a cache: where :class:`_Reader` reads them, their representations, copied in one call
    (iterating the sequence builds a Symbol object per atom, and a model is copied once for each
    better model an optimizing solve finds); else the Symbols."""
    p = getattr(symbols, "_p_symbols", None)
    if _READER is not None and p is not None:
        return _READER.ffi.unpack(p, len(p))
    return list(symbols)


def atom_tuple(sym, cache=None):
    """An atom Symbol as a fact tuple ``(pred, args...)``. CACHE (a dict) memoises the conversion of
    arguments and of their subterms, which recur across atoms (reading a Symbol's parts costs several
    C calls); with it, the parts are read through clingo's C functions directly where this clingo
    has them (:class:`_Reader`), and SYM may be a representation from model_symbols."""
    if cache is None:
        return (sym.name,) + tuple(from_symbol(a) for a in sym.arguments)
    if _READER is not None:
        return _READER.atom(sym, cache)
    return (sym.name,) + tuple(_cached_term(a, cache) for a in sym.arguments)


class _Reader:
    """Reads the parts of symbols through the C functions of clingo's Python package (the module
    ``clingo._internal``, which its Symbol class calls): a Symbol's ``name``, ``arguments``, ``type``
    and ``string`` each allocate output buffers and wrap their results (an Enum, a Symbol per
    argument), which costs most of the time of reading a large answer (`actions`: thousands of
    atoms); this reuses its buffers (one set per thread) and works on the symbols' representations
    (numbers, interned by clingo: equal symbols, equal numbers). The terms are those
    ``_cached_term`` makes (tests/test_codec_reader.py compares them)."""

    def __init__(self, lib, ffi):
        import threading
        self.lib, self.ffi = lib, ffi
        self.local = threading.local()
        self.types = (lib.clingo_symbol_type_number, lib.clingo_symbol_type_string,
                      lib.clingo_symbol_type_function)

    def buffers(self):
        """This thread's output buffers: (arguments, size, text, number)."""
        b = getattr(self.local, "b", None)
        if b is None:
            ffi = self.ffi
            b = self.local.b = (ffi.new("clingo_symbol_t**"), ffi.new("size_t*"), ffi.new("char**"),
                                ffi.new("int*"))
        return b

    def atom(self, sym, cache):
        b = self.buffers()
        name, args = self.parts(sym if type(sym) is int else sym._rep, b)
        return (name,) + tuple(self.term(a, cache, b) for a in args)

    def parts(self, rep, b):
        """(name, [argument representations]) of the function symbol REP (B: buffers())."""
        lib = self.lib
        if not lib.clingo_symbol_name(rep, b[2]):
            raise TypeError("not a function symbol")
        name = self.ffi.string(b[2][0]).decode()
        if not lib.clingo_symbol_arguments(rep, b[0], b[1]):
            raise TypeError("not a function symbol")
        p = b[0][0]
        return name, [p[i] for i in range(b[1][0])]     # copied: the buffers are reused

    def term(self, rep, cache, b):
        """The term of symbol REP (CACHE: by representation; B: buffers())."""
        term = cache.get(rep)
        if term is not None:
            return term
        number, string, function = self.types
        t = self.lib.clingo_symbol_type(rep)
        if t == number:
            self.lib.clingo_symbol_number(rep, b[3])
            term = b[3][0]
        elif t == string:
            self.lib.clingo_symbol_string(rep, b[2])
            term = self.ffi.string(b[2][0]).decode()
        elif t == function:
            name, args = self.parts(rep, b)
            if not args:
                term = Const(name) if name else ()
            else:
                args = tuple(self.term(a, cache, b) for a in args)
                term = Fn(name, args) if name else args
        else:
            from clingo.symbol import Symbol
            raise TypeError(f"unexpected symbol {Symbol(rep)}")
        cache[rep] = term
        return term


def _reader():
    try:
        from clingo._internal import _ffi, _lib
        reader = _Reader(_lib, _ffi)
        probe = clingo.Function("f", [clingo.String("s"), clingo.Number(-1)])
        if reader.atom(probe, {}) != ("f", "s", -1):
            return None
        return reader
    except Exception:                       # another clingo: its public API (_cached_term)
        return None


_READER = _reader()


def atom_row(sym, cache, texts):
    """(atom_tuple(SYM, CACHE), its text as terms.render_fact gives it). TEXTS (a dict) memoises the
    text of each argument: sorting an answer by its text then renders each shared term once."""
    if _READER is not None:
        b = _READER.buffers()
        name, args = _READER.parts(sym if type(sym) is int else sym._rep, b)
        terms = [_READER.term(a, cache, b) for a in args]
    else:
        name, args = sym.name, [_key(a) for a in sym.arguments]
        terms = [_cached_term(a, cache) for a in sym.arguments]
    row = [name]
    parts = []
    for key, term in zip(args, terms):
        row.append(term)
        text = texts.get(key)
        if text is None:
            text = texts[key] = render(term)
        parts.append(text)
    return tuple(row), (f"{row[0]}({','.join(parts)})" if parts else row[0])


_NUMBER, _STRING, _FUNCTION = clingo.SymbolType.Number, clingo.SymbolType.String, clingo.SymbolType.Function


def _key(sym):
    """A dictionary key for SYM: clingo keeps one representation of each symbol (its ``_rep``, a
    number), so equal symbols have equal keys; hashing and comparing it costs no call into clingo,
    unlike the Symbol itself (whose ``__hash__`` and ``__eq__`` do). The Symbol where a clingo
    without it is installed."""
    return getattr(sym, "_rep", sym)


def _cached_term(sym, cache):
    """from_symbol(SYM), each subterm looked up in (and added to) CACHE (keyed by _key) first."""
    key = _key(sym)
    term = cache.get(key)
    if term is not None:
        return term
    t = sym.type
    if t == _NUMBER:
        term = sym.number
    elif t == _STRING:
        term = sym.string
    elif t == _FUNCTION:
        args, name = sym.arguments, sym.name
        if not args:
            term = Const(name) if name else ()
        else:
            args = tuple(_cached_term(a, cache) for a in args)
            term = Fn(name, args) if name else args
    else:
        raise TypeError(f"unexpected symbol {sym}")
    cache[key] = term
    return term


def as_atom(term):
    """A term read back from a generated atom (``Fn`` or ``Const``) as an atom tuple, else None."""
    if isinstance(term, Fn):
        return (term.name,) + term.args
    if isinstance(term, Const):
        return (term.name,)
    return None


def parse_generated(text):
    """A term printed by clingo in a generated atom (``__any`` stands for '_') as a Python term."""
    return from_symbol(clingo.parse_term(text, logger=quiet), placeholder=True)


def quiet(code, message):
    """A clingo logger that drops messages (parse errors are reported by the caller)."""


def parse_atom(text):
    """Parse user text as one ground atom ``pred(args...)``: a term, never program text."""
    if not isinstance(text, str) or not text.strip() or len(text) > 10_000:
        raise InputError("ATOM must be a ground atom such as could_produce(\"pool\",g)")
    try:
        sym = clingo.parse_term(text, logger=quiet)
    except (RuntimeError, ValueError) as e:
        why = str(e).strip().splitlines()[-1] if str(e).strip() else "syntax error"
        raise InputError(f"cannot parse ATOM {text!r} as a ground atom such as "
                         f"could_produce(\"pool\",g) ({why})")
    if sym.type != clingo.SymbolType.Function or not sym.name or sym.negative:
        raise InputError(f"ATOM {text!r} is not an atom: expected pred(args...), e.g. could_produce(\"pool\",g)")
    try:
        return atom_tuple(sym)
    except ValueError as e:              # a constant the KB cannot hold, e.g. a' or __x
        raise InputError(f"ATOM {text!r}: {e}; constants are lower-case letters, digits and '_'")
    except TypeError:                    # #inf or #sup: no term of the KB holds them (was a traceback)
        raise InputError(f"ATOM {text!r}: #inf and #sup are not terms of the KB; arguments are "
                         "numbers, strings, constants and functions of them")


# --- rule ASTs as patterns (pyengine.patterns) ---------------------------------------------------
# (clingo.ast and the patterns are imported by the functions that read ASTs, for kbmodel and
# explain: a query needs neither)

def pattern(t):
    """A term AST as a pattern: plain terms plus Var and Expr."""
    import clingo.ast
    from ..patterns import Expr, Var
    T = clingo.ast.ASTType
    if t.ast_type == T.Variable:
        return Var(t.name)
    if t.ast_type == T.SymbolicTerm:
        return from_symbol(t.symbol, placeholder=True)
    if t.ast_type == T.Function:
        args = tuple(pattern(a) for a in t.arguments)
        if not t.name:
            return args
        return Fn(t.name, args) if args else Const(t.name)
    if t.ast_type == T.BinaryOperation:
        op = BINOPS.get(clingo.ast.BinaryOperator(t.operator_type).name, "?")
        return Expr(op, (pattern(t.left), pattern(t.right)))
    if t.ast_type == T.UnaryOperation:
        op = "-" if clingo.ast.UnaryOperator(t.operator_type).name == "Minus" else "|"
        return Expr(op, (pattern(t.argument),))
    return Expr(str(t), ())


def atom_pattern(symbol_ast):
    """An atom AST (the symbol of a SymbolicAtom) as an atom pattern tuple, or None."""
    p = pattern(symbol_ast)
    return as_atom(p)


def comparison_operator(guard):
    """The text of a comparison guard's operator ('=', '<', ...)."""
    import clingo.ast
    return CMPOPS[clingo.ast.ComparisonOperator(guard.comparison).name]


def atom_term(atom):
    """An atom tuple ``(pred, args...)`` as a term (``Fn`` or ``Const``), e.g. to pass it as an
    argument of a generated atom."""
    return Fn(atom[0], tuple(atom[1:])) if len(atom) > 1 else Const(atom[0])
