# Source: https://github.com/livelstorborg/FYS-STK4155/blob/41bf94d41a3c2bffcffecf4442ba8bdac388153a/project3/code/src/pinn.py
# Title: project3/code/src/pinn.py (hard-BC PINN for the 1D heat equation with flax.nnx)
# Cut: kept the models, the residual/loss, sampling and the training loop; dropped the evaluation and plotting helpers

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax
import matplotlib.pyplot as plt

from src.pde import u_exact


# -----------------------------------------------------------------------------
# Models
# -----------------------------------------------------------------------------
class MLP(nnx.Module):
    """Standard MLP used inside the hard-BC trial solution."""

    def __init__(self, layers, activations, key):
        assert len(activations) == len(layers) - 2, (
            "Length of activations must be number of layers minus 2 "
            "(one activation per hidden layer)."
        )

        self.rngs = nnx.Rngs(params=key)
        self.layers = nnx.List(
            [
                nnx.Linear(layers[i], layers[i + 1], rngs=self.rngs)
                for i in range(len(layers) - 1)
            ]
        )

        self.activations = activations

    def __call__(self, x):
        for linear, act in zip(self.layers[:-1], self.activations):
            x = act(linear(x))
        return self.layers[-1](x)


class MLP_HardBC(nnx.Module):
    """
    MLP with hard boundary conditions.

    Trial solution: u(x,t) = (1-t)*sin(πx) + t*x*(1-x)*N(x,t)

    This automatically satisfies:
    - BC: u(0,t) = 0, u(1,t) = 0
    - IC: u(x,0) = sin(πx)
    """

    def __init__(self, layers, activations, key):
        self.network = MLP(layers, activations, key)

    def __call__(self, xt):
        """
        xt: (N, 2) array where xt[:, 0] = x, xt[:, 1] = t
        """
        x = xt[:, 0:1]
        t = xt[:, 1:2]

        # Get unconstrained network output
        N = self.network(xt)

        # Apply hard BC: u = (1-t)*sin(πx) + t*x*(1-x)*N
        u = (1.0 - t) * jnp.sin(jnp.pi * x) + t * x * (1.0 - x) * N

        return u


# -----------------------------------------------------------------------------
# Loss
# -----------------------------------------------------------------------------
def pde_residual(model, xt, nu):
    def u_single(z):
        return model(z[None, :])[0, 0]

    jac = jax.vmap(jax.grad(u_single))(xt)
    u_x = jac[:, 0]
    u_t = jac[:, 1]

    def u_x_single(z):
        return jax.grad(u_single)(z)[0]

    u_xx = jax.vmap(jax.grad(u_x_single))(xt)[:, 0]

    return (u_t - nu * u_xx) ** 2


def loss_fn(model, x_int, t_int, nu: float = 1.0):
    """
    Loss for hard BC: only PDE residual needed!
    BCs and IC are automatically satisfied.
    """
    xt_int = jnp.concatenate([x_int, t_int], axis=1)
    loss_pde = pde_residual(model, xt_int, nu).mean()
    return loss_pde


# -----------------------------------------------------------------------------
# Training
# -----------------------------------------------------------------------------
def sample_points(
    key,
    N_int=512,
    T=0.5,
    L=1.0,
):
    """
    Sample interior points only; boundary/initial conditions are enforced hard.
    """
    k1, k2 = jax.random.split(key, 2)

    x_int = jax.random.uniform(k1, (N_int, 1), minval=0.0, maxval=L)
    t_int = jax.random.uniform(k2, (N_int, 1), minval=0.0, maxval=T)

    return x_int, t_int


def train_pinn(
    layers=[2, 64, 64, 1],
    activations=None,
    steps=5000,
    N_int=1000,
    T=0.5,
    L=1.0,
    nu=1.0,
    lr=5e-4,
    seed=0,
):
    if activations is None:
        activations = [jax.nn.tanh] * (len(layers) - 2)

    main_key = jax.random.PRNGKey(seed)
    key_model, key_loop = jax.random.split(main_key)

    model = MLP_HardBC(layers, activations, key=key_model)

    schedule = optax.exponential_decay(
        init_value=lr,
        transition_steps=1000,
        decay_rate=0.95,
    )
    opt = nnx.Optimizer(model, optax.adam(schedule), wrt=nnx.Param)

    losses = []
    key = key_loop

    @jax.jit
    def train_step_hard(model, opt, key):
        """JIT-compiled step for hard BC"""
        key, subkey = jax.random.split(key)
        x_int, t_int = sample_points(subkey, N_int, T=T, L=L)

        def loss_func(m):
            return loss_fn(m, x_int, t_int, nu=nu)

        loss, grads = nnx.value_and_grad(loss_func)(model)
        opt.update(model, grads)
        return model, opt, key, loss

    for step in range(steps):
        model, opt, key, loss = train_step_hard(model, opt, key)
        losses.append(loss)

        if step % 500 == 0 or step == steps - 1:
            print(f"[step {step:4d}] loss = {float(loss):.3e}")

    return model, jnp.array(losses)


