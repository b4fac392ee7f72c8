# Source: https://github.com/actuarialopensource/python-notebooks/blob/4ac564e8afdbc12569805080ed4546dc2542d466/learn/jax_notes_1.ipynb
# Title: actuarialopensource python-notebooks - learn/jax_notes_1.ipynb (account value accumulation)
# Cut: cells 15-22 converted to a script; the equinox RatesPayments container kept.
import jax
import jax.numpy as jnp
import equinox as eqx

key = jax.random.PRNGKey(0)
timesteps = 10
payments = jax.random.randint(key, (timesteps, ), 1, 10)
v = 1/(1.02)
discounts = v ** jnp.arange(timesteps)
discounted_cashflows = payments * discounts
# get **present value** of account values using prefix sum
present_value_of_future_account_values = jnp.cumsum(discounted_cashflows)


def accumulate_account_value(res, payment):
  new = res*(v**-1) + payment
  return new, new  # ("carryover", "accumulated")

result_init = 0
final, result = jax.lax.scan(accumulate_account_value, result_init, payments)

key, subkey = jax.random.split(key)
rates = 1 + jax.random.randint(subkey, (timesteps, ), 1, 10) / 100

class RatesPayments(eqx.Module):
  rates: jnp.ndarray
  payments: jnp.ndarray

rp = RatesPayments(rates, payments)
def accumulate_account_value2(res, rp: RatesPayments):
  new = res*rp.rates + rp.payments
  return new, new

result_init = 0
final, result = jax.lax.scan(accumulate_account_value2, result_init, rp)

rp_array = jnp.stack([rates, payments], axis=1)
rp_array = jnp.insert(rp_array, 0, jnp.array([0, 0]), axis=0)

def scan_operator(ci, cj):
    """Operator to be used for scan and associative scan which solves a linear
    recurrence with a diagonal transition matrix"""
    def A_op(Ai, Aj):
            return Ai * Aj

    def b_op(Aj, bi, bj):
        return Aj * bi + bj

    return jnp.stack([A_op(ci[0], cj[0]), b_op(cj[0], ci[1], cj[1])])

parallel_scan_operator = jax.vmap(scan_operator)

jax.lax.associative_scan(parallel_scan_operator, rp_array, axis=0)
