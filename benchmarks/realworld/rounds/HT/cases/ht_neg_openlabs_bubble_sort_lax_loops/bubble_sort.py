# Source: https://github.com/5uru/OpenLabs/blob/96d3f323d14421a2ee1c76adcfba9630333e04e3/algo_search/bubble_sort.py
# Title: algo_search/bubble_sort.py (bubble sort in JAX with lax.while_loop)
# Cut: whole file, comments shortened.
import jax
import jax.numpy as jnp
from jax import lax

def bubble_sort(arr):
    n = arr.shape[0]

    def cond_fun(state):
        arr, i, swapped = state
        return jnp.logical_and(i < n - 1, swapped)

    def body_fun(state):
        arr, i, _ = state
        swapped = False

        def inner_body_fun(inner_state):
            arr, j, swapped = inner_state

            def swap_fn(a):
                a = a.at[j].set(arr[j + 1])
                a = a.at[j + 1].set(arr[j])
                return a

            should_swap = arr[j] > arr[j + 1]
            arr_new = lax.cond(should_swap, swap_fn, lambda a: a, arr)
            swapped_new = jnp.logical_or(swapped, should_swap)
            return arr_new, j + 1, swapped_new

        def inner_cond_fun(inner_state):
            _, j, _ = inner_state
            return j < n - i - 1

        arr, _, swapped = lax.while_loop(
                inner_cond_fun, inner_body_fun, (arr, 0, swapped)
        )
        return arr, i + 1, swapped

    init_state = (arr, 0, True)
    sorted_arr, _, _ = lax.while_loop(cond_fun, body_fun, init_state)
    return sorted_arr

if __name__ == "__main__":
    arr = jnp.array([64, 34, 25, 12, 22, 11, 90])
    jit_sort = jax.jit(bubble_sort)
    sorted_arr = jit_sort(arr)
    print("Sorted array:", sorted_arr)
