# Source: https://github.com/dakling/jax-spectral-dns/blob/f35469e02a48869a1ca40ba3d955cccf68c8d76a/jax_spectral_dns/heat_eq.py
# Title: jax_spectral_dns/heat_eq.py (Heat_Eq with explicit Euler stepping; optimize_heat_eq_1D differentiates through solve)
# Cut: typed getters, implicit step, plotting and the 2D/3D drivers dropped; domain/field/equation imports kept.
from __future__ import annotations

from typing import Any, List, Optional
import jax
import jax.numpy as jnp

from jax_spectral_dns.domain import PhysicalDomain
from jax_spectral_dns.field import PhysicalField
from jax_spectral_dns.equation import Equation


class Heat_Eq(Equation):
    name: str = "heat equation"

    def __init__(self, domain: PhysicalDomain, *fields: PhysicalField, **params: Any):
        super().__init__(domain, *fields)
        u = self.get_initial_field("u")
        u.update_boundary_conditions()
        self.dt: "jsd_float" = params["dt"]
        self.number_of_steps: int = params["number_of_steps"]
        self.i: int = 0

    def perform_explicit_euler_step(self) -> None:
        dt = self.dt
        i = self.i
        u = self.get_latest_field("u")
        eq = u.laplacian()
        new_u = u + eq * dt
        new_u.update_boundary_conditions()
        new_u.name = "u_" + str(i)
        # self.fields["u"].append(new_u)
        self.fields["u"][-1] = new_u

    def perform_time_step(
        self,
        _: Optional[Any] = None,
        __: Optional[Any] = None,
        time_step: Optional[int] = None,
    ) -> None:
        self.perform_explicit_euler_step()
        self.i += 1
        # return self.perform_implicit_euler_step(dt, i)

    def solve(self) -> List[PhysicalField]:
        for i in jnp.arange(1, self.number_of_steps + 1):
            self.perform_time_step()
        out: List[PhysicalField] = self.get_fields("u")
        return out


def optimize_heat_eq_1D() -> None:
    Nx = 100

    def run(v0: "jnp_array") -> "jsd_float":
        domain = PhysicalDomain.create((Nx,), (False,))

        u = PhysicalField(domain, v0, name="u")
        e0 = u.energy()

        Nt = 3000
        dt = 5e-9
        heat_eq = Heat_Eq(domain, u, dt=dt, number_of_steps=Nt)

        heat_eq.solve()
        v_final = heat_eq.get_latest_field("u")
        return v_final.energy() / e0

    domain = PhysicalDomain.create((Nx,), (False,))

    u_fn = lambda X: jnp.cos(X[0] * jnp.pi / 2)
    u_0 = PhysicalField.FromFunc(domain, func=u_fn, name="u")

    v0s = [u_0.data]
    step_size = 1e-0
    sq_grad_sums = 0.0 * u_0.data
    for i in jnp.arange(10):
        gain, corr = jax.value_and_grad(run)(v0s[-1])
        corr_arr = jnp.array(corr)
        # corr_field = VectorField([Field(v0_0.domain, corr[i], name="correction_" + "xyz"[i]) for i in range(3)])
        # corr_field.plot_3d(2)
        print("gain: " + str(gain))
        # print("corr (abs): " + str(abs(corr_field)))
        sq_grad_sums += corr_arr**2.0
        # alpha = jnp.array([eps / (1e-10 + jnp.sqrt(sq_grad_sums[i])) for i in range(v0_0[0].data.shape)])
        # eps = step_size / ((1 + 1e-10) * jnp.sqrt(sq_grad_sums))
        eps = step_size

        v0s.append(v0s[-1] + eps * corr_arr)
        v0_new = PhysicalField(domain, v0s[-1])
        v0_new.set_name("u_0_" + str(i))
        v0_new.plot()

