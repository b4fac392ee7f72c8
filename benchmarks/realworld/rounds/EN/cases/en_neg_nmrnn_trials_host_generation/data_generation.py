# Source: https://github.com/lindermanlab/nm-rnn/blob/1a811e818a87c7bd115167b8366b115913a43fed/nmrnn/data_generation.py
# Title: nmrnn/data_generation.py (multitask trial sampling, Duncker/Driscoll 2020 tasks)
# Cut: kept sample_delay_pro (one of six task samplers) and random_trials; dropped the other
#      samplers, which have the same signature and output shape.
import jax
import jax.numpy as jnp
import jax.random as jr


def sample_delay_pro(key,
                     T):
    # generate theta
    key_stim, key_trialsplit,  = jr.split(key, 2)
    theta_in = jr.uniform(key_stim, minval=0., maxval=2*jnp.pi)
    theta_out = theta_in # values are the for this task

    # segment trial into different periods
    key_stim_on, key_fix_off, key_response = jr.split(key_trialsplit,3)
    t_stim_on = jax.random.uniform(key_stim_on, minval=0.3, maxval=0.7)
    t_fix_off = t_stim_on + jax.random.uniform(key_fix_off, minval=0.2, maxval=1.5)
    t_response = t_fix_off + jax.random.uniform(key_response, minval=0.3, maxval=0.7)

    t_total = t_response # total sampled time of trial

    t_stim_on = t_stim_on/t_total * T
    t_fix_off = t_fix_off/t_total * T

    t = jnp.arange(T)
    # make fixation input
    cond_list = [t < t_fix_off, t >=t_fix_off]
    func_list = [1., 0.]
    fix_input = cond_list[0]*func_list[0] + cond_list[1]*func_list[1]

    # make stim inputs
    stim_scale = 1.
    cond_list = [t<t_stim_on, t>=t_stim_on]
    func_list_1 = [0, stim_scale * jnp.sin(theta_in)]
    func_list_2 = [0, stim_scale * jnp.cos(theta_in)]
    stim_input_1 = cond_list[0]*func_list_1[0] + cond_list[1]*func_list_1[1]
    stim_input_2 = cond_list[0]*func_list_2[0] + cond_list[1]*func_list_2[1]
    stim_input = jnp.array([stim_input_1, stim_input_2])

    # make fixation output
    cond_list = [t < t_fix_off, t >=t_fix_off]
    func_list = [0.8, 0]
    fix_output = cond_list[0]*func_list[0] + cond_list[1]*func_list[1]

    # make response outputs
    cond_list = [t < t_fix_off, t >=t_fix_off]
    func_list_1 = [0, jnp.sin(theta_out)]
    func_list_2 = [0, jnp.cos(theta_out)]
    response_output_1 = cond_list[0]*func_list_1[0] + cond_list[1]*func_list_1[1]
    response_output_2 = cond_list[0]*func_list_2[0] + cond_list[1]*func_list_2[1]
    response_output = jnp.array([response_output_1, response_output_2])

    return jnp.vstack((fix_input, stim_input)), jnp.vstack((fix_output, response_output))


def random_trials(key, task_list, T, num_trials,
                  fix_output=True, noise=False, noise_sigma=0.01):
    key1, key2, key3 = jr.split(key, 3)
    num_tasks = len(task_list)
    random_order = jr.choice(key1, num_tasks, shape=(num_trials,))

    sample_keys_trials = jr.split(key2, num_trials)

    samples_in = jnp.zeros((num_trials, 3 + num_tasks, T))
    samples_out = jnp.zeros((num_trials, 3, T))
    for i in range(num_trials):
        sample_in, sample_out = task_list[random_order[i]](sample_keys_trials[i], T)
        samples_in = samples_in.at[i, :3, :].set(sample_in)
        samples_out = samples_out.at[i].set(sample_out)

        # add context cue-ing
        context = random_order[i]
        samples_in = samples_in.at[i, 3+context, :].set(jnp.ones((T,)))

    if not fix_output: samples_out = samples_out[:, 1:, :]

    if noise: samples_in += noise_sigma*jr.normal(key3, samples_in.shape)

    return random_order, samples_in, samples_out
