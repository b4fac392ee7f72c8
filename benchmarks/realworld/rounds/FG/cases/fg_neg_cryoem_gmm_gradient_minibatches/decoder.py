# Source: https://github.com/cryoem/eman2/blob/f9e8fc628d5dd2b231a78b3c8dbb04c67f0c15b3/programs/e2gmm_refine_jax.py
# Title: programs/e2gmm_refine_jax.py, build_decoder_point_transformer
# Cut: kept the host-side neighbour/pooling tables (numpy, scipy) and the flax Decoder that loops over the point-pyramid levels; the k-means pyramid construction is replaced by a call `build_point_pyramid(pts)` (reconstructed name); verbose prints dropped.
import numpy as np
import scipy.spatial.distance as scipydist
import jax.numpy as jnp
import flax.linen as nn


def build_decoder_point_transformer(pts, rng, options):
	
	print("Building Point Transformer Decoder...")
	nmid=options.nmid
	nhidden=options.ndense
	ptpool, ptidx = build_point_pyramid(pts)
	
	################## 
	nnb=options.pt_neighbor
	nup=nnb//2
	nbs=[]
	pls=[]
	ups=[]
	upmat=[]

	for i,pt in enumerate(ptpool):
		
		dst01=scipydist.cdist(pt,pt)
		dstid0=np.argsort(dst01, axis=0)[:nnb].T
		nbs.append(dstid0)
		print(dstid0.shape)
		
		if i<len(ptpool)-1:
			dst01=scipydist.cdist(pt,ptpool[i+1])
			pool0=np.argsort(dst01, axis=0)[:nnb].T
			pls.append(pool0)
			# print(pool0.shape)
			
			pool1=np.argsort(dst01, axis=1)[:,:nup]
			
			ups.append(pool1)
			dwt=np.sort(dst01, axis=1)[:,:nup]
			
			dwt=np.exp(-(dwt**2)*50).astype(np.float32)
			# dwt=dwt/np.linalg.norm(dwt, axis=1)[:,None]
			dwt=dwt/np.sum(dwt, axis=1)[:,None]
			upmat.append(dwt.astype(np.float32))			
	
	
	################## 
	upmat1=[]
	ups1=[]
	for ip in range(2, len(ptpool)):
		dst01=scipydist.cdist(ptpool[0],ptpool[ip])
		pool1=np.argsort(dst01, axis=1)[:,:nup]
		
		ups1.append(pool1.copy())
		dwt=np.sort(dst01, axis=1)[:,:nup]
		dwt=np.exp(-(dwt**2)*50).astype(np.float32)
		dwt=dwt/np.sum(dwt, axis=1)[:,None]
		upmat1.append(dwt.astype(np.float32).copy())
		
		print(ip, len(ptpool[ip]), ups1[-1].shape, upmat1[-1].shape)
		

	class Decoder(nn.Module):
		@nn.compact
		def __call__(self, x, training=False):
			
			x1=x
			x2=jnp.zeros((len(x), pts.shape[0], pts.shape[1]), dtype=np.float32) + pts
			
			nout=256
			nk=512
			dout=5
			
			midshape=(ptpool[-1].shape[0],nout)
			x1 = nn.Dense(128)(x1)
			x1 = nn.relu(x1)
			x1 = nn.Dropout(0.1, deterministic=not training)(x1)
			## missing BatchNormalization
			x1 = nn.Dense(np.prod(midshape))(x1)
			x1=x1.reshape((-1, midshape[0], midshape[1]))

			y0=x1

			y3s=[]
			for li in range(1,len(nbs)):
				cur=-li
				
		
				y_q = nn.Dense(nk)(y0)
				y_k = nn.Dense(nk)(y0)
				y_k = y_k[:,nbs[cur]]

				y_qk=y_q[:,:,None,:]-y_k

				p_r=x2[:, ptidx[cur]][:,:,:3]
				p_r=p_r[:, nbs[cur]]
				dp_r=ptpool[cur][:,None,:]-p_r
				
				dp_r = nn.Dense(3)(dp_r)
				## missing BatchNormalization
				dp_r = nn.relu(dp_r)
				dp_r = nn.Dense(nk)(dp_r)
				
				yqk_dp=y_qk+dp_r

				w=yqk_dp
				## missing BatchNormalization
				w = nn.relu(w)
				w = nn.Dense(nk)(w)
				## missing BatchNormalization
				w = nn.relu(w) 
				w = nn.Dense(nk)(w)
				w = nn.softmax(w, axis=2)

				y_ak = nn.Dense(nk)(y_k) + dp_r

				y1 = jnp.sum(w*y_ak, axis=2)
				## missing BatchNormalization
				y1 = nn.Dropout(0.2, deterministic=not training)(y1)
				
				y1 = jnp.concat([y0,y1], axis=2)

				yk=y1
				yk = nn.Dense(nk)(yk)
				yk = nn.Dropout(0.2, deterministic=not training)(yk)
				## missing BatchNormalization
				yk = nn.Dense(nout)(yk)
					
				y0k=y0+yk
				
				y0=y0k[:, ups[cur]]
				y0=y0*upmat[cur][:,:,None]
				y0=jnp.sum(y0, axis=2)

				if li<len(nbs)-1:
					y3=y0k[:, ups1[cur]]
					y3=y3*upmat1[cur][:,:,None]
					y3=jnp.sum(y3, axis=2)
					y3s.append(y3)

			y0=jnp.concat([y0]+y3s, axis=2)
			
			y2 = nn.Dense(dout, use_bias=False, kernel_init=nn.initializers.normal(stddev=1e-4))(y0)
			y2=y2*0.5
			# y2=y0
			return y2

	mid=jnp.zeros((options.batchsz, nmid))
	decode_model = Decoder()
	dec_var = decode_model.init(rng, mid)
	out = decode_model.apply(dec_var, mid, training=True, rngs={"dropout": rng})

	print("Output shape:", out.shape)
