# Source: https://github.com/SimiPixel/x_xy/blob/9593153c473255480de36f19b0ce244f03d496df/x_xy/dynamics.py
# Title: x_xy/dynamics.py (recursive Newton-Euler and composite-rigid-body over the link tree)
# Cut: kept inverse_dynamics and _compute_mass_matrix verbatim; dropped the forward-dynamics
#      integrators and the State/step API further down.
from functools import partial
from typing import Optional

import jax
import jax.numpy as jnp
from flax import struct

from x_xy.base import Force, Motion, State, System
from x_xy.kinematics import forward_kinematics, update_link_transform


def inverse_dynamics(sys: System, qd: jax.Array, qdd: jax.Array) -> jax.Array:
    # TODO
    # should be -9.81 to pass tests; Roy uses -9.81
    # however vispy has z-axis upwards, then +9.81 better
    gravity = Motion.create(vel=sys.gravity)

    vJ = sys.links.joint.motion.vmap().__mul__(qd)
    aJ = sys.links.joint.motion.vmap().__mul__(qdd)
    del qd, qdd

    vel = Motion.zero((sys.N,))
    acc = Motion.zero((sys.N,))
    fs = Force.zero((sys.N,))

    def body_fn(i: int, val):
        vel, acc, fs = val
        p = sys.parent[i]
        t = sys.links.transform.take(i)

        def parent_is_root():
            v = vJ.take(i)
            a = t.do(gravity) + aJ.take(i)
            return v, a

        def parent_not_root():
            v = t.do(vel.take(p)) + vJ.take(i)
            a = t.do(acc.take(p)) + aJ.take(i) + v.cross(vJ.take(i))
            return v, a

        v, a = jax.lax.cond(p == -1, parent_is_root, parent_not_root)
        vel = vel.index_set(i, v)
        acc = acc.index_set(i, a)
        inertia_i = sys.links.inertia.take(i)
        f = inertia_i.mul(a) + v.cross(inertia_i.mul(v))
        fs = fs.index_set(i, f)
        return vel, acc, fs

    vel, acc, fs, *_ = jax.lax.fori_loop(0, sys.N, body_fn, (vel, acc, fs))

    def scan_fn(carry, _):
        fs, i = carry
        p = sys.parent[i]
        tau = sys.links.joint.motion.take(i).dot(fs.take(i))

        def parent_is_root(fs):
            return fs

        def parent_not_root(fs):
            return fs.index_sum(p, sys.links.transform.take(i).inv().do(fs.take(i)))

        fs = jax.lax.cond(p == -1, parent_is_root, parent_not_root, fs)
        return (fs, i - 1), tau

    (fs, stop), taus = jax.lax.scan(scan_fn, (fs, sys.N - 1), None, length=sys.N)

    # now tau is in revered order; because we scanned backwards
    taus = jnp.flip(taus)

    return taus, stop  # stop must be -1


def _compute_mass_matrix(sys: System) -> jax.Array:
    t = sys.links.transform
    s = sys.links.joint.motion

    def body_fn(i, val):
        # jax does not support negative increments; naive workaround
        i = sys.N - 1 - i

        H, inertia = val
        p = sys.parent[i]

        # Part 2 | Figure 7 | Line 7
        def parent_is_root(inertia, p):
            return inertia

        def parent_not_root(inertia, p):
            return inertia.index_sum(p, t.take(i).inv().do(inertia.take(i)))

        inertia = jax.lax.cond(p == -1, parent_is_root, parent_not_root, inertia, p)
        del p

        f = inertia.take(i).mul(s.take(i))
        H = H.at[i, i].set(f.dot(s.take(i)))

        def from_link_directly_to_root(val):
            j, H, f = val
            f = t.take(j).inv().do(f)
            j = sys.parent[j]
            H = H.at[i, j].set(f.dot(s.take(j)))
            return (j, H, f)

        def cond_fn_parent_not_root(val):
            return sys.parent[val[0]] != -1

        _, H, _ = jax.lax.while_loop(
            cond_fn_parent_not_root, from_link_directly_to_root, (i, H, f)
        )

        return H, inertia

    H = jnp.zeros((sys.N, sys.N))
    H, _ = jax.lax.fori_loop(0, sys.N, body_fn, (H, sys.links.inertia))
    H = H + jnp.tril(H, -1).T

    # TODO
    # understand this; brax/mass.py line 80
