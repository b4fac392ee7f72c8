# Source: https://github.com/StevePny/DataAssimBench/blob/4070e99f574e11bd911086e33b2b09a685a330b1/dabench/dacycler/_dacycler.py
# Title: dabench/dacycler/_dacycler.py (DACycler: analysis and forecast under jax.lax.scan)
# Cut: reduced to the default _step_forecast and the scan over analysis cycles.
import jax
import jax.numpy as jnp
import xarray_jax as xj


class DACycler():

    def _step_forecast(self, xa, n_steps=1):
        """Perform forecast using model object"""
        return self.model_obj.forecast(xa, n_steps=n_steps)

    def _cycle_and_forecast(self, cur_state, filtered_idx):
        cur_state = cur_state.to_xarray()
        analysis = self._step_cycle(cur_state, filtered_idx)
        next_state, forecast_states = self._step_forecast(analysis, n_steps=self.steps_per_window)
        return xj.from_xarray(next_state), forecast_states

    def cycle(self, input_state, all_filtered_padded):
        cur_state, all_values = jax.lax.scan(
                self._cycle_and_forecast,
                xj.from_xarray(input_state),
                all_filtered_padded)
        return all_values
