# Source: https://github.com/fermiflow/Hugoniot/blob/d0ca184c0ed12ec8896256f169ebdb6c747b557b/hqc/jax_xc/functionals.py
# Title: hqc/jax_xc/functionals.py (invoke)
# Cut: functional constructors after invoke cut.
import jax
import jax.numpy as jnp
from . import impl


def invoke(p, rho, r, mo=None, deo=None):
  if p.maple_name == "DEORBITALIZE":
    p0, p1 = (p.func_aux[0], p.func_aux[1])
    deo = invoke(p1, rho, r, mo)
    return invoke(p0, rho, r, mo, deo)
  elif p.maple_name == "":
    return sum(
      [
        coeff * invoke(fn_p, rho, r, mo, deo)
        for fn_p, coeff in zip(p.func_aux, p.mix_coef)
      ]
    )
  else:
    return getattr(impl, p.maple_name).invoke(p, rho, r, mo, deo)
