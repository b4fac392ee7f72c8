# Source: https://github.com/terrence-ou/Generative-Deep-Learning-2nd-Edition-PyTorch-JAX/blob/e10f255f833b3e976339bd646c3d607f1c0cac80/JAX_FLAX/chapter_07_energy_based_model/01_ebm.ipynb
# Title: JAX_FLAX/chapter_07_energy_based_model/01_ebm.ipynb -- JAX/Flax translation of the Keras EBM example of Generative Deep Learning (2nd ed.)
# Cut: notebook converted to a .py file; kept the hyper-parameter cell, the jitted Langevin step,
#      generate_samples and the replay Buffer; model definition, training and plotting cells dropped.
import random
from typing import Any

import numpy as np
import jax
import jax.numpy as jnp

IMG_SIZE = 32
CHANNELS = 1
STEP_SIZE = 10
STEPS = 60
NOISE = 5e-3
ALPHA = 0.1
GRADIENT_CLIP = 3e-2
BATCH_SIZE = 128
BUFFER_SIZE = 8192
LEARNING_RATE = 1e-4
EPOCHS = 60

@jax.jit
def take_step(state, input_imgs, rng):
    
    @jax.grad
    def grad_fn(input_imgs):
        return state.apply_fn({"params": state.params},
                              input_imgs).sum()
        
    # step 1, add noise to the input image
    key, rng = jax.random.split(rng, 2)
    noise = jax.random.normal(key, shape=input_imgs.shape) * NOISE
    input_imgs += noise

    # step 2, get gradients for the current input
    grads = grad_fn(input_imgs)
    grads = jnp.clip(grads, a_min=-GRADIENT_CLIP, a_max=GRADIENT_CLIP)

    # step 3, apply gradients to the current input
    input_imgs += STEP_SIZE * grads + noise
    return input_imgs, rng
    

def generate_samples(state, rng, input_imgs, steps, step_size, return_img_per_step=False):
    if return_img_per_step:
        imgs_per_step = []
    
    for _ in range(steps):
        input_imgs, rng = take_step(state, input_imgs, rng)
        if return_img_per_step:
            imgs_per_step.append(np.array(input_imgs))

    if return_img_per_step:
        return np.stack(imgs_per_step, axis=0)
    else:
        return input_imgs

class Buffer:

    sample_size:int = BATCH_SIZE
    channels:int = CHANNELS
    img_size:int = IMG_SIZE
    buffer_size:int = BUFFER_SIZE
    rng:Any = jax.random.PRNGKey(0)

    def __init__(self):
        self.examples = []
        for _ in range(self.sample_size):
            self.examples.append(
                np.random.uniform(low=-1.0, high=1.0, size=(1, self.img_size, self.img_size, self.channels))
            )
        self.generate_samples = generate_samples
    
    def sample_new_exmps(self, state, steps, step_size):
        key, self.rng = jax.random.split(self.rng, 2)
        # 95% samples from self.examples
        n_new = np.random.binomial(self.sample_size, 0.05)
        old_imgs = np.concatenate(random.choices(self.examples, k=self.sample_size-n_new), axis=0)
        # 5% samples from random noise
        rand_imgs = np.random.uniform(low=-1.0, 
                                      high=1.0, 
                                      size=(n_new, self.img_size, self.img_size, self.channels))
        input_imgs = np.concatenate([rand_imgs, old_imgs], axis=0)

        input_imgs = self.generate_samples(state, key, input_imgs, steps, step_size)
        input_imgs = np.array(input_imgs)
        self.examples = list(np.split(input_imgs,
                                      indices_or_sections=self.sample_size,
                                      axis=0)) + self.examples
        self.examples = self.examples[:self.buffer_size]
        return input_imgs

