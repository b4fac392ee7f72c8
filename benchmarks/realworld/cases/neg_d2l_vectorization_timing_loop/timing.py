# Source: https://github.com/d2l-ai/d2l-en/blob/23d7a5aecceee57d1292c56e90cce307f183bb0a/chapter_linear-regression/linear-regression.md
# Title: Dive into Deep Learning 3.1 "Linear Regression", Vectorization for Speed (JAX tab)
# Cut: kept the timing cells.
import time
from d2l import jax as d2l

n = 10000
a = d2l.ones(n)
b = d2l.ones(n)

# JAX arrays are immutable, meaning that once created their contents
# cannot be changed. For updating individual elements, JAX provides
# an indexed update syntax that returns an updated copy
c = d2l.zeros(n)
t = time.time()
for i in range(n):
    c = c.at[i].set(a[i] + b[i])
print(f'{time.time() - t:.5f} sec')

t = time.time()
d = a + b
print(f'{time.time() - t:.5f} sec')
