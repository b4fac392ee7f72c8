# Source: https://github.com/dfki-ric-quantum/tn_explainability/blob/139d15eac2202c2b55e178593847f72489e9a53e/tn/mps/mps.py
# Title: tn/mps/mps.py
# Cut: the MPS class body and canonicalisation/sweep helpers cut; the two MPS constructors kept.
import pickle
from enum import Enum
from functools import reduce
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np

from tn.mps.ops import trunc_svd_normalize_left, trunc_svd_normalize_right

MPSShapes = list[tuple[int, int, int]]


class MPSNormState(Enum):
    """Normalization state of a tensor within the MPS."""

    ANY = 1
    LN = 2
    RN = 3
    MX = 4



def load_mps(path: str) -> "MPS":
    """Loads an MPS from a file.

    Parameters
    ----------
    path: str
        Full path to the MPS file

    Returns
    -------
    The MPS
    """
    with open(path, "rb") as infile:
        data = pickle.load(infile)
        norm_states = data.get("norm_states", None)

        return MPS(len(data["tensors"]), data["tensors"], norm_states)

    raise RuntimeError(f"Could not load {path}")


def save_mps(mps: "MPS", path: str) -> None:
    """Save MPS to a file.

    Parameters
    ----------
    mps: MPS
        The MPS to save
    path: str
        Path to save to. Note: All sub-folders need to exits.
    """
    with open(path, "wb") as outfile:
        pickle.dump({"tensors": mps.tensors, "norm_states": mps.norm_states}, outfile)
        return

    raise RuntimeError(f"Could not save to {path}")


def random_mps(
    n_sites: int, bond_dim: int | list[int], random_key: jax.Array, d: int = 2
) -> "MPS":
    """Generate a random Matrix Product State.

    Parameters
    ----------
    n_sites: int
        Number of sites
    bond_dim: int | list[int]
        Either the common bond dimension for all sites, or a list of length n_sites
        with all the bond dimensions.
    random_key: jax.Array
        Random key to sample with
    d: int = 2
        Physical bond dimension of the MPS.

    Returns
    -------
    The generated MPS
    """
    if isinstance(bond_dim, list):
        assert (
            len(bond_dim) == n_sites - 1
        ), f"Got {len(bond_dim)} bond dims, for {n_sites} sites"

        bdim = bond_dim
    else:
        bdim = [bond_dim] * (n_sites - 1) + [1]

    _, *subkeys = jax.random.split(random_key, n_sites + 1)

    tensors = [
        jax.random.uniform(subkey, (bdim[k - 1], d, bdim[k]), minval=-1.0, maxval=1.0)
        for k, subkey in enumerate(subkeys)
    ]

    norm_states = np.full((n_sites,), MPSNormState.ANY)

    return MPS(n_sites=n_sites, tensors=tensors, norm_states=norm_states)


def mps_from_statevector(state: jax.typing.ArrayLike) -> "MPS":
    """Decompose state vector into an untruncated matrix product state.

    The algorithm implements the SVD based decomposition procedure described in [1]. If the
    statevector describes a system on L qubits, the largest matrices in the MPS will have dimension
    2^(L/2) x 2^(L/2).

    [1] Schollwöck, "The density-matrix renormalization group in the age of matrix product
    states" (2011)

    Parameters
    ----------
    state: jax.typing.ArrayLike
        The statevector to decompose

    Returns
    -------
    The full MPS representation of the state, normalized and left canonicalized.
    """

    n_coeffs = state.shape[0]
    assert (
        n_coeffs > 0 and n_coeffs & (n_coeffs - 1) == 0
    ), "Number of coefficients must be a power of 2"

    n_sites = int(jnp.log2(n_coeffs))
    tensors = []
    lbond = 1
    rbond = None

    psi = state.reshape((2, -1))

    for _ in range(n_sites - 1):
        u, s, v = jnp.linalg.svd(psi, full_matrices=False)
        rank = s.shape[0]
        rbond = rank

        tensors.append(u[:, :rank].reshape((lbond, 2, rbond)))
        psi = jnp.diag(s) @ v[:rank, :]
        psi /= jnp.linalg.norm(psi)
        psi = psi.reshape((rank * 2, -1))

        lbond = rbond

    tensors.append(psi.reshape(lbond, 2, -1))
    norm_states = np.full((n_sites,), MPSNormState.LN)
    norm_states[-1] = MPSNormState.MX

    return MPS(n_sites, tensors, norm_states)
