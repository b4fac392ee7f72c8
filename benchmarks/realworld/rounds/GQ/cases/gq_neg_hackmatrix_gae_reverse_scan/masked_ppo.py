# Source: https://github.com/charleseff/hack-matrix/blob/d9539d9015d89df4bfab6fe551bd8a8bcc37be90/python/hackmatrix/purejaxrl/masked_ppo.py
# Title: hack-matrix python/hackmatrix/purejaxrl/masked_ppo.py (GAE as a reversed lax.scan)
# Cut: only compute_gae
import jax
import jax.numpy as jnp


def compute_gae(
    rewards: jax.Array,
    values: jax.Array,
    dones: jax.Array,
    gamma: float,
    gae_lambda: float,
) -> tuple[jax.Array, jax.Array]:
    """Compute Generalized Advantage Estimation (GAE)."""

    def _compute_gae_step(carry, inp):
        gae, next_value = carry
        reward, value, done = inp

        # TD error: r + gamma * V(s') * (1 - done) - V(s)
        delta = reward + gamma * next_value * (1.0 - done) - value

        # GAE: delta + gamma * lambda * (1 - done) * GAE(t+1)
        gae = delta + gamma * gae_lambda * (1.0 - done) * gae

        return (gae, value), gae

    # Scan backwards through time
    # values[:-1] are V(s_t), values[-1] is V(s_{T+1}) for bootstrap
    init_carry = (jnp.zeros_like(values[-1]), values[-1])
    inputs = (rewards, values[:-1], dones)

    # Reverse inputs for backward scan
    reversed_inputs = jax.tree.map(lambda x: x[::-1], inputs)

    _, advantages = jax.lax.scan(_compute_gae_step, init_carry, reversed_inputs)

    # Reverse advantages to correct order
    advantages = advantages[::-1]
    returns = advantages + values[:-1]
    return advantages, returns
