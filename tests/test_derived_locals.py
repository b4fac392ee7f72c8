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


GAE = '''
import jax
import jax.numpy as jnp
from . import layout

@jax.jit
def gae(reward, value, discount):
    dims, (reward, value, discount) = layout.time_major(reward, value, discount)
    delta = reward - value
    err = 0.0
    advs = []
    for i in reversed(range(delta.shape[0])):
        err = delta[i] + discount[i] * err
        advs.append(err)
    return jnp.array(advs[::-1])
'''


def test_names_rebound_from_an_unknown_helper_they_are_passed_to_keep_their_kind(tmp_path):
    # ``dims, (a, b) = helper(a, b)``: the helper gives back its arguments reordered or reshaped
    found = scan_program(tmp_path, GAE, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 12)]


CRITICS = '''
import jax
import jax.numpy as jnp

def critic_loss(critic, params, obs, target):
    q = {call}
    n_qs = q.shape[1]
    return sum(jnp.mean((target - q[:, i]) ** 2) for i in range(n_qs))

g = jax.grad(critic_loss, argnums=1)
'''


def test_a_later_axis_of_a_models_output_is_the_models_not_the_datas(tmp_path):
    found = scan_program(tmp_path, CRITICS.format(call="critic.apply_fn(params, obs)"))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA301", "low")]
    assert "output: a model's axis, not shown to be data" in "\n".join(found[0]["evidence"])


def test_a_later_axis_of_other_arrays_stays_likely_data(tmp_path):
    found = scan_program(tmp_path, CRITICS.format(call="jnp.tanh(obs @ params)"), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA301", "medium")]


AR2 = '''
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS

def ar2(y):
    phi1 = numpyro.sample("phi1", dist.Normal(0, 1))
    phi2 = numpyro.sample("phi2", dist.Normal(0, 1))
    for t in range(2, len({data})):
        numpyro.sample(f"y_{{t}}", dist.Normal(phi1 * {data}[t - 1] + phi2 * {data}[t - 2], 1.0), obs={data}[t])

mcmc = MCMC(NUTS(ar2), num_warmup=500, num_samples=500)
'''


def test_a_site_per_step_after_a_lag_offset_is_one_site_per_element(tmp_path):
    found = scan_program(tmp_path, AR2.format(data="y"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA101", 9)]


def test_a_site_per_item_of_a_list_of_groups_is_not(tmp_path):
    source = AR2.format(data="groups").replace("def ar2(y):", "def ar2(groups):")
    assert not any(f["code"] == "GA101" for f in scan_program(tmp_path, source))


CHAIN = '''
import jax
import jax.numpy as jnp

def make_log_prob(p, log_prob_fn, flip):
    return lambda x: log_prob_fn(x * p) + flip

def log_prob_chain(ps, flips, base_log_prob, y):
    log_prob_fn = base_log_prob
    for p, flip in zip(ps, flips):
        log_prob_fn = make_log_prob(p, log_prob_fn, flip)
    return log_prob_fn(y)

g = jax.jit(jax.grad(log_prob_chain))
'''


def test_a_chain_of_closures_built_step_by_step_is_not_a_recurrence_of_arrays(tmp_path):
    assert scan_program(tmp_path, CHAIN) == []


NEWTON_IN_TIME = '''
import jax
import jax.numpy as jnp

def simulate(k, theta, steps):
    c = jnp.ones(8)
    out = jnp.zeros((steps.shape[0], 8))
    for n in range(steps.shape[0]):
        x = c
        for it in range(6):
            dx = (x - c - k * jnp.tanh(x) * steps[n]) / (1.0 + k)
            x = x - dx
            if jnp.max(jnp.abs(dx)) < 1e-8:
                break
        c = x
        out = out.at[n].set(c)
    return out

g = jax.jacfwd(lambda k, th, s: simulate(k, th, s).sum())
'''


def test_a_break_in_an_inner_newton_loop_does_not_end_the_time_loop(tmp_path):
    found = scan_program(tmp_path, NEWTON_IN_TIME, low=False)
    assert (("GA103", 8) in [(f["code"], f["line"]) for f in found])


WARNS = '''
import jax
import jax.numpy as jnp

def cell(w, h, x):
    return jnp.tanh(w @ h + x)

def loss(w, inputs):
    h = jnp.zeros(w.shape[0])
    for k in range(inputs.shape[0]):
        h = cell(w, h, inputs[k])
        if jnp.any(h > 1.0):
            print({message})
    return jnp.sum(h)

g = jax.value_and_grad(loss)
'''


def test_a_message_with_no_value_in_it_does_not_make_a_host_driver(tmp_path):
    found = scan_program(tmp_path, WARNS.format(message='"saturated"'), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 10)]


def test_printing_values_is_a_host_driver_unless_a_gradient_is_proven_to_run_it(tmp_path):
    # ``grad`` runs Python's print (and branches on values) step by step: still one copy per step
    found = scan_program(tmp_path, WARNS.format(message='"saturated", h'), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 10)]
    untraced = WARNS.format(message='"saturated", h').replace("g = jax.value_and_grad(loss)\n", "")
    assert scan_program(tmp_path, untraced) == []


EULER = '''
import jax
import jax.numpy as jnp

def solve_euler(f, ts, x0):
    dts = ts[1:] - ts[:-1]
    x = x0
    xs = [x]
    for t, dt in zip(ts[1:], dts):
        x = x + dt * f(t, x)
        xs.append(x)
    return jnp.stack(xs, axis=1)

solve = jax.jit(solve_euler, static_argnums=0)
'''


def test_a_zip_with_arithmetic_on_the_walked_array_walks_the_data(tmp_path):
    found = scan_program(tmp_path, EULER, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 9)]



def test_a_break_in_an_inner_loops_else_block_ends_the_outer_loop(tmp_path):
    # ``for ...: ... else: break``: the else block is outside the inner loop, so its break stops
    # the time loop on a value it computes (a host loop)
    source = NEWTON_IN_TIME.replace(
        "            if jnp.max(jnp.abs(dx)) < 1e-8:\n                break\n",
        "        else:\n            if jnp.max(jnp.abs(x - c)) < 1e-8:\n                break\n")
    assert not any((f["code"], f["line"]) == ("GA103", 8) for f in scan_program(tmp_path, source))
