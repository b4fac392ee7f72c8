# Source: https://github.com/Systems-Theory-in-Systems-Biology/EPI/blob/c610a3236ab1adcdb6a7b036f3ebbd362bed51ab/eulerpi/examples/corona/corona.py
# Title: eulerpi/examples/corona/corona.py (SEIR-type corona model solved with diffrax, jitted and differentiated by JaxModel)
# Cut: docstring shortened; CoronaArtificial dropped; JaxModel imported from the sibling file of this case.
import diffrax as dx
import jax.numpy as jnp
import numpy as np

from jax_model import JaxModel


class Corona(JaxModel):
    """dS/dt = -q1 S I, dE/dt = q1 S I - q2 E, dI/dt = q2 E - q3 I, dR/dt = q3 I."""

    param_dim = 3
    data_dim = 4

    PARAM_LIMITS = np.array([[-3.0, 0.0], [-2.0, 2.0], [-2.0, 2.0]])
    CENTRAL_PARAM = np.array([-1.8, 0.0, 0.7])

    def __init__(self, central_param: np.ndarray = CENTRAL_PARAM, param_limits: np.ndarray = PARAM_LIMITS,
                 name=None, **kwargs) -> None:
        super().__init__(central_param, param_limits, name=name, **kwargs)

    @classmethod
    def forward(cls, log_param):
        param = jnp.power(10, log_param)
        xInit = jnp.array([999.0, 0.0, 1.0, 0.0])

        def rhs(t, x, param):
            return jnp.array(
                [
                    -param[0] * x[0] * x[2],
                    param[0] * x[0] * x[2] - param[1] * x[1],
                    param[1] * x[1] - param[2] * x[2],
                    param[2] * x[2],
                ]
            )

        term = dx.ODETerm(rhs)
        solver = dx.Kvaerno5()
        saveat = dx.SaveAt(ts=[0.0, 1.0, 2.0, 5.0, 15.0])
        stepsize_controller = dx.PIDController(rtol=1e-7, atol=1e-9)

        try:
            ode_sol = dx.diffeqsolve(
                term,
                solver,
                t0=0.0,
                t1=15.0,
                dt0=0.01,
                y0=xInit,
                args=param,
                saveat=saveat,
                stepsize_controller=stepsize_controller,
            )
            return ode_sol.ys[1:5, 2]

        except Exception as e:
            return np.array([-np.inf, -np.inf, -np.inf, -np.inf])
