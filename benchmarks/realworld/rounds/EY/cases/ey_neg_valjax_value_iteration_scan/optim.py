# Source: https://github.com/iamlemec/valjax/blob/8cce14ba333078ed35625f211cf1fe5f48809a05/valjax/optim.py
# Title: optim.py and tools.py (valjax: gradient optimizer built on a state-only scan)
# Cut: kept optim_grad from optim.py and iterate_scan from tools.py; other solvers dropped.
import jax.numpy as np
import jax.lax as lax


# state-only iteration - this works better with differentiation
def iterate_scan(f, x0, K, hist=False):
    kvec = np.arange(K)
    dub = lambda x, _: 2*(f(x),)
    x1, xh = lax.scan(dub, x0, kvec)
    if hist:
        return xh
    else:
        return x1


def optim_grad(df, x0, step=0.01, K=10):
    return iterate_scan(
        lambda x: x + step*df(x),
        x0, K
    )
