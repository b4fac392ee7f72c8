# Source: https://github.com/Emma-Grspl/PI-Deeponet-ADR/blob/82c09429fe2403ecec6b07590fa4384f7768cbc4/code/code_experiments/monofamily/src/jax/models/pi_deeponet_adr.py
# Title: src/jax/models/pi_deeponet_adr.py (PI-DeepONet for advection-diffusion-reaction, modified-MLP trunk)
# Cut: init functions and the initial-condition ansatz tail of apply_model dropped; residual from physics/residual_adr.py and the jitted step from training/step.py appended (same commit).
from typing import Dict, List, Tuple

import jax
import jax.numpy as jnp
import optax

def linear(params: Dict[str, jnp.ndarray], x: jnp.ndarray) -> jnp.ndarray:
    return x @ params["weight"] + params["bias"]


def apply_mlp(params: List[Dict[str, jnp.ndarray]], x: jnp.ndarray, activation=jax.nn.silu) -> jnp.ndarray:
    h = x
    for layer in params[:-1]:
        h = activation(linear(layer, h))
    return linear(params[-1], h)


def normalize_tensor(x: jnp.ndarray, min_val: jnp.ndarray, max_val: jnp.ndarray) -> jnp.ndarray:
    return 2.0 * (x - min_val) / (max_val - min_val + 1e-8) - 1.0


def fourier_encode(x: jnp.ndarray, b_matrix: jnp.ndarray) -> jnp.ndarray:
    x_proj = 2.0 * jnp.pi * (x @ b_matrix)
    return jnp.concatenate([jnp.sin(x_proj), jnp.cos(x_proj)], axis=-1)


def apply_model(params: dict, inputs_params: jnp.ndarray, xt: jnp.ndarray) -> jnp.ndarray:
    norm = params["norm"]
    p_v = normalize_tensor(inputs_params[:, 0:1], norm["v_min"], norm["v_max"])
    p_d = normalize_tensor(inputs_params[:, 1:2], norm["D_min"], norm["D_max"])
    p_mu = normalize_tensor(inputs_params[:, 2:3], norm["mu_min"], norm["mu_max"])
    p_type = inputs_params[:, 3:4]
    p_a = inputs_params[:, 4:5] / norm["A_scale"]
    p_x0 = jnp.zeros_like(inputs_params[:, 5:6])
    p_sigma = inputs_params[:, 6:7] / norm["sigma_scale"]
    p_k = inputs_params[:, 7:8] / norm["k_scale"]

    params_norm = jnp.concatenate([p_v, p_d, p_mu, p_type, p_a, p_x0, p_sigma, p_k], axis=1)
    xt_norm = normalize_tensor(xt, norm["lb_geom"], norm["ub_geom"])

    xt_embed = fourier_encode(xt_norm, params["fourier_B"])
    context_b = apply_mlp(params["branch_net"], params_norm)
    z_val = jax.nn.silu(linear(params["trunk_input_map"], xt_embed))

    for trunk_layer, branch_transform in zip(params["trunk_layers"], params["branch_transforms"]):
        z_trunk = linear(trunk_layer, z_val)
        uv = linear(branch_transform, context_b)
        u_val, v_val = jnp.split(uv, 2, axis=1)
        z_val = jax.nn.silu((1.0 - z_trunk) * u_val + z_trunk * v_val)
    raw_out = linear(params["final_layer"], z_val)
    return raw_out


# --- physics/residual_adr.py ---
def _scalar_prediction(params: Dict, p_row: jnp.ndarray, xt_row: jnp.ndarray) -> jnp.ndarray:
    return apply_model(params, p_row[None, :], xt_row[None, :])[0, 0]


def pde_residual_adr(params: Dict, batch_params: jnp.ndarray, xt: jnp.ndarray) -> jnp.ndarray:
    grad_fn = jax.grad(_scalar_prediction, argnums=2)
    hess_fn = jax.hessian(_scalar_prediction, argnums=2)

    grads = jax.vmap(lambda p_row, xt_row: grad_fn(params, p_row, xt_row))(batch_params, xt)
    hess = jax.vmap(lambda p_row, xt_row: hess_fn(params, p_row, xt_row))(batch_params, xt)

    u = apply_model(params, batch_params, xt)
    u_x = grads[:, 0:1]
    u_t = grads[:, 1:2]
    u_xx = hess[:, 0:1, 0]

    v_in = batch_params[:, 0:1]
    d_in = batch_params[:, 1:2]
    mu_in = batch_params[:, 2:3]

    u_safe = jnp.clip(u, -1.2, 1.2)
    reaction = mu_in * (u_safe - u_safe**3)
    return u_t + v_in * u_x - d_in * u_xx - reaction


# --- training/step.py ---
def get_loss(params: Dict, batch: Tuple[jnp.ndarray, ...], wr: float, wi: float, wb: float) -> jnp.ndarray:
    batch_params, xt, xt_ic, u_true_ic, xt_bc_l, xt_bc_r, u_true_bc_l, u_true_bc_r = batch

    l_pde = jnp.mean(pde_residual_adr(params, batch_params, xt) ** 2)
    l_ic = jnp.mean((apply_model(params, batch_params, xt_ic) - u_true_ic) ** 2)
    l_bc = jnp.mean((apply_model(params, batch_params, xt_bc_l) - u_true_bc_l) ** 2)
    l_bc += jnp.mean((apply_model(params, batch_params, xt_bc_r) - u_true_bc_r) ** 2)
    return wr * l_pde + wi * l_ic + wb * l_bc


def make_train_step(optimizer: optax.GradientTransformation):
    @jax.jit
    def train_step(
        params: Dict,
        opt_state: optax.OptState,
        batch: Tuple[jnp.ndarray, ...],
        wr: float,
        wi: float,
        wb: float,
    ) -> Tuple[Dict, optax.OptState, jnp.ndarray]:
        loss_fn = lambda current_params: get_loss(current_params, batch, wr, wi, wb)
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, next_opt_state = optimizer.update(grads, opt_state, params)
        next_params = optax.apply_updates(params, updates)
        return next_params, next_opt_state, loss

