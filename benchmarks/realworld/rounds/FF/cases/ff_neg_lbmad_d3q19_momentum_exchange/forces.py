# Source: https://github.com/MarcosAsh/LBM_JAX_Autodiff/blob/84bbc760c0ce9438064aad7de7f5be4c01517ad9/jax_lbm/core/forces.py
# Title: jax_lbm/core/forces.py (momentum exchange force and drag coefficient)
# Cut: docstrings shortened; momentum_exchange_decomposed and projected_area cut.
#      Q = 19 (D3Q19 lattice, jax_lbm/core/lattice.py).
import jax
import jax.numpy as jnp

from jax_lbm.core.lattice import D3Q19_VELOCITIES, D3Q19_OPPOSITE, Q


def momentum_exchange(
    f_post: jax.Array,
    f_streamed: jax.Array,
    q: jax.Array,
) -> jax.Array:
    """Compute aerodynamic force on solid boundaries via momentum exchange.

    f_post, f_streamed, q: shape (19, nx, ny, nz). Returns force, shape (3,).
    """
    import numpy as np
    e_np = np.asarray(D3Q19_VELOCITIES).astype(float)
    opp_list = [int(x) for x in np.asarray(D3Q19_OPPOSITE)]

    force = jnp.zeros(3)

    for i in range(1, Q):  # skip rest direction (no momentum transfer)
        iopp = opp_list[i]

        # Identify boundary links: q[i] >= 0 at a cell means direction i
        # hits a wall from that cell.
        has_wall = q[i] >= 0.0  # (nx, ny, nz) boolean

        fi_star = f_post[i]         # (nx, ny, nz)
        f_iopp  = f_streamed[iopp]  # (nx, ny, nz)

        # Momentum exchange: F_i = e_i * (f*_i + f_iopp)
        ftotal = jnp.where(has_wall, fi_star + f_iopp, 0.0)

        # Accumulate into 3D force vector.
        ex, ey, ez = float(e_np[i, 0]), float(e_np[i, 1]), float(e_np[i, 2])
        link_force_x = jnp.sum(ftotal * ex)
        link_force_y = jnp.sum(ftotal * ey)
        link_force_z = jnp.sum(ftotal * ez)

        force = force.at[0].add(link_force_x)
        force = force.at[1].add(link_force_y)
        force = force.at[2].add(link_force_z)

    return force


def drag_coefficient(force, inlet_velocity, area, rho=1.0):
    drag_force = jnp.abs(force[0])
    dynamic_pressure = 0.5 * rho * inlet_velocity * inlet_velocity
    return drag_force / (dynamic_pressure * area + 1e-10)
