# Source: https://github.com/ArseniyPelevin/RNN_plasticity_inference/blob/45167b0c2ed985d5a540daa7e151d27100540ae7/experiment.py
# Title: experiment.py (RNN_plasticity_inference: experiment/input generation)
# Cut: kept Experiment.generate_inputs and nested_input_lists_to_tensors (called eagerly from
#      Experiment.__init__ while building the data set); the trial generators are not reproduced.
import equinox as eqx
import jax
import jax.numpy as jnp


class Experiment(eqx.Module):
    exp_i: int
    cfg: object = eqx.field(static=True)
    step_mask: jnp.array

    def generate_inputs(self, key, shapes):
        """ Generate inputs for all sessions in one experiment.

        Args:
            key: JAX random key,
            shapes (tuple): (num_sessions, num_trials, num_steps) arrays.

        Returns:
            inputs_tensors: dict of arrays,
                shape (num_sessions, max_steps_per_session, var_dim)
            step_mask: array of shape (num_sessions, max_steps_per_session),
                1 for valid steps, 0 for padding
        """
        num_sessions, num_trials, num_steps = shapes

        num_sessions_ = int(num_sessions[self.exp_i])  # In this experiment
        max_trials_ = int(num_trials[self.exp_i].max())  # Across sessions in this exp

        # Presplit keys for each session and trial
        acdc_key, trial_key = jax.random.split(key)

        acdc_rep_keys, acdc_first_keys = jax.random.split(
            acdc_key, 2 * num_sessions_
            ).reshape((2, num_sessions_) + acdc_key.shape)
        trial_keys = jax.random.split(
            trial_key, num_sessions_ * max_trials_
            ).reshape((num_sessions_, max_trials_) + trial_key.shape)

        inputs = {}
        for session_i in range(num_sessions_):
            num_trials_ = num_trials[self.exp_i, session_i]
            # Generate 2ACDC task sequence with Poisson-distributed repeats
            task_types = self.gen_2acdc((acdc_rep_keys[session_i],
                                         acdc_first_keys[session_i]), num_trials_)
            for task_i, task_type in enumerate(task_types):
                num_steps_ = num_steps[self.exp_i, session_i, task_i]
                # Generate inputs for one trial
                if self.cfg.input_type == 'random':
                    trial_inputs = self.generate_random_trial_input(
                        trial_keys[session_i, task_i], num_steps_)
                elif self.cfg.input_type == 'task':
                    trial_inputs = self.generate_task_trial_input(
                        trial_keys[session_i, task_i], num_steps_, task_type)
                elif self.cfg.input_type == 'constant':
                    trial_inputs = self.generate_constant_input(num_steps_)
                else:
                    raise ValueError(f"Unknown input type {self.cfg.input_type}")

                # Append trial inputs to session inputs
                for var in trial_inputs:
                    (inputs.setdefault(var, [[] for _ in range(num_sessions_)]
                                    )[session_i]
                                    .extend(trial_inputs[var]))

        max_sessions, max_steps = self.step_mask.shape[0], self.step_mask.shape[1]
        return self.nested_input_lists_to_tensors(inputs, max_sessions, max_steps)

    def nested_input_lists_to_tensors(self, inputs, max_sessions, max_steps):
        """ Convert nested list of inputs per session to padded tensor.
        Args:
            inputs: per-input-variable dict of nested lists,
                outer list is over sessions, inner list is over time steps in session
            max_sessions: Maximum number of sessions across all experiments.
            max_steps: Maximum number of steps per session across all experiments.

        Returns:
            inputs_tensors: dict of arrays,
                shape (max_sessions, max_steps_per_session_across_exps, *var_dim)
        """
        # For each variable, convert nested list to padded tensor
        inputs_tensors = {}
        for var, var_input in inputs.items():
            # Create tensor and pad: (num_sessions, max_steps_per_session, var_dim)
            inputs_tensor = jnp.zeros((max_sessions, max_steps,
                                       *var_input[0][0].shape))
            for s, session in enumerate(var_input):
                inputs_tensor = (inputs_tensor.at[s, :len(session)]
                                 .set(jnp.array(session)))
            inputs_tensors[var] = inputs_tensor

        return inputs_tensors
