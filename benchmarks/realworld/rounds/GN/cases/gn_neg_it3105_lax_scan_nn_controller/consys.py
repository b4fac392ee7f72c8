# Source: https://github.com/Zulejman/PID-ML_controller/blob/f825d65ad303d5537cfa61023761adfa236387ff/src/consys.py
# Title: src/consys.py (NTNU IT3105 project 1, PID-ML controller)
# Cut: __init__ reduced to the attributes run_simulation uses (json config loading and plant/controller import dropped); run_simulation kept verbatim up to the end of the training loop.
import jax
import jax.numpy as jnp
import optax


class CONSYS:

    def __init__(self, plant, controller, epochs=100, timesteps=50, learning_rate=0.01):
        self.plant = plant
        self.controller = controller
        self.controller_params = controller.params
        self.epochs = epochs
        self.timesteps = timesteps
        self.optimizer = optax.sgd(learning_rate)
        self.opt_state = self.optimizer.init(self.controller_params)
        self.key = jax.random.PRNGKey(0)
        self.mse_history = []
        self.param_history = []


    def run_simulation(self):
        @jax.jit
        def simulation_loop(controller_params, init_state, init_ctrl_state, key):
            def step_fn(carry, _):
                state, ctrl_state, key = carry
                error = self.plant.compute_error(state)
                control, new_ctrl_state = self.controller.pid_step(ctrl_state, error, controller_params)
                new_state, new_key = self.plant.update_state(state, control, key)
                return (new_state, new_ctrl_state, new_key), error

            init_carry = (self.plant.reset_state(), (0.0, 0.0), key)
            (_, _, _), error_array = jax.lax.scan(step_fn, init_carry, jnp.arange(self.timesteps))
            return error_array

        @jax.jit
        def loss_fn(controller_params):
            init_state = self.plant.reset_state()
            init_ctrl_state = (0.0, 0.0)  
            error_array = simulation_loop(controller_params, init_state, init_ctrl_state, self.key)
            return jnp.mean(error_array ** 2)

        grad_fn = jax.jit(jax.grad(loss_fn))

        for epoch in range(self.epochs):
            mse = loss_fn(self.controller_params)
            self.mse_history.append(float(mse))
            grads = grad_fn(self.controller_params)
            updates, self.opt_state = self.optimizer.update(grads, self.opt_state)
            self.controller_params = optax.apply_updates(self.controller_params, updates)
            if hasattr(self.controller, 'params'):
                self.controller.params = self.controller_params

            self.param_history.append(self.controller_params.tolist())

            grad_norm = jnp.linalg.norm(grads)
