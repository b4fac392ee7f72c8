# Source: https://github.com/vitchun/DSA4288/blob/f3a83805f73671c89825d9090a95c9c18e24b83b/RL%20for%20Sampling/Bayesian%20Logistic%20Regression.ipynb
# Title: RL for Sampling/Bayesian Logistic Regression.ipynb, cell 2 (Differentiable RLFS on Breast Cancer Dataset)
# Cut: cell 2 converted to a script; the predictive metrics and evaluation part dropped; the Actor/TimeEmbed modules kept.
import jax
import jax.numpy as jnp
from jax import random, lax, value_and_grad, jit
from flax import linen as nn
import optax
import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

data = load_breast_cancer()
X = data.data
y = data.target.astype(np.float32)

scaler = StandardScaler()
X = scaler.fit_transform(X)

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)

X_train = jnp.array(X_train)
X_test = jnp.array(X_test)
y_train = jnp.array(y_train)
y_test = jnp.array(y_test)

D_base = X_train.shape[1]  # 30
D = D_base + 1             # weights + bias


def blr_log_unnormalized(params, X, y, alpha=1.0):
    w, b = params[:-1], params[-1]
    logits = X @ w + b
    log_lik = jnp.sum(y * jax.nn.log_sigmoid(logits) + (1 - y) * jax.nn.log_sigmoid(-logits))
    log_prior = -0.5 * alpha * jnp.dot(params, params)
    return log_lik + log_prior


class TimeEmbed(nn.Module):
    hidden: int = 64
    @nn.compact
    def __call__(self, t):
        freqs = jnp.asarray([1., 2., 4., 8., 16.])
        sinus = jnp.concatenate([
            jnp.sin(2*jnp.pi*freqs[None,:]*t[:,None]),
            jnp.cos(2*jnp.pi*freqs[None,:]*t[:,None])
        ], axis=-1)
        h = nn.relu(nn.Dense(self.hidden)(sinus))
        return nn.relu(nn.Dense(self.hidden)(h))


class Actor(nn.Module):
    hidden: int = 256
    out_dim: int = 31  # D = 30 + 1
    @nn.compact
    def __call__(self, x, t):
        te = TimeEmbed()(t)
        h = jnp.concatenate([x, te], axis=-1)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.relu(nn.Dense(self.hidden)(h))
        return 1.5 * jnp.tanh(nn.Dense(self.out_dim)(h))


@jit
def logF(x, x_next, a, sigma):
    diff = x_next - x - a
    return -jnp.sum(diff**2, axis=-1) / (2*sigma**2)


@jit
def logB(x, x_next, sigma):
    diff = x - jnp.sqrt(1-sigma**2)*x_next
    return -jnp.sum(diff**2, axis=-1) / (2*sigma**2)


def make_rollout_trajectory(T, actor_forward):
    invT = jnp.array(1.0/T, dtype=jnp.float32)
    def step(carry, _):
        key, x, t, params, sigma = carry
        key, sub = random.split(key)
        a = actor_forward(params, x, t)
        eps = random.normal(sub, x.shape)
        x_next = jnp.sqrt(1-sigma**2)*x + a + sigma*eps
        t_next = t + invT
        r = logB(x, x_next, sigma) - logF(x, x_next, a, sigma)
        carry = (key, x_next, t_next, params, sigma)
        trans = (x, a, t, r, x_next, t_next)
        return carry, trans
    @jit
    def rollout(key, x0, t0, params, sigma):
        init = (key, x0, t0, params, sigma)
        (key_f, xT, tT, _, _), (xs, as_, ts, rs, xns, tns) = lax.scan(step, init, None, length=T)
        return (xs, as_, ts, rs, xns, tns), (xT, tT)
    return rollout


def rlfs_loss(params, key, X, y, alpha, sigma=0.2, T=24, B=512):
    actor = Actor(out_dim=D)
    rollout = make_rollout_trajectory(T, lambda p, x, t: actor.apply(p, x, t))
    key, sub = random.split(key)
    x0 = 0.5 * random.normal(sub, (B, D))
    t0 = jnp.zeros((B,))
    (_, _, _, rs, _, _), (xT, _) = rollout(key, x0, t0, params, sigma)
    r_term = jax.vmap(lambda xx: blr_log_unnormalized(xx, X, y, alpha))(xT)
    total_r = jnp.sum(rs, axis=0) + r_term
    return -jnp.mean(total_r)


LR = 3e-4
SIGMA = 0.2
T_H = 24
ALPHA = 1.0
BATCH = 512
EPOCHS = 3000

actor = Actor(out_dim=D)
key = random.PRNGKey(42)
params = actor.init(key, jnp.zeros((1, D)), jnp.zeros((1,)))
opt = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(LR))
opt_state = opt.init(params)


@jit
def train_step(params, opt_state, key):
    loss, grads = value_and_grad(rlfs_loss)(params, key, X_train, y_train, ALPHA, SIGMA, T_H, BATCH)
    updates, opt_state = opt.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


for it in range(EPOCHS):
    key, sub = random.split(key)
    params, opt_state, loss = train_step(params, opt_state, sub)
