# Source: https://github.com/stanfordmlgroup/ngboost/blob/d483fa3b2e0cf7a2b47840cacd13b54d61da10d1/examples/visualizations/vis_crps_logscale.py
# Title: ngboost examples/visualizations/vis_crps_logscale.py (JAX-era NGBoost, 2019)
# Cut: the CDF figure before the loop and the contour plots after it removed; imports and grid loop kept.
import numpy as onp
import jax.numpy as np
import jax.random as random
import itertools
from ngboost.distns import Normal, LogNormal
from jax import grad, vmap, jacrev, jit
from tqdm import tqdm


if __name__ == "__main__":

    key = random.PRNGKey(seed=123)
    rvs = np.exp(random.normal(key=key, shape=(500,)))

    logscale_crps_fn = lambda p: Normal(p, temp_scale = 1.0).crps(np.log(rvs)).mean()
    lognorm_crps_fn = lambda p: LogNormal(p, temp_scale = 1.0).crps(rvs).mean()
    logscale_crps_grad_fn = grad(logscale_crps_fn)
    lognorm_crps_grad_fn = grad(lognorm_crps_fn)

    loc = onp.linspace(-1, 1, 20)
    scale = onp.linspace(-0.5, 1, 20)

    loc, scale = onp.meshgrid(loc, scale)

    grads_logscale_x = onp.zeros((20, 20))
    grads_logscale_y = onp.zeros((20, 20))
    grads_lognorm_x = onp.zeros((20, 20))
    grads_lognorm_y = onp.zeros((20, 20))
    logscale_crps = onp.zeros((20, 20))
    lognorm_crps = onp.zeros((20, 20))

    for (i, j) in tqdm(itertools.product(np.arange(20), np.arange(20))):
        #H = np.linalg.inv(np.array(hessian_fn([loc[i, j], scale[i, j]])))
        # H = np.linalg.inv(metric_fn([loc[i, j], scale[i, j]]))
        g = np.array(logscale_crps_grad_fn([loc[i, j], scale[i, j]]))
        grads_logscale_x[i, j] = -g[0]
        grads_logscale_y[i, j] = -g[1]
        g = np.array(lognorm_crps_grad_fn([loc[i, j], scale[i, j]]))
        grads_lognorm_x[i, j] = -g[0]
        grads_lognorm_y[i, j] = -g[1]
        logscale_crps[i, j] = logscale_crps_fn([loc[i, j], scale[i, j]])
        lognorm_crps[i, j] = lognorm_crps_fn([loc[i, j], scale[i, j]])
