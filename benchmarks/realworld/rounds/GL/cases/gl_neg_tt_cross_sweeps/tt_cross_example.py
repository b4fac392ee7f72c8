# Source: https://github.com/LuchnikovI/Jax-based-TT-cross-implementation/blob/f22b5a3357f2b433f84bd7699bccbb13ee879aa6/TT_cross_some_examples.ipynb
# Title: TT_cross_some_examples.ipynb (cells 11-17: random TT with random bond dimensions, DMRG sweeps)
# Cut: notebook cells converted to a script; plots and the TT_cross import path (a class not reproduced) kept as names only.
import numpy as np
import jax.numpy as jnp

from tt import eval

N = 20
n = 12
m = 15

shape = np.random.randint(2, n+1, (N,))
bonds_between_kers = np.random.randint(2, m+1, (N-1,))
left_bonds = np.concatenate([np.ones((1,), dtype=np.int64), bonds_between_kers])
right_bonds = np.concatenate([bonds_between_kers, np.ones((1,), dtype=np.int64)])

shapes = zip(left_bonds, shape, right_bonds)  # iterator over kernels' shapes


def random_ker(shape):
    ker = np.random.normal(size=(*shape, 2))
    ker /= np.sqrt(2 * shape[0])
    ker = ker[..., 0] + 1j * ker[..., 1]
    return ker


# random TT kernels in a list
exact_kernels = [random_ker(shape) for shape in shapes]


def f(x):
    return eval(exact_kernels, x)


def run_sweeps(tt_cross, number_of_sweeps=3):
    # perform DMRG sweeps
    while tt_cross.current_sweep < number_of_sweeps:
        args = tt_cross.get_arg()
        measurements = f(args)
        tt_cross.update(measurements)
    return tt_cross.get_tt_kernels()
