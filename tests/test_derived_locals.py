"""A state that starts as a Python number is an array once its update does arithmetic on a
parameter, also when the parameter enters through a local the body computes first
(``beta = beta0 * (1 - kappa)``, then ``S = S - beta * S * I``): under ``grad`` the loop is a
recurrence of traced values, one copy per step."""

from __future__ import annotations

from conftest import scan_program

SIR = '''
import jax

max_t = 1000
beta0 = 0.3

def sir(kappa):
    S = 0.99
    I = 0.01
    for t in range(1, max_t):
        beta = {beta}
        S = S - beta * S * I / 10.0
        I = I + (beta * S * I - I / 10.0) / 10.0
    return I

g = jax.grad(sir)
'''


def test_a_parameter_entering_through_a_body_local_makes_the_states_arrays(tmp_path):
    found = scan_program(tmp_path, SIR.format(beta="beta0 * (1 - kappa)"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 10)]


def test_a_local_of_constants_leaves_python_numbers(tmp_path):
    # beta from module constants only: the loop computes Python floats, not traced values
    assert scan_program(tmp_path, SIR.format(beta="beta0 * 0.5")) == []
