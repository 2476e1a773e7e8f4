"""The only package that imports clingo.

- :mod:`.driver`: the :class:`Engine` (one clingo Control per snapshot; facts through the
  backend; queries and ``#program`` parts grounded on demand; externals; solver time limit);
- :mod:`.codec`: plain-Python terms <-> clingo Symbols, rule ASTs -> patterns, user atom text;
- :mod:`.kbmodel`: the KB as data (rules with their tags, doc comments, declarations, parts),
  read by clingo's parser; used by explain, check, coverage, the driver and the convention tests;
- :mod:`.provenance`: KB rules rewritten into demand-driven provenance rules (explain).
"""

from .driver import DEFAULT_TIME_LIMIT, Engine, SetupError, SolveTimeout, kb_root

__all__ = ["DEFAULT_TIME_LIMIT", "Engine", "SetupError", "SolveTimeout", "kb_root"]
