# Source: https://github.com/yolky/RCIG/blob/a9fb1fa464972d50be844c5923eb6e9b79c8f960/algorithms.py
# Title: algorithms.py (RCIG dataset distillation)
# Cut: only batch_precompute; imports reduced

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=('apply_fn', 'max_forward_batch_size'))
def batch_precompute(apply_fn, variables, images, max_forward_batch_size = None):
    if max_forward_batch_size is None or max_forward_batch_size >= images.shape[0]:
        (_, feat), (out, _), _ = jax.lax.stop_gradient(apply_fn(variables, images, features = True, train = False, mutable=['batch_stats'], return_all = True))

        return feat, out

    else:
        def body_fn(carry, t):
            i = carry

            batch_images = jax.lax.stop_gradient(jax.lax.dynamic_slice(images, (i * max_forward_batch_size, 0, 0, 0), (max_forward_batch_size, images.shape[1], images.shape[2], images.shape[3])))
            (_, feat), (out, _), _ = jax.lax.stop_gradient(apply_fn(variables, batch_images, features = True, train = False, mutable=['batch_stats'], return_all = True))

            return i+1, jax.lax.stop_gradient([feat, out])

        _, [feats, outs] = jax.lax.scan(body_fn, 0, jnp.arange((images.shape[0] - 1)//max_forward_batch_size))
        final_batch_size = ((images.shape[0] - 1) % max_forward_batch_size) + 1

        (_, feat), (out, _), _ = jax.lax.stop_gradient(apply_fn(variables, images[images.shape[0]-final_batch_size:], features = True, train = False, mutable=['batch_stats'], return_all = True))


        feats, outs =  jnp.concatenate([feats.reshape(-1, feats.shape[-1]), feat]), jnp.concatenate([outs.reshape(-1, outs.shape[-1]), out])

        return feats, outs

