"""mtgkb's Python engine: snapshot loading, the card compiler, the clingo driver and the CLI.

The public Python API lives in :mod:`pyengine.api`; every clingo call is made by
:mod:`pyengine.engine`.
"""

__version__ = "0.1.0"
