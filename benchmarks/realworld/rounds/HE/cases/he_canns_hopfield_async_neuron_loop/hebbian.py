# Source: https://github.com/Routhleck/canns/blob/26896735c8838827d945ed2d3a89b545f881a350/src/canns/trainer/hebbian.py
# Title: src/canns/trainer/hebbian.py (HebbianTrainer, compiled prediction path)
# Cut: kept the constructor (reduced to the prediction options), predict (reduced to its compiled branch) and
#      _predict_generic_compiled, whose brainstate.compile.while_loop body calls model.update (hopfield.py);
#      training, progress bars, resizing and the uncompiled path are dropped.
import jax.numpy as jnp
import brainstate

from ..models.brain_inspired import BrainInspiredModel


class HebbianTrainer:
    def __init__(
        self,
        model: BrainInspiredModel,
        show_iteration_progress: bool = False,  # Default to False for cleaner display
        compiled_prediction: bool = True,
        *,
        state_attr: str | None = None,
    ):
        self.model = model
        self.show_iteration_progress = show_iteration_progress
        self.compiled_prediction = compiled_prediction
        self.state_attr = state_attr

    def predict(self, pattern, num_iter: int = 20, compiled: bool | None = None, progress_callback=None):
        """Predict a single pattern."""
        if compiled is None:
            compiled = self.compiled_prediction
        state_attr = self._resolve_state_attr()
        state_param = getattr(self.model, state_attr, None)
        self._set_state_vector(pattern, state_param)
        if compiled and progress_callback is None:
            result = self._predict_generic_compiled(num_iter, state_param)
        return result

    def _set_state_vector(self, pattern, state_param) -> None:
        vec = jnp.asarray(pattern, dtype=jnp.float32)
        state_param.value = vec

    def _get_state_vector(self, state_param):
        return jnp.asarray(state_param.value, dtype=jnp.float32)

    def _predict_generic_compiled(self, num_iter: int, state_param):
        """Compiled generic predict using while_loop; no early stop, no progress."""
        # Initial energy
        initial_energy = jnp.float32(self.model.energy)

        def cond_fn(carry):
            _, _, iteration = carry
            return iteration < num_iter

        def body_fn(carry):
            s, prev_energy, iteration = carry
            # Set current state
            state_param.value = s
            # Single update step
            self.model.update(prev_energy)
            # New state and energy
            new_s = jnp.array(state_param.value, dtype=jnp.float32)
            new_energy = jnp.float32(self.model.energy)
            return new_s, new_energy, iteration + 1

        initial_carry = (self._get_state_vector(state_param), initial_energy, 0)
        final_s, _, _ = brainstate.compile.while_loop(
            cond_fn,
            body_fn,
            initial_carry,
        )
        return final_s
