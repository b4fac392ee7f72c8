# Source: https://github.com/mackelab/jaxley_experiments/blob/5e7a86282adb9d4603b5546ac5d8dad59aec7cc0/nex/fig3_l5pc/notebooks/02_voltage_imaging_utils.py
# Title: nex/fig3_l5pc/notebooks/02_voltage_imaging_utils.py (how loss and regulariser are differentiated)
# Cut: reconstructed the jitted value_and_grad of loss + regulariser from the notebook that imports
#      these helpers; simulate stands for the jaxley integrate call.
import jax
from jax import jit, value_and_grad

from voltage_imaging_utils import get_loss_and_regularizer


def build_grad_fn(cell, x_o, simulate, reg_weight=1e-2):
    loss_from_v, regularizer = get_loss_and_regularizer(cell, x_o)

    def total_loss(opt_params):
        v = simulate(opt_params)
        return loss_from_v(v) + reg_weight * regularizer(opt_params)

    return jit(value_and_grad(total_loss))
