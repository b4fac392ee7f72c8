"""How GA101 reads a loop for its ``vmap`` rewrite, differentially.

A one-row slice at the loop index (``x[i:i + 1]``, ``x[:, i:i + 1]``) is the row with its
axis kept: GA101's ``vmap`` rewrite reads it as ``x_i[None]`` (``x_i[:, None]``). Applied to
programs that satisfy what the fix says it could not prove, values and gradients must not
change. A comprehension whose body is a list over rows (a Gram matrix,
``jnp.array([[k(x, y) for y in X2] for x in X1])``) maps twice: nested ``vmap``s keep the
axes where the nested list put them."""

from __future__ import annotations

import pytest

from fixdiff import Program
from unsafediff import check

HEADER = "import jax\nimport jax.numpy as jnp\n\n\ndef net(w, x):\n    return jnp.tanh(x @ w)\n\n\n"
FOOTER = "\n\ngrad_f = jax.grad(lambda w, x: jnp.sum(f(w, x)))\n"
PHRASES = ("is a jax array", "is an array", "is not empty", "is a JAX function of one element", "is the number of rows", "covers exactly the rows", "stays inside")

FORMS = {
    "rows": "jnp.stack([net(w, x[i:i + 1]) for i in range(x.shape[0])])",
    "rows_one_first": "jnp.stack([net(w, x[i:1 + i, :]) for i in range(x.shape[0])])",
    "columns": "jnp.stack([net(w, x[:, i:i + 1].T) for i in range(x.shape[1])])",
}


def _args(jnp, np):
    rng = np.random.default_rng(3)
    return (jnp.asarray(rng.normal(size=(4, 2)), dtype=jnp.float32), jnp.asarray(rng.normal(size=(4, 4)), dtype=jnp.float32))


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_one_row_slice_maps_as_the_row_with_its_axis(form):
    source = HEADER + f"def f(w, x):\n    return {FORMS[form]}\n" + FOOTER
    outcome = check(Program(source, _args, f"one-row/{form}", argnums=(0, 1)), "GA101", PHRASES)
    assert outcome.ok, outcome.detail
    assert outcome.applied_unsafe == 1, (outcome.outside, outcome.fixed_source)
    assert "[i:" not in outcome.fixed_source  # the slice became the mapped row


GRAM = {
    "array": "jnp.array([[k(x, y) for y in b] for x in a])",
    "asarray": "jnp.asarray([[k(x, y) * 2.0 for y in b] for x in a])",
}


def _gram_args(jnp, np):
    rng = np.random.default_rng(4)
    return (jnp.asarray(rng.normal(size=(3, 2)), dtype=jnp.float32), jnp.asarray(rng.normal(size=(5, 2)), dtype=jnp.float32))


@pytest.mark.parametrize("form", sorted(GRAM))
def test_a_list_of_rows_in_the_body_maps_twice(form):
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\ndef k(x, y):\n    return jnp.exp(-jnp.sum((x - y) ** 2))\n\n\n"
        f"def f(a, b):\n    return {GRAM[form]}\n\n\ngrad_f = jax.grad(lambda a, b: jnp.sum(f(a, b)))\n"
    )
    outcome = check(Program(source, _gram_args, f"gram/{form}", argnums=(0, 1)), "GA101", PHRASES + ("as many rows in every step",))
    assert outcome.ok, outcome.detail
    assert outcome.applied_unsafe == 1, (outcome.outside, outcome.fixed_source)
    assert "jax.vmap(lambda y:" in outcome.fixed_source
