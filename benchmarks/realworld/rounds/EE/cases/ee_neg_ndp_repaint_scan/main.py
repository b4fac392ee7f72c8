# Source: https://github.com/vdutor/neural-diffusion-processes/blob/3e63f878007587e18deff648c1440d87aad9e042/experiments/regression/main.py
# Title: experiments/regression/main.py
# Cut: config, data, training loop and logging cut; the jitted+vmapped conditional sampler and
#      the plotting loop over the (small) plotted batch kept.
from functools import partial

import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
import numpy as np


def make_plot(net, state, process):
    net_with_params = partial(net, state.params_ema)

    @jax.jit
    @partial(jax.vmap, in_axes=(0, None, None, None, None))
    def sample_n_conditionals(key, x_test, x_context, y_context, mask_context):
        return process.conditional_sample(
            key, x_test, mask=None, x_context=x_context, y_context=y_context, mask_context=mask_context, model_fn=net_with_params)

    def plot(batch):
        batch_size = len(batch.x_context)
        n = int(batch_size ** 0.5)
        fig, axes = plt.subplots(n,n,figsize=(5,5), sharex=True, sharey=True)
        axes = np.array(axes).reshape(-1)
        x_test = jnp.linspace(-2, 2, 57)[:, None]
        for i in range(batch_size):
            samples = sample_n_conditionals(
                jax.random.split(jax.random.PRNGKey(42), 8),
                x_test,
                batch.x_context[i],
                batch.y_context[i],
                batch.mask_context[i],
            )
            mean, var = jnp.mean(samples, axis=0).squeeze(axis=1), jnp.var(samples, axis=0).squeeze(axis=1)
            axes[i].plot(x_test, samples[..., 0].T, "C0", lw=1)
            axes[i].plot(x_test, mean, "k")
            xc = batch.x_context[i] + 1e3 * batch.mask_context[i][:, None]
            axes[i].plot(xc, batch.y_context[i], "C3o")
        return fig

    return plot
