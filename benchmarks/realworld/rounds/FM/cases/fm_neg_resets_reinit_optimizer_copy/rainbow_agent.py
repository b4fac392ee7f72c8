# Source: https://github.com/evgenii-nikishin/rl_with_resets/blob/502ec52131471646cce871f9b7a94fac3cd2e651/discrete_control/agents/rainbow_agent.py
# Title: discrete_control/agents/rainbow_agent.py (periodic parameter resets)
# Cut: kept copy_params and the reset_weights method (inside a stub class); imports reduced

import jax
import jax.numpy as jnp
from collections import OrderedDict
from flax.core.frozen_dict import FrozenDict


def copy_params(old, new, keys=("encoder", "transition_model")):
    if isinstance(old, dict) or isinstance(old, OrderedDict) or isinstance(old, FrozenDict):
        fresh_dict = {}
        for k, v in old.items():
            if k in keys:
                fresh_dict[k] = v
            else:
                fresh_dict[k] = copy_params(old[k], new[k], keys)
        return fresh_dict
    else:
        return new


class JaxSPRAgent:  # stub
    def reset_weights(self):
        if self.remaining_resets <= 0:
            print("All resets completed, skipping")
            return
        else:
            self.remaining_resets -= 1
            print("Resetting weights; {} resets remaining".format(self.remaining_resets))

        self._rng, rng = jax.random.split(self._rng)
        if len(self.state_shape) < len(self.state.shape):
            state = self.state[0].reshape(*self.state_shape)
        else:
            state = self.state.reshape(*self.state_shape)
        online_network_params = self.network_def.init(rng, x=state,
                                                      actions=jnp.zeros((5,)),
                                                      do_rollout=self.spr_weight > 0,
                                                      support=self._support)
        optim_state = self.optimizer.init(self.online_params)

        keys_to_copy = []
        if not self.reset_projection:
            keys_to_copy += ["projection", "predictor"]
        if not self.reset_encoder:
            keys_to_copy += ["encoder", "transition_model"]
        if not self.reset_noise:
            keys_to_copy += ["kernell", "biass"]

        updated_optim_state = []
        for i in range(len(optim_state)):
            optim_to_copy = copy_params(dict(self.optimizer_state[i]._asdict()),
                                        dict(optim_state[i]._asdict()),
                                        keys=keys_to_copy)
            optim_to_copy = FrozenDict(optim_to_copy)
            updated_optim_state.append(optim_state[i]._replace(**optim_to_copy))

        self.optimizer_state = tuple(updated_optim_state)
        self.online_params = FrozenDict(copy_params(self.online_params,
                                                    online_network_params,
                                                    keys=keys_to_copy))

        print("Running {} steps after reset".format(self.updates_on_reset))

        for i in range(self.updates_on_reset):
            self._train_step()

