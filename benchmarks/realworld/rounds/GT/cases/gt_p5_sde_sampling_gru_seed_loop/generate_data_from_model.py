# Source: https://github.com/Michaelhess17/NeuralODE/blob/b074e067412f47033022c99d258b9dc5713e4c21/scripts/generate_data_from_model.py
# Title: scripts/generate_data_from_model.py (sample a stochastic version of the trained gait neural ODE)
# Cut: kept solve_sde (GRU seeding loop + diffrax SDE solve) and the vmapped call over trials; data loading,
#      Takens embedding and saving were cut; the model class lives in the repository's jax_utils.
import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from diffrax import ControlTerm, MultiTerm, ODETerm, VirtualBrownianTree

from ddfa_node import NeuralODE


@eqx.filter_jit
def solve_sde(model, new_ts, yi, diffusion):
    t0, t1 = new_ts[0], new_ts[-1]
    brownian_motion = VirtualBrownianTree(t0, t1, tol=1e-3, shape=(), key=jr.PRNGKey(0))
    terms = MultiTerm(ODETerm(model.func), ControlTerm(diffusion, brownian_motion))
    if model.use_recurrence:
        hidden = jnp.zeros(model.cell.hidden_size)
        for yi_i in yi[::-1]:
            hidden = model.cell(yi_i, hidden)
        y0 = model.hidden_to_ode(hidden)
    else:
        y0 = yi[0, :]
        # Pad the input if augment_dims > 0
        if model.padding_layer is not None:
            y0 = model.padding_layer(y0)

    solution = diffrax.diffeqsolve(
                terms,
                diffrax.Kvaerno5(),
                stepsize_controller=diffrax.PIDController(rtol=1e-4, atol=1e-6, error_order=1.5),
                t0=t0,
                t1=t1,
                dt0=(new_ts[1] - new_ts[0]),
                y0=y0,
                saveat=diffrax.SaveAt(ts=new_ts),
                max_steps=None,
            )
    ys = solution.ys
    if model.use_recurrence or model.padding_layer is not None:
        out = jax.vmap(model.ode_to_data)(ys)
    else:
        out = ys
    return out


@eqx.filter_jit
def diffusion(t, y, args):
    noise_std = 0.5
    return jr.normal(jr.PRNGKey(jnp.int32(t)), shape=y.shape) * noise_std


def generate(data_tde):
    model = NeuralODE(data_size=5, width_size=128, hidden_size=256, ode_size=6, depth=2,
                      augment_dims=0, key=jax.random.PRNGKey(42))
    model = eqx.tree_deserialise_leaves("../outputs/vdp_model.eqx", model)
    new_ts = jnp.linspace(0, 5, 500)
    seeding_steps = 125
    out = jax.vmap(solve_sde, in_axes=(None, None, 0, None))(model, new_ts, data_tde[:, 500:500+seeding_steps, :], diffusion)
    return out
