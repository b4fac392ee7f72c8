"""A helper that applies a pullback (``jax.vjp(g, u)[1](e)[0]``, or ``_, vjp_fn = jax.vjp(g, u)``
then ``vjp_fn(e)[0]``) computes a vector-Jacobian product: called once per row of a matrix (a
Hessian built row by row), it is a per-example derivative (GA102), not a per-sample map."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''
import jax
import jax.numpy as jnp


def hess_rows(fn, z):
    k = z.shape[-1]
    g = lambda u: jax.vjp(fn, u)[1](jnp.ones(()))[0]

    def hv(u, e):
        return jax.vjp(g, u)[1](e)[0]

    return jnp.stack([hv(z, jnp.eye(k)[j]) for j in range(k)])


def hess_rows_named(fn, z):
    k = z.shape[-1]

    def gf(x):
        value, pull = jax.vjp(fn, x)
        return pull(jnp.ones(value.shape))[0]

    def hvp(x, v):
        _, vjp_fn = jax.vjp(gf, x)
        return vjp_fn(v)[0]

    return jnp.array([hvp(z, jnp.eye(k)[i]) for i in range(k)])


def scaled_rows(z):
    k = z.shape[-1]

    def row(u, e):
        return jnp.tanh(u * e)

    return jnp.stack([row(z, jnp.eye(k)[j]) for j in range(k)])


def energy(z):
    return jnp.sum(jnp.sin(z) ** 2)


@jax.jit
def curvature(zs):
    return jax.vmap(lambda z: hess_rows(energy, z) + hess_rows_named(energy, z) + scaled_rows(z))(zs)
'''


def test_a_pullback_helper_called_per_row_is_a_per_example_derivative(tmp_path):
    findings = scan_program(tmp_path, PROGRAM)
    lines = PROGRAM.splitlines()
    by_line = {f["line"]: f for f in findings}
    pullback = next(n for n, text in enumerate(lines, 1) if "hv(z, jnp.eye(k)[j])" in text)
    plain = next(n for n, text in enumerate(lines, 1) if "row(z, jnp.eye(k)[j])" in text)
    assert by_line[pullback]["code"] == "GA102"
    assert "vector-Jacobian product" in by_line[pullback]["message"]
    assert by_line[plain]["code"] == "GA101"  # the same map of a helper that differentiates nothing
    named = next(n for n, text in enumerate(lines, 1) if "hvp(z, jnp.eye(k)[i])" in text)
    assert by_line[named]["code"] == "GA102"  # the pullback bound by unpacking, then applied
