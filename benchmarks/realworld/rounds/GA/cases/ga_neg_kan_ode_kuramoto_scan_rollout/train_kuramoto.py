# Source: https://github.com/jqiu19/Modified-SincKAN-for-PDE-and-dynamical-system-learning/blob/8eee538d58129109a74da9f2e4010db441b586a9/KAN-ODEs/Kuramoto-JAX/train_kuramoto.py
# Title: Modified-SincKAN KAN-ODEs/Kuramoto-JAX/train_kuramoto.py
# Cut: only the MLP model kept (KAN/Sinc variants dropped); plotting, argparse and JSON logging dropped; main() cut to the jitted step, the jitted metrics and the host epoch loop.
import math

import jax
import jax.numpy as jnp


def kuramoto_rhs(theta, omega, coupling):
    diff = theta[None, :] - theta[:, None]
    return omega + (coupling / theta.shape[0]) * jnp.sum(jnp.sin(diff), axis=1)


def rk4_step(fn, x, dt):
    k1 = fn(x)
    k2 = fn(x + 0.5 * dt * k1)
    k3 = fn(x + 0.5 * dt * k2)
    k4 = fn(x + dt * k3)
    return x + (dt / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)


def rollout(fn, x0, num_steps, dt):
    def body(x, _):
        x_next = rk4_step(fn, x, dt)
        return x_next, x_next

    _, xs = jax.lax.scan(body, x0, None, length=num_steps)
    return jnp.concatenate([x0[None, :], xs], axis=0)


def glorot(key, shape):
    fan_in, fan_out = shape[0], shape[1]
    std = math.sqrt(2.0 / (fan_in + fan_out))
    return std * jax.random.normal(key, shape, dtype=jnp.float32)


def init_dense(key, in_dim, out_dim, scale=1.0):
    return {
        "w": scale * glorot(key, (in_dim, out_dim)),
        "b": jnp.zeros((out_dim,), dtype=jnp.float32),
    }


def dense(params, x):
    return x @ params["w"] + params["b"]


def init_mlp(key, in_dim, hidden_dim, out_dim, depth):
    keys = jax.random.split(key, depth + 1)
    layers = []
    d = in_dim
    for i in range(depth):
        layers.append(init_dense(keys[i], d, hidden_dim))
        d = hidden_dim
    layers.append(init_dense(keys[-1], d, out_dim, scale=0.1))
    return {"layers": layers}


def apply_mlp(params, x):
    h = x
    for layer in params["layers"][:-1]:
        h = jnp.tanh(dense(layer, h))
    return dense(params["layers"][-1], h)


def tree_zeros_like(tree):
    return jax.tree_util.tree_map(jnp.zeros_like, tree)


def adam_update(params, grads, state, lr, beta1=0.9, beta2=0.999, eps=1e-8):
    t = state["t"] + 1
    m = jax.tree_util.tree_map(lambda m, g: beta1 * m + (1.0 - beta1) * g, state["m"], grads)
    v = jax.tree_util.tree_map(lambda v, g: beta2 * v + (1.0 - beta2) * (g * g), state["v"], grads)
    mhat = jax.tree_util.tree_map(lambda x: x / (1.0 - beta1 ** t), m)
    vhat = jax.tree_util.tree_map(lambda x: x / (1.0 - beta2 ** t), v)
    params = jax.tree_util.tree_map(lambda p, mh, vh: p - lr * mh / (jnp.sqrt(vh) + eps), params, mhat, vhat)
    return params, {"m": m, "v": v, "t": t}


def make_loss_fn(apply_fn, ref, train_len, dt):
    train_ref = ref[:train_len]

    def loss_fn(params):
        pred = rollout(lambda x: apply_fn(params, x), train_ref[0], train_len - 1, dt)
        return jnp.mean((pred - train_ref) ** 2)

    return loss_fn


def compute_metrics(params, apply_fn, ref, train_len, dt, horizons):
    full_pred = rollout(lambda x: apply_fn(params, x), ref[0], ref.shape[0] - 1, dt)
    train_mse = jnp.mean((full_pred[:train_len] - ref[:train_len]) ** 2)
    test_mse = jnp.mean((full_pred[train_len - 1:] - ref[train_len - 1:]) ** 2)

    start = train_len - 1
    metrics = {"train_mse": train_mse, "test_mse": test_mse}
    for h in horizons:
        steps = int(round(h / dt))
        short_pred = rollout(lambda x: apply_fn(params, x), ref[start], steps, dt)
        metrics[f"short_mse_{str(h).replace('.', 'p')}"] = jnp.mean(
            (short_pred - ref[start:start + steps + 1]) ** 2
        )
    return metrics, full_pred


def main(ref, train_len, n=50, width=64, depth=2, dt=0.05, epochs=100000, log_every=100, lr=5e-4):
    params = init_mlp(jax.random.PRNGKey(10_000), n, width, n, depth)
    apply_fn = apply_mlp

    loss_fn = make_loss_fn(apply_fn, ref, train_len, dt)
    value_and_grad = jax.jit(jax.value_and_grad(loss_fn))

    @jax.jit
    def train_step(params, opt_state, step):
        loss, grads = value_and_grad(params)
        params, opt_state = adam_update(params, grads, opt_state, lr)
        return params, opt_state, loss

    metric_fn = jax.jit(lambda p: compute_metrics(p, apply_fn, ref, train_len, dt, (0.5, 1.0, 2.0)))
    opt_state = {"m": tree_zeros_like(params), "v": tree_zeros_like(params), "t": 0}

    for epoch in range(1, epochs + 1):
        params, opt_state, loss = train_step(params, opt_state, epoch)
        if epoch == 1 or epoch % log_every == 0 or epoch == epochs:
            metrics, pred = metric_fn(params)
    return params
