# Source: https://github.com/jomavera/optimizationAlgosPort/blob/17a21d92a2d916292d19f9202150177428b18cfc/chap_04.ipynb
# Title: optimizationAlgosPort, chap_04.ipynb (Kochenderfer & Wheeler, "Algorithms for Optimization", ch. 4 Local Descent, Python port)
# Cut: imports and code cells 7 and 9 (backtracking line search, one step of approximate line search); other cells omitted
import jax
import numpy as np
def backtracking_line_search(f, gradient, x, d, alpha, p=0.5, beta=1e-4):
    y, g = f(x), gradient
    while f(x+alpha*d) > y + beta*alpha*(np.dot(g(x),d)):
        alpha *= p
    return alpha
def aproximate_line_search(f, x, alpha):
    '''
    One Step of Aproximate Line Search with Backtracking
    '''
    gradient = jax.grad(f)
    d = -gradient(x)

    alpha = backtracking_line_search(f, gradient, x, d, alpha)

    return x + alpha*d

def func(x):
    return jax.numpy.sin(x[0]*x[1])+jax.numpy.exp(x[1]+x[2])-x[2]

x = np.array([1.0, 2.0, 3.0])
alpha = 1.0
sol = aproximate_line_search(func, x, alpha)
print(sol)
