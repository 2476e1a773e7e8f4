"""What a set of predicates depends on: the one walker of "which rules do these roots need",
shared by the KB model (:func:`pyengine.asp.kbmodel.closure`: explain's cone, the driver's parts
and compatibility checks) and the slicer (:func:`pyengine.asp.slicing.needed`). It imports
nothing from clingo, so a warm query that slices its program loads no ``clingo.ast``."""


def cone(roots, items, defines, reads):
    """The predicates the predicates ROOTS depend on through ITEMS (rules, or indices of
    statements), the roots included, and the items defining them, in the order first reached.
    DEFINES(item) and READS(item) give the predicates an item defines and reads (hashable
    signatures, such as (name, arity) tuples)."""
    defining = {}
    for item in items:
        for p in defines(item):
            defining.setdefault(p, []).append(item)
    seen, found, todo = set(), {}, list(roots)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for item in defining.get(p, ()):
            if item not in found:
                found[item] = None
                todo += reads(item)
    return seen, list(found)
