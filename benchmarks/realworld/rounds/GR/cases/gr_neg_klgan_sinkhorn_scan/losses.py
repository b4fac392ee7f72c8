# Source: https://github.com/ZhenyaSSSS/KL-GAN-jax/blob/22a48b4154e0369db1c98fc76913c7be27d0e7c4/training/losses.py
# Title: KL-GAN-jax training/losses.py: batch-statistics KL losses and a Sinkhorn-divergence feature loss
# Cut: kept the statistics/KL helpers, cost matrix, Sinkhorn (lax.scan) and Sinkhorn divergence; dropped the
#      repulsion and contrastive losses.
import jax
import jax.numpy as jnp


def calc_stats_stable(f, min_var=1e-5):
    """Batch mean, variance, and log-variance with a floor for numerical stability."""
    mu = jnp.mean(f, axis=0)
    var = jnp.mean((f - mu) ** 2, axis=0)
    var_clipped = jnp.clip(var, a_min=min_var)
    log_var = jnp.log(var_clipped)
    return mu, var_clipped, log_var


def kl_divergence_stable(mu_p, log_var_p, mu_q, log_var_q, var_p):
    """KL(p || q) for diagonal Gaussians using log-variances (no division by var_q)."""
    term1 = log_var_q - log_var_p
    mean_diff_sq = (mu_p - mu_q) ** 2
    term2 = (var_p + mean_diff_sq) * jnp.exp(-log_var_q)
    kl = 0.5 * (term1 + term2 - 1.0)
    return jnp.sum(kl)


def symmetric_kl_loss(f_real, f_fake):
    """Symmetric log-KL on batch feature statistics (both directions)."""
    mu_r, var_r, log_var_r = calc_stats_stable(f_real)
    mu_f, var_f, log_var_f = calc_stats_stable(f_fake)
    kl_r_f = kl_divergence_stable(mu_r, log_var_r, mu_f, log_var_f, var_r)
    kl_f_r = kl_divergence_stable(mu_f, log_var_f, mu_r, log_var_r, var_f)
    return 0.5 * (jnp.log(1.0 + kl_r_f) + jnp.log(1.0 + kl_f_r))


def symmetric_kl_loss_with_fixed_real(mu_r, var_r, log_var_r, f_fake):
    """Same as symmetric_kl_loss but real-side stats are fixed (e.g. generator step)."""
    mu_f, var_f, log_var_f = calc_stats_stable(f_fake)
    kl_r_f = kl_divergence_stable(mu_r, log_var_r, mu_f, log_var_f, var_r)
    kl_f_r = kl_divergence_stable(mu_f, log_var_f, mu_r, log_var_r, var_f)
    return 0.5 * (jnp.log(1.0 + kl_r_f) + jnp.log(1.0 + kl_f_r))


# Manifold / KL-GAN losses


def compute_cost_matrix(X, Y):
    """Squared L2 pairwise cost; divide by D so scale is O(1) for tanh-bounded D-dim features."""
    dist = jnp.sum(X**2, axis=1, keepdims=True) + jnp.sum(Y**2, axis=1) - 2 * jnp.dot(X, Y.T)
    dist = jnp.maximum(dist, 0.0)
    d = X.shape[-1]
    return dist / jnp.maximum(jnp.asarray(d, dtype=dist.dtype), jnp.asarray(1.0, dtype=dist.dtype))

def sinkhorn_ot_primal(C, epsilon=0.05, max_iter=15):
    import jax
    n, m = C.shape
    log_mu = jnp.full((n,), -jnp.log(n))
    log_nu = jnp.full((m,), -jnp.log(m))
    log_K = -C / epsilon

    def scan_body(carry, _):
        f, g = carry
        f = log_mu - jax.nn.logsumexp(log_K + g[None, :], axis=1)
        g = log_nu - jax.nn.logsumexp(log_K.T + f[None, :], axis=1)
        return (f, g), None

    f_init = jnp.zeros((n,))
    g_init = jnp.zeros((m,))
    (f_final, g_final), _ = jax.lax.scan(scan_body, (f_init, g_init), None, length=max_iter)

    log_P = f_final[:, None] + log_K + g_final[None, :]
    P = jnp.exp(log_P)
    
    linear_cost = jnp.sum(P * C)
    kl_cost = jnp.sum(P * jnp.log(jnp.maximum(P, 1e-30))) + jnp.log(n * m)
    return linear_cost + epsilon * kl_cost

def sinkhorn_divergence(X, Y, epsilon=0.05, max_iter=15):
    C_xy = compute_cost_matrix(X, Y)
    C_xx = compute_cost_matrix(X, X)
    C_yy = compute_cost_matrix(Y, Y)
    
    ot_xy = sinkhorn_ot_primal(C_xy, epsilon, max_iter)
    ot_xx = sinkhorn_ot_primal(C_xx, epsilon, max_iter)
    ot_yy = sinkhorn_ot_primal(C_yy, epsilon, max_iter)
    
    return ot_xy - 0.5 * ot_xx - 0.5 * ot_yy
