# Source: https://github.com/speed1313/optimal-transport/blob/4b6bae8e86c329178864e1f7dbed2949367df24c/src/optimal_transport/gravity.py
# Title: src/optimal_transport/gravity.py
# Cut: plotting and the matplotlib animation removed; the animation callback is called from a plain loop of 200 frames.
import jax
import jax.numpy as jnp

n, m = 10, 10


# gradient flow of Sinkhorn divergence
def Sinkhorn(a, b, x, y, eps):
    C = jnp.zeros((n, m))
    for i in range(n):
        for j in range(m):
            # cost as  gravity
            C = C.at[i, j].set((1 / jnp.abs(x[i] - y[j]).sum()) + jnp.linalg.norm(x[i] - y[j]))
    K = jnp.exp(- C / eps)
    u = jnp.ones(n)
    v = jnp.ones(m)
    for i in range(100):
        v = v.at[:].set(b / (K.T @ u))
        u = u.at[:].set(a / (K @ v))
    P = u.reshape(n, 1) * K * v.reshape(1, m)
    d = (C * P).sum()
    return d, P


x = jax.random.uniform(jax.random.PRNGKey(0), (n, 2)) * 2
y = jax.random.uniform(jax.random.PRNGKey(1), (m, 2)) * 2
a = jnp.ones(n) / n
b = jnp.ones(m) / m
eps = 0.15


def update(frame):
    global x
    d, P = Sinkhorn(a, b, x, y, eps)
    # gradient of d wrt x
    grad_x = jax.grad(lambda x: Sinkhorn(a, b, x, y, eps)[0])(x)
    x -= 0.1 * grad_x


for frame in range(200):
    update(frame)
