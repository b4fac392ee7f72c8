# Source: https://github.com/aipyth/optimal-transport/blob/3d0b7b6f2ff345a32cfd88e31e0ca7a0feb356d4/methods/gradient_ascent/gradient_ascent.ipynb
# Title: methods/gradient_ascent/gradient_ascent.ipynb (entropic OT by dual gradient ascent)
# Cut: code cells 2-6 converted to a script; plotting dropped; the cost matrix line taken from cell 5.
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap

from tqdm import tqdm


def gradient_vanilla(
    C, a, b, eps=0.01, alpha=0.01, tolerance=1e-4, max_iterations=1_000
):
    K = jnp.exp(-C / eps)
    phi, psi = jnp.zeros_like(a), jnp.zeros_like(b)

    def objective(phi, psi, a, b, C, eps):
        return (
            jnp.dot(phi, a)
            + jnp.dot(psi, b)
            - eps * jnp.sum(jnp.exp((phi[:, None] + psi[None, :] - C) / eps))
        )

    def update_step(phi, psi):
        grad_phi = a - jnp.sum(jnp.exp((phi[:, None] + psi[None, :] - C) / eps), axis=1)
        grad_psi = b - jnp.sum(jnp.exp((phi[:, None] + psi[None, :] - C) / eps), axis=0)
        phi = phi + alpha * grad_phi
        psi = psi + alpha * grad_psi
        return phi, psi

    pbar = tqdm(range(max_iterations), desc="OT Vanilla Gradient Ascent", unit="iter")

    for iteration in pbar:
        phi_new, psi_new = update_step(phi, psi)
        # obj_value = objective(phi_new, psi_new, a, b, C, eps)
        # pbar.set_postfix(obj=obj_value)
        if (
            jnp.linalg.norm(phi_new - phi) < tolerance
            and jnp.linalg.norm(psi_new - psi) < tolerance
        ):
            break
        phi, psi = phi_new, psi_new

    plan = jnp.exp((phi[:, None] + psi[None, :] - C) / eps)

    return phi, psi, plan


n = 50
x = jnp.linspace(0, 1, n)
pdf1 = jax.scipy.stats.norm.pdf(x, loc=0.3, scale=0.05)
pdf2 = jax.scipy.stats.norm.pdf(x, loc=0.5, scale=0.08)
C = jnp.pow(x[:, None] - x[None, :], 2)

final_phi, final_psi, plan = gradient_vanilla(
    C, pdf1, pdf2, eps=0.003, alpha=0.0006, tolerance=1e-4, max_iterations=30_000
)
