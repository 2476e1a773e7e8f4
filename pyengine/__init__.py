"""mtgkb's Python engine: snapshot loading, the card compiler, the clingo layer and the CLI.

The public Python API lives in :mod:`pyengine.api`; every clingo call is made by the package
:mod:`pyengine.asp`; actions that change a snapshot are the transitions of
:mod:`pyengine.transitions`.
"""

__version__ = "0.1.0"
