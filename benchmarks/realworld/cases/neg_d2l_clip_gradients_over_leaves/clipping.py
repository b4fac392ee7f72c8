# Source: https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/chapter_recurrent-neural-networks/rnn-scratch.md
# Title: Dive into Deep Learning 9.5 "Recurrent Neural Network Implementation from Scratch", Gradient Clipping (JAX tab)
# Cut: kept clip_gradients; d2l.add_to_class is written as a method of a stand-in Trainer.
import jax
from jax import numpy as jnp


class Trainer:
    def clip_gradients(self, grad_clip_val, grads):
        grad_leaves, _ = jax.tree_util.tree_flatten(grads)
        norm = jnp.sqrt(sum(jnp.vdot(x, x) for x in grad_leaves))
        clip = lambda grad: jnp.where(norm < grad_clip_val,
                                      grad, grad * (grad_clip_val / norm))
        return jax.tree_util.tree_map(clip, grads)
