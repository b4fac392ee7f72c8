# Source: https://github.com/milutter/deep_lagrangian_networks/blob/18a943d07fa25193c52d239b5fb2478900d4259a/deep_lagrangian_networks/jax_DeLaN_model.py
# Title: deep_lagrangian_networks/jax_DeLaN_model.py (Deep Lagrangian Networks, JAX)
# Cut: kept the Cholesky mass matrix and kinetic energy, forward_model, inverse_model, a reduced inverse
#      loss and a jitted update (reconstructed from jax_example_DeLaN.py); rollout and other losses removed.
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np


def mass_matrix_fn(q, n_dof, shape, activation, epsilon, shift):
    assert n_dof > 0
    n_output = int((n_dof ** 2 + n_dof) / 2)

    # Calculate the indices of the diagonal elements of L:
    idx_diag = np.arange(n_dof, dtype=int) + 1
    idx_diag = (idx_diag * (idx_diag + 1) / 2 - 1).astype(int)

    # Calculate the indices of the off-diagonal elements of L:
    idx_tril = np.setdiff1d(np.arange(n_output), idx_diag)

    # Indexing for concatenation of l_diagonal  and l_off_diagonal
    cat_idx = np.hstack((idx_diag, idx_tril))
    idx = np.arange(cat_idx.size)[np.argsort(cat_idx)]

    # Compute Matrix Indices
    mat_idx = np.tril_indices(n_dof)

    # Compute Mass Matrix
    net = hk.nets.MLP(
        output_sizes= shape + (n_output,),
        activation=activation,
        name="mass_matrix"
    )

    # Apply feature transform:
    z = jnp.concatenate([jnp.cos(q), jnp.sin(q)], axis=-1)
    l_diagonal, l_off_diagonal = jnp.split(net(z), [n_dof,], axis=-1)

    # Ensure positive diagonal:
    # l_diagonal = jax.nn.softplus(l_diagonal) + epsilon
    l_diagonal = jax.nn.softplus(l_diagonal + shift) + epsilon

    vec_lower_triangular = jnp.concatenate((l_diagonal, l_off_diagonal), axis=-1)[..., idx]

    triangular_mat = jnp.zeros((n_dof, n_dof))
    triangular_mat = triangular_mat.at[mat_idx].set(vec_lower_triangular[:])

    mass_mat = jnp.matmul(triangular_mat, triangular_mat.transpose())
    return mass_mat


def kinetic_energy_fn(q, qd, n_dof, shape, activation, epsilon, shift):
    mass_mat = mass_matrix_fn(q, n_dof, shape, activation, epsilon, shift)
    return 1. / 2. * jnp.dot(qd, jnp.dot(mass_mat, qd))


def forward_model(params, key, q, qd, tau, lagrangian, n_dof):
    argnums = [2, 3]
    vmap_dim = (None, None, 0, 0)
    batch_matmul = jax.vmap(jnp.matmul, (0, 0))
    batch_inverse = jax.vmap(jnp.linalg.inv, (0,))

    # Compute Lagrangian and Jacobians:
    lagrangian_value_and_grad = jax.value_and_grad(lagrangian, argnums=argnums)
    L, (dLdq, dLdqd) = jax.vmap(lagrangian_value_and_grad, vmap_dim)(params, key, q, qd)

    # Compute Hessian:
    lagrangian_hessian = jax.hessian(lagrangian, argnums=argnums)
    (_, (d2L_dqddq, d2Ld2qd)) = jax.vmap(lagrangian_hessian, vmap_dim)(params, key, q, qd)

    # Compute the forward model:
    qdd_pred = batch_matmul(batch_inverse(d2Ld2qd + 1.e-4 * jnp.eye(n_dof)), (tau - batch_matmul(d2L_dqddq, qd) + dLdq))
    return qd, qdd_pred


def inverse_model(params, key, q, qd, qdd, lagrangian):
    argnums = [2, 3]
    vmap_dim = (None, None, 0, 0)
    batch_matmul = jax.vmap(jnp.matmul, (0, 0))

    lagrangian_value_and_grad = jax.value_and_grad(lagrangian, argnums=argnums)
    L, (dLdq, dLdqd) = jax.vmap(lagrangian_value_and_grad, vmap_dim)(params, key, q, qd)

    lagrangian_hessian = jax.hessian(lagrangian, argnums=argnums)
    (_, (d2L_dqddq, d2Ld2qd)) = jax.vmap(lagrangian_hessian, vmap_dim)(params, key, q, qd)

    tau_pred = batch_matmul(d2Ld2qd, qdd) + batch_matmul(d2L_dqddq, qd) - dLdq
    return tau_pred


def inverse_loss_fn(params, q, qd, qdd, tau, lagrangian, n_dof, norm_tau):
    tau_pred = inverse_model(params, None, q, qd, qdd, lagrangian)
    tau_error = jnp.sum((tau - tau_pred)**2 / norm_tau, axis=-1)
    return jnp.mean(tau_error)


def make_update(lagrangian, n_dof, norm_tau, optimizer):
    @jax.jit
    def update(params, opt_state, q, qd, qdd, tau):
        loss, grads = jax.value_and_grad(inverse_loss_fn)(params, q, qd, qdd, tau, lagrangian, n_dof, norm_tau)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return loss, params, opt_state
    return update
