"""``gradadvisor profile``: run a program unchanged and say which lines make JAX compile slowly.

The parent (``command``, ``runner``) starts the program under ``bootstrap``
in a child process; ``hooks`` records, once the program imports jax, the
monitoring durations and the jaxpr of every program jax lowers, as JSON
lines in a file the parent reads (``records``). ``analyze`` groups the
programs per function (retraces), charges equations to user lines and
diagnoses them with ``trace``'s attribution and diagnoses (one size), and
``report`` renders text, JSON and SARIF. The program's stdout is never
written to.
"""
