# Source: https://github.com/javinoram/4Ni/blob/bfd6c85f612042804e25a5f8eab031c49e611d2d/JAXbase.py
# Title: JAXbase.py (magnetocaloric functions for a four-site spin-1 Ni cluster)
# Cut: kept the jitted specific heat, eigen-solver and Hamiltonian builder with the spin-1
#      operators they read; dropped entropy, magnetisation and the Spanish docstring.
## Imports
import numpy as np
import jax
import jax.numpy as jnp
jax.config.update("jax_enable_x64", True)


#Constantes importantes, todo esta en milielectronvolt
dtype = 'float64'
boltz = 8.617333262e-2 #mev/K
gyro = 2.0
nub = 5.7883818066e-2 #meV/T

@jax.jit
def JAXSpecific_heat(ee, t):
    partition = jnp.exp( jnp.divide(-ee, t*boltz) )
    Z = jnp.sum(partition)
    partition = jnp.divide(partition, Z)
    
    aux1 = jnp.sum( partition*ee )
    aux2 = jnp.sum( partition*(ee**2) )
    return jnp.divide( aux2- (aux1**2), (t*t*boltz) )
vec_JAXSpecific_heat = jax.vmap(JAXSpecific_heat, in_axes=(None, 0))

@jax.jit
def JAXget_eigen(H):
    ee, vv= jnp.linalg.eigh(H)
    return ee, vv




## Hamiltonian construction
@jax.jit
def JAXhamiltoniano(params):
    H = params[0]*Int1 + params[1]*Int2 -params[2]*OZ
    H = jnp.real( H )
    return H


Si = jnp.array( [ [1,0,0], [0,1,0], [0,0,1] ] ,dtype='float64')
Sx = (1.0/jnp.sqrt(2))*jnp.array( [ [0,1,0], [1,0,1], [0,1,0] ], dtype='float64') 
Sy = (1.0/jnp.sqrt(2))*jnp.array( [ [0,-1j,0], [1j,0,-1j], [0,1j,0] ], dtype='complex64') 
Sz = jnp.array( [ [1,0,0], [0,0,0], [0,0,-1] ], dtype='float64') 

Int1 = jnp.kron(jnp.kron(Sx, Sx), jnp.kron(Si, Si)) + jnp.kron(jnp.kron(Sy, Sy), jnp.kron(Si, Si)) + jnp.kron(jnp.kron(Sz, Sz), jnp.kron(Si, Si))

Int2 = jnp.kron(jnp.kron(Sx, Si), jnp.kron(Sx, Si)) + jnp.kron(jnp.kron(Sy, Si), jnp.kron(Sy, Si)) + jnp.kron(jnp.kron(Sz, Si), jnp.kron(Sz, Si)) +\
    jnp.kron(jnp.kron(Sx, Si), jnp.kron(Si, Sx)) + jnp.kron(jnp.kron(Sy, Si), jnp.kron(Si, Sy)) + jnp.kron(jnp.kron(Sz, Si), jnp.kron(Si, Sz)) +\
    jnp.kron(jnp.kron(Si, Sx), jnp.kron(Sx, Si)) + jnp.kron(jnp.kron(Si, Sy), jnp.kron(Sy, Si)) + jnp.kron(jnp.kron(Si, Sz), jnp.kron(Sz, Si)) +\
    jnp.kron(jnp.kron(Si, Sx), jnp.kron(Si, Sx)) + jnp.kron(jnp.kron(Si, Sy), jnp.kron(Si, Sy)) + jnp.kron(jnp.kron(Si, Sz), jnp.kron(Si, Sz))

OZ =  jnp.kron(jnp.kron(Sz, Si), jnp.kron(Si, Si)) +  jnp.kron(jnp.kron(Si, Sz), jnp.kron(Si, Si)) +\
    jnp.kron(jnp.kron(Si, Si), jnp.kron(Sz, Si)) +  jnp.kron(jnp.kron(Si, Si), jnp.kron(Si, Sz))