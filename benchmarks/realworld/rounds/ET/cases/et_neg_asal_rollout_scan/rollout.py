# Source: https://github.com/SakanaAI/asal/blob/677ba0ea4d3b3ca78273c9906c6e84d2b1481ce7/rollout.py
# Title: rollout.py (ASAL: roll out an artificial-life substrate and embed its frames)
# Cut: docstring shortened; the 'final', 'video' and sampled-interval branches kept verbatim; the
#      commented-out chunked variant at the end dropped.
import jax
import jax.numpy as jnp
from jax.random import split


def rollout_simulation(rng, params, s0=None,
                       substrate=None, fm=None, rollout_steps=256, time_sampling='final', img_size=224, return_state=False):
    """
    rollout_fn = partial(rollout_simulation, s0=None, substrate=substrate, fm=fm, rollout_steps=256, time_sampling=8, img_size=224, return_state=False)
    rollout_fn = jax.jit(rollout_fn) # jit for speed
    """
    if s0 is None:
        s0 = substrate.init_state(rng, params)
    embed_img_fn = (lambda img: None) if fm is None else fm.embed_img

    if time_sampling == 'final': # return only the final state
        def step_fn(state, _rng):
            next_state = substrate.step_state(_rng, state, params)
            return next_state, None
        state_final, _ = jax.lax.scan(step_fn, s0, split(rng, rollout_steps))
        img = substrate.render_state(state_final, params=params, img_size=img_size)
        z = embed_img_fn(img)
        return dict(rgb=img, z=z, state=(state_final if return_state else None))
    elif time_sampling == 'video': # return the entire rollout
        def step_fn(state, _rng):
            next_state = substrate.step_state(_rng, state, params)
            img = substrate.render_state(state, params=params, img_size=img_size)
            z = embed_img_fn(img)
            return next_state, dict(rgb=img, z=z, state=(state if return_state else None))
        _, data = jax.lax.scan(step_fn, s0, split(rng, rollout_steps))
        return data
    elif isinstance(time_sampling, int) or isinstance(time_sampling, tuple): # return the rollout at K sampled intervals
        K, chunk_ends = time_sampling if isinstance(time_sampling, tuple) else (time_sampling, False)
        chunk_steps = rollout_steps // K
        def step_fn(state, _rng):
            next_state = substrate.step_state(_rng, state, params)
            return next_state, state
        _, state_vid = jax.lax.scan(step_fn, s0, split(rng, rollout_steps))
        if chunk_ends:
            idx_sample = jnp.arange(chunk_steps-1, rollout_steps, chunk_steps)
        else:
            idx_sample = jnp.arange(0, rollout_steps, chunk_steps)
        state_vid = jax.tree.map(lambda x: x[idx_sample], state_vid)
        def render_state(_, state):
            img = substrate.render_state(state, params=params, img_size=img_size)
            z = embed_img_fn(img)
            return _, dict(state=state, rgb=img, z=z)
        _, data = jax.lax.scan(render_state, None, state_vid)
        return data
