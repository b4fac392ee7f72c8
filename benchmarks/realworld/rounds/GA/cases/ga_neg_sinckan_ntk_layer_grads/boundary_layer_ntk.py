# Source: https://github.com/DUCH714/SincKAN/blob/babab037a587b4d3433374e410558911abdd6a26/pde/boundary_layer_ntk.py
# Title: SincKAN pde/boundary_layer_ntk.py (boundary-layer PINN with adaptive loss weights)
# Cut: argparse, data generation, evaluation and plotting dropped; kept the residual, the jitted step and the per-layer weight update that runs every N_epochs outside jit.
import jax.numpy as jnp
import equinox as eqx
from jax.lax import stop_gradient
from jax import vmap, grad


def net(model, x, frozen_para):
    return model(jnp.stack([x]), frozen_para)[0]


def residual(model, x, frozen_para, alpha):
    u_x = grad(net, argnums=1)(model, x, frozen_para)
    u_xx = grad(grad(net, argnums=1), argnums=1)(model, x, frozen_para)
    f = u_xx / alpha + u_x
    return f


def compute_loss(model, ob_x, ob_sup, frozen_para, weight, alpha):
    res = vmap(residual, (None, 0, None, None))(model, ob_x[:, 0], frozen_para, alpha)
    r = (res ** 2).mean()
    ob_b = vmap(net, (None, 0, None))(model, ob_sup[:, 0], frozen_para)
    l_b = ((ob_b - ob_sup[:, 1]) ** 2).mean()
    return r + weight[0] * l_b


compute_loss_and_grads = eqx.filter_value_and_grad(compute_loss)


@eqx.filter_jit
def make_step(model, ob_x, ob_sup, frozen_para, optim, opt_state, weight, alpha):
    loss, grads = compute_loss_and_grads(model, ob_x, ob_sup, frozen_para, weight, alpha)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return loss, model, opt_state


@eqx.filter_value_and_grad
def loss_r(model, ob_x, frozen_para, alpha):
    res = vmap(residual, (None, 0, None, None))(model, ob_x[:, 0], frozen_para, alpha)
    return (res ** 2).mean()


@eqx.filter_value_and_grad
def loss_b(model, ob_sup, frozen_para):
    ob_b = vmap(net, (None, 0, None))(model, ob_sup[:, 0], frozen_para)
    return ((ob_b - ob_sup[:, 1]) ** 2).mean()


#@eqx.filter_jit
def get_weights(model, ob_x, ob_sup, frozen_para, lams, alpha_r, alpha=0.1):
    _, grads_r = loss_r(model, ob_x, frozen_para, alpha_r)
    _, grads_b = loss_b(model, ob_sup, frozen_para)
    J_rs = []
    for i in range(len(model.matrices)):
        J_rs.append(grads_r.matrices[i].reshape(-1))
    J_rs = jnp.concatenate(J_rs, -1)

    J_bs = []
    for i in range(len(model.matrices)):
        J_bs.append(grads_b.matrices[i].reshape(-1))
    J_bs = jnp.concatenate(J_bs, -1)

    l_r = jnp.linalg.norm(J_rs, ord=jnp.inf)

    l_b = jnp.mean(lams[0] * jnp.abs(J_bs))
    lamb = (1 - alpha) * lams[0] + alpha * l_r / l_b
    lams = [lamb]

    return stop_gradient(lams)
