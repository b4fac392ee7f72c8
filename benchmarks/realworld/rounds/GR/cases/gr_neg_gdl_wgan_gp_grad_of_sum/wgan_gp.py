# Source: https://github.com/terrence-ou/Generative-Deep-Learning-2nd-Edition-PyTorch-JAX/blob/e10f255f833b3e976339bd646c3d607f1c0cac80/JAX_FLAX/chapter_04_gan/02_wgan_gp.ipynb
# Title: Generative Deep Learning (2nd ed.) in JAX/Flax, chapter 4: WGAN-GP on CelebA (notebook)
# Cut: code cells 2, 4, 14, 16 and 20 converted to a .py file; dropped data loading, the Generator/Critic modules,
#      train-state builders (g_state/c_state/train_ds/num_batch come from them) and the plotting part of cell 20.
import numpy as np
import time
from collections import defaultdict
from typing import Any
from tqdm.notebook import tqdm

import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow.keras import utils

import jax
import jax.numpy as jnp
from functools import partial

from flax import struct
import flax.linen as nn
from flax.training import train_state

import optax
from clu import metrics
DATA_DIR = '../../data/CelebFaces/img_align_celeba/img_align_celeba/'
IMAGE_SIZE = 64
CHANNELS = 3
BATCH_SIZE = 128
Z_DIM = 128
LR = 1e-4
EPOCHS = 25
ADAM_BETA_1 = 0.5
ADAM_BETA_2 = 0.9
CRITIC_STEPS = 2
GP_WEIGHT = 10.0
# Loss function for generator
def g_loss_fn(g_state_params, c_state, g_state, rng):
    latents = jax.random.normal(rng, shape=(BATCH_SIZE, Z_DIM))
    
    # generate fake images
    fake_imgs, g_variables = g_state.apply_fn(
                                {'params': g_state_params, 'batch_stats': g_state.batch_stats},
                                latents,
                                train=True,
                                mutable=['batch_stats'])
    
    # get discriminator's preds on fake images
    dropout_train_key = jax.random.fold_in(key=c_state.key, data=c_state.step)
    fake_preds = c_state.apply_fn(
                        {'params': c_state.params},
                        fake_imgs,
                        train=True,
                        rngs={'dropout': dropout_train_key})

    
    g_loss = -fake_preds.mean()
    
    # Update metrics
    metric_updates = g_state.metrics.single_from_model_output(
                            g_loss = g_loss)
    metrics = g_state.metrics.merge(metric_updates)
    g_state = g_state.replace(metrics=metrics)
    
    return g_loss, (g_variables, g_state)


# get gradient penalty when training the critic
def gradient_penalty(real_imgs, fake_imgs, c_state, rng):
    @jax.grad
    def grad_fn(interpo_imgs):
        return c_state.apply_fn(
                        {'params': c_state.params},
                        interpo_imgs,
                        train=True,
                        rngs={'dropout': dropout_key}).sum()
    
    dropout_train_key, rng = jax.random.split(rng, 2)
    # Get interpolated images
    alpha = jax.random.normal(rng, shape=(BATCH_SIZE, 1, 1, 1))
    interpo_imgs = (1 - alpha) * real_imgs + alpha * fake_imgs
    # compute gradient penalty
    grads = grad_fn(interpo_imgs)
    gd_norm = jnp.linalg.norm(grads.reshape(BATCH_SIZE, -1), axis=1)
    return jnp.mean((gd_norm - 1.0) ** 2)

    
# Loss function for discriminator
def c_loss_fn(c_state_params, c_state, g_state, real_imgs, rng):
    
    # generate fake images
    latents = jax.random.normal(rng, shape=(BATCH_SIZE, Z_DIM))
    fake_imgs, g_variables = g_state.apply_fn(
                            {'params': g_state.params, 'batch_stats': g_state.batch_stats},
                            latents,
                            train=True,
                            mutable=['batch_stats'])

    # get discriminator's preds on real images
    dropout_train_key = jax.random.fold_in(key=c_state.key, data=c_state.step)
    real_preds = c_state.apply_fn(
                            {'params': c_state_params},
                            real_imgs,
                            train=True,
                            rngs={'dropout': dropout_train_key})

    # get discriminator's preds on fake images
    dropout_train_key = jax.random.fold_in(key=c_state.key, data=c_state.step)
    fake_preds = c_state.apply_fn(
                            {'params': c_state_params},
                            fake_imgs,
                            train=True,
                            rngs={'dropout': dropout_train_key})

    gp = gradient_penalty(real_imgs, fake_imgs, c_state, rng)
    
    # Compute losses
    real_loss = -real_preds.mean() # Gradient ascent for real loss
    fake_loss = fake_preds.mean() # Gradient descent for fake loss
    c_wass_loss = fake_loss + real_loss
    c_loss = c_wass_loss + GP_WEIGHT * gp


    # Update metrics
    metric_updates = c_state.metrics.single_from_model_output(
                                c_wass_loss = c_wass_loss,
                                c_loss = c_loss,
                                c_gp = gp)
    metrics = c_state.metrics.merge(metric_updates)
    c_state = c_state.replace(metrics=metrics)
    

    return c_loss, (g_variables, c_state)
@jax.jit
def train_critic(rng, g_state, c_state, real_imgs):
    rng, rng_c = jax.random.split(rng, num=2)
    # create gradient functions
    c_grad_fn = jax.value_and_grad(c_loss_fn, has_aux=True, allow_int=True)
    # update critic
    (c_loss, (g_variables, c_state)), c_grads = c_grad_fn(c_state.params, c_state, g_state, real_imgs, rng_c)
    c_state = c_state.apply_gradients(grads=c_grads)
    return rng, c_state


@jax.jit
def train_generator(rng, g_state, c_state):
    rng, rng_g = jax.random.split(rng, num=2)
    # create gradient function
    g_grad_fn = jax.value_and_grad(g_loss_fn, has_aux=True, allow_int=True)
    # update generator
    (g_loss, (g_variables, g_state)), g_grads = g_grad_fn(g_state.params, c_state, g_state,rng_g)
    g_state = g_state.apply_gradients(grads=g_grads)
    g_state = g_state.replace(batch_stats=g_variables['batch_stats'])
    return rng, g_state
prev_time = time.time()
history = defaultdict(list)

for epoch in range(EPOCHS):
    for i in tqdm(range(num_batch)):
        
        for _ in range(CRITIC_STEPS):    
            
            try:
                real_imgs = next(train_iter)
            except StopIteration:
                train_iter = iter(train_ds.as_numpy_iterator())
                real_imgs = next(train_iter)
    
            rng, c_state = train_critic(rng, g_state, c_state, real_imgs)
            
        rng, g_state = train_generator(rng, g_state, c_state)
