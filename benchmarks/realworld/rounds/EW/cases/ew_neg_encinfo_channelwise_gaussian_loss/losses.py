# Source: https://github.com/Waller-Lab/EncodingInformation/blob/eb90a7dc3c7b36373054bc2e0f6cce62ecd77cc7/ideal/losses.py
# Title: ideal/losses.py
# Cut: kept the imports and ChannelwiseGaussianLoss; dropped the PixelCNN and other Gaussian losses and the entropy helpers (estimate_conditional_entropy is defined later in the module).
"""Loss functions for IDEAL optimization."""
import jax
import jax.numpy as jnp
import equinox as eqx
from typing import Optional
from image_utils import (
    extract_patches, 
    add_noise, 
)
# from models import IDEALFullGaussianProcess
from encoding_information.models.pixel_cnn import PixelCNN
from encoding_information.models.multichannel_pixel_cnn import MultiChannelPixelCNN
from ideal.models import FullGaussianProcess  # Add this import at the top of the file



class BaseLoss:
    """Base class for IDEAL loss functions."""
    
    def __call__(self, model, data, key, **kwargs):
        raise NotImplementedError
    


class ChannelwiseGaussianLoss(BaseLoss):
    """Loss using NLL of Gaussian model for 3-channel measurements with balanced MI across channels."""
    
    def __init__(self, balance_weight=30.0):
        """
        Initialize the loss function.
        
        Args:
            balance_weight: Weight for the channel balance regularization term.
                            Higher values enforce more even MI distribution across channels.
        """
        self._compute_loss = eqx.filter_jit(eqx.filter_value_and_grad(self._loss_fn))
        self.balance_weight = balance_weight
    
    @staticmethod
    def _loss_fn(learnable_parameters, frozen_parameters, data, key, num_patches, patch_size, 
                strategy, gaussian_sigma, balance_weight):
        # Get measurements from model
        measurements = eqx.filter_vmap(eqx.combine(learnable_parameters, frozen_parameters))(data).clip(1e-8)
        
        # Extract patches
        patches = extract_patches(
            measurements, 
            key=key,
            num_patches=num_patches, 
            patch_size=patch_size, 
            strategy=strategy
        )
        
        # Initialize array to store per-channel MI
        channel_mis = jnp.zeros(3)
        
        # Process each of the 3 channels
        for c in range(3):
            # Extract patches for this channel
            channel_patches = patches[..., c]
            
            # Add noise
            noisy_patches = jnp.maximum(1e-8, add_noise(
                channel_patches, 
                gaussian_sigma=gaussian_sigma
            ))

            noisy_patches = noisy_patches.reshape(noisy_patches.shape[0], -1)
            
            # Stop gradient before fitting Gaussian model
            noisy_patches_stopped = jax.lax.stop_gradient(noisy_patches)
            gaussian_model = IDEALFullGaussianProcess(
                noisy_patches_stopped, 
                eigenvalue_floor=1e-8
            )
            
            # Calculate entropy and MI for this channel
            h_y = gaussian_model.compute_negative_log_likelihood(noisy_patches)
            h_y_given_x = estimate_conditional_entropy(
                channel_patches.reshape(channel_patches.shape[0], -1), 
                gaussian_noise_sigma=gaussian_sigma
            )
            channel_mi = (h_y - h_y_given_x) / jnp.log(2)
            
            # Store channel MI
            channel_mis = channel_mis.at[c].set(channel_mi)
        
        # Calculate total MI and variance across channels
        total_mi = jnp.sum(channel_mis)

        channel_variance = jnp.var(channel_mis)
        
        # Final loss combines maximizing total MI and minimizing variance between channels
        return -total_mi
    
    def __call__(self, learnable_parameters, frozen_parameters, data, key, **kwargs):
        return self._compute_loss(
            learnable_parameters,
            frozen_parameters,
            data,
            key,
            kwargs.get('num_patches'),
            kwargs.get('patch_size'),
            kwargs.get('strategy'),
            kwargs.get('gaussian_sigma'),
            self.balance_weight
        )
