"""A loop the author chose over a vectorised form the code already has.

``if low_memory: <loop over rows> else: return jax.vmap(row)(idx)``: the other branch of the
``if`` around the loop maps the same work at once, so the loop is the deliberate alternative
(memory over speed, a debugging path), not an oversight to report at the default confidence.
The other branch is the ``else`` of that ``if``, or, when the branch holding the loop always
returns, the statements after the ``if`` in the same block.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.names import canonical
from gradadvisor.analysis.syntax import leaves, walk_local

#: Calls that map a function over a batch at once.
VECTORIZING = frozenset({"jax.vmap", "jax.lax.map", "jax.numpy.vectorize", "equinox.filter_vmap", "flax.linen.vmap", "haiku.vmap", "jax.pmap"})


def vectorized_alternative(ctx) -> str | None:
    """Why the construct being visited (``ctx``: a rule's context) sits in a branch whose sibling
    vectorises the same work: a sentence, or None."""
    chain = ctx.enclosing_statements()
    for depth, statement in enumerate(chain[:-1]):
        if not isinstance(statement, ast.If):
            continue
        inner = chain[depth + 1]
        line = statement.lineno
        if any(item is inner for item in statement.body):
            other, where = statement.orelse, f"the `else` branch of the `if` at line {line}"
            if not other and leaves(statement.body):
                place = ctx.block_of(statement)
                other, where = (place[0][place[1] + 1:] if place else []), f"the code after the `if` at line {line}"
        elif any(item is inner for item in statement.orelse):
            other, where = statement.body, f"the other branch of the `if` at line {line}"
        else:
            continue
        for item in other:
            for node in walk_local(item):
                if isinstance(node, ast.Call) and canonical(ctx.resolve(node.func)) in VECTORIZING:
                    name = canonical(ctx.resolve(node.func)) or "jax.vmap"
                    return (f"{where} computes it with `{name.replace('jax.numpy.', 'jnp.')}` (line {node.lineno}): "
                            "this loop is the alternative the code chose (memory, debugging), not an oversight")
    return None
