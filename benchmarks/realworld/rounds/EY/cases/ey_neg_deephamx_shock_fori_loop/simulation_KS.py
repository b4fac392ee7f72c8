# Source: https://github.com/leafDancer/DeepHAMX/blob/21d7f98e460db03dc5faf36006c0c82d847c51c8/srcx/simulation_KS.py
# Title: simulation_KS.py (DeepHAMX: Krusell-Smith aggregate and idiosyncratic shock simulation)
# Cut: kept simul_shocks as written; simul_k and the other simulators dropped.
import jax
import jax.numpy as jnp
import jax.scipy as jscipy
from functools import partial
JNP_DTYPE = jnp.float32  # from param import JNP_DTYPE

EPSILON = 1e-3

@partial(jax.jit, static_argnames=("mparam","n_sample","T"))
def simul_shocks(key, n_sample, T, mparam, state_init=None):
    n_agt = mparam.n_agt
    ashock = jnp.zeros([n_sample, T], dtype=JNP_DTYPE)
    ishock = jnp.ones([n_sample, n_agt, T], dtype=JNP_DTYPE)
    def is_state_init(key, ashock, ishock, state_init, mparam):
        del key
        if state_init is None:
            return ashock, ishock 
        ashock = ashock.at[:, 0:1].set(((state_init["ashock"] - 1) / mparam.delta_a + 1) / 2)
        ishock = ishock.at[..., 0].set(state_init["ishock"])
        return ashock, ishock

    def not_state_init(key, ashock, ishock, n_sample, n_agt, mparam):
        subkey, key = jax.random.split(key)
        ashock = ashock.at[:, 0].set(jax.random.binomial(subkey, 1, 0.5, n_sample))
        ur_rate = ashock[:, 0] * mparam.ur_g + (1 - ashock[:, 0]) * mparam.ur_b
        ur_rate = jnp.repeat(ur_rate[:, None], n_agt, axis=1)
        subkey, key = jax.random.split(key)
        rand = jax.random.uniform(subkey, shape=(n_sample, n_agt), dtype=JNP_DTYPE)
        ishock0 = jnp.where(rand < ur_rate, jnp.zeros_like(ishock[..., 0], dtype=JNP_DTYPE), ishock[..., 0])
        ishock = ishock.at[..., 0].set(ishock0)
        return ashock, ishock

    subkey, key = jax.random.split(key)
    ashock, ishock = jax.lax.cond(
        state_init is not None,
        lambda k, a, i: is_state_init(k, a, i, state_init, mparam),
        lambda k, a, i: not_state_init(k, a, i, n_sample, n_agt, mparam),
        subkey,
        ashock,
        ishock
    )
    def assign_ashock(t,val):
        ashock,key = val
        subkey,key = jax.random.split(key)
        if_keep = jax.random.binomial(subkey, 1, 0.875, n_sample, dtype=JNP_DTYPE)  # prob for Z to stay the same is 0.875
        ashock = ashock.at[:, t].set(if_keep * ashock[:, t - 1] + (1 - if_keep) * (1 - ashock[:, t - 1]))
        return ashock,key
    ashock,key = jax.lax.fori_loop(1,T,assign_ashock,(ashock,key))
    def assign_ishock(t,val):
        ishock,ashock,key = val
        a0, a1 = ashock[:, None, t - 1], ashock[:, None, t]
        y_agt = ishock[:, :, t - 1]
        ur_rate = (1 - a0) * (1 - a1) * (1 - y_agt) * mparam.p_bb_uu + (1 - a0) * (1 - a1) * y_agt * mparam.p_bb_eu
        ur_rate += (1 - a0) * a1 * (1 - y_agt) * mparam.p_bg_uu + (1 - a0) * a1 * y_agt * mparam.p_bg_eu
        ur_rate += a0 * (1 - a1) * (1 - y_agt) * mparam.p_gb_uu + a0 * (1 - a1) * y_agt * mparam.p_gb_eu
        ur_rate += a0 * a1 * (1 - y_agt) * mparam.p_gg_uu + a0 * a1 * y_agt * mparam.p_gg_eu
        subkey,key = jax.random.split(key)
        rand = jax.random.uniform(subkey,shape=(n_sample, n_agt), dtype=JNP_DTYPE)
        ishockt = jnp.where(rand<ur_rate,jnp.zeros_like(ishock[...,t]),ishock[...,t])
        ishock = ishock.at[..., t].set(ishockt)
        return ishock,ashock,key
    
    ishock,ashock,key = jax.lax.fori_loop(1,T,assign_ishock,(ishock,ashock,key))
    ashock = (ashock * 2 - 1) * mparam.delta_a + 1  # convert 0/1 variable to productivity
    return ashock, ishock
