# Source: https://github.com/mkihara/mybook/blob/cdcfc6ac9f56a9f7b06e8345d58dbd126afed7d0/docs/jax_v_julia/poisson_jax.ipynb
# Title: Python(JAX) と Julia の比較 (JAX vs Julia): poisson_jax.ipynb, JAX half of the Poisson-solver timing
# Cut: code cells 1, 2, 4 and 6 (the size sweep cell is commented out in the source and stays so);
#      the matplotlib surface plot of cell 4 dropped.
### CPU で実行する場合は、以下二行をコメントアウトする。
# from jax import config
# config.update('jax_platform_name', 'cpu')

import jax.numpy as jnp
from jax.numpy import pi
from jax.numpy import gradient
from jax.scipy.sparse.linalg import bicgstab, gmres
from jax import jit
from functools import partial


class poisson_jax(object):
    def __init__(self, nx, ny, lx=2*pi, ly=2*pi):
        self.nx = nx
        self.ny = ny
        self.lx = lx
        self.ly = ly
        self.dx = self.lx / self.nx
        self.dy = self.ly / self.ny

    def dfdx(self, f):
        f_ = jnp.pad(f, pad_width=1, mode='wrap')
        return gradient(f_, self.dx, axis=-1)[1:-1,1:-1]

    def dfdy(self, f):
        f_ = jnp.pad(f, pad_width=1, mode='wrap')
        return gradient(f_, self.dy, axis=-2)[1:-1,1:-1]

    def lhs(self, p_flatten):
        p = p_flatten.reshape((self.ny, self.nx))
        ddp = self.dfdx(self.dfdx(p)) + self.dfdy(self.dfdy(p))
        return ddp.flatten()

    def rhs(self, u, v):
        return (self.dfdx(u) + self.dfdy(v)).flatten()

    def solve(self, u, v):
        p_flatten, _ = bicgstab(A=self.lhs, b=self.rhs(u, v))
        # p_flatten, _ = gmres(A=self.lhs, b=self.rhs(u, v))
        return p_flatten.reshape((self.ny, self.nx))

    @partial(jit, static_argnums=0)
    def solve_jit(self, u, v):
        return self.solve(u, v)


nx = ny = 64
lx = ly = 2 * pi

x = jnp.linspace(0, lx, nx, endpoint=False)
y = jnp.linspace(0, ly, ny, endpoint=False)
X, Y = jnp.meshgrid(x, y)

u = jnp.sin(2*X)
v = jnp.sin(2*Y)

solver = poisson_jax(nx, ny, lx, ly)
p = solver.solve(u, v).block_until_ready()



# for n in range(5, 14):
#     nx = ny = 2 ** n
#     lx = ly = 2 * pi

#     x = jnp.linspace(0, lx, nx, endpoint=False)
#     y = jnp.linspace(0, ly, ny, endpoint=False)
#     X, Y = jnp.meshgrid(x, y)

#     u = jnp.sin(2*X)
#     v = jnp.sin(2*Y)

#     solver = poisson_jax(nx, ny, lx, ly)

#     print(f'nx = ny = {nx}')

#     print('uncompiled')
#     %timeit solver.solve(u, v).block_until_ready()

#     print('JIT-compiled')
#     %timeit solver.solve_jit(u, v).block_until_ready()

