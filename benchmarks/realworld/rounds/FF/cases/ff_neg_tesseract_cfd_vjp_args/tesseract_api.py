# Source: https://github.com/pasteurlabs/tesseract-jax/blob/4606aee6a705517ede01aa0787a409223c45ba34/demo/cfd/cfd-tesseract/tesseract_api.py
# Title: demo/cfd/cfd-tesseract/tesseract_api.py (JAX-CFD Navier-Stokes solver wrapped as a differentiable Tesseract)
# Cut: pydantic input/output schemas and abstract_eval cut; cfd_fwd and
#      vector_jacobian_product kept as written.
from functools import partial

import jax
import jax.numpy as jnp
import jax_cfd.base as cfd


@partial(
    jax.jit,
    static_argnames=(
        "density",
        "viscosity",
        "inner_steps",
        "outer_steps",
        "max_velocity",
        "cfl_safety_factor",
        "domain_size_x",
        "domain_size_y",
    ),
)
def cfd_fwd(
    v0: jnp.ndarray,
    density: float,
    viscosity: float,
    inner_steps: int,
    outer_steps: int,
    max_velocity: float,
    cfl_safety_factor: float,
    domain_size_x: float,
    domain_size_y: float,
) -> tuple[jax.Array, jax.Array]:
    vx0 = v0[..., 0]
    vy0 = v0[..., 1]
    bc = cfd.boundaries.HomogeneousBoundaryConditions(
        (
            (cfd.boundaries.BCType.PERIODIC, cfd.boundaries.BCType.PERIODIC),
            (cfd.boundaries.BCType.PERIODIC, cfd.boundaries.BCType.PERIODIC),
        )
    )

    # reconstruct grid from input
    grid = cfd.grids.Grid(
        vx0.shape, domain=((0.0, domain_size_x), (0.0, domain_size_y))
    )

    vx0 = cfd.grids.GridArray(vx0, grid=grid, offset=(1.0, 0.5))
    vy0 = cfd.grids.GridArray(vy0, grid=grid, offset=(0.5, 1.0))

    # reconstrut GridVariable from input
    vx0 = cfd.grids.GridVariable(vx0, bc)
    vy0 = cfd.grids.GridVariable(vy0, bc)
    v0 = (vx0, vy0)

    # Choose a time step.
    dt = cfd.equations.stable_time_step(
        max_velocity, cfl_safety_factor, viscosity, grid
    )

    # Define a step function and use it to compute a trajectory.
    step_fn = cfd.funcutils.repeated(
        cfd.equations.semi_implicit_navier_stokes(
            density=density, viscosity=viscosity, dt=dt, grid=grid
        ),
        steps=inner_steps,
    )
    rollout_fn = jax.jit(cfd.funcutils.trajectory(step_fn, outer_steps))
    _, trajectory = jax.device_get(rollout_fn(v0))

    vxn = trajectory[0].array.data[-1]

    vyn = trajectory[1].array.data[-1]

    return jnp.stack([vxn, vyn], axis=-1)


def vector_jacobian_product(
    inputs,
    vjp_inputs: set[str],
    vjp_outputs: set[str],
    cotangent_vector,
):
    signature = [
        "v0",
        "density",
        "viscosity",
        "inner_steps",
        "outer_steps",
        "max_velocity",
        "cfl_safety_factor",
        "domain_size_x",
        "domain_size_y",
    ]
    # We need to do this, rather than just use jvp inputs, as the order in jvp_inputs
    # is not necessarily the same as the ordering of the args in the function signature.
    static_args = [arg for arg in signature if arg not in vjp_inputs]
    nonstatic_args = [arg for arg in signature if arg in vjp_inputs]

    def cfd_fwd_reordered(*args, **kwargs):
        return cfd_fwd(
            **{**{arg: args[i] for i, arg in enumerate(nonstatic_args)}, **kwargs}
        )

    out = {}
    if "result" in vjp_outputs:
        # Make the function depend only on nonstatic args, as jax.jvp
        # differentiates w.r.t. all free arguments.
        func = partial(
            cfd_fwd_reordered, **{arg: getattr(inputs, arg) for arg in static_args}
        )

        _, vjp_func = jax.vjp(
            func, *tuple(inputs.model_dump(include=vjp_inputs).values())
        )

        vals = vjp_func(cotangent_vector["result"])
        for arg, val in zip(nonstatic_args, vals, strict=False):
            out[arg] = out.get(arg, 0.0) + val

    return out
