# Source: https://github.com/hsukyle/neural-tangents/blob/3405030cb49f9c844a18a7a09f39354de2418124/maml/util.py
# Title: maml/util.py (hsukyle/neural-tangents fork)
# Cut: kept select_opt only.
import numpy as onp
from jax.experimental import optimizers
from functools import partial

def select_opt(name, step_size):
    if name == 'sgd':
        optimizer = partial(optimizers.sgd, step_size=step_size)
    elif name == 'momentum':
        optimizer = partial(optimizers.momentum, step_size=step_size, mass=0.9)
    elif name == 'adam':
        optimizer = partial(optimizers.adam, step_size=step_size, b1=0.9, b2=0.999, eps=1e-8)
    else:
        raise ValueError
    return optimizer


