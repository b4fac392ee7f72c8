# Source: https://github.com/dfki-ric-quantum/tn_explainability/blob/139d15eac2202c2b55e178593847f72489e9a53e/tn/mps/contraction.py
# Title: tn/mps/contraction.py
# Cut: reduced-density-matrix einsum builders cut; the psi(v) einsum string and its opt_einsum expression kept.
from itertools import count
from typing import Callable

import opt_einsum as oe  # type: ignore

from tn.mps import MPSShapes


def get_psi_einsum_str(n_sites: int) -> str:
    """Get Einstein sum string for psi(v).

    Compiles the einsum string for the following contraction:

    o-o-o-o-...-o-o
    | | | |     | |
    o o o o ... o o

    Parameters
    ----------
    n_sites: int
        Number of MPS sites.

    Returns
    -------
    The einsum string
    """
    pidxs = [oe.get_symbol(k) for k in range(n_sites)]
    tidxs = [
        f"{oe.get_symbol(k)}{p}{oe.get_symbol(k+1)}"
        for k, p in zip(range(n_sites, n_sites * 2), pidxs)
    ]

    return ",".join(tidxs + pidxs)



def build_psi_contraction_expr(mps_shapes: MPSShapes, d: int = 2) -> Callable:
    """Pre-compute, optimize and compile the contraction expression for psi(v).

    Pre-computes the expression for:

    o-o-o-o-...-o-o
    | | | |     | |
    o o o o ... o o

    Parameters
    ----------
    mps_shapes: MPSShapes
        The shapes of all tensors in the MPS.
    d: int = 2
        Physical bond dimension

    Returns
    -------
    The pre-computed contraction expression.
    """
    n_sites = len(mps_shapes)
    shapes = mps_shapes + [(d,)] * n_sites

    es_str = get_psi_einsum_str(n_sites)

    return oe.contract_expression(es_str, *shapes, memory_limit=-1)
