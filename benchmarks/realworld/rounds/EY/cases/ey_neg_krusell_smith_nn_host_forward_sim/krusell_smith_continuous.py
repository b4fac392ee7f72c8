# Source: https://github.com/e-hall-hoffarth/hetero_simulation/blob/46675dbc91097e30910cf0043623c4356210171a/lib/hetero_simulation/econ_models/krusell_smith_continuous.py
# Title: krusell_smith_continuous.py (Krusell-Smith with a neural-network policy, Maliar-Maliar-Winant style, JAX)
# Cut: kept parameters, neural_network, next_X, prices, loss, batch_loss, next_state and the
#      (un-jitted) forward simulation; the training_loop's value_and_grad call restated as
#      train_step; layer helpers (ml/utils.py) and log_utility (archive/agent.py) inlined.
import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def tanh(X, w, b):
    return jnp.squeeze(jax.nn.tanh(jnp.dot(X, w) + b))

@jax.jit
def sigmoid(X, w, b):
    return jnp.squeeze(jax.nn.sigmoid(jnp.dot(X, w) + b))

@jax.jit
def exp(X, w, b):
    return jnp.squeeze(jnp.exp(jnp.dot(X, w) + b))

def log_utility():
    return jax.jit(lambda c: jnp.sum(jnp.log(c)))

# Parameters of wealth distribution
a = 0.5
b = 0.2

# Preference and production parameters
alpha = 0.36
beta = 0.96
delta = 0.025
rho_z = 0.95
rho_e = 0.9
sigma_z = 0.01
sigma_e = 0.2 * jnp.sqrt(1 - rho_e**2)

config = {
    'alpha': alpha, 'beta': beta, 'delta': delta,
    'sigma_z': sigma_z, 'sigma_e': sigma_e, 'rho_z': rho_z, 'rho_e': rho_e
}

# ML parameters
n = 128
mb = 16
n_epoch = 10000
n_iter = 2 * (n // mb)
n_forward = 100

k = 5 # number of agents (~ size of state space)
m = 4 # embedding dimension
nn_shapes = jnp.array([m, m, m, m])


@jax.jit
def neural_network(params, X, E, Z, e, x):
    X_tilde = jnp.concatenate([X.reshape(1, -1),
                               E.reshape(1, -1),
                               Z.reshape(1, -1),
                               e.reshape(1, -1),
                               x.reshape(1, -1)], axis=1)
    X_tilde = X_tilde @ params['theta']
    # l1 = tanh(X_tilde, params['w0'], params['b0'])
    l2 = tanh(X_tilde, params['w1'], params['b1'])
    l3 = tanh(l2, params['w2'], params['b2'])
    # l4 = tanh(jnp.concatenate((l3, e[..., jnp.newaxis], x[..., jnp.newaxis])), params['w3'], params['b3'])
    return jnp.array([jnp.squeeze(x * sigmoid(l3, params['cwf'], params['cbf'])),
                      jnp.squeeze(exp(l3, params['lwf'], params['lbf']))])


@jax.jit
def fischer_burmeister(a, b):
    return a + b - jnp.sqrt(jnp.power(a, 2) + jnp.power(b, 2))


@jax.jit
def next_X(params, config, X, Z, E):
    R, W = prices(config, X, Z, E)
    w = jax.vmap(lambda x, e: (R * x) + (W * jnp.exp(e)))(X, E)
    c = jax.vmap(lambda i: neural_network(params, X, E, Z, E[i], w[i])[0])(jnp.arange(k))
    return w - c


@jax.jit
def prices(config, X, Z, E):
    sumk = jnp.sum(X)
    sumexpl = jnp.sum(jnp.exp(E))
    w = (1 - config['alpha']) * jnp.exp(Z) * jnp.power(sumk, config['alpha']) * jnp.power(sumexpl, -1 * config['alpha'])
    r = 1 - config['delta'] + config['alpha'] * jnp.exp(Z) * jnp.power(sumk, config['alpha'] - 1) * jnp.power(sumexpl, 1 - config['alpha'])
    return r, w


@jax.jit
def loss(params, config, X, Z, E, key):
    Z1, E1 = next_state(Z, E, config, key)
    R, W = prices(config, X, Z, E)
    w = jax.vmap(lambda x, e: (R * x) + (W * jnp.exp(e)))(X, E)
    outputs = jax.vmap(lambda i: neural_network(params, X, E, Z, E[i], w[i]))(jnp.arange(k))
    c = outputs[..., 0]
    lm = outputs[..., 1]
    c_rel = c / w
    X1 = w - c
    R1, W1 = prices(config, X1, Z1, E1)
    w1 = jax.vmap(lambda x, e: (R * x) + (W * jnp.exp(e)))(X1, E1)
    c1 = jax.vmap(lambda i: neural_network(params, X1, E1, Z1, E1[i], w1[i])[0])(jnp.arange(k))

    u = lambda c: log_utility()(c)
    g = jax.vmap(lambda c: config['beta'] * R1 * jax.grad(u)(c))(c1)
    up = jax.grad(u)(c)
    g_diff = jax.vmap(lambda g, up, lm: (g / up) - lm)(g.reshape(-1, 1), up.reshape(-1, 1), lm.reshape(-1, 1))
    lm_diff = jax.vmap(lambda c, lm: fischer_burmeister(1 - c, 1 - lm))(c_rel.reshape(-1, 1), lm.reshape(-1, 1))

    return g_diff, lm_diff, c_rel, X1, Z1, E1


@jax.jit
def batch_loss(params, config, Xs, Zs, Es, keys):
    g_diff_1, lm_diff_1, c_rels, X1s, Z1s, E1s = jax.vmap(loss, in_axes=(None, None, 0, 0, 0, None))(params, config, Xs, Zs, Es, keys[0])
    g_diff_2, lm_diff_2, c_rels, X1s, Z1s, E1s = jax.vmap(loss, in_axes=(None, None, 0, 0, 0, None))(params, config, Xs, Zs, Es, keys[1])
    g2 = g_diff_1 * g_diff_2
    lm2 = lm_diff_1 * lm_diff_2

    return jnp.squeeze(jnp.mean(g2 + lm2)), (jnp.squeeze(jnp.mean(g2)), jnp.squeeze(jnp.mean(lm2)), c_rels, Z1s, E1s, X1s)


@jax.jit
def next_state(Z, E, config, key):
    Z_prime = config['rho_z'] * Z + config['sigma_z'] * jax.random.normal(key,)
    E_prime = config['rho_e'] * E + config['sigma_e'] * jax.random.normal(key, shape=(k,))
    return Z_prime, E_prime


def simulate_state_forward(params, config, Xs, Zs, Es, key, n_forward):
    keys = jax.random.split(key, Zs.shape[0] * n_forward).reshape(n_forward, Zs.shape[0], 2)
    for i in range(n_forward):
        Xs = jax.vmap(next_X, in_axes=(None, None, 0, 0, 0))(params, config, Xs, Zs, Es)
        Zs, Es = jax.vmap(next_state, in_axes=(0, 0, None, 0))(Zs, Es, config, keys[i])
    return Xs, Zs, Es, keys[-1, -1]


def generate_random_state(params, config, key, n_forward=0):
    Zs = jnp.zeros(shape=(n // 2,))
    Es = jnp.zeros(shape=(n // 2, k))
    Xs = jnp.exp(a * jax.random.normal(jax.random.PRNGKey(np.random.randint(1, int(1e8))), shape=(n // 2, k))) + b
    if n_forward > 0:
        Xs, Zs, Es, key = simulate_state_forward(params, config, Xs, Zs, Es, key, n_forward)

    return Xs, Zs, Es, key


def train_step(params, config, Xs, Zs, Es, keys, sample):
    val, grad = jax.value_and_grad(batch_loss, has_aux=True)(params, config, Xs[sample], Zs[sample], Es[sample], keys)
    return val, grad
