# Source: https://github.com/pgranger23/larnd-sim-jax/blob/87a1d1ca625db183dee31c24ba02299e09af7940/optimize/fit_params.py
# Title: optimize/fit_params.py (fitting LArTPC detector parameters with the differentiable simulator)
# Cut: kept compute_loss (physical-parameter branch) and the gradient-profile fitter's fit loop (history
#      bookkeeping shortened); the other fitters, checkpointing, normalisation and target generation are dropped.
from time import time

import jax
from jax import value_and_grad, grad
from tqdm import tqdm
import logging

logger = logging.getLogger(__name__)


def get_size_history():
    ...


def serialize_value(v):
    ...


class GradientProfileFitter:

    def compute_loss(self, tracks, i, ref_adcs, ref_pixel_x, ref_pixel_y, ref_pixel_z, ref_ticks, ref_hit_prob, ref_event, ref_pixel_id, with_loss=True, with_grad=True, with_hess=False, epoch=0, use_physical_params=False):
        rngkey = i + 1
        loss_val, grads, aux, hess, aux_hess = None, None, None, None, None

        target_data = {
            'adcs': ref_adcs,
            'pixel_x': ref_pixel_x,
            'pixel_y': ref_pixel_y,
            'pixel_z': ref_pixel_z,
            'ticks': ref_ticks,
            'hit_prob': ref_hit_prob,
            'event': ref_event,
            'pixel_id': ref_pixel_id
        }

        def loss_wrapper(physical_params):
            prediction = self.sim_strategy.predict(physical_params, tracks, self.sim_track_fields, rngkey)
            return self.loss_strategy.compute(physical_params, prediction, target_data)

        if with_loss and with_grad:
            (loss_val, aux), grads = value_and_grad(loss_wrapper, has_aux=True)(self.current_params)
        elif with_loss:
            loss_val, aux = loss_wrapper(self.current_params)
        elif with_grad:
            grads, aux = grad(loss_wrapper, has_aux=True)(self.current_params)

        return loss_val, grads, aux, hess, aux_hess

    def fit(self, dataloader_sim, target, ranges, iterations=100, **kwargs):
        self.prepare_fit()

        logger.info("Using the fitter in a gradient profile mode. The sampling will follow a regular grid.")
        logger.warning(f"Arguments {kwargs} are ignored in this mode.")

        nb_var_params = len(self.relevant_params_list)
        logger.info(f"{nb_var_params} parameters are to be scanned.")
        nb_steps = iterations
        logger.info(f"Each parameter will be scanned with {nb_steps} steps")

        self.ref_params = self.current_params

        for i in range(len(dataloader_sim)):
            logger.info(f"Batch {i}/{len(target)}")

            # sim
            selected_tracks_bt_sim = dataloader_sim[i].reshape(-1, len(self.sim_track_fields))
            self.validate_track_batch_event_ids(selected_tracks_bt_sim, self.sim_track_fields, f"sim batch {i}")
            selected_tracks_sim = jax.device_put(selected_tracks_bt_sim)
            evts_sim = self.get_batch_global_event_ids(dataloader_sim, i, selected_tracks_sim)

            # target
            if not self.read_target:
                selected_tracks_bt_tgt = target[i].reshape(-1, len(self.tgt_track_fields))
                self.validate_track_batch_event_ids(selected_tracks_bt_tgt, self.tgt_track_fields, f"target batch {i}")
                this_target = jax.device_put(selected_tracks_bt_tgt)
            else:
                this_target = target
            ref_adcs, ref_pixel_x, ref_pixel_y, ref_pixel_z, ref_ticks, ref_hit_prob, ref_event, ref_pixel_id = self.get_simulated_target(this_target, i, evts_sim, regen=False)

            for param in self.relevant_params_list:
                lower = ranges[param]['down']
                upper = ranges[param]['up']
                param_step = (upper - lower)/(nb_steps - 1)

                for iter in tqdm(range(nb_steps)):
                    start_time = time()
                    new_param_values = {param: lower + iter*param_step}
                    self.current_params = self.ref_params.replace(**new_param_values)
                    loss_val, grads, aux, _, _ = self.compute_loss(selected_tracks_sim, i, ref_adcs, ref_pixel_x, ref_pixel_y, ref_pixel_z, ref_ticks, ref_hit_prob, ref_event, ref_pixel_id, with_loss=True, with_grad=True, use_physical_params=True)

                    stop_time = time()

                    for par in self.relevant_params_list:
                        self.training_history[par+"_grad"].append(getattr(grads, par).item())
                    self.training_history['step_time'].append(stop_time - start_time)

                    self.training_history['losses_iter'].append(loss_val.item()) # type: ignore
                    aux_serializable = {k: serialize_value(v) for k, v in aux.items()} if aux is not None else {}
                    self.training_history['aux_iter'].append(aux_serializable) # type: ignore
                    for par in self.relevant_params_list:
                        #TODO: Need to check why this is not consistent
                        if type(getattr(self.current_params, par)) == float:
                            self.training_history[par + '_iter'].append(getattr(self.current_params, par))
                        else:
                            self.training_history[par + '_iter'].append(getattr(self.current_params, par).item())

                    self.training_history['size_history'].append(get_size_history())
                    if jax.devices()[0].platform == 'gpu':
                        self.training_history['memory'].append(jax.devices("gpu")[0].memory_stats())
