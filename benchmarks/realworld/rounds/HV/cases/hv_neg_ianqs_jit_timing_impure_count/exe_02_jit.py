# Source: https://github.com/IanQS/numpy_to_jax/blob/1aa060b96aace490667e5b1875427ed3fe46cfbe/solutions/exe_02_jit.ipynb
# Title: numpy_to_jax solutions/exe_02_jit.ipynb (numpy vs jax vs jax.jit timings; impure function under jit)
# Cut: code cells 1, 7, 9, 11, 14 and 15; the ShoppingCart cell and markdown dropped; %timeit magics
#      turned into comments so the file parses.
import jax.numpy as jnp
import numpy as np
import jax

np.random.seed(42)


def doubler(x):
    return x * 2

@jax.jit
def jitted_doubler(x):
    return x * 2

alternative_jitted_doubler = jax.jit(doubler)


input_arr = np.random.rand(1000, 1000)

def func_np(m):
    mask = m > 0.5
    m = np.where(mask, m**2, np.sqrt(m))
    return m @ m

print("Numpy version")
# %timeit func_np(input_arr)

input_arr_j = jnp.asarray(input_arr)

def func_jax(m):
    mask = m > 0.5
    m = jnp.where(mask, m ** 2, jnp.sqrt(m))
    return m @ m

print("Jax Non-Jit version")
# %timeit func_jax(input_arr_j)

jitted_func = jax.jit(func_jax) # Your code here

print("Jax Jitted version")
# %timeit jitted_func(input_arr_j).block_until_ready()


input_arr = np.random.rand(4_000, 4_000)
print("Numpy version")
# %timeit func_np(input_arr)

input_arr_j = jnp.asarray(input_arr)

print("Jax Non-Jit version")
# %timeit func_jax(input_arr_j)

jitted_func = jax.jit(func_jax)

print("Jax Jitted version")
# %timeit jitted_func(input_arr_j).block_until_ready()


small_rand_jnp = jnp.asarray(np.random.rand(3, 3))


count = 0

def impure_non_jit(x):
    return x + x * count

impure_jitted = jax.jit(impure_non_jit)

for i in range(5):
    print(impure_non_jit(small_rand_jnp))
    print(impure_jitted(small_rand_jnp))
    print("*" * 10)
    
    # TODO: update the state here and see how they diverge!
    count += 1

