# Source: https://github.com/federicobergamin/flow-matching-jax/blob/13f7c441f52cd81348da538e459074cd13a3f325/experiments/stochastic_interpolants_flow_matching/fedbe_ok.py
# Title: experiments/stochastic_interpolants_flow_matching/fedbe_ok.py (OT-CFM training between two 2D densities)
# Cut: the body of main() from model creation to sampling, lifted to module level; argparse, data construction, the MLP
#      and cfm_loss definitions replaced by stubs; plotting dropped.
import jax
import jax.numpy as jnp
import jax.flatten_util
import flax
import optax
from tqdm import tqdm

from optimal_transport import OTPlanSampler


def split_key(pnrg_key, num=1):
    new_pnrg_key = jax.random.split(pnrg_key, num=num)
    return new_pnrg_key


class MLP(flax.linen.Module):  # stub for cfm_jax.models.models.MLP
    act_fn: callable
    output_dim: int
    hidden_dim: int
    num_layers: int

    @flax.linen.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, t], axis=-1)
        for _ in range(self.num_layers):
            h = self.act_fn(flax.linen.Dense(self.hidden_dim)(h))
        return flax.linen.Dense(self.output_dim)(h)


def cfm_loss(model_apply):  # stub for cfm_jax.losses
    def loss(params, xt, t, ut):
        return jnp.mean((model_apply(params, xt, t) - ut) ** 2)
    return loss


def sample_points_from_mask(mask, num_samples, key):  # stub
    return jax.random.normal(key, (num_samples, 2))


prng_key = jax.random.PRNGKey(0)
batch_size, epochs = 256, 500
OT_couplings = True
train_loader_p0, train_loader_p1, ok_mask = [], [], None  # DataLoaders over p0/p1 samples in the original

model = MLP(act_fn=flax.linen.swish, output_dim=2, hidden_dim=512, num_layers=5)

# we have to init the model
key_random_t, key_random_xt, key_model_init, prng_key = split_key(prng_key, num=4)
random_t = jax.random.normal(key_random_t, shape=(batch_size, 1))
random_xt = jax.random.normal(key_random_xt, shape=(batch_size, 2))

params_dict = model.init(key_model_init, random_xt, random_t)
params_vec, unflatten = jax.flatten_util.ravel_pytree(params_dict)
n_params = len(params_vec)
print(f"Number of parameters: {n_params}")

# we have to init the optimizer
lr = 0.001
optim = optax.adam(lr)
opt_state = optim.init(params_dict["params"])

# # function to apply the model
model_apply = lambda p, x, t: model.apply({"params": p}, x, t)

# loss function definition
conditional_flow_matching_loss = cfm_loss(model_apply)
loss_grad_fn = jax.jit(jax.value_and_grad(conditional_flow_matching_loss, argnums=0))

if OT_couplings:
    OT_coupling = OTPlanSampler(method="exact")

## simple training loop
for ep in tqdm(range(epochs), desc="Training"):
    ep_loss = 0
    ep_num_elem = 0
    for batch_p0, batch_p1 in zip(train_loader_p0, train_loader_p1):

        if OT_couplings:
            key_t, key_OT_sampler, prng_key = split_key(prng_key, num=3)
        else:
            key_t, prng_key = split_key(prng_key, num=2)

        t = jax.random.uniform(key_t, shape=(batch_p0.shape[0], 1))
        # right now we have independent couplings
        batch_p0 = jnp.array(batch_p0.numpy())
        batch_p1 = jnp.array(batch_p1.numpy())

        if OT_couplings:
            # print("Batch shape before OT couplings")
            # print(batch_p0.shape)
            # print(batch_p1.shape)
            batch_p0, batch_p1 = OT_coupling.sample_plan(
                x0=batch_p0, x1=batch_p1, key=key_OT_sampler, replace=True
            )
            # print("Batch shape after OT couplings")
            # print(batch_p0.shape)
            # print(batch_p1.shape)
        xt = (1 - t) * batch_p0 + t * batch_p1
        ut = batch_p1 - batch_p0

        ## TODO: don't like this. I will change it
        loss, grad = loss_grad_fn(params_dict["params"], xt, t, ut)
        params_updates, opt_state = optim.update(grad, opt_state)
        params_dict["params"] = optax.apply_updates(params_dict["params"], params_updates)

        ep_loss += loss * batch_p0.shape[0]
        ep_num_elem += batch_p0.shape[0]

    if ep % 50 == 0:
        print(f"finished {ep} epoch, avg loss trainin: {ep_loss/ep_num_elem}")

## at the end we cna check if the model learnt something
key_samples, prng_key = split_key(prng_key, num=2)

x0_samples = sample_points_from_mask(ok_mask, num_samples=5000, key=key_samples)
t = jnp.zeros((5000, 1))

# number of discretization steps
N = 100
xt = x0_samples

# sampling involves discretizing and solving the ODE
for i in range(N):
    pred = model_apply(params_dict["params"], xt, t)
    xt = xt + pred * (1 / N)
    t = t + 1 / N
