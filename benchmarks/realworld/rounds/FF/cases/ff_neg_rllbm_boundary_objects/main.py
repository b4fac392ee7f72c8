# Source: https://github.com/hlasco/rllbm/blob/08508c4eaa464c0f37068b431135e7c01988870a/examples/cfd-von_karman/main.py
# Title: examples/cfd-von_karman/main.py
# Cut: netCDF output, plotting and the host-side run loop cut; kept the list of
#      boundary objects handed to the simulation (five differently-classed boundaries).
import jax.numpy as jnp
import jax

from rllbm import lbm as lbm

if __name__ == "__main__":
    nx, ny = 192, 48
    domain = lbm.Domain(shape=(nx, ny), bounds=(0.0, nx / ny, 0.0, 1.0))
    obs_x = domain.width[0] / 5
    obs_y = domain.width[1] * 0.4
    obs_size = domain.width[1] / 8
    omega = 1.0

    lattice = lbm.FluidLattice(lbm.D2Q9)
    sim = lbm.Simulation(domain, lattice, omega)
    X, Y = jnp.meshgrid(sim.x, sim.y, indexing="ij")
    obstacle_mask = (jnp.fabs(X - obs_x) < obs_size) & (jnp.fabs(Y - obs_y) < obs_size)
    fluid_bc = [
        lbm.InletBoundary("Left", sim.left),
        lbm.OutletBoundary("Right", sim.right, direction=[1, 0]),
        lbm.BounceBackBoundary("Top", sim.top),
        lbm.BounceBackBoundary("Bot", sim.bottom),
        lbm.BounceBackBoundary("Obstacle", obstacle_mask),
    ]
    sim.set_boundary_conditions(fluid_bc)
