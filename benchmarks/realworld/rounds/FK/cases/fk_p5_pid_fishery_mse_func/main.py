# Source: https://github.com/Aamundeng/system-controller/blob/75a911753324109fcca43c7603dbe5f02f6b67af/main.py
# Title: main.py (Controlling dynamic systems with JAX)
# Cut: plotting driver, Bathtub/Cournot plants, the learning-rate schedule and NN_Controller/PID_Controller constructors cut; config values inlined from config.py (timesteps = 10, epochs = 501).
import jax
import jax.numpy as jnp
import jax.random as randjax
import optax

timesteps = 10
epochs = 501
noise_range = 0.2


class Plant:
    def __init__(self, vars_init, constants, sim_func):
        self.vars_init = vars_init  # initial variable values of plant
        self.vars = vars_init  # current variable values of plant
        self.constants = constants  # package of plant-specific constants
        self.sim_func = sim_func  # function to update or give value for the chosen plant

    def plant_value(self):
        value = self.sim_func(self.vars, self.constants, update=False)
        return value

    def update_plant(self, U, D):
        self.vars = self.sim_func(self.vars, self.constants, U, D, update=True)

    def reset_plant(self):
        self.vars = self.vars_init


def fishing_sim(vars, constants, U=0, D=0, update=False):
    F = vars
    r, N, = constants
    if update:
        F_delta = r * F * (1 - F/N) + U + D
        F = jnp.maximum(0.001, F + F_delta)
        vars = F
        return vars
    else:
        val = F
        return val


class ConSys:
    def __init__(self, plant, controller, target, epochs, timesteps, noise_range, key):
        self.plant = plant
        self.controller = controller
        self.target = target
        self.epochs = epochs
        self.timesteps = timesteps
        self.noise_range = noise_range
        self.key = key

        # Jit-compiled functions
        self.mse_func_jit = jax.jit(self.mse_func)  # loss
        self.grads_func_jit = jax.jit(jax.grad(self.mse_func))  # gradients

    def timestep_iteration(self, params, subkey, errors):
        plant_value = self.plant.plant_value()
        errors.append(self.target - plant_value)
        U = self.controller.compute_control_signal(params, errors)  # controller receive error and gives control signal
        D = randjax.uniform(subkey, (), minval=-self.noise_range, maxval=self.noise_range)  # uniform noise in range
        self.plant.update_plant(U, D)  # change value of plants according to signals
        return errors

    def mse_func(self, params, key):
        errors = []  # store errors throughout epoch
        self.plant.reset_plant()  # reset plant-value for new epochs
        subkeys = randjax.split(key, self.timesteps)  # get 'timesteps' number of random seeds/keys
        for timestep in range(self.timesteps):
            # compute signal for timestep and return updated error list
            errors = self.timestep_iteration(params, subkeys[timestep], errors)

        mse = jnp.mean(jnp.square(jnp.array(errors)))  # square each error and take the mean
        return mse

    def visualize_consys(self, key):
        # variant of mse_func where we extract the plant value at each timestep for visualization
        params = self.controller.params
        self.plant.reset_plant()
        plant_values = []
        errors = []
        subkeys = randjax.split(key, self.timesteps)
        for timestep in range(self.timesteps):
            errors = self.timestep_iteration(params, subkeys[timestep], errors)
            plant_values.append(self.plant.plant_value())  # only difference: get plant value for timestep
        return plant_values

    def run_system(self):
        results = []
        subkeys = randjax.split(self.key, self.epochs)
        for epoch in range(self.epochs):
            params = self.controller.params
            gradients = self.grads_func_jit(params, subkeys[epoch])
            self.controller.update_params(gradients)
            mse = self.mse_func_jit(params, subkeys[epoch])
            results.append(mse)
        return results


class Controller:
    def __init__(self, params, model, lr):
        self.model = model
        self.params = params
        self.optimizer = optax.adam(lr)
        self.optimizer_state = self.optimizer.init(self.params)

    def compute_control_signal(self, params, errors):
        pid_values = self.calculate_pid_values(errors)
        U = self.model.apply(params, pid_values)
        return U

    def calculate_pid_values(self, errors):
        proportional = errors[-1]
        integral = sum(errors)
        derivative = errors[-1] - errors[-2] if len(errors) > 1 else 0
        return jnp.array([proportional, integral, derivative])

    def update_params(self, grads):
        updates, self.optimizer_state = self.optimizer.update(grads, self.optimizer_state)
        self.params = optax.apply_updates(self.params, updates)


class PID_Model:
    def apply(self, params, pid_values):
        return jnp.dot(params, pid_values)


if __name__ == "__main__":
    plant = Plant(1.0, (0.2, 3.0), fishing_sim)
    controller = Controller(jnp.array([0.1, 0.05, 0.01]), PID_Model(), lr=0.05)
    consys = ConSys(plant, controller, target=1.0, epochs=epochs, timesteps=timesteps,
                    noise_range=noise_range, key=randjax.PRNGKey(0))
    consys.run_system()
