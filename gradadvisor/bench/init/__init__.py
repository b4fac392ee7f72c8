"""``gradadvisor bench --init FILE:LINE``: a bench file for one scanner finding.

``findings`` runs the scanner as a subprocess and picks the finding;
``patch`` applies its fix's diff; ``functions`` finds the enclosing function
and what it needs from its module; ``shapes`` infers ``inputs(size)`` from
the parameters; ``skeleton`` writes the file; ``command`` ties them together.
Nothing here imports jax or the user's code: the source is read with ``ast``.
"""
