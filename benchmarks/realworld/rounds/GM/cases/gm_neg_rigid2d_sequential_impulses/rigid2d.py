# Source: https://github.com/mishmish66/jax-gym/blob/ddf543bac8f161428c7f24db24e7ea16675cbb9a/src/jax_gym/rigid2d.py
# Title: src/jax_gym/rigid2d.py (compact 2D rigid bodies on static ground, in the manner of Box2D)
# Cut: kept World._joint_groups and the velocity-solver part of World.step; position correction, sleeping, joint arrays,
#      _ground_contact, _solve_joints and _solve_contacts are referenced but not reproduced; argument lists joined onto fewer lines; step returns the velocity-solver results.
from dataclasses import dataclass
from functools import cached_property

import jax
import jax.numpy as jnp
import numpy as np


def cross(a: jax.Array, b: jax.Array) -> jax.Array:
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def rotate(angle: jax.Array, v: jax.Array) -> jax.Array:
    c, s = jnp.cos(angle)[..., None], jnp.sin(angle)[..., None]
    x, y = v[..., :1], v[..., 1:]
    return jnp.concatenate([c * x - s * y, s * x + c * y], axis=-1)


@dataclass(frozen=True, eq=False)
class World:
    bodies: tuple
    joints: tuple = ()
    velocity_iterations: int = 8
    position_iterations: int = 3
    speculative_distance: float = 0.25

    @cached_property
    def _joint_groups(self) -> list[list[int]]:
        """Joints split into groups where no two share a body, in order."""
        groups: list[list[int]] = []
        for j, joint in enumerate(self.joints):
            for group in groups:
                used = {
                    b
                    for k in group
                    for b in (self.joints[k].body_a, self.joints[k].body_b)
                }
                if joint.body_a not in used and joint.body_b not in used:
                    group.append(j)
                    break
            else:
                groups.append([j])
        return groups

    def step(self, state, ground, gravity, dt, force=None, torque=None,
             motor_speed=None, max_motor_torque=None):
        """Advance by `dt`; `force` and `torque` act on each body during the step."""
        n = len(self.bodies)
        j = len(self.joints)
        force = jnp.zeros((n, 2)) if force is None else force
        torque = jnp.zeros(n) if torque is None else torque
        motor_speed = jnp.zeros(j) if motor_speed is None else motor_speed
        max_motor_impulse = dt * (
            jnp.zeros(j) if max_motor_torque is None else max_motor_torque
        )
        m = jnp.asarray(self.inv_mass, jnp.float32)
        i = jnp.asarray(self.inv_inertia, jnp.float32)
        local, live, body_friction = self._vertices

        v = state.velocity + dt * (jnp.asarray(gravity) + m[:, None] * force)
        w = state.angular_velocity + dt * i * torque

        # Contacts: one per vertex, against the nearest ground feature.
        r = rotate(state.angle[:, None], jnp.asarray(local, jnp.float32))
        separation, normal = _ground_contact(state.position[:, None] + r, ground)
        active = jnp.asarray(live) & (separation < self.speculative_distance)
        tangent = jnp.stack([normal[..., 1], -normal[..., 0]], axis=-1)
        rn, rt = cross(r, normal), cross(r, tangent)
        normal_mass = 1 / (m[:, None] + i[:, None] * rn * rn)
        tangent_mass = 1 / (m[:, None] + i[:, None] * rt * rt)
        target = jnp.where(separation > 0, -separation / dt, 0.0)
        friction = jnp.sqrt(jnp.asarray(body_friction)[:, None] * ground.friction)
        normal_impulse = jnp.where(active, state.normal_impulse, 0.0)
        tangent_impulse = jnp.where(active, state.tangent_impulse, 0.0)

        joints = self._joint_arrays(state)
        joint_impulse = state.joint_impulse
        motor_impulse = jnp.where(jnp.asarray(joints.motor), state.motor_impulse, 0.0)
        limit_impulse = jnp.where(joints.at_limit != 0, state.limit_impulse, 0.0)

        def iteration(_, carry):
            (v, w, normal_impulse, tangent_impulse,
             joint_impulse, motor_impulse, limit_impulse) = carry
            for group in self._joint_groups:
                g = np.array(group)
                v, w, ji, mi, li = _solve_joints(
                    joints, g, v, w, m, i,
                    joint_impulse[g], motor_impulse[g], limit_impulse[g],
                    motor_speed[g], max_motor_impulse[g],
                )
                joint_impulse = joint_impulse.at[g].set(ji)
                motor_impulse = motor_impulse.at[g].set(mi)
                limit_impulse = limit_impulse.at[g].set(li)

            def contact_pass(k, carry):
                v, w, normal_impulse, tangent_impulse = carry
                v, w, nk, tk = _solve_contacts(
                    v, w, m, i,
                    r[:, k], normal[:, k], tangent[:, k],
                    normal_mass[:, k], tangent_mass[:, k],
                    target[:, k], friction[:, k], active[:, k],
                    normal_impulse[:, k], tangent_impulse[:, k],
                )
                return (
                    v,
                    w,
                    normal_impulse.at[:, k].set(nk),
                    tangent_impulse.at[:, k].set(tk),
                )

            v, w, normal_impulse, tangent_impulse = jax.lax.fori_loop(
                0, local.shape[1], contact_pass,
                (v, w, normal_impulse, tangent_impulse),
            )
            return (v, w, normal_impulse, tangent_impulse,
                    joint_impulse, motor_impulse, limit_impulse)

        (v, w, normal_impulse, tangent_impulse,
         joint_impulse, motor_impulse, limit_impulse) = jax.lax.fori_loop(
            0,
            self.velocity_iterations,
            iteration,
            (v, w, normal_impulse, tangent_impulse,
             joint_impulse, motor_impulse, limit_impulse),
        )
        return v, w, normal_impulse, tangent_impulse
