"""Plain record classes for the objects every query builds at start-up.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` as
source text and compiles it when the module is imported: about 1 ms of CPU a class, paid on every
run of `mtgkb`, 0.3-0.4x of a bare Python start for the ten classes a one-permanent could-produce
imports (docs/performance.md, start-up). The classes on that path instead write their own
``__init__`` (with ``__slots__``) and take the rest from :class:`Record` or :class:`Value`, which
behave as a dataclass's (same ``repr``, equality within one class, pickling by fields). Classes off
that path keep ``@dataclass``.
"""


class Record:
    """A mutable record: its fields are the class's ``FIELDS`` (the ``__init__`` order)."""

    __slots__ = ()
    FIELDS = ()

    def _values(self):
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None                     # mutable: not hashable, as a dataclass with eq=True

    def __repr__(self):
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({inner})"

    def __reduce__(self):
        return self.__class__, self._values()


class Value(Record):
    """An immutable record: hashable, and no field is assigned after ``__init__`` (which sets its
    fields with ``object.__setattr__``)."""

    __slots__ = ()

    def __hash__(self):
        return hash(self._values())

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r} of an immutable {type(self).__name__}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r} of an immutable {type(self).__name__}")
