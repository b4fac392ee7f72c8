# Source: https://github.com/JimGalasyn/jax-morpho/blob/d78631539e5f26cded2878a1bae8f665927f4b81/src/jax_morpho/inverse_design.py
# Title: src/jax_morpho/inverse_design.py (inverse design of tissue morphology through a differentiable relaxation)
# Cut: kept confinement_energy (shortened), relax_in_field, adam, morphology_loss and fit_morphology; gyration_morphology reduced to a stand-in.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


def confinement_energy(pos, params, D=1.0, a=4.0, r_eq=1.0, r_max=2.0):
    kx, ky = jnp.exp(params[0]), jnp.exp(params[1])
    d = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt((d * d).sum(-1) + 1e-12)
    raw = (1.0 - jnp.exp(-a * (r - r_eq))) ** 2 - 1.0
    shift = (1.0 - jnp.exp(-a * (r_max - r_eq))) ** 2 - 1.0
    n = pos.shape[0]
    pair = (r < r_max) * (1.0 - jnp.eye(n))
    e_pair = 0.5 * D * ((raw - shift) * pair).sum()
    e_ext = 0.5 * (kx * pos[:, 0] ** 2 + ky * pos[:, 1] ** 2).sum()
    return e_pair + e_ext


@partial(jax.jit, static_argnums=(2,))
def relax_in_field(pos, params, n_steps=200, lr=0.02, max_disp=0.1):
    """Relax cells to equilibrium under the parameterized field."""
    g = jax.grad(confinement_energy)

    def step(P, _):
        s = lr * g(P, params)
        norm = jnp.sqrt((s * s).sum(-1, keepdims=True) + 1e-12)
        s = s * (max_disp / (norm + max_disp))
        return P - s, None

    P, _ = jax.lax.scan(step, pos, None, length=n_steps)
    return P


def gyration_morphology(pos):
    c = pos - pos.mean(0)
    S = c.T @ c / pos.shape[0]
    ev = jnp.linalg.eigvalsh(S)
    return jnp.sqrt(ev.sum()), jnp.sqrt(ev[1] / ev[0])


def adam(loss_fn, p0, lr=0.1, n_steps=40, b1=0.9, b2=0.999, eps=1e-8):
    """Minimal Adam on a scalar autodiff loss.  Returns (params, history)."""
    vg = jax.jit(jax.value_and_grad(loss_fn))
    p = jnp.asarray(p0)
    m = jnp.zeros_like(p)
    v = jnp.zeros_like(p)
    history = []
    for t in range(1, n_steps + 1):
        L, g = vg(p)
        history.append(float(L))
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mhat = m / (1 - b1 ** t)
        vhat = v / (1 - b2 ** t)
        p = p - lr * mhat / (jnp.sqrt(vhat) + eps)
    return p, history


def morphology_loss(params, pos0, size_target, aspect_target, relax_steps=200):
    """Normalized (size, aspect) mismatch after relaxation under params."""
    size, aspect = gyration_morphology(relax_in_field(pos0, params, relax_steps))
    return (((size - size_target) / size_target) ** 2
            + ((aspect - aspect_target) / aspect_target) ** 2)


def fit_morphology(pos0, size_target, aspect_target, p0=None,
                   lr=0.1, n_steps=40, relax_steps=200):
    if p0 is None:
        p0 = jnp.array([np.log(0.12), np.log(0.12)], dtype=jnp.float32)

    def loss(p):
        return morphology_loss(p, pos0, size_target, aspect_target, relax_steps)

    return adam(loss, p0, lr=lr, n_steps=n_steps)
