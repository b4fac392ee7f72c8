# Source: https://github.com/MarcosAsh/LBM_JAX_Autodiff/blob/84bbc760c0ce9438064aad7de7f5be4c01517ad9/examples/04_shape_optimization.py
# Title: examples/04_shape_optimization.py (minimize drag on a sphere by adjusting its radius)
# Cut: printing shortened; the final verification block cut.
import jax
import jax.numpy as jnp
import numpy as np

from jax_lbm.core.lattice import Q
from jax_lbm.core.equilibrium import equilibrium, compute_density, compute_velocity
from jax_lbm.core.collision import bgk
from jax_lbm.core.streaming import stream
from jax_lbm.core.boundary import zou_he_inlet, zou_he_outlet
from jax_lbm.core.forces import momentum_exchange, drag_coefficient, projected_area
from jax_lbm.geometry.smooth import (
    smooth_sphere_geometry,
    soft_bounce_back,
)


def simulate_cd(radius, nx, ny, nz, n_steps, u_inlet, tau):
    """Forward simulation: compute Cd as a differentiable function of radius."""
    porosity, solid, q = smooth_sphere_geometry(
        nx, ny, nz, center=(0.0, 0.0, 0.0), radius=radius, sharpness=20.0,
    )

    rho = jnp.ones((nx, ny, nz))
    u = jnp.zeros((3, nx, ny, nz)).at[0].set(u_inlet)
    f = equilibrium(rho, u)
    vel = jnp.array([u_inlet, 0.0, 0.0])

    def step_fn(f_in, _):
        f_c = bgk(f_in, tau)
        f_c = soft_bounce_back(f_c, porosity)
        f_post = f_c
        f_s = stream(f_c, q, periodic_yz=True)
        f_s = zou_he_inlet(f_s, vel)
        f_s = zou_he_outlet(f_s, rho_out=1.0)
        return f_s, f_post

    f_final, f_posts = jax.lax.scan(step_fn, f, None, length=n_steps)
    f_post_last = jax.tree.map(lambda x: x[-1], f_posts)

    force = momentum_exchange(f_post_last, f_final, q)
    area = jnp.maximum(projected_area(solid, axis=0), 1.0)
    return drag_coefficient(force, u_inlet, area)


def main():
    nx, ny, nz = 48, 24, 24
    u_inlet = 0.05
    n_steps = 30  # short for demo
    D_lattice = 48 * 0.5 / 4.0
    re = 50.0
    nu = u_inlet * D_lattice / re
    tau = jnp.float32(3.0 * nu + 0.5)

    cd_and_grad = jax.value_and_grad(
        lambda r: simulate_cd(r, nx, ny, nz, n_steps, u_inlet, tau)
    )

    radius = jnp.float32(0.5)
    lr = 0.01
    n_iters = 15
    for i in range(n_iters):
        cd, grad = cd_and_grad(radius)
        print(f"{i:4d}  {float(radius):8.4f}  {float(cd):10.6f}  {float(grad):10.6f}")
        radius = radius - lr * grad
        radius = jnp.clip(radius, 0.2, 1.0)


if __name__ == "__main__":
    main()
