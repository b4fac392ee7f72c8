# Source: https://github.com/jax-ml/jax/issues/200
# Title: jax-ml/jax#200 "report: jit-compilation on list of matrices"
# Cut: kept the author's mp() verbatim; the jit call is written out (the thread only says it was
#      jit-compiled); the graph-loading code is dropped.
import jax.numpy as np
from jax import jit


def identity(x):
    return x


def mp(params, As, Fs, nonlin=identity):
    """my hack for doing message passing on multiple graphs in one logical forward computation step."""
    outputs = []
    for a, f in zip(As, Fs):
        output = np.dot(a, f)
        output = np.dot(params['w'], output) + params['b']
        output = nonlin(output)
        outputs.append(output)
    return outputs


# "With 5000+ graphs (i.e. 5000+ pairs of As and Fs), initial compilation time took 3 hours."
mp_jit = jit(lambda params, As, Fs: mp(params, As, Fs))
