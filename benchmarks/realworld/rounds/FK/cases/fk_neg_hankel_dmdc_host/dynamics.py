# Source: https://github.com/Ncjdod/fhn-koopman/blob/098863624f8e5e7e6aca19fec4d579f83c023f9b/dynamics.py
# Title: dynamics.py (FitzHugh-Nagumo Koopman / Hankel-DMD experiments)
# Cut: get_external_current and fhn_vector_field cut; run_hankel_dmd and run_dmdc kept whole. Both run once, eagerly, on simulated data before any training; nothing here is jitted or differentiated.
import jax.numpy as jnp


def run_hankel_dmd(v_data, H, r):
    """Computes Hankel Dynamic Mode Decomposition (Hankel-DMD) on time-series data."""
    v_data = jnp.asarray(v_data, dtype=jnp.float32)
    T = len(v_data)
    
    if H >= T:
        raise ValueError(f"Hankel delay embedding H ({H}) must be strictly less than time series length T ({T})")
        
    K = T - H + 1
    H_matrix = jnp.stack([v_data[i : i + K] for i in range(H)], axis=0)
    X = H_matrix[:, :-1]
    Y = H_matrix[:, 1:]
    
    U, s, V_T = jnp.linalg.svd(X, full_matrices=False)
    V = V_T.T
    
    r = min(r, U.shape[1])
    U_r = U[:, :r]
    V_r = V[:, :r]
    s_r = s[:r]
    
    Sigma_inv = jnp.diag(1.0 / s_r)
    A = U_r.T @ Y @ V_r @ Sigma_inv
    eigenvalues = jnp.linalg.eigvals(A)
    
    return A, eigenvalues, s, X, Y

def run_dmdc(v_data, u_data, H, r, p):
    """Computes Bilinear DMDc supporting single or multi-trajectory batches."""
    v_data = jnp.asarray(v_data, dtype=jnp.float32)
    u_data = jnp.asarray(u_data, dtype=jnp.float32)
    
    if v_data.ndim == 1:
        v_data = v_data[jnp.newaxis, :]
        u_data = u_data[jnp.newaxis, :]
        
    M, T = v_data.shape
    if H >= T:
        raise ValueError(f"Hankel delay H ({H}) must be strictly less than time series length T ({T})")
        
    K = T - H + 1
    
    X_list = []
    Y_list = []
    Omega_list = []
    Uc_list = []
    
    for m in range(M):
        v_traj = v_data[m]
        u_traj = u_data[m]
        
        H_state = jnp.stack([v_traj[i : i + K] for i in range(H)], axis=0)
        U_c = jnp.stack([u_traj[i + H - 1] for i in range(K - 1)], axis=0).reshape(1, -1)
        
        X_m = H_state[:, :-1]
        Y_m = H_state[:, 1:]
        X_kron_U = X_m * U_c
        Omega_m = jnp.concatenate([X_m, U_c, X_kron_U], axis=0)
        
        X_list.append(X_m)
        Y_list.append(Y_m)
        Omega_list.append(Omega_m)
        Uc_list.append(U_c)
        
    X_global = jnp.concatenate(X_list, axis=1)
    Y_global = jnp.concatenate(Y_list, axis=1)
    Omega_global = jnp.concatenate(Omega_list, axis=1)
    Uc_global = jnp.concatenate(Uc_list, axis=1)
    
    U_tilde, s_p, V_p_T = jnp.linalg.svd(Omega_global, full_matrices=False)
    V_p = V_p_T.T
    
    p = min(p, U_tilde.shape[1])
    U_p = U_tilde[:, :p]
    V_p = V_p[:, :p]
    s_p_r = s_p[:p]
    
    U_p1 = U_p[:H, :]
    U_p2 = U_p[H:H+1, :]
    U_p3 = U_p[H+1:, :]
    
    U_x, s_x, V_x_T = jnp.linalg.svd(X_global, full_matrices=False)
    r = min(r, U_x.shape[1])
    U_r = U_x[:, :r]
    
    Sigma_p_inv = jnp.diag(1.0 / s_p_r)
    A_tilde = U_r.T @ Y_global @ V_p @ Sigma_p_inv @ U_p1.T @ U_r
    B_tilde = U_r.T @ Y_global @ V_p @ Sigma_p_inv @ U_p2.T
    C_tilde = U_r.T @ Y_global @ V_p @ Sigma_p_inv @ U_p3.T @ U_r
    
    eigenvalues = jnp.linalg.eigvals(A_tilde)
    
    return A_tilde, B_tilde, C_tilde, eigenvalues, s_x, s_p, X_global, Y_global, Uc_global, U_r
