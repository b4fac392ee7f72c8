# Source: https://github.com/sisl/InteractionSimulator/blob/a410bdb1f295fe1c6279ed7c71464a022d48ce08/intersim/default_policies/idm.py
# Title: intersim/default_policies/idm.py (IDM car-following policy for the INTERACTION roundabout simulator; commit "use jax")
# Cut: kept IDM2 (constructor with the jitted lambda, compute_action) and compute_idm_action / to_circle; the torch IDM class and docstrings dropped.
from typing import List, Tuple

import numpy as np
import jax
import jax.numpy as jnp

from intersim.default_policies.policy import Policy


class IDM2(Policy):
    def __init__(self, env,
        target_speed:float= 8.94,
        t_future:List[float]=[0., 1., 2., 3.],
        half_angle:float=60.):

        self._env = env
        self.t_future = t_future
        self.half_angle = half_angle

        # Default IDM parameters
        assert target_speed>0, 'negative target speed'
        self.v_max = target_speed
        self.a_max = np.array([3.]) # nominal acceleration
        self.tau = 0.5 # desired time headway
        self.b_pref = 2.5 # preferred deceleration
        self.d_min = 3 #minimum spacing
        self.max_pos_error = 2 # m, for matching vehicles to ego path
        self.max_deg_error = 30 # degree, for matching vehicles to ego path
        self.length = 20 # length of predicted path
        self.step = 0.1 # step size of predicted path

        # for np.remainder nan warnings
        np.seterr(invalid='ignore')

        self._compute_idm_action = jax.jit(lambda x, y, s: compute_idm_action(x, y, s, self.max_pos_error, self.max_deg_error, self.step, self.d_min, self.tau, self.a_max, self.b_pref, self.v_max))

    def compute_action(self, observation:np.ndarray,
        *args, **kwargs) -> Tuple[np.ndarray, None]:
        x, y = self._env._env._generate_paths(delta=self.step, n=self.length/self.step, is_distance=True)
        full_state = self.ps() #(nv, 5)
        action, leader, valid_leader = self.idmact(x.numpy(), y.numpy(), full_state.numpy())
        return np.array(action), np.array(leader, dtype=int), np.array(valid_leader, dtype=bool)
    
    def ps(self):
        return self._env._env.projected_state
    
    def idmact(self, x, y, state):
        return self._compute_idm_action(x, y, state)

def compute_idm_action(x, y, full_state, max_pos_error, max_deg_error, step, d_min, tau, a_max, b_pref, v_max):
    nv = full_state.shape[0]
    v = full_state[:, 2] # (nv,)
    
    heading = to_circle(jnp.arctan2(jnp.diff(y), jnp.diff(x)))

    paths = jnp.stack([x[:,:-1],y[:,:-1], heading], axis=1) # (nv, 3, (path_length-1))

    # (x,y,phi) of all vehicles
    poses = jnp.expand_dims(full_state[:, [0,1,3]], 2) # (nv, 3, 1)

    diff = paths[:, jnp.newaxis] - poses[jnp.newaxis, :] # (nv, nv, 3, path_length-1)
    diff = diff.at[..., 2, :].set(to_circle(diff[..., 2, :]))

    # Test if position and heading angle are close for some point on the future vehicle track
    pos_close = jnp.sum(diff[..., 0:2, :]**2, -2) <= max_pos_error**2 # (nv, nv, path_length-1)
    heading_close = jnp.abs(diff[..., 2, :]) <= max_deg_error * jnp.pi / 180 # (nv, nv, path_length-1)
    # For all combinations of vehicles get the path points where they are close to each other
    close = jnp.logical_and(pos_close, heading_close) # (nv, nv, path_length-1)
    close = close.at[jnp.arange(nv), jnp.arange(nv), :].set(False) # exclude ego agent

    # Determine vehicle that is closest to each agent in terms of path coordinate
    not_close = 1.0 * (close.cumsum(-1) < 1) # (nv, nv, path_length-1)
    first_idx_close = not_close.sum(-1) # sum will be ==nv if agents are never close

    leader = first_idx_close.argmin(-1) # (nv,)
    min_idx = first_idx_close.min(-1) # (nv,)
    valid_leader = min_idx < nv # (nv,)

    d = jnp.where(valid_leader,
        step * min_idx,
        jnp.inf
    )
    delta_v = v - v[leader]
    d_des = jnp.where(valid_leader,
        jnp.maximum(
            d_min + tau * v + v * delta_v / (2* (a_max*b_pref)**0.5 ),
            d_min
        ),
        d_min
    )
    
    #assert (d_des>= d_min).all()
    action = a_max*(1 - (v/v_max)**4 - (d_des/d)**2)

    assert action.shape==(nv,)
    assert leader.shape==(nv,)
    assert valid_leader.shape==(nv,)
    return action, leader, valid_leader

def to_circle(x: jnp.ndarray) -> jnp.ndarray:
    """
    Casts x (in rad) to [-pi, pi)

    Args:
        x (jnp.ndarray): (*) input angle (radians)

    Returns:
        y (jnp.ndarray): (*) x cast to [-pi, pi)
    """
    y = jnp.remainder(x + jnp.pi, 2*jnp.pi) - jnp.pi
    return y
