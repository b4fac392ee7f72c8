# Source: https://github.com/Christian-Offen/LagrangianShadowIntegration/blob/b175cc3c5712bd1fbf354f8e5c5e1a313122eba2/Pendulum_midpoint.ipynb
# Title: Pendulum_midpoint.ipynb (pendulum experiment, Lagrangian shadow integration)
# Cut: code cells 33, 81 and 87 converted to a script: the 30x30 phase-space mesh, the learned
#      Hamiltonian evaluated on it and the modified Hamiltonian from backward error analysis evaluated on
#      it; training, contour plotting and the other methods' cells were removed.
import jax.numpy as jnp
from tqdm import tqdm

from VariationalBEA1d import modH


def mesh_values(gpel):
    nn = (30, 30)  # mesh points
    spc = ((-1.2, 1.2), (-.6, .6))  # q range, q' range

    qq = jnp.linspace(spc[0][0], spc[0][1], nn[0])
    qqdot = jnp.linspace(spc[1][0], spc[1][1], nn[1])

    # computed learned Hamiltonian over mesh
    HValGPEL = jnp.zeros(nn)

    for j1 in tqdm(range(nn[0])):
        for j2 in range(nn[1]):
            HValGPEL = HValGPEL.at[j1, j2].set(gpel.HamiltonianJet(jnp.hstack([qq[j1], qqdot[j2]])))

    # compute modified Hamiltonian over mesh
    HValGPEL_BEA = jnp.zeros(nn)

    for j1 in tqdm(range(nn[0])):
        for j2 in range(nn[1]):
            HValGPEL_BEA = HValGPEL_BEA.at[j1, j2].set(modH(gpel.L, gpel.h, jnp.hstack([qq[j1], qqdot[j2]])))

    return HValGPEL, HValGPEL_BEA
