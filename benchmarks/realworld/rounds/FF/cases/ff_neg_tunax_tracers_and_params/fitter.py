# Source: https://github.com/meom-group/tunax/blob/ad4e691ec625ad8d30a903d86e93b72f60060ca8/tunax/fitter.py
# Title: tunax/fitter.py (FittableParametersSet.fit_to_closure / gen_init_val)
# Cut: docstrings shortened; the Fitter class cut (its loss is differentiated with
#      jax.grad and calls fit_to_closure on the array being differentiated).
from typing import Dict

import equinox as eqx
import jax.numpy as jnp


class FittableParameter(eqx.Module):
    do_fit: bool
    val: float = 0.


class FittableParametersSet(eqx.Module):
    coef_fit_dict: Dict[str, FittableParameter]
    closure: object

    def fit_to_closure(self, x):
        clo_coef_dico = {}
        i_x = 0
        for coef_name, coef_fit in self.coef_fit_dict.items():
            if coef_fit.do_fit:
                clo_coef_dico[coef_name] = x[i_x]
                i_x += 1
            else:
                clo_coef_dico[coef_name] = coef_fit.val
        return self.closure.parameters_class(**clo_coef_dico)

    def gen_init_val(self):
        x = []
        for coef_fit in self.coef_fit_dict.values():
            if coef_fit.do_fit:
                x.append(coef_fit.val)
        return jnp.array(x)
