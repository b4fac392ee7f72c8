# Source: https://github.com/cqsl/sparse-twobody-arnn/blob/fea2952dc2f025c92076b6ab0e3e437254c6032d/main.py
# Title: main.py (VMC training of TwoBo or MADE)
# Cut: kept the parameter counter, the exact-enumeration driver, the training driver and the
#      beta-annealing loop; the jitted `update` and `exact` are imported stubs here, printing shortened.
import time

import jax
import numpy as np
import optax
import equinox as eqx
from jax import Array
from jax.tree_util import tree_leaves, tree_map


def exact(ham, beta):  # jitted in ham.py
    raise NotImplementedError


def update(net, opt_state, key, ham, optimizer, beta):  # jitted in the original main.py
    raise NotImplementedError


def leaf_size_real_nonzero(x):
    # Filter out equinox static fields
    if not isinstance(x, Array):
        return 0

    # If some but not all elements are exactly float zero, that means they are masked
    size = (x != 0).sum()
    if size == 0:
        size = x.size

    if np.iscomplexobj(x):
        size *= 2

    return size


def tree_size_real_nonzero(tree):
    return sum(tree_leaves(tree_map(leaf_size_real_nonzero, tree)))


def run_exact(ham, betas):
    if ham.N > 24:
        raise ValueError(f"Warning: N = {ham.N} is too large for exact enumeration")

    for beta in betas:
        start_time = time.time()
        stats = exact(ham, beta)
        used_time = time.time() - start_time
        print(f"beta: {beta:.3g}", f"F: {stats['free_energy']:.8g}", f"time: {used_time:.3f}")


def train(net, opt_state, key, ham, optimizer, beta, n_steps):
    for step in range(n_steps):
        start_time = time.time()
        net, opt_state, key, F, F_std, E, E_min, S, M_abs = update(
            net, opt_state, key, ham, optimizer, beta
        )
        used_time = time.time() - start_time
        print(f"beta: {beta:.3g}", f"step: {step}", f"F: {F:.8g}", f"time: {used_time:.3f}")

    return net, opt_state, key


def run_vmc(ham, betas, net, lr, warmup_steps, opt_steps):
    key = jax.random.PRNGKey(0)

    n_params = tree_size_real_nonzero(net)
    print("n_params:", n_params)

    optimizer = optax.adam(learning_rate=lr)
    opt_state = optimizer.init(eqx.filter(net, eqx.is_array))

    net, opt_state, key = train(
        net, opt_state, key, ham, optimizer, betas[0], warmup_steps
    )
    for beta in betas:
        net, opt_state, key = train(
            net, opt_state, key, ham, optimizer, beta, opt_steps
        )
