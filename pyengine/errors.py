"""Errors a user can cause. The CLI turns them into one line each and exit status 2."""


class InputError(Exception):
    """Bad input: a snapshot, a card definition or a question that cannot be answered.

    ``problems`` holds one human-readable line per problem, so that every problem in an
    input is reported at once.
    """

    def __init__(self, problems):
        if isinstance(problems, str):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


MAX_AMOUNT = 2**31 - 1


class AmountTooLarge(InputError):
    """An answer would need a number beyond the solver's 32-bit integers (CR 107.1 has no limit,
    clingo has): the KB derives ``amount_too_large`` instead of a wrapped number, and the command
    refuses to answer (exit status 2) rather than print a wrong amount."""

    def __init__(self, where=None, what="the amount", verb="exceeds"):
        text = f"{what} {verb} {MAX_AMOUNT:,} (the solver's integer range)"
        super().__init__(f"{where}: {text}" if where else text)
