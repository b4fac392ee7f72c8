# Source: https://github.com/NobuhiroMoteki/NdimSpline_JAX/blob/9676e494e9f488018f9e0569456b7d5761722a52/legacy/SplineInterpolant.py
# Title: NdimSpline_JAX, legacy/SplineInterpolant.py (the pre-refactor interpolant class)
# Cut: s1D, s3D and s4D dropped (same shape as s2D/s5D); docstrings shortened to one line.
class SplineInterpolant:
    """Auto-differencible and Jittable N-dimensitonal spline interpolant using Google/JAX"""

    def __init__(self,a,b,n,c):
        import jax.numpy as jnp
        self.N=len(a) # dimension of the problem
        self.a= jnp.array(a) # list of lower bound of x-coordinate in each dimension # [1st dim, 2nd dim, ... ]
        self.b= jnp.array(b) # list of uppder bound of x-coordinate in each dimension # [1st dim, 2nd dim, ... ]
        self.n= jnp.array(n) # number of grid interval n in each dimension
        self.h= (self.b-self.a)/self.n # grid interval in each dimension
        self.c= jnp.array(c) # N-dimensional numpy array of y-data ydata[idx1,idx2,...] where the idx1 is the index of grid point along 1st dimension and so forth

    def s2D(self,x):
        """2D-spline interpolation"""
        
        import jax.numpy as jnp
        from jax import lax
        def u(ii,aa,hh,xx):
            t= jnp.abs((xx-aa)/hh + 2 - ii)
            return lax.cond(t <= 1, lambda t: 4.-6.*t**2+3.*t**3, lambda t: (2.-t)**3, t)*jnp.heaviside(2.-t, 1.)
        
        def f(carry,i1,i2,x):
            val = self.c[i1-1,i2-1]*u(i1,self.a[0],self.h[0],x[0])*u(i2,self.a[1],self.h[1],x[1])
            carry += val
            return carry,val
        
        i1arr=jnp.arange(1,self.c.shape[0]+1)
        i2arr=jnp.arange(1,self.c.shape[1]+1)
        
        carry, val =  lax.scan(lambda s1, i1: lax.scan(lambda s2, i2: f(s2, i1=i1, i2=i2, x=x), s1, i2arr), 0.0, i1arr)
        
        return carry

    def s5D(self,x):
        """5D-spline interpolation"""
        import jax.numpy as jnp
        from jax import lax
        def u(ii,aa,hh,xx):
            t= jnp.abs((xx-aa)/hh + 2 - ii)
            return lax.cond(t <= 1, lambda t: 4.-6.*t**2+3.*t**3, lambda t: (2.-t)**3, t)*jnp.heaviside(2.-t, 1.)
         
        def f(carry,i1,i2,i3,i4,i5,x):
            val = self.c[i1-1,i2-1,i3-1,i4-1,i5-1]*u(i1,self.a[0],self.h[0],x[0])*u(i2,self.a[1],self.h[1],x[1])*u(i3,self.a[2],self.h[2],x[2])*u(i4,self.a[3],self.h[3],x[3])*u(i5,self.a[4],self.h[4],x[4])
            carry += val
            return carry,val
         
        i1arr=jnp.arange(1,self.c.shape[0]+1)
        i2arr=jnp.arange(1,self.c.shape[1]+1)
        i3arr=jnp.arange(1,self.c.shape[2]+1)
        i4arr=jnp.arange(1,self.c.shape[3]+1)
        i5arr=jnp.arange(1,self.c.shape[4]+1)
         
        carry, val =  lax.scan(lambda s1, i1: lax.scan(lambda s2, i2: lax.scan(lambda s3, i3: lax.scan(lambda s4, i4: lax.scan(lambda s5, i5: f(s5, i1=i1, i2=i2, i3=i3, i4=i4, i5=i5, x=x), s4, i5arr), s3, i4arr), s2, i3arr), s1, i2arr), 0.0, i1arr)
         
        return carry
