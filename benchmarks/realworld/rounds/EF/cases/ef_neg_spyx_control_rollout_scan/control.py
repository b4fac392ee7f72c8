# Source: https://github.com/kmheckel/spyx/blob/fcb5d91d8b153f3bfd0844511c3cf19d5612ac85/src/spyx/experimental/zoo/control.py
# Title: spyx src/spyx/experimental/zoo/control.py
# Cut: kept synthetic_batch and rollout_cost; constants and the last `fitness` line reconstructed (demo() evaluates rollout_cost per ES candidate); model construction and the evosax demo dropped
import jax
import jax.numpy as jnp

OBS_DIM = 2
DT = 0.05
ROLLOUT_STEPS = 100


def synthetic_batch(key=None, batch_size: int = 16):
    if key is None:
        key = jax.random.PRNGKey(0)
    init_states = jax.random.uniform(
        key, (batch_size, OBS_DIM), minval=-1.0, maxval=1.0
    )
    return (init_states,)


def rollout_cost(model, init_states):
    batch = init_states.shape[0]
    neuron_state = model.initial_state(batch)

    def step(carry, _):
        env, nstate = carry
        action, nstate = model(env, nstate)
        force = action[..., 0]
        v = env[..., 1] + DT * force
        x = env[..., 0] + DT * v
        cost = x**2
        return (jnp.stack([x, v], axis=-1), nstate), cost

    (_, _), costs = jax.lax.scan(
        step, (init_states, neuron_state), None, length=ROLLOUT_STEPS
    )
    return jnp.mean(jnp.sum(costs, axis=0))


loss = rollout_cost
fitness = jax.jit(jax.vmap(lambda m, s: rollout_cost(m, s), in_axes=(None, 0)))
