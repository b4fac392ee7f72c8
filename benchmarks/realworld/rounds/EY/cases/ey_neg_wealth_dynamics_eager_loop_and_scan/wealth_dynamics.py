# Source: https://github.com/QuantEcon/imf_2024/blob/937c6d4d4e4648e02f40b64fe214438af4668082/day_2/morning/wealth_dynamics.md
# Title: wealth_dynamics.md (IMF QuantEcon workshop 2024, Implementation using JAX)
# Cut: code cells converted to a .py file; kept update_states_jax, the un-jitted for-loop
#      time series, the lax.scan version and the jitted cross-section update; dropped
#      the Model/create_wealth_model setup, plots and Lorenz/Gini code.
import jax
import jax.numpy as jnp


def update_states_jax(arrays, wdy, size, rand_key):
    w, z = arrays
    rand_key, *subkey = jax.random.split(rand_key, 3)
    zp = wdy.a * z + wdy.b + wdy.σ_z * jax.random.normal(rand_key, shape=size)
    y = wdy.c_y * jnp.exp(zp) + jnp.exp(
                        wdy.μ_y + wdy.σ_y * jax.random.normal(subkey[0], shape=size))
    wp = y
    R = wdy.c_r * jnp.exp(zp) + jnp.exp(
                        wdy.μ_r + wdy.σ_r * jax.random.normal(subkey[1], shape=size))
    wp += (w >= wdy.w_hat) * R * wdy.s_0 * w
    return wp, zp


# Using JAX and for loop (not jitted: runs op by op)
def wealth_time_series_for_loop_jax(w_0, n, wdy, size, rand_seed=1):
    rand_key = jax.random.PRNGKey(rand_seed)
    rand_key, *subkey = jax.random.split(rand_key, n)
    w_0 = jax.device_put(w_0).reshape(size)
    z = wdy.z_mean + jnp.sqrt(wdy.z_var) * jax.random.normal(rand_key, shape=size)
    w = [w_0]
    for t in range(n-1):
        w_, z = update_states_jax((w[t], z), wdy, size, subkey[t])
        w.append(w_)
    return jnp.array(w)


def wealth_time_series_jax(w_0, n, wdy, size, rand_seed=1):
    rand_key = jax.random.PRNGKey(rand_seed)
    rand_key, *subkey = jax.random.split(rand_key, n)
    w_0 = jax.device_put(w_0).reshape(size)
    z_init = wdy.z_mean + jnp.sqrt(wdy.z_var) * jax.random.normal(rand_key, shape=size)
    arrays = w_0, z_init
    rand_sub_keys = jnp.array(subkey)
    w_final = jnp.array([w_0])

    def update_w_z(arrays, rand_sub_key):
        wp, zp = update_states_jax(arrays, wdy, size, rand_sub_key)
        return (wp, zp), wp

    arrays_last, w_values = jax.lax.scan(update_w_z, arrays, rand_sub_keys)
    return jnp.concatenate((w_final, w_values))

# Create the jit function
wealth_time_series_jax = jax.jit(wealth_time_series_jax, static_argnums=(1,3,))


def update_cross_section_jax(w_distribution, shift_length, wdy, size, rand_seed=2):
    new_dist = wealth_time_series_jax(w_distribution, shift_length, wdy, size, rand_seed)
    new_distribution = new_dist[-1, :]
    return new_distribution

update_cross_section_jax = jax.jit(update_cross_section_jax, static_argnums=(1,3,))
