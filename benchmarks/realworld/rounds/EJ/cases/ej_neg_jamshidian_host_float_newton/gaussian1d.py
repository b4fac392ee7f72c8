# Source: https://github.com/judejinjin/ql-jax/blob/3d2896f44c0bdf580a22b353493900f5c5d1c10d/ql_jax/engines/swaption/gaussian1d.py
# Title: ql-jax ql_jax/engines/swaption/gaussian1d.py (Gaussian 1-factor / Jamshidian swaption)
# Cut: kept gaussian1d_swaption_price (signature reconstructed from its body) and _zcb_option
#      (condensed); the cap/floor pricer omitted. Every quantity is converted to a Python float.
import jax.numpy as jnp
from jax.scipy.stats import norm


def _zcb_option(P_T, P_ex, sigma_p, X, is_put):
    d1 = jnp.log(P_T / (X * P_ex)) / sigma_p + 0.5 * sigma_p
    d2 = d1 - sigma_p
    if is_put:
        return X * P_ex * norm.cdf(-d2) - P_T * norm.cdf(-d1)
    return P_T * norm.cdf(d1) - X * P_ex * norm.cdf(d2)


def gaussian1d_swaption_price(T_ex, swap_payment_times, swap_accrual_fractions, K, notional,
                              mean_reversion, sigma_r, discount_curve_fn, payer=True):
    N = float(notional)
    a = float(mean_reversion)
    sigma = float(sigma_r)

    t_pay = [float(t) for t in swap_payment_times]
    tau = [float(t) for t in swap_accrual_fractions]
    n = len(t_pay)

    coupons = [K * tau[i] for i in range(n)]
    coupons[-1] += 1.0

    P_0_ex = float(discount_curve_fn(T_ex))
    P_0_Ti = [float(discount_curve_fn(t)) for t in t_pay]

    B_vals = [(1.0 - jnp.exp(-a * (t_pay[i] - T_ex))) / a for i in range(n)]
    B_vals = [float(b) for b in B_vals]

    vol_factor = float(jnp.sqrt((1.0 - jnp.exp(-2.0 * a * T_ex)) / (2.0 * a)))
    sigma_p_vals = [sigma * B_vals[i] * vol_factor for i in range(n)]

    eps = 1e-4
    f_inst = -(jnp.log(discount_curve_fn(T_ex + eps)) - jnp.log(P_0_ex)) / eps
    f_inst = float(f_inst)

    var_factor = (sigma**2 / (4.0 * a)) * (1.0 - jnp.exp(-2.0 * a * T_ex))
    var_factor = float(var_factor)
    A_vals = []
    for i in range(n):
        lnA = jnp.log(P_0_Ti[i] / P_0_ex) + B_vals[i] * f_inst - var_factor * B_vals[i]**2
        A_vals.append(float(jnp.exp(lnA)))

    # Find r* via Newton: g(r) = sum(c_i * A_i * exp(-B_i * r)) - 1 = 0
    r_star = f_inst
    for _ in range(50):
        g = sum(coupons[i] * A_vals[i] * jnp.exp(-B_vals[i] * r_star) for i in range(n)) - 1.0
        gp = -sum(coupons[i] * A_vals[i] * B_vals[i] * jnp.exp(-B_vals[i] * r_star) for i in range(n))
        g, gp = float(g), float(gp)
        if abs(gp) < 1e-15:
            break
        r_star = r_star - g / gp
        if abs(g) < 1e-12:
            break

    X_vals = [A_vals[i] * float(jnp.exp(-B_vals[i] * r_star)) for i in range(n)]

    is_put = payer
    price = 0.0
    for i in range(n):
        zbo = _zcb_option(P_0_Ti[i], P_0_ex, sigma_p_vals[i], X_vals[i], is_put)
        price += coupons[i] * float(zbo)

    return N * price
