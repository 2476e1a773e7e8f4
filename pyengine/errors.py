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
