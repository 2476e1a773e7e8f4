"""Check that pyengine.compiler.lalr builds the Oracle grammar's parse table exactly as Lark's own
LALR(1) analysis does, and time both (about a minute of CPU in all; tests/test_parser_build.py
makes the same comparison on smaller grammars on every test run). Run it after upgrading Lark:

    python bench/check_lalr_table.py
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lark import Lark  # noqa: E402

from pyengine.compiler import lalr, parser  # noqa: E402


def main():
    options = {k: v for k, v in parser._OPTIONS.items() if k != "_plugins"}
    text = parser.grammar_text()
    tables, seconds = {}, {}
    for name, plugins in (("pyengine.compiler.lalr", lalr.PLUGINS), ("Lark", {})):
        start = time.process_time()
        built = Lark(text, **options, debug=True, _plugins=plugins)
        seconds[name] = time.process_time() - start
        tables[name] = built.parser.parser._parse_table
        print(f"{name}: {seconds[name]:.1f} s of CPU, {len(tables[name].states)} states")
    ours, larks = tables.values()
    same = (ours.states == larks.states and ours.start_states == larks.start_states
            and ours.end_states == larks.end_states)
    print("same parse table" if same else "DIFFERENT parse tables")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
