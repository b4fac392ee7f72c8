# Source: https://github.com/Leila828/Learning_JAX_for_deepLearning/blob/a4a8baec2dd63eb3aecc8a7aacfdd623751d2266/JAX_Programming_Model.ipynb
# Title: JAX_Programming_Model.ipynb (notes on the JAX programming model)
# Cut: cell 26 converted to a module; the traced-`if` example that follows it (it raises) is dropped.
from jax import jit


#Normally running JIT code
@jit
def F(x):
    for i in range(1,10):
        x=x+i
    return x


a = 2.0
print(F(a))
