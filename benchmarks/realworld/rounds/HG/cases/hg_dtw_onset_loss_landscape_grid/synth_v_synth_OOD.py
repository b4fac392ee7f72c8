# Source: https://github.com/imilas/ddsp_loss_comparison/blob/f6c59a33ab56d60e2a13cdc43a7c4b911f70ae7f/synth_v_synth_OOD.py
# Title: synth_v_synth_OOD.py (marimo notebook, commit "loss landscape plotting")
# Cut: marimo cells flattened into a script; argument parsing, program loading, the gradient-descent cell and plotting dropped. The instruments come from helper_funcs.faust_to_jax.code_to_flax (1 s of audio at 44.1 kHz, noise input of the same length) and dtw_jax from helper_funcs.experiment_setup (softdtw_jax.SoftDTW(gamma=1)); the other loss branches (L1_Spec, SIMSE_Spec, JTFS, Multi_Spec) are left out.
import jax
import jax.numpy as jnp

from helper_funcs import faust_to_jax as fj
from helper_funcs import experiment_setup as setup
import loss_landscape_helpers as llh  # helper_funcs/loss_landscape_helpers.py, copied next to this file

SAMPLE_RATE = 44100
fj.SAMPLE_RATE = SAMPLE_RATE

spec_func = setup.spec_func
dtw_jax = setup.dtw_jax
kernel = setup.kernel
onset_1d = setup.onset_1d

key = jax.random.PRNGKey(10)
target_prog_code = "..."    # a Faust program with the target parameter values
imitator_prog_code = "..."  # the same program with the imitator's starting values
target_instrument, target_instrument_jit, target_noise, target_instrument_params = fj.code_to_flax(target_prog_code, key)
imitator_instrument, imitator_instrument_jit, imitator_noise, imitator_instrument_params = fj.code_to_flax(imitator_prog_code, key)
target_sound = target_instrument_jit(target_instrument_params, target_noise, SAMPLE_RATE)[0]

lfn = "DTW_Onset"
def loss_fn(params):
    pred = imitator_instrument_jit(params, imitator_noise, SAMPLE_RATE)[0]
    if lfn  == 'DTW_Onset':
        loss = dtw_jax(onset_1d(target_sound, kernel, spec_func), onset_1d(pred, kernel, spec_func))
    else:
        raise ValueError("Invalid value for loss")
    return loss, pred


grad_fn = jax.jit(jax.value_and_grad(loss_fn, has_aux=True))

grids,grid_losses,grad_losses = llh.loss_grad_grids(imitator_instrument_params,[10,10],grad_fn)
