# Source: https://github.com/mackelab/jaxley_experiments/blob/5e7a86282adb9d4603b5546ac5d8dad59aec7cc0/nex/fig3_l5pc/notebooks/03_allen_fits/loss_util.py
# Title: nex/fig3_l5pc/notebooks/03_allen_fits/loss_util.py (summary statistics of voltage traces)
# Cut: kept the window builders, build_summary_fn and statistics; dropped plotting,
#      spike-probability and soft-DTW helpers.
import numpy as np
import jax.numpy as jnp
import jax

from nex.rgc.utils.rgc_utils import find_spikes

resting_potential = 50
polarization = 72.0


def resting_window(t):
    return [np.logical_and(t > 0, t < resting_potential)]

def polarization_window(t):
    return [np.logical_and(t > resting_potential, t < polarization)]

def spikes_window(t):
    return [np.array(t > polarization)]

def spike_windows(v, t,size=12.):
    spike_times = np.array(t[find_spikes(v)])
    spike_lower = spike_times - size/2
    spike_upper = spike_times + size/2

    windows = []
    for l, u in zip(spike_lower, spike_upper):
        window = np.logical_and(t > l, t < u)
        windows.append(window)

    return windows

def build_summary_fn(v,t, rest_summary_ord=2, pol_summary_ord=1, spikes_summary_ord=2, individual_spike_summary_ord=[1], spike_size=12.):
    windows = []
    orders = []
    if rest_summary_ord > 0:
        windows += resting_window(t)
        orders += [rest_summary_ord]
    if pol_summary_ord > 0:
        windows += polarization_window(t)
        orders += [pol_summary_ord]
    if spikes_summary_ord > 0:
        windows += spikes_window(t)
        orders += [spikes_summary_ord]
    if isinstance(individual_spike_summary_ord, int) and individual_spike_summary_ord > 0:
        s_windows = spike_windows(v,t, spike_size)
        windows += s_windows
        orders += [individual_spike_summary_ord]*len(s_windows)
    if isinstance(individual_spike_summary_ord, list):
        s_windows = spike_windows(v,t, spike_size)
        windows += s_windows[:len(individual_spike_summary_ord)]
        orders += individual_spike_summary_ord

    @jax.jit
    def summary_fn(x):
        stats = []
        for w, o in zip(windows, orders):
            stats.append(statistics(x[w], order=o))
        return jnp.hstack(stats)

    return summary_fn

def statistics(x, order=2):
    stats = []
    if order == 1:
        mean = jnp.mean(x)
        stats.append(mean)
    elif order == 2:
        mean = jnp.mean(x)
        var = jnp.var(x)
        stats.extend([mean, var])
    elif order == 3:
        mean = jnp.mean(x)
        var = jnp.var(x)
        skewness = jnp.mean(((x - mean)/jnp.sqrt(var)) ** 3)
        stats.extend([mean, var, skewness])
    elif order == 4:
        mean = jnp.mean(x)
        var = jnp.var(x)
        std = jnp.sqrt(var)
        skewness = jnp.mean(((x - mean)/std) ** 3)
        kurtosis = jnp.mean(((x - mean)/std) ** 4) - 3
        stats.append([mean, var, skewness, kurtosis])

    return jnp.squeeze(jnp.array(stats))
