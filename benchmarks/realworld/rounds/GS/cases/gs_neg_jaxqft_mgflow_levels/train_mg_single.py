# Source: https://github.com/orginos/jaxQFT/blob/3944a49c5635f74ef1652d1075be61583b8708e9/scripts/phi4/train_mg_single.py
# Title: scripts/phi4/train_mg_single.py (Train a single MGFlow model for phi^4 (JAX) with resume/validation)
# Cut: kept loss_fn, the jitted optax step and the start of the host-side validation; the
#      argument parsing, checkpointing and plotting are dropped; `make_step` wraps the author's step.
import jax
import jax.numpy as jnp
import numpy as np
import optax

from phi4_mg import mgflow_g, mgflow_log_prob, mgflow_prior_sample


def loss_fn(cfg, weights, key, batch_size, theory):
    z = mgflow_prior_sample(key, cfg, batch_size)
    x = mgflow_g(cfg, z, weights)
    return jnp.mean(mgflow_log_prob(cfg, x, weights) + theory.action(x))


def validate(cfg, weights, theory, key, batch_size, super_batch, tag):
    diffs = []
    for _ in range(super_batch):
        key, k = jax.random.split(key)
        z = mgflow_prior_sample(k, cfg, batch_size)
        x = mgflow_g(cfg, z, weights)
        ds = mgflow_log_prob(cfg, x, weights) + theory.action(x)
        ds = np.asarray(ds)
        ds = ds[np.isfinite(ds)]
        if ds.size:
            diffs.append(ds)
    if not diffs:
        print("Validation: no finite deltaS samples")
        return key

    diff = np.concatenate(diffs)
    m_diff = diff.mean()
    centered = diff - m_diff
    return key, diff


def make_step(cfg, batch_size, theory, opt):
    @jax.jit
    def step(weights, opt_state, key):
        l, grads = jax.value_and_grad(loss_fn, argnums=1)(cfg, weights, key, batch_size, theory)
        updates, opt_state = opt.update(grads, opt_state, weights)
        weights = optax.apply_updates(weights, updates)
        return weights, opt_state, l

    return step
