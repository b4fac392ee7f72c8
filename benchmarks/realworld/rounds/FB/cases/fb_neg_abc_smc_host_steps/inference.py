# Source: https://github.com/darrenjw/jax-smfsb/blob/71374b1235cb3ef2fe77d12b4f5ebd636116532c/src/jsmfsb/inference.py
# Title: src/jsmfsb/inference.py, abc_smc_step and abc_smc
# Cut: docstrings shortened; code as at the commit.
import jax
import jax.numpy as jnp


def abc_smc_step(
    key, dprior, prior_sample, prior_lw, rdist, rperturb, dperturb, factor
):
    """Carry out one step of an ABC-SMC algorithm. Not meant to be directly called by users."""
    k1, k2, k3 = jax.random.split(key, 3)
    n = prior_sample.shape[0]
    mx = jnp.max(prior_lw)
    rw = jnp.exp(prior_lw - mx)
    prior_ind = jax.random.choice(k1, n, shape=(n * factor,), p=rw / jnp.sum(rw))
    prior = prior_sample[prior_ind, :]
    keys = jax.random.split(k2, len(prior_ind))
    prop = jax.vmap(rperturb)(keys, prior)
    keys2 = jax.random.split(k3, len(prior_ind))
    dist = jax.vmap(rdist)(keys2, prop)  # this is typically the slow step
    q_cut = jnp.nanquantile(dist, 1 / factor)
    new = prop[dist < q_cut, :]

    def log_weight(th):
        terms = prior_lw + jnp.apply_along_axis(
            lambda x: dperturb(th, x), 1, prior_sample
        )
        mt = jnp.max(terms)
        denom = mt + jnp.log(jnp.sum(jnp.exp(terms - mt)))
        return dprior(th) - denom

    lw = jnp.apply_along_axis(log_weight, 1, new)
    mx = jnp.max(lw)
    rw = jnp.exp(lw - mx)
    nlw = jnp.log(rw / jnp.sum(rw))
    return new, nlw


def abc_smc(
    key,
    n,
    rprior,
    dprior,
    rdist,
    rperturb,
    dperturb,
    factor=10,
    steps=15,
    verb=False,
    debug=False,
):
    """Run an ABC-SMC algorithm for infering the parameters of a forward model.

    steps : int
      The number of steps of the ABC-SMC algorithm. Typically,
      somewhere between 5 and 100 steps seems to be used in
      practice. Defaults to 15.
    """
    key, k1 = jax.random.split(key)
    prior_lw = jnp.log(jnp.zeros((n)) + 1 / n)
    keys = jax.random.split(k1, n)
    prior_sample = jax.lax.map(rprior, keys)
    # TODO: worth turning this loop into a "scan"? Maybe not.
    for i in range(steps):
        key, k1 = jax.random.split(key)
        if verb:
            print(steps - i, end=" ", flush=True)
        prior_sample, prior_lw = abc_smc_step(
            k1, dprior, prior_sample, prior_lw, rdist, rperturb, dperturb, factor
        )
        if debug:
            print(prior_sample.shape)
            print(prior_lw.shape)
    if verb:
        print("Done.")
    ind = jax.random.choice(key, prior_lw.shape[0], shape=(n,), p=jnp.exp(prior_lw))
    return prior_sample[ind, :]
