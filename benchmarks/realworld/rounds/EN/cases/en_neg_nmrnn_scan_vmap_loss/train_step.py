# Source: https://github.com/lindermanlab/nm-rnn/blob/1a811e818a87c7bd115167b8366b115913a43fed/nmrnn/fitting.py
# Title: nmrnn/fitting.py (fit_mwg_nm_rnn, inner jitted step)
# Cut: only the jitted gradient step that differentiates the batched loss.
import jax
from jax import jit
import optax

from rnn_code import batched_nm_rnn_loss


def make_step(optimizer, x0, z0, inputs, tau_x, tau_z, targets, loss_masks, orth_u=True):
    @jit
    def _step(params_and_opt, input):
        (params, opt_state) = params_and_opt
        loss_value, grads = jax.value_and_grad(batched_nm_rnn_loss)(params, x0, z0, inputs, tau_x, tau_z, targets, loss_masks, orth_u=orth_u)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), (params, loss_value)
    return _step
