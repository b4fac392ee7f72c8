# Source: https://github.com/dmarcondes/morphax/blob/768296ac904ecf49f16aae1b4e65ff04b8a6538f/morphax/dmorph_jax.py
# Title: morphax/dmorph_jax.py (discrete morphology module in JAX)
# Cut: kept index_array, transpose_se and the erosion/dilation/opening chain that calls it inside
#      jit; docstrings removed; closing/asf/supgen and the training code cut.
import jax
import jax.numpy as jnp
import math


#Create an index array for an array
def index_array(shape):
    return jnp.array([[x,y] for x in range(shape[0]) for y in range(shape[1])])


#Transpose a structuring element
@jax.jit
def transpose_se(k):
    d = k.shape[0]
    kt = k
    for i in range(d):
        for j in range(d):
            kt = kt.at[i,j].set(k[d - 1 - i,d - 1 - j])
    return kt


#Local erosion of f by k for pixel (i,j)
def local_erosion(f,k,l):
    def jit_local_erosion(index):
        fw = jax.lax.dynamic_slice(f, (index[0] - l, index[1] - l), (2*l + 1, 2*l + 1))
        return jnp.min(jnp.where(k == 1,fw,1))
    return jit_local_erosion


#Erosion of f by k
@jax.jit
def erosion_2D(f,index_f,k):
    l = math.floor(k.shape[0]/2)
    jit_local_erosion = local_erosion(f,k,l)
    return jnp.apply_along_axis(jit_local_erosion,1,l + index_f).reshape((f.shape[0] - 2*l,f.shape[1] - 2*l))


#Erosion in batches
@jax.jit
def erosion(f,index_f,k):
    l = math.floor(k.shape[0]/2)
    f = jax.lax.pad(f,0.0,((0,0,0),(l,l,0),(l,l,0)))
    eb = jax.vmap(lambda f: erosion_2D(f,index_f,k),in_axes = (0),out_axes = 0)(f)
    return eb


#Local dilation of f by k for pixel (i,j)
def local_dilation(f,kt,l):
    def jit_local_dilation(index):
        fw = jax.lax.dynamic_slice(f, (index[0] - l, index[1] - l), (2*l + 1, 2*l + 1))
        return jnp.max(jnp.where(kt == 1, fw, 0))
    return jit_local_dilation


#Dilation of f by k
@jax.jit
def dilation_2D(f,index_f,kt):
    l = math.floor(kt.shape[0]/2)
    jit_local_dilation = local_dilation(f,kt,l)
    return jnp.apply_along_axis(jit_local_dilation,1,l + index_f).reshape((f.shape[0] - 2*l,f.shape[1] - 2*l))


#Dilation in batches
@jax.jit
def dilation(f,index_f,k):
    l = math.floor(k.shape[0]/2)
    f = jax.lax.pad(f,0.0,((0,0,0),(l,l,0),(l,l,0)))
    k = transpose_se(k)
    db = jax.vmap(lambda f: dilation_2D(f,index_f,k),in_axes = (0),out_axes = 0)(f)
    return db


#Opening of f by k
@jax.jit
def opening(f,index_f,k):
    return dilation(erosion(f,index_f,k),index_f,k)
