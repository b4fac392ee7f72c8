# Source: https://github.com/chaobrain/braintrace-snn-experiments/blob/81332436b3a0167bc83059878e43a0f0e2eb62c7/rsnn_hidden_jacobian_cosine.py
# Title: rsnn_hidden_jacobian_cosine.py (_check_jacobian: hidden-state Jacobian of one RSNN step)
# Cut: kept the host-side low-rank power iteration and the jacrev of the one-step map that
#      writes the flat state back into the hidden-state leaves; dropped the model zoo, the
#      diagonal/cosine analysis and plotting.
import braintools
import brainstate
import jax
import jax.numpy as jnp
import numpy as np

from rsnn_models_and_data import LIF_STDExpCu_Dense_Layer


def approx_LR(W, iteration=100):
    m, n = W.shape
    # v = np.random.randn(n, 1)
    u = np.random.randn(m, 1)
    for i in range(iteration):
        v = (W.T @ u) / (u.T @ u)
        u = (W @ v) / (v.T @ v)
    return u @ v.T


def _check_jacobian(
    n: int,
    p_rec_spk: float = 0.1,
    p_inp_spk: float = 0.1,
    model_cls: type = LIF_STDExpCu_Dense_Layer,
    tau_mem: float = 10.,
    ff_scale: float = 4.,
    rec_scale: float = 4.,
    width: float = 0.3
):
    ff_init = braintools.init.KaimingNormal(scale=ff_scale)
    rec_init = braintools.init.KaimingNormal(scale=rec_scale)
    model = model_cls(n_in=n, n_rec=n,
                      ff_init=ff_init, rec_init=rec_init,
                      spk_fun=braintools.surrogate.ReluGrad(width=width),
                      tau_mem=tau_mem)
    brainstate.nn.init_all_states(model, 1)

    # initial membrane potential
    v_shape = model.neu.V.value.shape
    v0 = jnp.where(brainstate.random.random(v_shape) < p_rec_spk,
                   brainstate.random.uniform(1. - width, 1 + width, v_shape),
                   brainstate.random.truncated_normal(-5, 1 - width, v_shape))
    model.neu.V.value = v0

    # states and variables
    states = model.states()
    state_vals = states.to_dict_values()
    etrace_vars = states.subset(brainstate.HiddenState)
    get_state = lambda: jnp.concat([v.value.flatten() for v in etrace_vars.values()])

    def f(state, x):
        with brainstate.environ.context(i=0, t=0., fit=False):
            i = 0
            for k in etrace_vars:
                j = i + etrace_vars[k].value.size
                etrace_vars[k].value = state[i:j].reshape(etrace_vars[k].value.shape)
                i = j
            model(x)
            return get_state()

    # inputs and initial states
    inputs = jnp.asarray(brainstate.random.rand(1, n) < p_inp_spk, dtype=brainstate.environ.dftype())
    s = get_state()

    # jacobian
    Jacobian = np.asarray(jax.jacrev(f)(s, inputs))
    states.assign_dict_values(state_vals)

    return Jacobian
