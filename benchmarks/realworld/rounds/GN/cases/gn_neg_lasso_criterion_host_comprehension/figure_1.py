# Source: https://github.com/caillebotteAntoine/supplementary-numerical-material-nlmem-lasso/blob/7c21b664856af6244a1cb9a9fcf1625fd35cda3c/figure_1.py
# Title: figure_1.py (PhD supplementary numerical material, nonlinear mixed-effects lasso, Figure 1 critical-value check)
# Cut: kept get_beta_lasso and the criterion evaluation at the end of the lambda loop (get_crit, all_crit, crit_lasso) verbatim, de-indented out of the loop (myModel.N/P written N/P); data arrays built with the upstream shapes; plotting and the SPGD estimation dropped.
import jax.numpy as jnp
import jax.random as jrd

N, J, P = 100, 5, 400
X = jrd.normal(jrd.PRNGKey(0), (N * J, P))
Y = jrd.normal(jrd.PRNGKey(1), (N, J))
beta_hat = jnp.linalg.solve(X.T @ X, X.T @ Y.reshape(-1, 1)).reshape(-1)
var_eps, var_b, lambda_val = 1.5**2, 3.0**2, 1.0


def get_beta_lasso(beta_hat, lam, var_eps):
    """
    Compute the Lasso estimator (soft-thresholding) for beta given estimate and lambda.

    Parameters
    ----------
    beta_hat : jnp.ndarray
        estimate of beta, shape (P,)
    lam : float
        Regularization parameter (lambda)

    Returns
    -------
    beta_lasso : jnp.ndarray
        Lasso estimate of beta, shape (P,)
    """
    return jnp.sign(beta_hat) * jnp.maximum(jnp.abs(beta_hat) - var_eps * lam, 0.0)


I_J = jnp.eye(J)
W = jnp.ones((J, 1))  # Design matrix for the random effects
Gamma = var_eps * I_J + var_b * (W @ W.T)
gamma_inv = jnp.linalg.inv(Gamma)

beta_lasso = get_beta_lasso(beta_hat, lambda_val, var_eps)

def get_crit(prngkey):

    beta = beta_lasso + jrd.uniform(
        prngkey, shape=(P,), minval=-0.0002, maxval=0.0002
    )

    crit = (
        jnp.array(
            [
                (Y - (X @ beta).reshape(Y.shape))[i]
                @ gamma_inv
                @ (Y - (X @ beta).reshape(Y.shape))[i]
                for i in range(N)
            ]
        ).sum()
        / 2
        + lambda_val * jnp.abs(beta).sum()
    )
    return crit

all_crit = jnp.array([get_crit(jrd.PRNGKey(i)) for i in range(100)])

crit_lasso = (
    jnp.array(
        [
            (Y - (X @ beta_lasso).reshape(Y.shape))[i]
            @ gamma_inv
            @ (Y - (X @ beta_lasso).reshape(Y.shape))[i]
            for i in range(N)
        ]
    ).sum()
    / 2
    + lambda_val * jnp.abs(beta_lasso).sum()
)

