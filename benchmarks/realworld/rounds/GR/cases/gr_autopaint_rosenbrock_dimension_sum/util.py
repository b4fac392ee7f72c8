# Source: https://github.com/HIPS/autopaint/blob/acbe781a2a374af7604117b9ded71e00add5b926/autopaint/util.py
# Title: autopaint autopaint/util.py: test log-densities for the Langevin sampler (Rosenbrock family)
# Cut: kept only the two inverse-Rosenbrock log-densities; z has shape (N, D).
import autograd.numpy as np


def log_inv_rosenbrock(z):
    #z is (N,D)
    #Returns (N,) of log( 1/(rosenbrock(z)+relaxation))
    relaxation = 1e-6
    (N,D) = z.shape
    s = np.zeros(N)
    for i in xrange(D-1):
        s = s + (1-z[:,i])**2+100*(z[:,i+1]-z[:,i]**2)**2
    result = np.log(1/(s+relaxation))
    return result

def log_tapered_inv_rosenbrock(z):
    #z is (N,D)
    #Returns s (N,) tapers inv_ros by sq exp to prevent entropy from exploding as D grows
    relaxation = 1e-6
    (N,D) = z.shape
    scale = 1e-4
    s = np.zeros(N)
    for i in xrange(D-1):
        s = s + (1-z[:,i])**2+100*(z[:,i+1]-z[:,i]**2)**2
    result = np.log(1/(s+relaxation)*np.exp(-scale*np.sum(z**2)))
    return result
