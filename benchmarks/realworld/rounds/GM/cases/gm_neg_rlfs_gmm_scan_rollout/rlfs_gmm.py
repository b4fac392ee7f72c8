# Source: https://github.com/vitchun/DSA4288/blob/f3a83805f73671c89825d9090a95c9c18e24b83b/RL%20for%20Sampling/2D%20Gaussian.ipynb
# Title: RL for Sampling/2D Gaussian.ipynb, cell 0 (RLFS sanity check: full backprop on a 2D GMM)
# Cut: cell 0 converted to a script; evaluation and plotting inside the training loop dropped.
import jax
import jax.numpy as jnp
from jax import random, lax, jit, value_and_grad
from flax import linen as nn
from flax.training.train_state import TrainState
import optax

T = 12            # horizon (static)
SIGMA = 0.35      # noise std
BATCH = 8000      # batch size for rollout (GPU-friendly)
STEPS = 1000      # training iterations
LR = 3e-3         # learning rate
A_MAX = 1.0       # action bound to keep drift stable
STATE_CLIP = 12.0 # optional state clamp for early stability

MEANS = jnp.array([[ 2.,  2.], [-2., -2.], [ 2., -2.], [-2.,  2.]], dtype=jnp.float32)
COVS = jnp.stack([jnp.eye(2, dtype=jnp.float32)*0.35 for _ in range(4)], axis=0)
PREC = jnp.linalg.inv(COVS)
LOGC = -0.5 * jnp.log(jnp.linalg.det(2*jnp.pi*COVS))
WEI = jnp.ones((4,), dtype=jnp.float32) / 4


@jit
def gmm_log_unnormalized(x):
    # x: (B,2)
    def comp(mean, prec, logc):
        dx = x - mean
        q = jnp.einsum('bi,ij,bj->b', dx, prec, dx)
        return logc - 0.5*q
    logps = jax.vmap(comp, in_axes=(0,0,0))(MEANS, PREC, LOGC).T  # (B,K)
    m = jnp.max(logps + jnp.log(WEI), axis=1, keepdims=True)
    lse = m + jnp.log(jnp.sum(jnp.exp(logps + jnp.log(WEI) - m), axis=1, keepdims=True))
    return lse.squeeze(1)


class TimeEmbed(nn.Module):
    hidden: int = 32
    @nn.compact
    def __call__(self, t):
        freqs = jnp.asarray([1.,2.,4.,8.,16.], dtype=jnp.float32)
        sinus = jnp.concatenate([
            jnp.sin(2*jnp.pi*freqs[None,:]*t[:,None]),
            jnp.cos(2*jnp.pi*freqs[None,:]*t[:,None])
        ], axis=-1)
        h = nn.relu(nn.Dense(self.hidden)(sinus))
        h = nn.relu(nn.Dense(self.hidden)(h))
        return h


class Actor(nn.Module):
    hidden: int = 512
    a_max: float = A_MAX
    @nn.compact
    def __call__(self, x, t):
        te = TimeEmbed(hidden=64)(t)
        h = jnp.concatenate([x, te], axis=-1)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.relu(nn.Dense(self.hidden)(h))
        raw = nn.Dense(2)(h)
        return jnp.tanh(raw) * self.a_max


@jit
def actor_forward(params, x, t):
    return Actor(a_max=A_MAX).apply(params, x, t)


SQRT1M = jnp.sqrt(1.0 - SIGMA**2)
INV_T = jnp.array(1.0/T, dtype=jnp.float32)


@jit
def one_step(carry, key):
    params, x, t, loss_acc = carry
    key, sub = random.split(key)
    a = actor_forward(params, x, t)
    eps = random.normal(sub, x.shape)
    x_next = x + a + SIGMA * eps
    x_next = jnp.clip(x_next, -STATE_CLIP, STATE_CLIP)
    t_next = t + INV_T
    logF = -jnp.sum((x_next - x - a)**2, axis=-1)/(2*SIGMA**2)
    logB = -jnp.sum((x - SQRT1M * x_next)**2, axis=-1)/(2*SIGMA**2)
    loss_acc = loss_acc + jnp.mean(logF - logB)
    return (params, x_next, t_next, loss_acc), None


@jit
def rollout_loss(params, key):
    key, kx = random.split(key)
    x0 = random.normal(kx, (BATCH, 2))
    t0 = jnp.zeros((BATCH,), dtype=jnp.float32)
    carry = (params, x0, t0, jnp.array(0.0, dtype=jnp.float32))
    keys = random.split(key, T)
    (params_f, xT, tT, sum_terms), _ = lax.scan(one_step, carry, keys)
    term = -jnp.mean(gmm_log_unnormalized(xT))
    return sum_terms + term, (xT,)


loss_and_grad = jit(value_and_grad(rollout_loss, has_aux=True))

if __name__ == "__main__":
    key = random.PRNGKey(0)
    dummy_x = jnp.zeros((1,2)); dummy_t = jnp.zeros((1,))
    key, ka = random.split(key)
    params = Actor(a_max=A_MAX).init(ka, dummy_x, dummy_t)
    state = TrainState.create(apply_fn=Actor(a_max=A_MAX).apply, params=params, tx=optax.adam(LR))

    for it in range(STEPS):
        key, k = random.split(key)
        (loss_val, xT), grads = loss_and_grad(state.params, k)
        state = state.apply_gradients(grads=grads)
