# Source: https://github.com/JDAI27/JAX_GP/blob/5b89141b7ba796512d139dc5a6339b0e5d559b3f/code/GaussianProcess.py
# Title: code/GaussianProcess.py - GaussianProcess.adam_optimizer
# Cut: kept the imports and adam_optimizer (jitted Adam step with per-hyperparameter gradient clipping, host loop over epochs); the rest of the class cut
import jax.numpy as jnp
from jax import jit, grad, random
from jax.example_libraries import optimizers


class GaussianProcess:
    # Function for optimizing kernel parameters using JAX's Adam optimizer
    def adam_optimizer(self, obj_func, initial_theta, bounds, num_epochs=1000, step_size=0.01, beta1=0.9, beta2=0.999, eps=1e-8):
        opt_init, opt_update, get_params = optimizers.adam(step_size=step_size, b1=beta1, b2=beta2, eps=eps)
        state = opt_init(initial_theta)
        bounds = jnp.atleast_2d(bounds)
        #bounds = jnp.log(jnp.array(bounds))

        # Define a single optimization step
        @jit
        def step(i, opt_state):
            params = get_params(opt_state)
            value, grads = obj_func(params)

            # Clip the gradients according to the bounds
            clipped_grads = jnp.array([jnp.where((params[i] + grads[i] > bounds[i, 0]) & (params[i] + grads[i] < bounds[i, 1]), grads[i], 0)
                                        for i in range(len(grads))])

            updated_state = opt_update(i, clipped_grads, opt_state)
            return updated_state, value

        # Perform optimization
        for i in range(num_epochs):
            state, loss = step(i, state)

        theta_opt = get_params(state)
        func_min = obj_func(theta_opt)[0]
        return theta_opt, func_min
