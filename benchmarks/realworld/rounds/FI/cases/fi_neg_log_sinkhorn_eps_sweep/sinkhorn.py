# Source: https://github.com/aipyth/optimal-transport/blob/3d0b7b6f2ff345a32cfd88e31e0ca7a0feb356d4/methods/sinkhorn/sinkhorn.ipynb
# Title: methods/sinkhorn/sinkhorn.ipynb (Sinkhorn Algorithm for Optimal Transport)
# Cut: code cells 2, 4, 5, 7 and 9 converted to a script; plotting and the POT benchmark cell dropped.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

n = 1000
x = jnp.linspace(0, 1, n)
pdf1 = jax.scipy.stats.norm.pdf(x, loc=0.4, scale=0.09)
pdf2 = jax.scipy.stats.norm.pdf(x, loc=0.5, scale=0.12)

# better to keep these measures normalized (to be a proper pdf)
pdf1 = pdf1 / pdf1.sum()
pdf2 = pdf2 / pdf2.sum()

xx = jnp.meshgrid(x, x, indexing="ij")
cost = jnp.square(xx[0] - xx[1])


def sinkhorn(mu, nu, C, epsilon=0.001, niter=1000):
    ln_K = -C / epsilon
    ln_mu = jnp.log(mu)
    ln_nu = jnp.log(nu)
    ln_u = jnp.ones_like(ln_mu)
    ln_v = jnp.ones_like(ln_nu)

    def body(i, ln_uv):
        ln_u, ln_v = ln_uv
        ln_u = ln_mu - jax.scipy.special.logsumexp(ln_K + ln_v[:, None], axis=0)
        ln_v = ln_nu - jax.scipy.special.logsumexp(ln_K.T + ln_u[:, None], axis=0)
        return ln_u, ln_v

    ln_u, ln_v = jax.lax.fori_loop(0, niter, body, (ln_u, ln_v))
    return jnp.exp(ln_u[:, None] + ln_K + ln_v[None, :])


epss = [0.00001, 0.0001, 0.001, 0.005]
niter = 400
sols = []
for eps in epss:
    sol = sinkhorn(pdf1, pdf2, cost, epsilon=eps, niter=niter)
    sols.append(sol)
