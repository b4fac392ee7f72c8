# Source: https://github.com/cryoem/eman2/blob/18ac79bf26d1f99dc692a89254477a0a1d750ff1/programs/e2tomogram_refine_jax.py
# Title: programs/e2tomogram_refine_jax.py - JAX-optimized version of e2tomogram_refine.py
# Cut: kept the imports, make_matrix_3d, insert_slice, insert_slice_multi, calc_loss_multi_direct and the MLP; dropped main/refine_tomo_align (host driver; its value_and_grad line is kept at the end), get_clips, get_volume body, the tilt-axis search and the MLP loss variant. Module globals (ind_xy, ind_interp, ind_trans, rawbox, tshape) are set by the driver in the original.
import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
import flax.linen as nn
import optax
from jax import jit

def make_matrix_3d(angles):
	"""Generate a rotation matrix from Euler angles."""
	alpha, beta, gamma = angles[:3]

	R_x = jnp.array([[1, 0, 0],
					 [0, jnp.cos(alpha), -jnp.sin(alpha)],
					 [0, jnp.sin(alpha), jnp.cos(alpha)]])
	
	R_y = jnp.array([[jnp.cos(beta), 0, jnp.sin(beta)],
					 [0, 1, 0],
					 [-jnp.sin(beta), 0, jnp.cos(beta)]])
	
	R_z = jnp.array([[jnp.cos(gamma), -jnp.sin(gamma), 0],
					 [jnp.sin(gamma), jnp.cos(gamma), 0],
					 [0, 0, 1]])
	
	R = R_x @ R_y @ R_z  # Combined rotation
	return R
	

@jit
def insert_slice(volume, weight, data, ang, mask=1):
	R=make_matrix_3d(ang)
	rotated_coords = R @ ind_xy.T
	rotated_coords+=rawbox//2
	rotated_coords=jnp.concatenate([rotated_coords[:,:2], abs(rotated_coords[:,2:])], axis=1)
	
	
	ix=jnp.floor(rotated_coords).astype(int)
	ir=rotated_coords-jnp.floor(rotated_coords)
	ir=[ir, 1-ir]
	
	x=ind_trans[0]*ang[3]+ind_trans[1]*ang[4]
	x=x.astype(np.complex64)
	x=jnp.exp(1j*np.pi*2.*x/rawbox)
	ds=(data*x).reshape((-1,))
	
	# 8 interpolation offsets - small enough to unroll safely
	for i0 in ind_interp[...,None]:
		w=ir[0]*i0+ir[1]*(1-i0)
		w=jnp.prod(w, axis=0)
		w=w*mask
		i=ix+i0
		volume=volume.at[i[0], i[1], i[2]].add(ds*w)
		weight=weight.at[i[0], i[1], i[2]].add(w)

	return volume, weight

@jit
def insert_slice_multi(volume, weight, data, ang, mask=np.ones(100)):
	"""Insert multiple slices using jax.lax.scan instead of Python for-loop.
	
	With scan, XLA traces the loop body ONCE and reuses it for all tilts.
	Original Python for-loop caused XLA to unroll 38 copies into the graph.
	"""
	def body(carry, inputs):
		volume, weight = carry
		d, a, m = inputs
		volume, weight = insert_slice(volume, weight, d, a, m)
		return (volume, weight), None
	
	(volume, weight), _ = jax.lax.scan(body, (volume, weight), (data, ang, mask))
	return volume, weight

@jit
def get_volume(volume, weight):
	wt=jnp.where(weight==0, 1, weight)
	vol_nrm=volume/wt
	vol_nrm=jnp.fft.ifftshift(vol_nrm)
	vol_nrm=jnp.fft.ifftshift(jnp.fft.ifftn(vol_nrm)).real
	return vol_nrm  # normalisation and cropping cut

@jit
def calc_loss_multi_direct(tc, xy1, xfrot, data_all, trans_offset, mask_tilt, width, rng):
	"""Compute loss over all tiles using jax.lax.scan.
	
	Original used a Python for-loop over 9 tiles, each calling insert_slice_multi
	(which itself looped over 38 tilts). XLA unrolled 9*38=342 iterations into one
	massive graph. With scan, XLA traces ONCE and loops at runtime.
	"""
	trans=jnp.dot(xy1, tc)
	rnd=jax.random.bernoulli(rng, .95, shape=trans.shape).astype(float)
	trans=trans*rnd

	def tile_loss(carry, inputs):
		data, tr, tr_off = inputs
		volume=jnp.zeros((rawbox, rawbox, rawbox), dtype=np.complex64)
		weight=jnp.zeros((rawbox, rawbox, rawbox), dtype=np.float32)
		xf=jnp.concatenate([xfrot, tr+tr_off], axis=1)
		volume, weight=insert_slice_multi(volume, weight, data, xf, mask_tilt)
		vol_nrm=get_volume(volume, weight)
		std=jnp.std(vol_nrm**2, axis=(0,1))
		std=jnp.sum(std*width)/jnp.sum(width)
		return carry, std

	_, score=jax.lax.scan(tile_loss, None, (data_all, trans, trans_offset))

	loss=jnp.sum(score)
	loss-=jnp.min(score)
	loss=-loss/(score.shape[0]-1)

	return loss

class MLP(nn.Module):
	@nn.compact
	def __call__(self, x, training=False):
		for i in range(3):
			x = nn.Dense(64)(x)
			x = nn.relu(x)
			x = nn.Dropout(0.1, deterministic=not training)(x)
			
		x = nn.Dense(np.prod(tshape), kernel_init=nn.initializers.normal(stddev=1e-3))(x)
		x = jnp.reshape(x, tshape)
		return x  


grad_fn_multi=jax.value_and_grad(calc_loss_multi_direct)
