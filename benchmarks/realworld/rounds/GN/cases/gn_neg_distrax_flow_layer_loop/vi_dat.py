# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/vi_dat.py
# Title: data/vi_dat.py (University of Glasgow MSc Astrophysics project, "VI functions and flow model")
# Cut: kept make_conditioner, make_flow_model, sample_and_log_prob, loss_fn, update; train_flow driver and plotting dropped; config constants inlined from data/vi_cfg.py; target distribution replaced by a placeholder normal.
from typing import Any, Sequence, Tuple
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np
import optax
import distrax

NUM_PARAMS = 2
NUM_FLOW_LAYERS = 2
HIDDEN_SIZE = 8
NUM_MLP_LAYERS = 2
NUM_BINS = 4
NUM_SAMPLES = 1000
LEARNING_RATE = 0.001
DIST = distrax.MultivariateNormalDiag(jnp.full(NUM_PARAMS, 0.5), jnp.full(NUM_PARAMS, 0.1))

PRNGKey = jnp.ndarray
OptState = Any
OPTIMISER = optax.adam(LEARNING_RATE)


def make_conditioner(
    event_shape: Sequence[int],
    hidden_sizes: Sequence[int],
    num_bijector_params: int
    ) -> hk.Sequential:
    return hk.Sequential([
        hk.Flatten(preserve_dims=-len(event_shape)),
        hk.nets.MLP(hidden_sizes, activate_final=True),
        hk.Linear(
            np.prod(event_shape) * num_bijector_params,
            w_init=jnp.zeros,
            b_init=jnp.zeros),
        hk.Reshape(tuple(event_shape) + (num_bijector_params,), preserve_dims=-1),
    ])


def make_flow_model(
    event_shape: Sequence[int],
    num_layers: int = 4,
    hidden_sizes: Sequence[int] = [250, 250],
    num_bins: int = 4,
    ) -> distrax.Transformed:
    # Alternating binary mask.
    mask = np.arange(0, np.prod(event_shape)) % 2
    mask = np.reshape(mask, event_shape)
    mask = mask.astype(bool)
    range_min, range_max = 0.0, 1.0

    def bijector_fn(params: jnp.ndarray):
        return distrax.RationalQuadraticSpline(
            params, range_min=0.0, range_max= 1.0
        )

    num_bijector_params = 3 * num_bins + 1

    layers = []
    for _ in range(num_layers):
        layer = distrax.MaskedCoupling(
            mask=mask,
            bijector=bijector_fn,
            conditioner=make_conditioner(
                event_shape,
                hidden_sizes,
                num_bijector_params,
            )
        )
        layers.append(layer)
        # Flip the mask after each layer.
        mask = jnp.logical_not(mask)

    flow = distrax.Inverse(distrax.Chain(layers))
    base_distribution = distrax.Independent(
        distrax.Uniform(low=jnp.ones(event_shape)*range_min, high=jnp.ones(event_shape)*range_max),
        reinterpreted_batch_ndims=len(event_shape)
    )

    return distrax.Transformed(base_distribution, flow)


@hk.without_apply_rng
@hk.transform
def sample_and_log_prob(prng_key: PRNGKey, data_n: int) -> Tuple[Any, jnp.ndarray]:
    event_shape=(NUM_PARAMS,)
    model = make_flow_model(
        event_shape=event_shape,
        num_layers=NUM_FLOW_LAYERS,
        hidden_sizes=[HIDDEN_SIZE] * NUM_MLP_LAYERS,
        num_bins=NUM_BINS,
    )
    return model.sample_and_log_prob(seed=prng_key, sample_shape=(data_n,))


def loss_fn(params: hk.Params, prng_key: PRNGKey, data_n: int) -> jnp.ndarray:
    x_flow, log_q = sample_and_log_prob.apply(params, prng_key, data_n)
    log_p = DIST.log_prob(x_flow)
    data_loss = jnp.mean(log_q - log_p)
    return data_loss


@jax.jit
def update(
    params: hk.Params,
    prng_key: PRNGKey,
    opt_state: OptState,
    ) -> Tuple[hk.Params, OptState]:
    grads = jax.grad(loss_fn)(params, prng_key, NUM_SAMPLES)
    updates, new_opt_state = OPTIMISER.update(grads, opt_state)
    new_params = optax.apply_updates(params, updates)
    return new_params, new_opt_state
