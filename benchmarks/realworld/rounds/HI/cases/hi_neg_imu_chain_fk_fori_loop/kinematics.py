# Source: https://github.com/SimiPixel/x_xy/blob/9593153c473255480de36f19b0ce244f03d496df/x_xy/kinematics.py
# Title: x_xy/kinematics.py (kinematic chains of IMU-instrumented body segments)
# Cut: kept jcalc, update_link_transform and forward_kinematics verbatim; dropped the
#      commented-out (string literal) inverse kinematics and body Jacobian sketches.
import jax
import jax.numpy as jnp
from x_xy import maths
from x_xy.base import JointType, Link, Motion, System, Transform


def jcalc(joint_type: JointType, q):
    axes = {
        "x": jnp.array([1.0, 0, 0]),
        "y": jnp.array([0.0, 1, 0]),
        "z": jnp.array([0.0, 0, 1]),
    }

    def revolute(axis):
        def _revolute(q):
            # TODO
            # inconsistent angle handness convention with spatial.py
            t = Transform.create(rot=maths.quat_rot_axis(axes[axis], -q))
            s = Motion.create(ang=axes[axis])
            return t, s

        return _revolute

    def prismatic(axis):
        def _prismatic(q):
            t = Transform.create(pos=axes[axis] * q)
            s = Motion.create(vel=axes[axis])
            return t, s

        return _prismatic

    return jax.lax.switch(
        jnp.squeeze(joint_type),
        [
            revolute("x"),
            revolute("y"),
            revolute("z"),
            prismatic("x"),
            prismatic("y"),
            prismatic("z"),
        ],
        q,
    )


def update_link_transform(sys: System, q: jax.Array) -> System:
    @jax.vmap
    def _update(link: Link, q):
        t_joint, s = jcalc(link.joint.joint_type, q)
        new_transform = t_joint.do(link.Xtree)
        new_joint = link.joint.replace(motion=s)
        return link.replace(transform=new_transform, joint=new_joint)

    new_links = _update(sys.links, q)
    return sys.replace(links=new_links)


def forward_kinematics(sys: System) -> Transform:
    """Computes all world to link transforms"""

    def body_fn(i: int, transforms_world: Transform):
        p = sys.parent[i]
        i_world = sys.links.take(i).transform.do(transforms_world.take(p))
        transforms_world = transforms_world.index_set(i, i_world)
        return transforms_world

