# Source: https://github.com/oswinso/learning_non_euclidean_hamiltonian/blob/82ef24751841de8fac7bb2e572fe2c419b863c3b/models/mutliso3rnn_util.py
# Title: models/mutliso3rnn_util.py
# Cut: kept analytical_V (pairwise gravitational + rigid-body potential); dropped rigid_correction,
#      analytic_dVdq, analytic_dVdR and the print helpers.
import math

import jax.numpy as jnp

kG = 4.0 * math.pi ** 2


def analytical_V(q, R, mass, Js, rigid_trace: bool, rigid_full: bool):
    # q: (n_bodies, 3)
    # Js: (n_bodies, 3, 3)
    n_bodies, _ = q.shape

    trace_Js = Js[..., 0, 0] + Js[..., 1, 1] + Js[..., 2, 2]
    assert trace_Js.shape == (n_bodies,)

    R_T = R.swapaxes(-2, -1)
    RJR = R @ Js @ R_T
    assert RJR.shape == (n_bodies, 3, 3)

    E = 0
    for ii in range(1, n_bodies):
        for jj in range(ii):
            qi_qj = q[ii] - q[jj]
            div2 = jnp.sum(qi_qj ** 2)
            div = jnp.sqrt(div2)

            tmp = -mass[ii] * mass[jj] / div

            if rigid_trace or rigid_full:
                div3 = div2 * div
                div5 = div3 * div2

                mat = jnp.zeros((3, 3))

                # i rigid
                tmp = tmp - trace_Js[ii] * mass[jj] / (2.0 * div3)

                # j rigid
                tmp = tmp - trace_Js[jj] * mass[ii] / (2.0 * div3)

                # Only include the rotation dependent terms for rigid_full.
                if rigid_full:
                    mat = mat + RJR[ii] * mass[jj]
                    mat = mat + RJR[jj] * mass[ii]
                    tmp = tmp + (1.5 / div5) * jnp.dot(qi_qj, mat @ qi_qj)
            E = E + tmp

    return kG * E
