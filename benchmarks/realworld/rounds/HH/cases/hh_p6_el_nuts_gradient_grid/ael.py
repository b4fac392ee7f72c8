# Source: https://github.com/currocam/handbook-abc-jax/blob/3222468d442b04129fbf8db3a37117683948c71f/notebooks/empirical_likelihood_nuts.py
# Title: handbook-abc-jax, notebooks/empirical_likelihood_nuts.py (marimo notebook "Empirical likelihoods NUTS")
# Cut: the marimo cell that defines the log-adjusted empirical likelihood, unwrapped from
#      `@app.cell def _(jax, jnp):` into module level; markdown cells and the C++ reference
#      comments dropped. Shapes, names and the lax.scan Newton solve are the author's.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


@jax.jit
def _adjusted_empirical_loglikelihood(data, moments):
    # Moment condition
    data = data - moments
    # Pseudo-observation
    n1 = data.shape[0]
    a = 0.5 * jnp.log(n1)
    pseudo_observation = -a / n1 * moments.sum()
    pseudo_col = jnp.atleast_2d(pseudo_observation)
    # Add pseudo-observation to data
    data_col = jnp.atleast_2d(data).reshape(-1, 1)
    h_array = jnp.concatenate([data_col, pseudo_col]).reshape((-1, 1))
    # Compute lambda using modified Newton-Raphson
    n = h_array.shape[0]
    d = h_array.shape[1]

    def newton_step(lam_prev, _):
        h_lam = (h_array @ lam_prev).ravel()
        wi_arr = 1.0 / (1.0 + h_lam)
        threshold = 1.0 / n
        condition = (1.0 / wi_arr) >= threshold
        vi = jnp.where(condition, wi_arr, 2 * n - (n**2) / wi_arr)
        v2 = jnp.where(condition, wi_arr, n)
        dF = jnp.sum(vi.reshape(-1, 1) * h_array, axis=0)
        D_arr = v2**2
        P = -jnp.einsum("ni,n,nj->ij", h_array, D_arr, h_array)
        lam_new = lam_prev - jnp.linalg.solve(P, dF)
        return lam_new, None

    lam0 = jnp.zeros((d,))
    num_steps = 50
    lam_final, _ = jax.lax.scan(newton_step, lam0, None, length=num_steps)
    accum = jnp.sum(jnp.log1p((h_array @ lam_final).ravel()))
    log_AEL = -(accum + n * jnp.log(n))
    return log_AEL


@jax.jit
def adjusted_empirical_loglikelihood(dataset, moments):
    fun = lambda theta: _adjusted_empirical_loglikelihood(
        dataset, theta.reshape((1, -1))
    )
    return jax.vmap(fun)(moments)
