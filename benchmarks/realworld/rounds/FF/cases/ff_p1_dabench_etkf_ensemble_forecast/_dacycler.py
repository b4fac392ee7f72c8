# Source: https://github.com/StevePny/DataAssimBench/blob/4070e99f574e11bd911086e33b2b09a685a330b1/dabench/dacycler/_dacycler.py
# Title: dabench/dacycler/_dacycler.py (DACycler base class: cycle and forecast under jax.lax.scan)
# Cut: constructor, default B/R/H helpers and the 4D variant cut; cycle() reduced to the
#      set-up of the lax.scan over analysis cycles.
import numpy as np
import jax
import jax.numpy as jnp
import xarray as xr
import xarray_jax as xj

import dabench.dacycler._utils as dac_utils


class DACycler():

    def _cycle_and_forecast(self, cur_state, filtered_idx):
        cur_state = cur_state.to_xarray()
        cur_time = cur_state['_cur_time'].data
        cur_state = cur_state.drop_vars(['_cur_time'])
        obs_time_mask = filtered_idx > 0
        filtered_idx = filtered_idx - 1

        cur_obs_vals = jnp.array(self._obs_vector[self._observed_vars].to_stacked_array('system',['time']).data).at[filtered_idx].get()
        cur_obs_times = jnp.array(self._obs_vector.time.data).at[filtered_idx].get()
        cur_obs_loc_indices = jnp.array(self._obs_vector.system_index.data).at[:, filtered_idx].get().reshape(filtered_idx.shape[0], -1)
        cur_obs_loc_mask = jnp.array(self._obs_loc_masks).at[:, filtered_idx].get().astype(bool).reshape(filtered_idx.shape[0], -1)

        # Calculate obs window indices: closest model timesteps that match obs
        obs_window_indices =jnp.array([
                jnp.argmin(
                    jnp.abs(obs_time - (cur_time + self._model_timesteps))
                    ) for obs_time in cur_obs_times
            ])

        # 2. Calculate analysis
        analysis = self._step_cycle(
                cur_state,
                cur_obs_vals,
                cur_obs_loc_indices,
                obs_loc_mask=cur_obs_loc_mask,
                obs_time_mask=obs_time_mask,
                obs_window_indices=obs_window_indices
                )

        # 3. Forecast forward
        next_state, forecast_states = self._step_forecast(analysis, n_steps=self.steps_per_window)
        next_state = next_state.assign(
            _cur_time = cur_time + self.analysis_window
            ).assign_coords(
                cur_state.coords)

        return xj.from_xarray(next_state), forecast_states

    def cycle(self, input_state, start_time, obs_vector, n_cycles,
              obs_error_sd=None, analysis_window=0.2):
        self._observed_vars = obs_vector['variable'].values
        self.analysis_window = analysis_window
        self.steps_per_window = round(analysis_window/self.delta_t) + 1
        self._model_timesteps = jnp.arange(self.steps_per_window)*self.delta_t
        all_times = dac_utils._get_all_times(start_time, analysis_window, n_cycles)
        all_filtered_idx = dac_utils._get_obs_indices(
            obs_times=jnp.array(obs_vector.time.values),
            analysis_times=all_times,
            start_inclusive=True,
            end_inclusive=self._in_4d,
            analysis_window=analysis_window
        )
        input_state = input_state.assign(_cur_time=start_time)
        all_filtered_padded = dac_utils._pad_time_indices(all_filtered_idx, add_one=True)
        self._obs_vector = obs_vector
        self.obs_error_sd = obs_error_sd
        self._obs_loc_masks = jnp.ones(
            obs_vector[self._observed_vars].to_array().shape, dtype=bool)

        cur_state, all_values = jax.lax.scan(
                self._cycle_and_forecast,
                xj.from_xarray(input_state),
                all_filtered_padded)
        return all_values
