# Source: https://github.com/tanyuqian/redco/blob/8129ab3191861e60f2ba8c98d1c35b4292dbe52f/redco/trainers/trainer.py
# Title: redco redco/trainers/trainer.py (Trainer.eval_loss)
# Cut: only eval_loss, as a method of a stub class
import numpy as np
from flax.jax_utils import unreplicate


class Trainer:
    def eval_loss(self, examples, per_device_batch_size, desc=None):
        data_batches = self._deployer.get_model_input_batches(
            examples=examples,
            per_device_batch_size=per_device_batch_size,
            collate_fn=self._collate_fn,
            shuffle=False,
            shuffle_rng=None,
            desc=f'Evaluating ({desc})' if desc is not None else 'Evaluating')

        losses = []
        for batch in data_batches:
            if self._p_eval_step is None:
                self.setup_running_step(dummy_batch=batch)

            rng = self._deployer.gen_model_step_rng()
            metrics = self._deployer.run_model_step(
                step_fn=self._p_eval_step, input_args=(rng, self._state, batch))
            if self.mesh is None:
                metrics = unreplicate(metrics)

            losses.append(metrics['loss'].item())
            data_batches.set_postfix(**metrics)

        return np.mean(losses).item()
