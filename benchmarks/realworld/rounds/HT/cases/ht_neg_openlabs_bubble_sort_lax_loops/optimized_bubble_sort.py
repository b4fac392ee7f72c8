# Source: https://github.com/5uru/OpenLabs/blob/96d3f323d14421a2ee1c76adcfba9630333e04e3/algo_search/optimized_bubble_sort.py
# Title: algo_search/optimized_bubble_sort.py (bubble sort in JAX with nested lax.fori_loop)
# Cut: whole file, comments dropped.
import jax
from jax import lax

def optimized_bubble_sort(arr):
    n = arr.shape[0]

    def body_fun(i, arr):
        def inner_body_fun(j, arr):
            swap = arr[j] > arr[j + 1]
            arr = jax.lax.cond(
                    swap,
                    lambda x: x.at[j].set(arr[j + 1]).at[j + 1].set(arr[j]),
                    lambda x: x,
                    arr
            )
            return arr

        arr = lax.fori_loop(0, n - i - 1, inner_body_fun, arr)
        return arr

    arr = lax.fori_loop(0, n - 1, body_fun, arr)
    return arr


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    arr = jax.random.randint(key, (10,), 0, 100)
    print("Original array:", arr)
    sorted_arr = optimized_bubble_sort(arr)
    print("Sorted array:", sorted_arr)
