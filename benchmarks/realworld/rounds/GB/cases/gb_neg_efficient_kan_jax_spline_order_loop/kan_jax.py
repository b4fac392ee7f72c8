# Source: https://github.com/dorjeduck/efficient-kan-jax/blob/42b7ea26c5dfd112d71e58a59161f10c05682ece/efficient_kan_jax/kan_jax.py
# Title: efficient_kan_jax/kan_jax.py -- port of Blealtan/efficient-kan (PyTorch) to JAX/Flax
# Cut: kept KANLinear (setup, __call__, b_splines, regularization_loss) and KAN; curve2coeff,
#      update_grid and the scaled-weight property reduced or dropped; long docstrings shortened.
import jax
import jax.numpy as jnp
import flax.linen as nn

class KANLinear(nn.Module):
    """
    Linear layer for KAN model using JAX/Flax.
    """

    in_features: int
    out_features: int
    grid_size: int = 5
    spline_order: int = 3
    scale_noise: float = 0.1
    scale_base: float = 1.0
    scale_spline: float = 1.0
    enable_standalone_scale_spline: bool = True
    base_activation: nn.Module = nn.silu
    grid_eps: float = 0.02
    grid_range: list = (-1, 1)

    def setup(self):
        # Compute grid based on grid_range and grid_size
        h = (self.grid_range[1] - self.grid_range[0]) / self.grid_size
        grid = jnp.arange(-self.spline_order, self.grid_size + self.spline_order + 1) * h + self.grid_range[0]
        grid = jnp.expand_dims(grid, axis=0).repeat(self.in_features, axis=0)
        self.grid = self.param("grid", lambda rng: grid)  # Register grid as a parameter

        # Initialize learnable parameters
        self.base_weight = self.param("base_weight", nn.initializers.lecun_normal(), (self.out_features, self.in_features))
        self.spline_weight = self.param("spline_weight", nn.initializers.lecun_normal(), (self.out_features, self.in_features, self.grid_size + self.spline_order))
        
        if self.enable_standalone_scale_spline:
            self.spline_scaler = self.param("spline_scaler", nn.initializers.ones, (self.out_features, self.in_features))

    def __call__(self, x):
        """Forward pass of the linear layer."""
        assert x.shape[-1] == self.in_features
        original_shape = x.shape
        x = x.reshape(-1, self.in_features)

        base_output = self.base_activation(x) @ self.base_weight.T
        spline_output = (self.b_splines(x).reshape(x.shape[0], -1) @ self.scaled_spline_weight.reshape(self.out_features, -1).T)
        output = base_output + spline_output
        
        output = output.reshape(*original_shape[:-1], self.out_features)
        return output


    @property
    def scaled_spline_weight(self):
        return self.spline_weight * (jnp.expand_dims(self.spline_scaler, -1) if self.enable_standalone_scale_spline else 1.0)

    def b_splines(self, x):
        """Compute the B-spline bases for the given input tensor."""
        assert x.ndim == 2 and x.shape[1] == self.in_features

        grid = self.grid
        x = jnp.expand_dims(x, -1)
        bases = jnp.where((x >= grid[:, :-1]) & (x < grid[:, 1:]), 1.0, 0.0)
        
        for k in range(1, self.spline_order + 1):
            bases = ((x - grid[:, :-(k + 1)]) / (grid[:, k:-1] - grid[:, :-(k + 1)]) * bases[:, :, :-1] + 
                     (grid[:, k+1:] - x) / (grid[:, k+1:] - grid[:, 1:(-k)]) * bases[:, :, 1:])

        return bases

    def regularization_loss(self, regularize_activation=1.0, regularize_entropy=1.0):
        l1_fake = jnp.mean(jnp.abs(self.spline_weight), axis=-1)
        regularization_loss_activation = jnp.sum(l1_fake)
        p = l1_fake / regularization_loss_activation
        regularization_loss_entropy = -jnp.sum(p * jnp.log(p))
        return (regularize_activation * regularization_loss_activation + regularize_entropy * regularization_loss_entropy)


class KAN(nn.Module):
    """
    Multi-layered KAN model using JAX/Flax.
    """

    layers_hidden: list
    grid_size: int = 5
    spline_order: int = 3
    scale_noise: float = 0.1
    scale_base: float = 1.0
    scale_spline: float = 1.0
    base_activation: nn.Module = nn.silu
    grid_eps: float = 0.02
    grid_range: list = (-1, 1)
    
    def setup(self):
        # Initialize layers based on hidden sizes
        self.layers = [KANLinear(in_features, out_features, 
                                 grid_size=self.grid_size, 
                                 spline_order=self.spline_order, 
                                 scale_noise=self.scale_noise, 
                                 scale_base=self.scale_base, 
                                 scale_spline=self.scale_spline, 
                                 base_activation=self.base_activation, 
                                 grid_eps=self.grid_eps, 
                                 grid_range=self.grid_range)
                       for in_features, out_features in zip(self.layers_hidden, self.layers_hidden[1:])]

    def __call__(self, x, update_grid=False):
        for layer in self.layers:
            if update_grid:
                layer.update_grid(x)
            x = layer(x)
        return x


    def regularization_loss(self, regularize_activation=1.0, regularize_entropy=1.0):
        return sum(layer.regularization_loss(regularize_activation, regularize_entropy) for layer in self.layers)
