# Source: https://github.com/jeh15/quadruped-osc/blob/71f9ee10b71c016e62ff02693c00342f643d0b6d/src/controllers/osc/controller.py
# Title: src/controllers/osc/controller.py (jeh15/quadruped-osc)
# Cut: kept WeightConfig, OSCController.objective with its two helpers and the jacfwd/jacrev set-up
#      from _initialize_optimization; the constraints, OSQP set-up and OSCData are reduced to fields.
import dataclasses

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class WeightConfig:
    # Task Space Tracking Weights:
    base_translational_tracking: float = 100.0
    base_rotational_tracking: float = 100.0
    fl_translational_tracking: float = 10.0
    fl_rotational_tracking: float = 10.0
    fr_translational_tracking: float = 10.0
    fr_rotational_tracking: float = 10.0
    hl_translational_tracking: float = 10.0
    hl_rotational_tracking: float = 10.0
    hr_translational_tracking: float = 10.0
    hr_rotational_tracking: float = 10.0
    # Torque Minization Weight:
    torque: float = 1e-2
    # Regularization Weight:
    regularization: float = 1e-2


class OSCController:
    def __init__(self, dv_size=18, u_size=12, z_size=12, num_targets=5):
        self.dv_size, self.u_size, self.z_size = dv_size, u_size, z_size
        self.dv_idx = dv_size
        self.u_idx = dv_size + u_size
        self.num_targets = num_targets
        self.weights_config = dataclasses.asdict(WeightConfig())
        self._initialize_optimization()

    def objective(self, q: jax.Array, desired_task_ddx: jax.Array, data) -> jax.Array:
        # Unpack Design Variables:
        dv, u, z = jnp.split(
            q, [self.dv_idx, self.u_idx],
        )

        # Task Space Objective:
        J_task = data.taskspace_jacobian
        task_bias = data.taskspace_bias
        ddx_task = J_task @ dv + task_bias

        ddx_base, ddx_fl, ddx_fr, ddx_hl, ddx_hr = jnp.split(
            ddx_task, self.num_targets,
        )
        ddx_base_t, ddx_fl_t, ddx_fr_t, ddx_hl_t, ddx_hr_t = jnp.split(
            desired_task_ddx, self.num_targets,
        )

        # Objective Function:
        objective_terms = {
            'base_translational_tracking': self._objective_tracking(ddx_base[:3], ddx_base_t[:3]),
            'base_rotational_tracking': self._objective_tracking(ddx_base[3:], ddx_base_t[3:]),
            'fl_translational_tracking': self._objective_tracking(ddx_fl[:3], ddx_fl_t[:3]),
            'fl_rotational_tracking': self._objective_tracking(ddx_fl[3:], ddx_fl_t[3:]),
            'fr_translational_tracking': self._objective_tracking(ddx_fr[:3], ddx_fr_t[:3]),
            'fr_rotational_tracking': self._objective_tracking(ddx_fr[3:], ddx_fr_t[3:]),
            'hl_translational_tracking': self._objective_tracking(ddx_hl[:3], ddx_hl_t[:3]),
            'hl_rotational_tracking': self._objective_tracking(ddx_hl[3:], ddx_hl_t[3:]),
            'hr_translational_tracking': self._objective_tracking(ddx_hr[:3], ddx_hr_t[:3]),
            'hr_rotational_tracking': self._objective_tracking(ddx_hr[3:], ddx_hr_t[3:]),
            'torque': self._objective_regularization(u),
            'regularization': self._objective_regularization(q),
        }

        objective_terms = {
            k: v * self.weights_config[k] for k, v in objective_terms.items()
        }
        objective_value = jnp.array(sum(objective_terms.values()))

        return objective_value

    def _objective_tracking(self, q: jax.Array, task_target: jax.Array) -> jax.Array:
        """Tracking Objective Function."""
        return jnp.sum(jnp.square(q - task_target))

    def _objective_regularization(self, q: jax.Array) -> jax.Array:
        """Regularization Objective Function."""
        return jnp.sum(jnp.square(q))

    def _initialize_optimization(self) -> None:
        # Generate Optimization Functions: (jacrev -> row by row, jacfwd -> column by column)
        self.H_fn = jax.jacfwd(jax.jacrev(self.objective))
        self.f_fn = jax.jacfwd(self.objective)
