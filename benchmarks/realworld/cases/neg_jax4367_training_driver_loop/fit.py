# Source: https://github.com/jax-ml/jax/issues/4367
# Title: jax-ml/jax#4367 "Help with gradient memory issue"
# Cut: kept the author's loop; it is wrapped in a function so that the names the thread leaves undefined
#      are parameters.
from jax import jit, value_and_grad


def fit(flow_model, model, true_densities, n, lr):
    loss_and_grad = jit(value_and_grad(flow_model.compute_loss, argnums=[0,1]))
    init, transition = (model.initial, model.transition)
    d_matrix = model.distance_matrix

    for i in range(n):
        loss, grad = loss_and_grad(init, transition, true_densities, d_matrix)
        init_grad, transition_grad = grad
        init = init - (lr * init_grad)
        transition = transition - (lr*transition_grad)
    return init, transition
