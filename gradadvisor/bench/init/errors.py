"""The one error ``--init`` reports (exit code 2)."""


class InitError(Exception):
    """A bench file cannot be written: the message says why."""
