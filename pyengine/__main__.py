"""`python -m pyengine ...` runs the mtgkb command line."""

from .cli import run

run()
