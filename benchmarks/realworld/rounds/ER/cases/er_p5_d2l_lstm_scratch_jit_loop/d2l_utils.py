# Source: https://github.com/probml/probml-notebooks/blob/d3155c14796c5d953003f6a6475280ac2e9dc2e7/notebooks-d2l/lstm_jax.ipynb
# Title: notebooks-d2l/lstm_jax.ipynb (helper cell)
# Cut: the Timer, Accumulator, sgd and grad_clipping helpers of the notebook's utility cell; plotting trimmed.
import time

import jax
import jax.numpy as jnp


class Timer:
    """Record multiple running times."""
    def __init__(self):
        self.times = []
        self.start()

    def start(self):
        """Start the timer."""
        self.tik = time.time()

    def stop(self):
        """Stop the timer and record the time in a list."""
        self.times.append(time.time() - self.tik)
        return self.times[-1]

    def avg(self):
        """Return the average time."""
        return sum(self.times) / len(self.times)

    def sum(self):
        """Return the sum of time."""
        return sum(self.times)

    def cumsum(self):
        """Return the accumulated time."""
        return jnp.array(self.times).cumsum().tolist()

class Accumulator:
    """For accumulating sums over `n` variables."""
    def __init__(self, n):
        self.data = [0.0] * n

    def add(self, *args):
        self.data = [a + float(b) for a, b in zip(self.data, args)]

    def reset(self):
        self.data = [0.0] * len(self.data)

    def __getitem__(self, idx):
        return self.data[idx]

def set_axes(axes, xlabel, ylabel, xlim, ylim, xscale, yscale, legend):
    """Set the axes for matplotlib."""
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_xscale(xscale)
    axes.set_yscale(yscale)
    axes.set_xlim(xlim)
    axes.set_ylim(ylim)
    if legend:
        axes.legend(legend)
    axes.grid()

@jax.jit
def sgd(params, grads, lr, batch_size):
    """Minibatch stochastic gradient descent."""
    params = jax.tree_multimap(lambda p, g: p - lr * g / batch_size, params,
                               grads)
    return params

def grad_clipping(grads, theta):
    """Clip the gradient."""
    norm = jnp.sqrt(sum(jax.tree_util.tree_leaves(jax.tree_map(
        lambda x: jnp.sum(x ** 2), grads))))
    if norm > theta:
        grads = jax.tree_map(lambda g: g * theta / norm, grads)
    return grads
