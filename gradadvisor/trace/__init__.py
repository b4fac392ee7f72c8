"""``gradadvisor trace``: which source line makes the gradient program big, and why.

The jaxpr of ``jax.grad(f)`` records, for every equation, the Python stack
that created it. ``trace`` builds the forward and gradient jaxprs of a
function at two or three problem sizes in a child process (``worker``),
charges every equation to a line of the user's code (``frames``,
``jaxpr``), merges the sizes into per-line rows with a growth exponent
(``lines``), diagnoses the slow-gradient shapes and maps them to rule codes
(``diagnose``), checks them against the scanner's findings (``confirm``)
and reports them (``report``). Nothing is compiled unless ``--cost`` asks.
"""
