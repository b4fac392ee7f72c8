# Source: https://github.com/probml/probml-notebooks/blob/4c0da5e918930e02de5f3e78278c90efe5688b66/notebooks-d2l/rnn_jax.ipynb
# Title: notebooks-d2l/rnn_jax.ipynb (helper cell)
# Cut: the Timer and Accumulator helpers of the notebook's utility cell; the plotting Animator trimmed.
import time

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
