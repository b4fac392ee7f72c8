# Source: https://github.com/jax-ml/jax/issues/4670
# Title: jax-ml/jax#4670 "Derivation of an array using grad function"
# Cut: kept the author's working (second) version; the failing first version is dropped.
from jax import grad
from jax.scipy.special import *
from jax.numpy import *

def diff(fun, order=1):
	f = fun
	for i in range(order):
		f = grad(f)
	return f


f = lambda x: sin(x)
df = diff(f)
m = [1.0, 2.0, 3.0]
print(list(map(lambda x: float(df(x)), m)))
