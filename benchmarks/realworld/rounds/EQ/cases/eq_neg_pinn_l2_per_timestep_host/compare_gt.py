# Source: https://github.com/klm555/JAX-FEM-vs-PINNs/blob/1ff4e666c6dda76acdd206e4097d6c9e677e7d78/example/1D_Allen-Cahn_PINNs.ipynb
# Title: example/1D_Allen-Cahn_PINNs.ipynb (comparing a trained PINN against FEM ground truth)
# Cut: cell 15 converted to a module (ImportData constructor and file loading dropped); jnp import added.
import time
import jax
import jax.numpy as jnp

def get_relative_error(u,v):
        l2 = jnp.linalg.norm(u - v)/jnp.linalg.norm(u)
        return l2

class CompareGT:

    def get_FEM_comparison(mesh_coord,dt_coord,FEM,model,tuned_params):
        dom_mesh = jnp.asarray(mesh_coord).squeeze()
        dom_mesh_ = jnp.tile(dom_mesh,len(dt_coord)) #repeating the dom_mesh, dt_coord_100.shape-times
        dom_ts = jnp.repeat(jnp.array(dt_coord),len(mesh_coord)) #repeating ts, len(mesh_coord)-times
        domain_pt = jnp.stack((dom_ts,dom_mesh_),axis=1) #stacking them together, meaning for each mesh coordinate we look at every time instance in ts
        
        start_time = time.time()
        approx = jax.block_until_ready(model.apply(tuned_params, domain_pt).squeeze())
        times_eval = time.time()-start_time
        
        approx = approx.reshape(len(dt_coord),len(mesh_coord)) 
        l2 = []

        for l in range(len(dt_coord)):
            l2.append(get_relative_error(FEM[int(l)],approx[int(l),:]))

        return l2, times_eval, approx, FEM, domain_pt

