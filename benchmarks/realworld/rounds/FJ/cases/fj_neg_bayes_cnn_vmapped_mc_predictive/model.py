# Source: https://github.com/Abdo-Mohammed-10/Bayesian-Inference-From-Scratch-JAX/blob/979e71e2dcd2f54062b63378bce97c211d65e30f/Bayesian_CNN_with_Uncertainty_Estimation_on_CIFAR_10___(_JAX_FLAX).ipynb
# Title: Bayesian CNN with Uncertainty Estimation (JAX / Flax) notebook
# Cut: code cells 4, 9, 12 and 14 (config, variational dense layer with KL sown per layer, Bayesian
#      CNN, jitted train step summing the KL leaves) converted to a module; data loading dropped.
import jax
import jax.numpy as jnp
from jax import random, jit, vmap
import flax.linen as nn
from flax.training import train_state
import optax
import numpy as np


config = {
    'BATCH_SIZE': 64,
    'LEARNING_RATE': 1e-3,
    'EPOCHS': 15,
    'KL_WEIGHT': 0.0002,
    'MC_SAMPLES': 25,
    'SEED': 42,
    'N_CLASSES': 10
}


class VariationalDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        k_mu = self.param('kernal_mu', nn.initializers.glorot_uniform(), (x.shape[-1], self.features))
        k_rho = self.param('kernal_rho', nn.initializers.constant(-3.0), (x.shape[-1], self.features))

        b_mu = self.param('bias_mu', nn.initializers.zeros, (self.features,))
        b_rho = self.param('bias_rho', nn.initializers.constant(-3.0), (self.features,))

        k_sigma = nn.softplus(k_rho)
        b_sigma = nn.softplus(b_rho)

        rng = self.make_rng('reparam')
        k_eps = random.normal(rng, k_mu.shape)
        b_eps = random.normal(rng, b_mu.shape)

        kernal = k_mu + k_sigma * k_eps
        bias = b_mu + b_sigma * b_eps

        # KL Divergence: KL(q||N(0,1))
        kl_loss = 0.5 * jnp.sum(k_mu**2 + k_sigma**2 - jnp.log(k_sigma**2) - 1) + \
                  0.5 * jnp.sum(b_mu**2 + b_sigma**2 - jnp.log(b_sigma**2) - 1)

        self.sow('losses', 'kl_reg', kl_loss)

        return jnp.dot(x, kernal) + bias


class PrincipalBayesianCNN(nn.Module):
    num_classes: int

    @nn.compact
    def __call__(self, x, training: bool = True):
        # Deterministic Feature Extractor
        x = nn.Conv(32, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.max_pool(x, window_shape=(2,2),strides=(2,2))
        x = nn.Conv(64, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.max_pool(x, window_shape=(2,2),strides=(2,2))
        x = x.reshape((x.shape[0], -1))

        # Probabilistic Head
        x = VariationalDense(128)(x)
        x = nn.relu(x)
        x = VariationalDense(self.num_classes)(x)
        return x


class TrainState(train_state.TrainState):
    pass

def create_train_state(rng, lr):
    model = PrincipalBayesianCNN(num_classes=config['N_CLASSES'])
    dummy_input = jnp.ones([1, 28, 28, 1])
    variables = model.init({'params': rng, 'reparam': rng}, dummy_input)
    tx = optax.adam(lr)
    return TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx) , model

@jit
def train_step(state, batch, rng):
    def loss_fn(params):
        _, reparam_rng = random.split(rng)

        logits, mutables = state.apply_fn(
            {'params':params},
            batch['image'],
            training=True,
            rngs={'reparam': reparam_rng},
            mutable=['losses']
        )
        # NNL
        one_hot = jax.nn.one_hot(batch['label'], config['N_CLASSES'])
        nnl = optax.softmax_cross_entropy(logits=logits, labels=one_hot).mean()

        # KL Divergence (FIXED: Using tree_leaves)
        kl_losses = jax.tree_util.tree_leaves(mutables['losses'])
        kl_reg =  jnp.sum(jnp.array(kl_losses))

        loss = nnl + (config['KL_WEIGHT'] * kl_reg)
        return loss, (nnl, kl_reg)

    grads, (nll, kl) = jax.grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads)
    return state, nll, kl
