# Source: https://github.com/Ulrikberge/KI_progg_project1/blob/f304344e6c13ff454a0d9f0f5b3cd7eaeee146fa/consys.py
# Title: consys.py (NTNU IT3105 project 1, "Control System Training Module (CONSYS)")
# Cut: kept _compute_loss and the gradient part of run() with _apply_gradients inlined as its PID branch (params - lr * grads); logging, plotting and summary dropped.
import jax
import jax.numpy as jnp
from config import get_preset, get_training_config
from helpers import initialize_parameters, create_controller, create_plant


class ControlSystemTrainer:
    GRAD_CLIP = 1.0

    def __init__(self):
        self._preset = get_preset()
        self._training_cfg = get_training_config()
        self._mse_history = []
        self._param_history = []

    def _compute_loss(self, params):
        #Beregn MSE loss
        controller = create_controller()
        plant, target = create_plant()
        n_steps = self._training_cfg["timesteps"]

        errors = []
        for _ in range(n_steps):
            error = target - plant.get_output()
            action = controller.calculate_control_signal(params, error)
            plant.timestep(action)
            errors.append(error)

        return jnp.mean(jnp.square(jnp.array(errors)))

    def run(self):
        n_epochs = self._training_cfg["epochs"]
        lr = self._training_cfg["learning_rate"]

        params = initialize_parameters()
        grad_fn = jax.value_and_grad(self._compute_loss)

        for epoch in range(n_epochs):
            loss, grads = grad_fn(params)
            params = params - lr * grads
            self._mse_history.append(loss.item())

        return params, self._mse_history, self._param_history
