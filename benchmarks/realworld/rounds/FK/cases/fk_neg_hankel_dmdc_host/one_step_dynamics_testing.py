# Source: https://github.com/Ncjdod/fhn-koopman/blob/098863624f8e5e7e6aca19fec4d579f83c023f9b/one_step_dynamics_testing.py
# Title: one_step_dynamics_testing.py (Koopman one-step and short-horizon MPC suitability test)
# Cut: main() reduced to a function that builds the operators and evaluates 1..5-step predictions (the spike mask, projected-potential errors, argument parsing, data simulation and plotting cut).
import jax
import jax.numpy as jnp

from dynamics import run_dmdc


def make_hankel_batch(v_batch, H, K):
    """Computes Hankel matrices for a batch of trajectories using vmap."""
    vmap_slice = jax.vmap(lambda i: jax.lax.dynamic_slice_in_dim(v_batch, i, K, axis=1), in_axes=0, out_axes=1)
    return vmap_slice(jnp.arange(H))

def predict_n_steps_batch(Z_batch, Uc_batch, A, B, C, n):
    """Predicts n-steps ahead recursively for a batch of trajectories."""
    L = Z_batch.shape[2]
    z_pred = Z_batch[:, :, :-n]
    for i in range(n):
        u_curr = Uc_batch[:, i : L - n + i]
        Az = jnp.einsum('ij,mjk->mik', A, z_pred)
        Bu = jnp.einsum('i,mk->mik', B[:, 0], u_curr)
        Cz = jnp.einsum('ij,mjk->mik', C, z_pred)
        Czu = jnp.einsum('mik,mk->mik', Cz, u_curr)
        z_pred = Az + Bu + Czu
    z_target = Z_batch[:, :, n:]
    return z_pred, z_target


def evaluate(ys_tr, u_tr, ys_te, u_te, n_steps, dmd_H=70, dmd_r=12, dmd_p=20):
    A_tilde, B_tilde, C_tilde, eigs, s_x, s_p, X_g, Y_g, Uc_g, Ur = run_dmdc(ys_tr[:, :, 0], u_tr, dmd_H, dmd_r, dmd_p)
    K = n_steps - dmd_H + 1

    X_batch = make_hankel_batch(ys_te[:, :, 0], dmd_H, K)
    X_m_batch = X_batch[:, :, :-1]
    Z_batch = jnp.einsum('ij,mjk->mik', Ur.T, X_m_batch)
    Uc_batch = u_te[:, dmd_H - 1 : dmd_H + K - 2]

    subspace_cheb_errors = []
    for n in range(1, 6):
        z_preds_all, z_targets_all = predict_n_steps_batch(Z_batch, Uc_batch, A_tilde, B_tilde, C_tilde, n)
        abs_sub_diff = jnp.abs(z_preds_all - z_targets_all)
        sub_cheb = float(jnp.max(abs_sub_diff))
        subspace_cheb_errors.append(sub_cheb)
    return subspace_cheb_errors
