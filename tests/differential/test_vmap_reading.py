"""How GA101 reads a loop for its ``vmap`` rewrite, differentially.

A one-row slice at the loop index (``x[i:i + 1]``, ``x[:, i:i + 1]``) is the row with its
axis kept: GA101's ``vmap`` rewrite reads it as ``x_i[None]`` (``x_i[:, None]``). Applied to
programs that satisfy what the fix says it could not prove, values and gradients must not
change. A comprehension whose body is a list over rows (a Gram matrix,
``jnp.array([[k(x, y) for y in X2] for x in X1])``) maps twice: nested ``vmap``s keep the
axes where the nested list put them. A read at a shifted index (``x[i + 1]``) or a range from
``start`` maps over windows (``x[1:n]``, ``x[:n - 1]``), exact when the index stays inside; a read
from the end (``x[n - 1 - i]``) over the rows reversed (``x[n - 1::-1]``). A row
read at a position the step computes (``w[i, jnp.argmax(x[i])]``) maps as ``w_i[...]``."""

from __future__ import annotations

import pytest

from fixdiff import Program
from unsafediff import check

NET = "import jax\nimport jax.numpy as jnp\n\n\ndef net(w, x):\n    return jnp.tanh(x @ w)\n\n\n"
KERNEL = "import jax\nimport jax.numpy as jnp\n\n\ndef k(x, y):\n    return jnp.exp(-jnp.sum((x - y) ** 2))\n\n\n"
PHRASES = ("is a jax array", "is an array", "is not empty", "is a JAX function of one element", "is the number of rows", "covers exactly the rows",
           "stays inside", "stay inside the array", "as many rows in every step", "gives what the Python int gave")

#: name -> (module head, the joined expression, shapes of the two arguments, text the fixed source holds)
CASES = {
    # x[i:i + 1] is x_i[None]; x[:, i:i + 1] is x_i[:, None] (the slice becomes the mapped row)
    "rows": (NET, "jnp.stack([net(w, x[i:i + 1]) for i in range(x.shape[0])])", ((4, 2), (4, 4)), "x_i[None]"),
    "rows_one_first": (NET, "jnp.stack([net(w, x[i:1 + i, :]) for i in range(x.shape[0])])", ((4, 2), (4, 4)), "x_i[None]"),
    "columns": (NET, "jnp.stack([net(w, x[:, i:i + 1].T) for i in range(x.shape[1])])", ((4, 2), (4, 4)), "x_i[:, None]"),
    # a Gram matrix: the inner list is mapped too
    "gram_array": (KERNEL, "jnp.array([[k(row, y) for y in x] for row in w])", ((3, 2), (5, 2)), "jax.vmap(lambda y:"),
    "gram_asarray": (KERNEL, "jnp.asarray([[k(row, y) * 2.0 for y in x] for row in w])", ((3, 2), (5, 2)), "jax.vmap(lambda y:"),
    # shifted reads and ranges that do not start at 0 map over windows of the array
    "next_row": (NET, "jnp.stack([net(w, x[i + 1] - x[i]) for i in range(x.shape[0] - 1)])", ((4, 2), (5, 4)), "x[1:x.shape[0]]"),
    "from_one": (NET, "jnp.stack([net(w, x[i]) * x[i - 1] for i in range(1, x.shape[0])])", ((4, 4), (5, 4)), "x[:x.shape[0] - 1]"),
    "index_too": (NET, "jnp.stack([net(w, x[i]) + jnp.cos(i) for i in range(2, x.shape[0])])", ((4, 2), (5, 4)), "arange(2, x.shape[0])"),
    # a count short of the rows: the first rows only (``x[:x.shape[0] - 1]``), not all of them
    "prefix_rows": (NET, "jnp.stack([net(w, x[i]) for i in range(x.shape[0] - 1)])", ((4, 2), (5, 4)), "x[:x.shape[0] - 1]"),
    "prefix_literal": (NET, "jnp.stack([net(w, x[i]) for i in range(20)])", ((4, 2), (24, 4)), "x[:20]"),
    # arithmetic on the index: mapped over arange with the rows
    "signed_rows": (NET, "jnp.stack([(-1) ** i * net(w, x[i]) for i in range(x.shape[0])])", ((4, 2), (5, 4)), "jnp.arange(x.shape[0])"),
    # a row read from the end (``x[n - 1 - i]``): the rows in reverse order
    "reversed_rows": (NET, "jnp.stack([net(w, x[x.shape[0] - 1 - i]) for i in range(x.shape[0])])", ((4, 2), (5, 4)), "x[::-1])"),
    "reversed_prefix": (NET, "jnp.stack([net(w, x[x.shape[0] - 1 - i - 1]) for i in range(x.shape[0] - 1)])", ((4, 2), (5, 4)), "x[x.shape[0] - 1 - 1::-1]"),
    # a row read at a position the step computes from another row: one gather per row
    "row_gather": (NET, "jnp.stack([w[i, jnp.argmax(x[i])] for i in range(w.shape[0])])", ((4, 3), (4, 3)), "w_i[jnp.argmax(x_i)]"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_vmap_rewrite_keeps_values_and_gradients(name):
    head, expression, shapes, shown = CASES[name]

    def args(jnp, np):
        rng = np.random.default_rng(3)
        return tuple(jnp.asarray(rng.normal(size=shape), dtype=jnp.float32) for shape in shapes)

    source = head + f"def f(w, x):\n    return {expression}\n\n\ngrad_f = jax.grad(lambda w, x: jnp.sum(f(w, x)))\n"
    outcome = check(Program(source, args, name, argnums=(0, 1)), "GA101", PHRASES)
    assert outcome.ok, outcome.detail
    assert outcome.applied_unsafe == 1, (outcome.outside, outcome.fixed_source)
    assert shown in outcome.fixed_source
