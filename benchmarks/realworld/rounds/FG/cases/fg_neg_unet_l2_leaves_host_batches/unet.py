# Source: https://github.com/swyang50066/jax-vision/blob/7f9dd9df337d4ac9d1fb2e81b2c8561a8605f19d/source/u-net/unet.py
# Title: source/u-net/unet.py (U-Net blocks in haiku)
# Cut: kept ConvBlock2D (a stack of num_repeat conv layers applied in __call__); ConvLayer2D, the initializers and the U-Net body dropped (names kept as in the file).
from typing import *

import jax 
import jax.numpy as jnp
import haiku as hk 


class ConvBlock2D(hk.Module):
    def __init__(
        self,
        num_repeat: int,
        num_feature: int,
        kernel_size: int,
        stride: int = 1,
        dilation_rate: int = 1,
        padding: str = "SAME",
        activation_func: jnp.ndarray = jax.nn.leaky_relu,
        normalization_func: Optional[hk.Module] = hk.BatchNorm,  
        kernel_initializer: Optional[InitializerType] = glorot_uniform,
        bias_initializer: Optional[InitializerType] = glorot_uniform,
        b_use_activation: bool = True,
        b_use_normalization: bool = True,
        b_use_bias: bool = True,
        name: str = "convblock",
        **kwargs
        ):
        # Initialize subclass 
        super(ConvBlock2D, self).__init__(**kwargs)
        
        # Operators
        self.convs = [
            ConvLayer2D(
                num_feature=num_feature,
                kernel_size=kernel_size,
                stride=stride,
                dilation_rate=dilation_rate,
                padding=padding,
                activation_func=activation_func,
                normalization_func=normalization_func,
                kernel_initializer=kernel_initializer,
                bias_initializer=bias_initializer,
                b_use_activation=b_use_activation,
                b_use_normalization=b_use_normalization,
                b_use_bias=b_use_bias,
                name=name+"_%d_"%index
            )
            for index in range(num_repeat)
        ]

    def __call__(self, inputs: jnp.ndarray, is_training: bool = True) -> jnp.ndarray:
        for conv in self.convs:
            inputs = conv(inputs)
        
        return inputs
