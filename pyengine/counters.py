"""Counter kinds (CR 122): one canonical spelling per kind, and what a +X/+Y counter adds.

A kind is written as in Oracle text: ``+1/+1``, ``-0/-1``, ``charge``, ``double strike``. The
canonical spelling has no surrounding or repeated spaces, lower-case words, and numbers without
leading zeros (``" +01/+1 "`` is ``+1/+1``); two spellings of one kind on a permanent are one kind
(their counts add up). A kind shaped like +X/+Y (either sign on each part) adds X to power and Y
to toughness (122.1a); the facts ``counter_pt(Kind,DP,DT)`` tell the KB so.
"""

import re

from . import limits
from .untrusted import character_problem, show

_PT = r"([+-])\s*([0-9]+)\s*/\s*([+-])\s*([0-9]+)"     # with re.fullmatch, compiled when first used


def canonical(kind, where):
    """(canonical kind, (DP, DT) or None) for a counter kind; ValueError with a problem line."""
    if not isinstance(kind, str) or not kind.strip():
        raise ValueError(f"{where}: counter kind {show(kind)} must be a non-empty name such as '+1/+1' or 'charge'")
    problem = character_problem(f"{where}: counter kind {show(kind)}", kind)
    if problem:
        raise ValueError(problem)
    if len(kind) > limits.MAX_COUNTER_NAME:
        raise ValueError(f"{where}: counter kind {show(kind)} is longer than {limits.MAX_COUNTER_NAME} characters")
    parsed = _pt(kind.strip())
    if parsed:
        text, change = parsed
        if max(map(abs, change)) > limits.MAX_NUMBER:
            raise ValueError(f"{where}: counter kind {show(kind)}: at most {limits.MAX_NUMBER} per counter")
        return text, change
    if "/" in kind:
        raise ValueError(f"{where}: counter kind {show(kind)} is not a power/toughness counter such as "
                         "'+1/+1', '-1/-1' or '+1/+0' (a sign and a number on each side, 122.1a)")
    return " ".join(kind.lower().split()), None


def _pt(kind):
    """(canonical spelling, (DP, DT)) for a kind shaped like +X/+Y, else None."""
    m = re.fullmatch(_PT, kind)
    if not m:
        return None
    dp, dt = int(m.group(2)), int(m.group(4))
    return (f"{m.group(1)}{dp}/{m.group(3)}{dt}",
            (dp if m.group(1) == "+" else -dp, dt if m.group(3) == "+" else -dt))


def pt(kind):
    """(DP, DT) for a +X/+Y kind, else None."""
    parsed = _pt(kind)
    return parsed[1] if parsed else None


def pt_facts(kinds):
    """``counter_pt(Kind,DP,DT)`` for every +X/+Y kind among KINDS (122.1a)."""
    out = []
    for kind in sorted(set(kinds)):
        change = pt(kind)
        if change is not None:
            out.append(("counter_pt", kind, *change))
    return out
