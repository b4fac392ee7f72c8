# Source: https://github.com/Zaijab/data_science_utils/blob/ace932613673e9099a4a3b95ad92f92fd7b6a417/data_science_utils/models/normalizing_flow.py
# Title: data_science_utils/models/normalizing_flow.py (later version: training loop of the flow)
# Cut: kept train_step (nnx.jit + nnx.value_and_grad) and the training driver; plotting inside the loop
#      dropped; InvertibleNN is imported from the earlier version of the same file (case file normalizing_flow.py).
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from tqdm import tqdm

from data_science_utils.statistics import logpdf_epanechnikov
from data_science_utils.dynamical_systems import ikeda_forward, ikeda_generate
from normalizing_flow import InvertibleNN
@nnx.jit
def train_step(model, optimizer, batch):
    def loss_fn(model):
        z, log_det_jacobian = model(batch, reverse=True)
        base_log_prob = jax.vmap(logpdf_epanechnikov, in_axes=(0, None, None))(
            z, jnp.zeros(2), jnp.eye(2)
        )
        total_log_prob = base_log_prob + log_det_jacobian
        total_log_prob = jnp.where(jnp.isfinite(total_log_prob), total_log_prob, -1e6)
        return -jnp.mean(total_log_prob)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(grads)
    return loss


debug = False
key = jax.random.key(0)
key, subkey = jax.random.split(key)
rngs = nnx.Rngs(0)

model = InvertibleNN(
    input_dim=2, num_coupling_layers=2, hidden_dim=10, num_hidden_layers=2, rngs=rngs
)

schedule = optax.cosine_decay_schedule(
    init_value=3 * 1e-4,
    decay_steps=1e4,
    alpha=0.01,
    exponent=1.0,
)

optimizer = nnx.Optimizer(
    model,
    optax.chain(
        optax.clip_by_global_norm(10.0),
        optax.adam(
            learning_rate=1e-6,
            b1=0.9,
            b2=0.99999,
            eps=jnp.nextafter(0, 1),
        ),
    ),
)


iters = 25 * 10**4
pbar = tqdm(range(1, iters + 1))
losses = []
batch = ikeda_generate(subkey, batch_size=100)
for i in pbar:
    batch = ikeda_forward(batch)
    key, subkey = jax.random.split(subkey)
    loss = train_step(model, optimizer, batch)

    pbar.set_postfix({"loss": float(loss)})
    losses.append(loss)

