# Source: https://github.com/stanfordmlgroup/ngboost/blob/d483fa3b2e0cf7a2b47840cacd13b54d61da10d1/examples/visualizations/vis_mle.py
# Title: ngboost examples/visualizations/vis_mle.py (JAX-era NGBoost, 2019)
# Cut: plotting after the loop removed; imports and the grid loop kept as written.
import numpy as onp
import jax.numpy as np
import jax.random as random
import itertools
from ngboost.distns import Normal
from jax import grad, jit, jacrev
from tqdm import tqdm


if __name__ == "__main__":


    key = random.PRNGKey(seed=123)
    rvs = random.normal(key=key, shape=(500,))

    nll_fn = lambda p: -Normal(p, temp_scale = 1.0).logpdf(rvs).mean()
    fisher_fn = lambda p: Normal(p, temp_scale = 1.0).fisher_info()

    grad_fn = jit(grad(nll_fn))
    hessian_fn = jit(jacrev(grad_fn))

    loc = onp.linspace(-3, 3, 20)
    scale = onp.linspace(-0.5, 2, 20)
    loc, scale = onp.meshgrid(loc, scale)

    grads_fisher_x = onp.zeros((20, 20))
    grads_fisher_y = onp.zeros((20, 20))
    grads_x = onp.zeros((20, 20))
    grads_y = onp.zeros((20, 20))
    nlls = onp.zeros((20, 20))

    for (i, j) in tqdm(itertools.product(np.arange(20), np.arange(20))):
        #H = np.linalg.inv(np.array(hessian_fn([loc[i, j], scale[i, j]])))
        H = np.linalg.inv(fisher_fn([loc[i, j], scale[i, j]]))
        g = np.array(grad_fn([loc[i, j], scale[i, j]]))
        gf = H @ g
        grads_fisher_x[i, j] = -gf[0]
        grads_fisher_y[i, j] = -gf[1]
        grads_x[i, j] = -g[0]
        grads_y[i, j] = -g[1]
        nlls[i, j] = nll_fn([loc[i, j], scale[i, j]])
