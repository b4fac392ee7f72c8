# Source: https://github.com/erwanplantec/FlowLenia/blob/dce428c6b0c5079a06e5606fb7b5ac1fe1323bc5/flowlenia/utils.py
# Title: flowlenia/utils.py (Flow-Lenia helpers: growth function and per-channel Sobel filters)
# Cut: kept growth and the Sobel helpers; kernel builders and connection helpers dropped.
import jax
import jax.numpy as jnp
import jax.scipy as jsp

bell = lambda x, m, s: jnp.exp(-((x-m)/s)**2 / 2)

def growth(U, m, s):
    return bell(U, m, s)*2-1

kx = jnp.array([
                [1., 0., -1.],
                [2., 0., -2.],
                [1., 0., -1.]
])
ky = jnp.transpose(kx)


def sobel_x(A):
    """
    A : (x, y, c)
    ret : (x, y, c)
    """
    return jnp.dstack([jsp.signal.convolve2d(A[:, :, c], kx, mode = 'same')
                    for c in range(A.shape[-1])])
def sobel_y(A):
    return jnp.dstack([jsp.signal.convolve2d(A[:, :, c], ky, mode = 'same')
                    for c in range(A.shape[-1])])

@jax.jit
def sobel(A):
    return jnp.concatenate((sobel_y(A)[:, :, None, :], sobel_x(A)[:, :, None, :]),
                            axis = 2)


