# Source: https://github.com/Ulrikberge/KI_progg_project1/blob/f304344e6c13ff454a0d9f0f5b3cd7eaeee146fa/consys.py
# Title: consys.py (NTNU IT3105 project 1, "Control System Training Module (CONSYS)")
# Cut: kept _apply_gradients verbatim and the training loop of run() (header prints and logging dropped); _compute_loss replaced by a stub that only shows the jnp-level loss it returns (the Python time loop is labelled in gn_p5_it3105_trainer_compute_loss).
import jax
import jax.numpy as jnp
from helpers import initialize_parameters, evaluate_controller


class ControlSystemTrainer:
    GRAD_CLIP = 1.0

    def __init__(self, training_cfg):
        self._training_cfg = training_cfg
        self._mse_history = []
        self._param_history = []

    def _compute_loss(self, params):
        errors = evaluate_controller(params)
        return jnp.mean(jnp.square(errors))

    def _apply_gradients(self, params, grads):
        #Bruk gradient descent for å oppdatere parametrene
        # Ikke endre det under uten å tenke seg godt om
        lr = self._training_cfg["learning_rate"]

        if isinstance(params, list):
            # Neura nett: klipp gradients og oppdater hver layer
            clipped = [
                tuple(jnp.clip(g, -self.GRAD_CLIP, self.GRAD_CLIP) for g in layer)
                for layer in grads
            ]
            return [
                tuple(p - lr * g for p, g in zip(layer_p, layer_g))
                for layer_p, layer_g in zip(params, clipped)
            ]
        else:
            # PID: enkel gradient descent
            self._param_history.append(params)
            return params - lr * grads

    def run(self):
        n_epochs = self._training_cfg["epochs"]

        # Initialize
        params = initialize_parameters()
        grad_fn = jax.value_and_grad(self._compute_loss)

        # Training loop
        for epoch in range(n_epochs):
            loss, grads = grad_fn(params)
            params = self._apply_gradients(params, grads)
            self._mse_history.append(loss.item())

        return params, self._mse_history, self._param_history
