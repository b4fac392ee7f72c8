# Source: https://github.com/dakling/jax-spectral-dns/blob/f35469e02a48869a1ca40ba3d955cccf68c8d76a/jax_spectral_dns/navier_stokes_perturbation_dual.py
# Title: jax_spectral_dns/navier_stokes_perturbation_dual.py (adjoint solve_scan: checkpointed nested lax.scan over time steps)
# Cut: the non-checkpointing branch, the write_entire_output branch and the final-field branch dropped; class reduced to solve_scan; imports added.
import gc
from types import NoneType
from typing import Any, List, Tuple, cast

import jax
import jax.numpy as jnp


class NavierStokesVelVortPerturbationDual:
    def solve_scan(
        self,
    ) -> Tuple["jnp_array", "List[jsd_float]", int]:
        jax.clear_caches()  # type: ignore
        gc.collect()
        nse = self.forward_equation
        self.number_of_time_steps = nse.number_of_time_steps
        self.number_of_outer_steps = nse.number_of_outer_steps
        self.number_of_inner_steps = nse.number_of_inner_steps

        def inner_step_fn(
            u0: Tuple["jnp_array", "jsd_float", int], _: Any
        ) -> Tuple[Tuple["jnp_array", "jsd_float", int], None]:
            u0_, _, time_step = u0
            assert self.current_dPdx_history is not None
            dPdx = -self.get_dPdx(time_step + 1)
            out = self.perform_time_step(u0_, cast(float, dPdx), time_step)

            return ((out[0], out[1], time_step + 1), None)


        def step_fn(u0: Tuple["jnp_array", "jsd_float", int], _: Any) -> Tuple[
            Tuple["jnp_array", "jsd_float", int],
            Tuple["jnp_array", "jsd_float", int],
        ]:
            jax.clear_caches()  # type: ignore
            gc.collect()
            timestep = u0[2]
            outer_start_step = timestep // self.number_of_inner_steps
            self.current_u_history_start_step = outer_start_step
            current_velocity_field_u_history, dPdx_history = (
                self.run_forward_calculation_subrange(outer_start_step)
            )
            self.current_velocity_field_u_history = current_velocity_field_u_history
            self.current_dPdx_history = dPdx_history
            out, _ = jax.lax.scan(
                jax.checkpoint(inner_step_fn),  # type: ignore[attr-defined]
                u0,
                xs=None,
                length=self.number_of_inner_steps,
            )
            self.current_velocity_field_u_history = None
            self.current_dPdx_history = None
            return out, out

        u0 = self.get_initial_field("velocity_hat").get_data()
        if type(self.dPdx_history) is NoneType:
            self.dPdx_history = self.current_dPdx_history
        assert self.dPdx_history is not None

        if self.constant_mass_flux:
            dPdx = -self.dPdx_history[-1]
        else:
            dPdx = 0.0
        ts = jnp.arange(0, self.end_time, self.get_dt())

        if self.write_intermediate_output and not self.write_entire_output:
            u_final, trajectory = jax.lax.scan(
                step_fn,
                (u0, cast("jsd_float", dPdx), 0),
                xs=None,
                length=self.number_of_outer_steps,
                # unroll=True,
            )
            for u in trajectory[0]:
                velocity = VectorField(
                    [
                        FourierField(
                            self.get_physical_domain(),
                            u[i],
                            name="velocity_hat_" + "xyz"[i],
                        )
                        for i in self.all_dimensions()
                    ]
                )
                self.append_field("velocity_hat", velocity, in_place=False)
            cfl_final = self.get_cfl()
            print_verb("final cfl:", cfl_final, debug=True, verbosity_level=2)
            return (trajectory[0], [u_final[1]], len(ts))
