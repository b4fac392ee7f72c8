# Source: https://github.com/actuarialopensource/benchmarks/blob/398340dac1946c1d69c2c74f9784649eee0a6dde/Python/basicterm_jax.py
# Title: actuarialopensource benchmarks - Python/basicterm_jax.py (BasicTerm_M projection, array style)
# Cut: dropped the random-dtype check and the commented-out test asserts; run() and the loader kept.
import numpy as np
import pandas as pd
import jax.numpy as jnp

# declaring what the axes are is nice
from jaxtyping import Float as F, Array as loat

# set 64 bit JAX
from jax.config import config

config.update("jax_enable_x64", True)


def run(
    max_proj_len: F[loat, ""],
    disc_rate: F[loat, "untruncated_timesteps"],
    sum_assured: F[loat, "pols"],
    policy_term: F[loat, "pols"],
    age_at_entry: F[loat, "pols"],
    mort_jnp: F[loat, "attained_age duration"],
    loading_prem: F[loat, ""],
    expense_acq: F[loat, ""],
    expense_maint: F[loat, ""],
    inflation_rate: F[loat, ""],
):
    time_axis: F[loat, "timesteps"] = jnp.arange(max_proj_len)[:, None]
    duration: F[loat, "timesteps"] = time_axis // 12
    discount_factors: F[loat, "timesteps"] = (1 + disc_rate[duration]) ** (
        -time_axis / 12
    )
    inflation_factor: F[loat, "timesteps"] = (1 + inflation_rate) ** (time_axis / 12)
    lapse_rate: F[loat, "timesteps"] = jnp.maximum(0.1 - 0.02 * duration, 0.02)
    lapse_rate_monthly: F[loat, "timesteps"] = 1 - (1 - lapse_rate) ** (1 / 12)
    # is_inforce: F[loat, "timesteps pols"] = jnp.less(duration, policy_term)
    attained_age: F[loat, "timesteps pols"] = age_at_entry + duration
    annual_mortality: F[loat, "timesteps pols"] = np.array(
        mort_jnp[attained_age - 18, duration]
    )
    monthly_mortality: F[loat, "timesteps pols"] = 1 - (1 - annual_mortality) ** (
        1 / 12
    )
    pre_pols_if: F[loat, "timesteps pols"] = jnp.concatenate(
        [
            jnp.ones((1, monthly_mortality.shape[1])),
            jnp.cumprod((1 - lapse_rate_monthly) * (1 - monthly_mortality), axis=0)[
                :-1
            ],
        ]
    )
    pols_if: F[loat, "timesteps pols"] = (time_axis < (policy_term * 12)) * pre_pols_if
    # pols_maturity: F[loat, "timesteps pols"] = (
    #     time_axis == (policy_term * 12)
    # ) * pre_pols_if
    pols_death: F[loat, "timesteps pols"] = pols_if * monthly_mortality
    # pols_lapse: F[loat, "timesteps pols"] = (pols_if - pols_death) * lapse_rate_monthly
    claims: F[loat, "timesteps pols"] = sum_assured * pols_death
    pv_claims: F[loat, "pols"] = jnp.sum(claims * discount_factors, axis=0)
    pv_pols_if: F[loat, "pols"] = jnp.sum(pols_if * discount_factors, axis=0)
    net_premium: F[loat, "pols"] = pv_claims / pv_pols_if
    premium_pp: F[loat, "pols"] = jnp.around((1 + loading_prem) * net_premium, 2)
    premiums: F[loat, "timesteps pols"] = premium_pp * pols_if
    commissions: F[loat, "timesteps pols"] = (duration == 0) * premiums

    expenses: F[loat, "timesteps pols"] = (
        time_axis == 0
    ) * expense_acq * pols_if + pols_if * expense_maint / 12 * inflation_factor
    pv_premiums = jnp.sum(premiums * discount_factors, axis=0)
    pv_expenses = jnp.sum(expenses * discount_factors, axis=0)
    pv_commissions = jnp.sum(commissions * discount_factors, axis=0)
    pv_net_cf = pv_premiums - pv_claims - pv_expenses - pv_commissions
    return float(jnp.sum(pv_net_cf).block_until_ready())


def basicterm_jax():
    # parameters
    max_proj_len = 12 * 20 + 1
    mp = pd.read_csv("BasicTerm_M/model_point_table.csv")
    disc_rate: F[loat, "untruncated_timesteps"] = jnp.array(
        pd.read_csv("BasicTerm_M/disc_rate_ann.csv")["zero_spot"]
    )
    sum_assured: F[loat, "pols"] = jnp.array(mp["sum_assured"])
    policy_term: F[loat, "pols"] = jnp.array(mp["policy_term"])
    age_at_entry: F[loat, "pols"] = jnp.array(mp["age_at_entry"])
    mort_jnp: F[loat, "attained_age duration"] = jnp.array(
        pd.read_csv("BasicTerm_M/mort_table.csv").drop(columns=["Age"]).to_numpy()
    )
    loading_prem: F[loat, ""] = jnp.array(0.5)
    expense_acq: F[loat, ""] = jnp.array(300.0)
    expense_maint: F[loat, ""] = jnp.array(60.0)
    inflation_rate: F[loat, ""] = jnp.array(0.01)

    return run(
        max_proj_len,
        disc_rate,
        sum_assured,
        policy_term,
        age_at_entry,
        mort_jnp,
        loading_prem,
        expense_acq,
        expense_maint,
        inflation_rate,
    )



