# Source: https://github.com/lindermanlab/nm-rnn/blob/1a811e818a87c7bd115167b8366b115913a43fed/scripts/train_context_multitask.py
# Title: scripts/train_context_multitask.py
# Cut: the module-level data generation that calls random_trials once before training.
import jax.random as jr

from data_generation import sample_delay_pro, random_trials

config = dict(keyind=13, T=100, num_trials=1000, fix_output=True, U=9)

# unpack tasks
task_list = []
task_list.append(sample_delay_pro)

# data generation
task_order, samples_in, samples_out = random_trials(
    jr.PRNGKey(config['keyind']),
    task_list,
    config['T'],
    config['num_trials'],
    config['fix_output'])

# separate out task and context inputs
task_samples_in = samples_in[:,:config['U']-len(task_list), :]
context_samples_in = samples_in[:,config['U']-len(task_list):, :]
