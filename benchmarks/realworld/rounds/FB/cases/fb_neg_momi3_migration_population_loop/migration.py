# Source: https://github.com/jthlab/momi3/blob/1da4f714446ffbd5a7c53a82ad30df7580346612/src/momi3/migration.py
# Title: src/momi3/migration.py (lifting partial likelihoods under continuous migration, momi3)
# Cut: kept _A and _lift_cm_exp; lift_cm_aux, _lift_cm_const, _Q_drift and _Q_mig_mut bodies dropped (imported names kept).
import diffrax as dfx
import jax
import jax.numpy as jnp

from .common import Ne_t
from .kronprod import GroupedKronProd


def _A(s, y, args):
    Q_mig, Q_mut, Q_drift, dims, axes, Ne, t, aux = args
    coal = {}
    for pop in Ne:
        i = list(axes).index(pop)
        if isinstance(Ne[pop], tuple):
            N0, N1 = Ne[pop]
            coal[i] = 1.0 / (4 * Ne_t(N0, N1, t[0], t[1], s))
        else:
            # Ne is a float, signifying constant Ne
            coal[i] = 1.0 / (4 * Ne[pop])
    # multiply each entry of the drift tensor by the coalescent rate
    new_A = []
    for Ai in Q_drift.A:
        assert len(Ai) == 1
        ((i, Aij),) = Ai.items()
        new_A.append({i: coal[i] * Aij})
    Qd = Q_drift._replace(A=new_A)
    Q0 = Q_mig + Qd
    if isinstance(y, tuple):
        return Q0 @ y[0] + Q_mut @ y[1], Q0 @ y[1]
    return Q0 @ y


def _lift_cm_exp(params, t, pl, axes, aux):
    # population sizes are changing, so we have to use a differential
    # equation solver
    dims = pl.shape
    Ne = params["Ne"]
    Q_drift = _Q_drift(dims, axes, {p: 1.0 for p in Ne}, aux)
    Q_mig, Q_mut = _Q_mig_mut(dims, axes, params["mig"], aux, tr=False)
    Q_mig_T, _ = _Q_mig_mut(dims, axes, params["mig"], aux, tr=True)
    term = dfx.ODETerm(_A)
    solver = dfx.Tsit5()
    ssc = dfx.PIDController(rtol=1e-6, atol=1e-7)

    def solve(y0, args):
        return dfx.diffeqsolve(
            term,
            solver,
            t0=t[0],
            t1=t[1],
            dt0=(t[1] - t[0]) / 50.0,
            y0=y0,
            args=args,
            stepsize_controller=ssc,
        ).ys

    primal_args = (Q_mig_T, Q_mut.T, Q_drift.T, dims, axes, Ne, t, aux)
    plp = solve(pl, primal_args)[0]

    involved = list(params["Ne"].keys())
    sh = tuple([pl.shape[i] if pop in involved else 1 for i, pop in enumerate(axes)])
    z = jnp.zeros(sh)
    e0 = z.at[(0,) * z.ndim].set(1.0)
    tangent_args = tuple([X._replace(dims=sh) for X in (Q_mig, Q_mut, Q_drift)]) + (
        sh,
        axes,
        Ne,
        t,
        aux,
    )
    res = solve((z, e0), tangent_args)
    etbls, _ = res
    etbl = etbls[0]
    inds = tuple([slice(None) if pop in involved else 0 for pop in axes])
    return plp, etbl[inds]


def _Q_drift(dims, axes, coal, aux) -> GroupedKronProd:
    ...


def _Q_mig_mut(dims, axes, mig_mat, aux, tr=False):
    ...
