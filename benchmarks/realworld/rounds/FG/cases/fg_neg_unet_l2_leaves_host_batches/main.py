# Source: https://github.com/swyang50066/jax-vision/blob/7f9dd9df337d4ac9d1fb2e81b2c8561a8605f19d/source/u-net/main.py
# Title: source/u-net/main.py (U-Net with haiku, training runner)
# Cut: kept the loss factory (dice loss + L2 over parameter leaves), the jitted step and the host-side batch assembly; dropped the scheduler, data generator, setup/update/evaluate and the commented pmap notes. The author's typos are kept; the return line of step is restored.
from typing import *
from functools import partial
from itertools import cycle

import cv2

import numpy as np
import jax
import jax.numpy as jnp
import haiku as hk
import optax

from unet import UNet


def _network(x, is_training: bool = True) -> hk.Module:
    """Semantic function to return network model"""
    return UNet()(x, is_training=is_training)


def _loss_func(alpha: float =1.e-6):
    """Semantic funciton to return loss function"""
    def l2_regularier(params):
        """Return L2 weight regularization term"""
        return 0.5*alpha*sum(
            jnp.sum(jnp.square(p)) for p in jax.tree_util.tree_leaves(params)
        )
        
    def dice_loss(params, y_train, y_pred):
        """Dice loss function"""
        onehot = jax.nn.one_hot(np.cast(y, dtype=np.float32), num_classes=2)
        prob = jax.nn.softmax(logits, axis=-1)

        inter = 2*jnp.sum(onehot, prob, axis=[1, 2])
        union = jnp.sum(onehot, axis=[1, 2]) + jnp.sum(prob, axis=[1, 2])

        loss = 1 - jnp.mean(inter/union) + l2_regularizer(params)

        return loss

    return dice_loss


class Runner:
    @partial(jax.jit, static_argnums=(0,))
    def step(self, train_state, x_train, y_train):
        """A step of training (gradient back-propagation)"""
        # Get previous configuration
        params, old_state, old_opt_state = train_state
    
        # Do prediction (update state)
        y_pred, new_state = forward.apply(params, old_state, None, x_train, is_training=True)

        # Calculate gradient of parameters 
        grads = jax.grad(self.loss_func, hax_aux=True)(params, y_train, y_pred)

        print("Loss: %f"%self.loss_func()(params, y_train, y_pred))

        # Update optimizer state
        updates, new_opt_state = self.optimizer.update(grads, old_opt_state)
        
        # Back-propagation
        new_params = optax.apply_updates(params, updates) 

        # Update training state
        train_state = valid_state = TrainState(new_params, new_state, new_opt_state)

        return train_state, valide_state
        return train_state, valide_state

    def train(self):
        # Initialize training and validation configurations
        train_state, valid_state = self.setup()

        # Run training 
        for epoch in range(self.num_epoch):
            for step in range(self.step_per_epoch):
                print("[Epoch/Step: %d/%d]"%(epoch, step))
                # Get batch data
                x_batch, y_batch = [], []
                for _ in range(self.batch_size):
                    x, y = next(data_generator)
                    x_batch.append(x)
                    y_batch.append(y)
                    x_batch = jnp.asarray(x_batch).astype(np.float32)
                    y_batch = jnp.asarray(y_batch).astype(np.float32)

                # Run a step
                #train_state = self.step(train_state, x, y)
