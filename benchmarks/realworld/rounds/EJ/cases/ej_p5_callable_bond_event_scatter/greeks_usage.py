# Source: https://github.com/ACea15/VALAX/blob/3aca153b687247095c11d8d4653ca7897216b756/docs/guide/lattice.md
# Title: VALAX docs/guide/lattice.md (Callable and puttable bond pricing)
# Cut: the guide's usage snippet, turned into a .py file; the grad call reconstructs the sentence
#      "jax.grad through callable_bond_price with respect to coupon_rate, face_value ... gives
#      sensitivities automatically"; bond/model construction is left to the caller.
import equinox as eqx
import jax

from hull_white_tree import callable_bond_price


def coupon_rate_sensitivity(cb, model):
    def price_of_rate(rate):
        bond = eqx.tree_at(lambda b: b.coupon_rate, cb, rate)
        return callable_bond_price(bond, model, n_steps=100)

    return jax.grad(price_of_rate)(cb.coupon_rate)
