# Source: https://github.com/AZhou00/montecarlo-demo/blob/4c5f72098cc0ed6081ac82547a900da79609e5f7/HMC.ipynb
# Title: HMC.ipynb
# Cut: code cells 0, 3 and 6 converted to a script, plus the H-trace loop of cell 21 (print and potential-energy lines dropped); plotting cells and markdown removed

import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random
from jax.scipy.stats import multivariate_normal
from functools import partial

import matplotlib.pyplot as plt

# for visual purposes, no metropolis correction! see the metropolis notebook.
class hmc():
    def __init__(self, dim, logpi_q, mass, PRNGkey, dt=0.1, L=10):
        # Basic attr.
        self.dim = dim
        self.dt = dt
        self.L = L
        self.PRNGkey = PRNGkey
        
        # Read the position space posterior
        # (Potential energy)
        self.logpi_q = logpi_q
        self.negdV = grad(self.logpi_q)
        
        # Construct the momentum sampler
        self.mass = mass
        self.massinv = jnp.linalg.inv(mass)
        
    def logpi_p_q(self, p, q):
        # the log pi(p|q) (Kinetic energy)
        # -dim/2*log(2 pi) - (p^T M^-1 p) / 2
        return multivariate_normal.logpdf(p, 
                                            mean=jnp.zeros(self.dim), 
                                            cov=self.massinv)
    
    # Construct the Hamiltonian
    def H(self, p, q):
        return -self.logpi_p_q(p,q)-self.logpi_q(q)
    
    # ----------------
    # Define the leapfrog integrator
    @partial(jit, static_argnums=(0,)) # partial jit for class type argument at 0
    def _leapfrog_incre(self, q0, p0):
        # update momentum by half time step
        p_halfdt = p0 + self.dt/2*self.negdV(q0)
        # update position by full time step
        q_dt = q0 + self.dt * self.massinv@p_halfdt
        # update momentum by full time step
        p_dt = p_halfdt + self.dt/2*self.negdV(q_dt)
        return q_dt,p_dt
    
    def _leapfrog(self, q0, p0):
        # integrate L times
        for _ in range(self.L):
            q0,p0 = self._leapfrog_incre(q0,p0)
        return q0,p0
    
    # Generate 1 sample
    def next_sample(self, q0):
        self.PRNGkey, subkey = random.split(self.PRNGkey)
        p0 = random.multivariate_normal(key=subkey, mean=jnp.zeros(self.dim), cov=self.mass, method='cholesky')
        qf, pf = self._leapfrog(q0,p0)
        return qf

    # Generate N samples
    def next_Nsample(self, q0, N):
        qs = -999*jnp.ones((N,self.dim))
        for i in range(N):
            qs=qs.at[i].set(q0)
            q0 = self.next_sample(q0)
        return qs
    
    # ----------------
    # The verbose integrator
    def _leapfrog_verbose(self, q0, p0):
        # integrate L times
        qs = -999*jnp.ones((self.L,self.dim))
        ps = -999*jnp.ones((self.L,self.dim))
        for i in range(self.L):
            qs=qs.at[i].set(q0)
            ps=ps.at[i].set(p0)
            q0,p0 = self._leapfrog_incre(q0,p0)
        # return not only the final state but also the history
        return q0,p0,qs,ps
    
    # Generate 1 sample
    def next_sample_verbose(self, q0):
        self.PRNGkey, subkey = random.split(self.PRNGkey)
        p0 = random.multivariate_normal(key=subkey, mean=jnp.zeros(self.dim), cov=self.mass, method='cholesky')
        qf, pf, qs, ps = self._leapfrog_verbose(q0,p0)
        return qf, pf, qs, ps

def logpi_q(q):
    # the log posterior
    return multivariate_normal.logpdf(q, jnp.array([0,0]), jnp.array([[0.8,0],[0,1]]))


# cell 21: small dt, many leapfrog steps
mass = jnp.eye(2)
sampler = hmc(dim=2,
              logpi_q=logpi_q,
              mass=mass,
              PRNGkey=random.PRNGKey(1),
              dt = 0.1,
              L = 600)

qf = jnp.array([1.0,0.0])
for i in range(5):
    qf, pf, qs, ps = sampler.next_sample_verbose(q0=qf)
    h = sampler.H(qs,ps)
    plt.plot(h,color=f'C{i}')
