# Source: https://github.com/imilas/ddsp_loss_comparison/blob/1ad9927ad404434f92199009d703807759079154/loss_functions_definitions.py
# Title: loss_functions_definitions.py (marimo notebook)
# Cut: marimo cells flattened into a script; the Faust program text, the spectrogram/SSIM/wavelet/dtw-python cells and plotting dropped; kept the parameter sweep and the soft-DTW onset losses. onset_1d is the notebook's own cell (shown); faust_to_jax and softdtw_jax are the repository's helpers. The target sound (fj.process_noise_in_faust of a second program in the original) is rendered with DSP_jit here.
import copy
import jax
import jax.numpy as jnp
import numpy as np

from helper_funcs import faust_to_jax as fj
from helper_funcs import softdtw_jax
from helper_funcs.loss_helpers import gaussian_kernel1d

SAMPLE_RATE = 44100
key = jax.random.PRNGKey(10)
faust_code_1 = "..."  # a Faust oscillator program with one free parameter, osc_f

DSP = fj.faust2jax(faust_code_1)
DSP = DSP(SAMPLE_RATE)
DSP_jit = jax.jit(DSP.apply, static_argnums=[2])
noise = jax.random.uniform(
    jax.random.PRNGKey(10),
    [DSP.getNumInputs(), SAMPLE_RATE],
    minval=-1,
    maxval=1,
)
noise_2 = jax.random.uniform(
    jax.random.PRNGKey(20),
    [DSP.getNumInputs(), SAMPLE_RATE],
    minval=-1,
    maxval=1,
)
DSP_params = DSP.init(key, noise, SAMPLE_RATE)
target = DSP_jit(DSP_params, noise, SAMPLE_RATE)[0]


def fill_template(template, pkey, fill_values):
    template = template.copy()
    """template is the model parameter, pkey is the parameter we want to change, and fill_value is the value we assign to the parameter
    """
    for i, k in enumerate(pkey):
        template["params"][k] = fill_values[i]
    return template


param_linspace = jnp.array(jnp.linspace(-0.99, 1.0, 300, endpoint=False))
programs = [
    fill_template(copy.deepcopy(DSP_params), ["_dawdreamer/osc_f"], [x])
    for x in param_linspace
]

outputs = [DSP_jit(p, noise_2, SAMPLE_RATE)[0] for p in programs]

naive_loss = lambda x, y: np.abs(x - y).mean()
losses_naive = [naive_loss(x, target[0]) for x in outputs]

dtw_jax = softdtw_jax.SoftDTW(gamma=0.01)
dtw_jit = jax.jit(dtw_jax)
time_series = [
    jnp.cos((x + 1) * jnp.linspace(0, 2 * jnp.pi, 100)) for x in range(10)
]
goal_ts = time_series[5].copy()


def onset_1d(target):
    stft = jax.scipy.signal.stft(target, boundary="even")  # create spectrogram
    norm_spec = jnp.abs(stft[2])[0] ** 0.5  # normalize the spectrogram
    kernel = gaussian_kernel1d(
        3, 0, 10
    )  # create a gaussian kernel (sigma,order,radius)
    ts = norm_spec.sum(axis=0)  # calculate amplitude changes
    onsets = jnp.convolve(ts, kernel, mode="same")  # smooth amplitude curve
    return onsets


# get onsets for all outputs, calculate loss using dtw_jit
target_onset_jax = onset_1d(target)
output_onsets_jax = [
    onset_1d(jnp.expand_dims(o, axis=0)) for o in outputs
]
dtw_losses_jax = [dtw_jit(target_onset_jax, x) for x in output_onsets_jax]
