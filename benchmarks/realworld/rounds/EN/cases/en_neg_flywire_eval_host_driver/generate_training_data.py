# Source: https://github.com/chaobrain/fitting_drosophila_whole_brain_spiking_model/blob/f1389ba8b0e7c9f4059d2538b6b799c3e88342ee/drosophila_whole_brain_fitting.py
# Title: drosophila_whole_brain_fitting.py (run_generate_training_data)
# Cut: kept the jitted one_step and the host loop over recorded time bins; network
#      construction reduced to a parameter, checkpoint loading and saving dropped.
import brainstate
import brainunit as u
import jax.numpy as jnp
import numpy as np
from tqdm import tqdm


def run_generate_training_data(net, setting):
    """Generate training data from the first round checkpoint."""

    @brainstate.transform.jit
    def one_step(i, indices):
        input_embed = net.neural_activity.spike_rates[i] / u.Hz
        output_neuropil_fr = net.neural_activity.spike_rates[i + 1]
        net.simulate(input_embed, indices[:n_sim])
        neuropil_fr = net.simulate(input_embed, indices[n_sim:]).to_decimal(u.Hz)
        sim = jnp.corrcoef(u.get_mantissa(output_neuropil_fr), neuropil_fr)[0, 1]
        return neuropil_fr, sim

    n_sim = int(setting['sim_before_train'] * net.n_sample_step)
    simulated_neuropil_fr = []
    indices = np.arange(net.n_sample_step)
    bar = tqdm(total=net.neural_activity.n_time, desc="Generating training data")
    all_sim = []
    for i in range(0, net.neural_activity.n_time):
        neuropil_fr, sim = one_step(i, indices)
        bar.update()
        bar.set_description(f'Generating training data (similarity = {sim:.5f})')
        indices = indices + net.n_sample_step
        simulated_neuropil_fr.append(neuropil_fr)
        all_sim.append(sim)
    bar.close()
    print(f'Mean similarity = {np.mean(all_sim):.5f}')
    simulated_neuropil_fr = np.asarray(simulated_neuropil_fr)  # [n_time, n_neuropil]
    return simulated_neuropil_fr
