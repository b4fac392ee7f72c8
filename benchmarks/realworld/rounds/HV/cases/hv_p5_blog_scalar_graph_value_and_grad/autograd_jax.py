# Source: https://github.com/arogozhnikov/arogozhnikov.github.io/blob/0ec9a1c6fed32275bed60f3aa8a50500141fe53f/_posts/2023-12-30-fastest-autograd.markdown
# Title: Fastest Autograd in the West (section "Let's autograd in jax"; torch vs jax vs python vs rust vs C)
# Cut: the jax code block of the post, verbatim; the driver lines at the bottom (n_operations,
#      the 100 initial variables, the timed call) are reconstructed from the post's torch
#      benchmark (torch.arange(100) initial variables) and its "jit: compilation of 1k ops" timing.
import jax
import numpy as np

n_operations = 1_000


def run_graph_jax(initial_variables):
    nodes = [*initial_variables]
    for op in range(n_operations):
        match op % 4:
            case 0:
                # softplus
                nodes.append(jax.nn.softplus(nodes[-10]))
            case 1:
                # sum
                nodes.append(sum(nodes[-30:-10:5]))
            case 2:
                # prod
                nodes.append(nodes[-20] * nodes[-10])
            case 3:
                # softmax
                softmaxes = jax.nn.softmax(jax.numpy.stack(nodes[-4:]), axis=0)
                nodes.extend(softmaxes)

    return nodes[-1]


run_graph_and_grad = jax.value_and_grad(run_graph_jax)
# or
run_graph_and_grad = jax.jit(jax.value_and_grad(run_graph_jax))


init_vars = jax.numpy.arange(100, dtype=np.float32)
for _ in range(10):
    value, grads = run_graph_and_grad(init_vars)
