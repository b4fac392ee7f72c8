# Source: https://github.com/MLGlobalHealth/neuralsurv/blob/9116c9be1f96d4ffc11e05e058c055e4643dd610/postprocessing/draw_posterior_samples.py
# Title: postprocessing/draw_posterior_samples.py (NeuralSurv posterior predictive)
# Cut: kept get_compute_m and get_compute_s; the phi/omega sampling helpers below them removed.
import jax
import jax.numpy as jnp
from jax.scipy.sparse.linalg import cg


def get_compute_m(g, theta_MAP, mu, batch_size):

    @jax.jit
    def compute_m(time_eval, x_eval):

        m = []
        for i in range(0, len(time_eval), batch_size):
            t_batch = time_eval[i : i + batch_size]
            x_batch = x_eval[i : i + batch_size]

            @jax.jit
            def G(theta):
                return jax.vmap(lambda t, x: g(t, x, theta))(t_batch, x_batch).squeeze()

            G_map, j_delta = jax.jvp(G, (theta_MAP,), (mu - theta_MAP,))
            m.append(G_map + j_delta)
        return jnp.concatenate(m)

    return compute_m


def get_compute_s(g, theta_MAP, time_all, x_all, w_B, mu, batch_size):

    @jax.jit
    def G(theta):
        return jax.vmap(lambda t, x: g(t, x, theta))(time_all, x_all).squeeze()

    # Pre-build VJP closure at theta_map
    _, vjp_fun = jax.vjp(G, theta_MAP)

    def get_B_matvec(w_B):
        @jax.jit
        def B_matvec(v):
            _, jvp = jax.jvp(G, (theta_MAP,), (v,))  # shape (R,)
            weighted = w_B * jvp  # shape (R,)
            (back,) = vjp_fun(weighted)  # shape (dtheta,)
            return v / 2 + back

        return B_matvec

    @jax.jit
    def Sigma_mul(w_B, A):
        B_matvec = get_B_matvec(w_B)
        sol, _ = cg(B_matvec, A, maxiter=50, tol=1e-6)
        return sol / 2

    @jax.jit
    def batch_eval(t, x):

        f_g = lambda theta: g(t, x, theta)

        g_map, j_delta = jax.jvp(f_g, (theta_MAP,), (mu - theta_MAP,))

        b = jax.jacfwd(f_g)(theta_MAP).squeeze()

        quad = jnp.dot(b, Sigma_mul(w_B, b))

        return jnp.sqrt((g_map + j_delta) ** 2 + quad) + 1e-6

    # s function
    @jax.jit
    def compute_s(time_eval, x_eval):
        s = []
        for i in range(0, len(time_eval), batch_size):
            t_batch = time_eval[i : i + batch_size]
            x_batch = x_eval[i : i + batch_size]
            s.append(jax.vmap(batch_eval, in_axes=(0, 0))(t_batch, x_batch).squeeze())
        return jnp.concatenate(s)

    return compute_s
