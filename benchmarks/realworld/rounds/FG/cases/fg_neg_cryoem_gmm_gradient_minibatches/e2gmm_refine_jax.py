# Source: https://github.com/cryoem/eman2/blob/f9e8fc628d5dd2b231a78b3c8dbb04c67f0c15b3/programs/e2gmm_refine_jax.py
# Title: programs/e2gmm_refine_jax.py (JAX reimplementation of the GMM heterogeneity pipeline)
# Cut: kept the vmapped Gaussian-to-image projection, the FRC, the trilinear slice extraction and the per-particle gradient input driver; dropped I/O, model building and training.
import jax
import jax.numpy as jnp
	
from flax import nnx
import flax.linen as nn
import optax
from jax import jit


xf2pts_multi=jax.vmap(xf2pts, in_axes=(0,0))

def pts2img_one_sig(pts, ang):
	
	sz, idxft, rrft = params["sz"], params["idxft"], params["rrft"]
	xfo=params["xforigin"]
	
	bamp=jax.nn.relu(pts[:,3]).astype(np.complex64)[:,None]
	bsigma=jax.nn.relu(pts[:,4]).astype(np.complex64)*.001

	bpos=xf2pts(pts[:,:3],ang)
	bpos=bpos*params["sz_scale"]+sz/2
	bposft=bpos*np.pi*2

	cpxang_x=bposft[:,0,None] * idxft[0,[0],:]
	cpxang_y=bposft[:,1,None] * idxft[1,:,[0]]

	sig_x = jnp.exp(-rrft[0][None, :]*bsigma[:,None])
	sig_y = jnp.exp(-rrft[1][None, :]*bsigma[:,None])

	pgauss_x = jnp.exp(-1j* cpxang_x.astype(jnp.complex64))*bamp*sig_x
	pgauss_y = jnp.exp(-1j* cpxang_y.astype(jnp.complex64))*bamp*sig_y


	pgauss = jnp.matmul(jnp.transpose(pgauss_x), pgauss_y)
	pgauss = jnp.transpose(pgauss)
	return pgauss*xfo.astype(np.complex64)

pts2img=jax.vmap(pts2img_one_sig, in_axes=(0,0))

#### compute particle-projection FRC 
##   data_cpx, imgs_cpx - complex images in (real, imag) form
##   rings - indices of Fourier rings
##   return_curve - return the curve instead of average FRC score
##   minpx - skip the X initial low freq pixels
def calc_frc(data_cpx, imgs_cpx, rings, return_curve=False, minpx=1, maxpx=-1):
	mreal, mimag=imgs_cpx.real, imgs_cpx.imag
	dreal, dimag=data_cpx.real, data_cpx.imag
	#### normalization per ring
	nrm_img=mreal**2+mimag**2
	nrm_data=dreal**2+dimag**2

	nrm0=jnp.tensordot(nrm_img, rings, [[1,2],[0,1]])
	nrm1=jnp.tensordot(nrm_data, rings, [[1,2],[0,1]])

	nrm=jnp.sqrt(nrm0)*jnp.sqrt(nrm1)
	nrm=jnp.maximum(nrm, 1e-4) #### so we do not divide by 0

	#### average FRC per batch
	ccc=mreal*dreal+mimag*dimag
	frc=jnp.tensordot(ccc, rings, [[1,2],[0,1]])/nrm

	if return_curve:
		return frc
	else:
		frcval=jnp.mean(frc[:, minpx:maxpx], axis=1)
		return frcval

@jit
def get_slice(volume, ang):
	#### make projections of 3D volume
	
    R=make_matrix_3d(ang)
    rotated_coords = R @ ind_xy.T
    rotated_coords+=rawbox//2
    rotated_coords=jnp.concatenate([rotated_coords[:,:2], abs(rotated_coords[:,2:])], axis=1)
    
    ix=jnp.floor(rotated_coords).astype(int)
    ir=rotated_coords-jnp.floor(rotated_coords)
    ir=[ir, 1-ir]
    
    pj=jnp.zeros((rawbox, rawbox), dtype=np.complex64).flatten()
    
    for i0 in ind_interp[...,None]:
        w=ir[0]*i0+ir[1]*(1-i0)
        w=jnp.prod(w, axis=0)
        i=ix+i0
        pj=pj+volume[i[0], i[1], i[2]]*w

    pj=pj.reshape((rawbox, rawbox))
    return pj

get_slice_multi=jax.vmap(get_slice, in_axes=(None, 0))

	
	
def calc_gradient(data_cpx, data_xf, pts, params, options):
	print("Calculating gradient input...")
	allgrds=[]
	minpx,maxpx=options.minpx, options.maxpx_grad
	bsz=options.batchsz
	@jit
	def pt_to_frc(pt0, xf, pj_cpx):
		if options.spt:
			pt=jnp.repeat(pt0, xf.shape[1], axis=0)
			xf=xf.reshape((xf.shape[0]*xf.shape[1], xf.shape[2]))
			pj_cpx=pj_cpx.reshape((pj_cpx.shape[0]*pj_cpx.shape[1], pj_cpx.shape[2], pj_cpx.shape[3]))
		else:
			pt=pt0
			
		imgs_cpx=pts2img(pt, xf)
		fval=calc_frc(pj_cpx, imgs_cpx, params["rings"], minpx=minpx, maxpx=maxpx)
		return -jnp.mean(fval)
		
	grad_fn_00=jax.value_and_grad(pt_to_frc)
	
	if options.spt:
		nn=len(options.idx3d)
	else:
		nn=len(data_cpx)
	
	for ib in range(0, nn, bsz):
		if options.spt:
			i3=options.idx3d[ib:ib+bsz]
			pj_cpx=data_cpx[i3]
			xf=data_xf[i3]
			pt=np.repeat(pts[None,...], len(i3), axis=0)
			_, grd = grad_fn_00(pt, xf, pj_cpx)
		else:
			pj_cpx=data_cpx[ib:ib+bsz]
			xf=data_xf[ib:ib+bsz]
			pt=np.repeat(pts[None,...], xf.shape[0], axis=0)
			_, grd = grad_fn_00(pt, xf, pj_cpx)
		
		allgrds.append(grd)
	
	allgrds=np.concatenate(allgrds, axis=0)
	allgrds=allgrds/np.std(allgrds)
	allgrds=allgrds[:,:,:4]/np.std(allgrds, axis=(0,1))[:4]
	
	print("Gradient input shape:", allgrds.shape)
	return allgrds
