# Source: https://github.com/nmoteki/ndimsplinejax/blob/ec26e4bf6e9f6dd1423a67c586c9c8a4de58fc7e/jupyter_notebooks/1D_spline_v3_JAX.ipynb
# Title: ndimsplinejax, jupyter_notebooks/1D_spline_v3_JAX.ipynb ("1D spline function (jittable and auto-differentiable)")
# Cut: notebook cells converted to a script; repeated evaluation cells and the value_and_grad
#      variants after the first one cut. The SciPy coefficient solve (host side) and the lax.scan
#      evaluation with the coefficients passed as an argument are the author's.
import numpy as np
from scipy import linalg

N=1 # dimension (number of independent variables)
a=[0] # [1st dim, 2nd dim]
b=[1] # [1st dim, 2nd dim]
a= np.array(a, dtype=float)
b= np.array(b, dtype=float)
n=[10] # [1st dim, 2nd dim]
n= np.array(n, dtype=int)
h=(b-a)/n

x_grid=()
for j in range(N):
    x_grid += (np.linspace(a[j],b[j],n[j]+1),)

grid_shape=()
for j in range(N):
    grid_shape += (n[j]+1,)
y_data= np.zeros(grid_shape)

# test y_data
for q1 in range(n[0]+1):
    y_data[q1]= np.sin(x_grid[0][q1])


def compute_1D_spline_coefs(y_data):
    N=1 # dimension of the problem

    for j in range(N):
        n[j]= y_data.shape[j]-1 #number of grid interval n in each dimension

    k=0 # 1-st dimension
    c_shape=()
    for j in range(N):
        if j <= k :
            c_shape += (n[j]+3,)
        else:
            c_shape += (n[j]+1,)
    c_i1=np.zeros(c_shape)
    del c_shape

    c_i1[1]=y_data[0]/6 # c_{2}
    c_i1[n[k]+1]=y_data[n[k]]/6 # c_{n+2}
    A = np.zeros((n[k]-1,n[k]-1))
    for i in range(n[k]-1):
        A[i,i]=4
        if i+1 < n[k]-1 :
            A[i,i+1]= A[i+1,i]=1
    B = np.zeros(n[k]-1)
    B[0]=y_data[1]-c_i1[1]
    B[n[k]-2]=y_data[n[k]-1]-c_i1[n[k]+1]
    B[1:n[k]-2]=y_data[2:n[k]-1]
    sol = linalg.solve(A, B)
    c_i1[2:n[k]+1]=sol
    c_i1[0]=2*c_i1[1]-c_i1[2]
    c_i1[n[k]+2]=2*c_i1[n[k]+1]-c_i1[n[k]]

    return c_i1


c_i1= compute_1D_spline_coefs(y_data)

from jax import lax
import jax.numpy as jnp


#1D-spline function (jittable and auto-differentiable)
def s1D(x,a,h,c_i1):
    def u(ii,aa,hh,xx):
        t= jnp.abs((xx-aa)/hh + 2 - ii)
        return lax.cond(t <= 1, lambda t: 4.-6.*t**2+3.*t**3, lambda t: (2.-t)**3, t)*jnp.heaviside(2.-t, 1.)

    def f(carry,i1,c_i1,a,h,x):
        val = c_i1[i1-1]*u(i1,a[0],h[0],x[0])
        carry += val
        return carry,val

    i1arr=jnp.arange(1,c_i1.shape[0]+1)

    carry, val =  lax.scan(lambda s1, i1: f(s1, i1=i1, c_i1=c_i1,a=a,h=h,x=x), 0.0, i1arr)

    return carry


c_i1_jnp= jnp.array(c_i1)
a_jnp=jnp.array(a)
h_jnp=jnp.array(h)
x=jnp.array([0.5])
s1D(x,a_jnp,h_jnp,c_i1_jnp)

from jax import grad, jit, value_and_grad
s1D_jitted= jit(s1D)
s1D_jitted(x,a_jnp,h_jnp,c_i1_jnp)
ds1D_jitted= jit(grad(s1D))
ds1D_jitted(x,a_jnp,h_jnp,c_i1_jnp)
s1D_fun= jit(value_and_grad(s1D))
s1D_fun(x,a_jnp,h_jnp,c_i1_jnp)
