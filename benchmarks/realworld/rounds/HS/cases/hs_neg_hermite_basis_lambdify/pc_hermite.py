# Source: https://github.com/PredictiveScienceLab/advanced-scientific-machine-learning/blob/cf666e92c8f107bc9e1e7a47dc39d85df0551411/book/up/polynomial_chaos/03_pc_hermite.ipynb
# Title: Polynomial chaos with Hermite polynomials, notebook cells
# Cut: code cells building the Gram-Schmidt basis with sympy and the jitted/vmapped basis; plotting dropped
# --- cell 2
import sympy
from sympy import pprint
sympy.init_printing()

xi = sympy.symbols('xi')

inner_product = lambda f, g: sympy.integrate(
    f * g  * sympy.exp(-xi ** 2 / 2) / sympy.sqrt(2 * sympy.pi),
    (xi, -sympy.oo, sympy.oo)
)
norm = lambda f: sympy.sqrt(inner_product(f, f))

def gram_schmidt(fs):
    gs = []
    for f in fs:
        g = f
        for h in gs:
            g -= inner_product(f, h) / inner_product(h, h) * h
        gs.append(g / norm(g))
    return gs

num_terms = 10
fs = [xi**i for i in range(num_terms)]
gs = gram_schmidt(fs)

for f in gs:
    pprint(f)
# --- cell 4
from jax import vmap, jit
from functools import partial
import jax.numpy as jnp

@partial(jit, static_argnums=(1, 2))
@partial(vmap, in_axes=(0,))
def basis(xi, xi_sym=xi, es_sym=gs):
    return jnp.array([
        sympy.lambdify(xi_sym, e, 'numpy')(xi)
        for e in es_sym
    ])
# --- cell 5
xis = jnp.linspace(-3, 3, 1000)
basis_values = basis(xis)
basis_values.shape
