# Source: https://github.com/Emma-Grspl/PI-Deeponet-ADR/blob/82c09429fe2403ecec6b07590fa4384f7768cbc4/code/code_experiments/monofamily/src/jax/training/trainer_ADR_JAX.py
# Title: src/jax/training/trainer_ADR_JAX.py (NTK-style loss weight from gradient norms)
# Cut: tree_l2_norm and compute_ntk_weights kept; the PDE/IC losses are passed in instead of imported.
import jax
import jax.numpy as jnp

def tree_l2_norm(tree) -> jnp.ndarray:
    leaves = jax.tree_util.tree_leaves(tree)
    return jnp.sqrt(sum(jnp.sum(jnp.square(leaf)) for leaf in leaves if leaf is not None) + 1e-12)


def compute_ntk_weights(params, batch, w_ic_ref: float, pde_residual_adr, get_ic_loss) -> float:
    def loss_pde(current_params):
        batch_params, xt, _, _, _, _, _, _ = batch

        return jnp.mean(pde_residual_adr(current_params, batch_params, xt) ** 2)

    def loss_ic(current_params):
        return get_ic_loss(current_params, batch)

    grad_pde = jax.grad(loss_pde)(params)
    grad_ic = jax.grad(loss_ic)(params)
    norm_pde = tree_l2_norm(grad_pde)
    norm_ic = tree_l2_norm(grad_ic)
    new_w_pde = float(norm_ic / (norm_pde + 1e-8) * w_ic_ref)
    return min(max(new_w_pde, 10.0), 500.0)
