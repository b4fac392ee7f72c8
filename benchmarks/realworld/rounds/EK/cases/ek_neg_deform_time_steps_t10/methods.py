# Source: https://github.com/Sangluisme/Implicit-surf-Deformation/blob/e7992a5f544fc77073f7b698fcbec4aea027d7c4/models/methods.py
# Title: Implicit-surf-Deformation models/methods.py (TargetDeform.get_loss / train_step)
# Cut: kept imports, the dataclass fields, get_loss up to the time loop's end and train_step;
#      the metrics bookkeeping after the loop is condensed to the returned sum.
import jax
import flax
from flax import linen as nn
from jax import random, jit, vmap
from functools import partial
import jax.random as jrnd
import jax.numpy as jnp
import numpy as np
import optax
from models.modules import MLP, LIPMLP
from models.modules import posenc
from flax.training.train_state import TrainState
from datasets.pointshape import PointShape
from models.utils import *
from datasets import sampler
from datasets.pointshape import DeformPointCloud


@flax.struct.dataclass
class TargetDeform:
    alpha: float = 0.05
    reinitial: float = 0
    eikonal: float = 20  
    laplacian: float = 10
    divergence: float = 10
    level_set: float = 500
    normal: float = 100
    match: float = 200
    manifold: float = 100
    nonmanifold: float = 10
    onsurf: float=10
    surf_area: float=10
    streching: float = 5
    T: int= 8
    corr_num: float=1.0

    def get_loss(self, f_fn, params, fv_fn, params_v, input_x, input_nx, input_y, input_ny, sample_local_x, sample_local_y, sample_global, ratio):
        
        batch_size = input_x.shape[0] // 2
        
        points = input_x

        loss, loss_e, loss_ef, loss_sdf, loss_n, loss_surf = 0., 0., 0., 0., 0.,0.
        loss_lap, loss_div, loss_lse = 0., 0., 0.
        loss_area = 0.
        
        ratio_v, ratio_i = ratio

        # fit first t==0:
        t = jnp.tile(0., (input_x.shape[0],1))
        sdf_i, df_i, dt_i = vmap(get_full_gradient, in_axes=(None, None, 0, 0))(f_fn, params, input_x, t)

        v = partial(fv_fn, params_v)(points)
        dv = vmap(get_jacobian, in_axes=(None, None, 0))(fv_fn, params_v, points)

        sdf_s, df_s, dt_s = vmap(get_full_gradient, in_axes=(None, None, 0, 0))(f_fn, params, sample_local_x, jnp.tile(0.,(sample_local_x.shape[0],1)))

        if (self.manifold > 0):
            loss_sdf += sdf_loss(sdf_i, distance_metric='l2')
        if (self.normal > 0):
            loss_n += normal_loss(input_nx, df_i)
        # if (self.eikonal > 0):
        #     loss_e += ((1-soft_norm(df_i, axis=-1))**2).mean()
        if (self.nonmanifold > 0):
            loss_ef += ((1-soft_norm(df_s, axis=-1))**2).mean()
        if self.surf_area > 0:
            loss_area += get_implicit_surface_area_loss(partial(f_fn, params), sample_global, jnp.tile(0.,(sample_global.shape[0],1)))
        # level_set
        if self.level_set > 0:
            if self.reinitial > 0:
                R = self.eikonal * R_term(df_i, dv)
                loss_lse += sdf_loss(dt_i + jnp.sum(df_i * v, axis=-1) + sdf_i*R,'squared_l2')
            else:
                loss_lse += sdf_loss(dt_i + jnp.sum(df_i * v, axis=-1),'squared_l2')
                loss_e += ((1-soft_norm(df_i, axis=-1))**2).mean()

        if self.laplacian > 0.0:
            Hv = vmap(get_hessian, in_axes=(None, None, 0))(fv_fn, params_v, points)
            laplacian = jnp.trace(Hv, axis1=2, axis2=3)
            # loss_lap += jnp.linalg.norm(v - self.alpha * laplacian, axis=-1).mean()
            loss_lap += sq_norm(v - self.alpha * laplacian, axis=-1).mean()
                       
        if self.divergence > 0.0:
            dv = vmap(get_jacobian, in_axes=(None, None, 0))(fv_fn, params_v, points)
            div_v = jnp.trace(dv, axis1=1, axis2=2)
            loss_div += sdf_loss(div_v,'squared_l2')
            

        # move points
        points = points + v
        
        for time in range(1, self.T+1):

            t = jnp.tile(time/self.T, (points.shape[0],1))


            sdf, df, dt = vmap(get_full_gradient, in_axes=(None, None, 0, 0))(f_fn, params, points, t)
            
            v = partial(fv_fn, params_v)(points)

            if (self.eikonal > 0) and (self.reinitial == 0):
                # loss_e += ((1-jnp.linalg.norm(df, axis=-1))**2).mean()
                loss_e += ((1-soft_norm(df, axis=-1))**2).mean()
            
            if (self.nonmanifold > 0) and (self.reinitial == 0):
                loss_ef += vmap(eikonal_loss, in_axes=(None,None,0,0))(f_fn, params, sample_local_x, jnp.tile(time/self.T,(sample_local_x.shape[0],1))).mean()
                v_sample = partial(fv_fn, params_v)(sample_local_x)
                sample_local_x = sample_local_x + v_sample
            if self.surf_area > 0:
                loss_area += get_implicit_surface_area_loss(partial(f_fn, params), sample_global, jnp.tile(time/self.T,(sample_global.shape[0],1)))

            if self.level_set > 0:
                if self.reinitial > 0:
                    R = (self.eikonal/self.level_set) * R_term(df_i, dv)
                    loss_lse += sdf_loss(dt + jnp.sum(df * v, axis=-1) + sdf*R,'squared_l2')
                else:
                    loss_lse += sdf_loss(dt_i + jnp.sum(df * v, axis=-1), 'squared_l2')

            if (self.onsurf > 0) and (time < self.T):
                loss_surf += sdf_loss(sdf, distance_metric='l2')
            
            if (self.manifold > 0) and (time == self.T):
                loss_sdf += sdf_loss(sdf, 'l2')
            
            if (self.normal > 0) and (time==self.T):
                loss_n += normal_loss(df, input_ny)

            if (self.laplacian > 0.0) and (time < self.T):
                Hv = vmap(get_hessian, in_axes=(None, None, 0))(fv_fn, params_v, points)
                laplacian = jnp.trace(Hv, axis1=2, axis2=3)
                # loss_lap += jnp.linalg.norm(v - self.alpha * laplacian, axis=-1).mean()
                loss_lap += sq_norm(v - self.alpha * laplacian, axis=-1).mean()                   

            if (self.divergence > 0.0) and (time < self.T):
                dv = vmap(get_jacobian, in_axes=(None, None, 0))(fv_fn, params_v, points)
                div_v = jnp.trace(dv, axis1=1, axis2=2)
                loss_div += sdf_loss(div_v,'squared_l2')
            
            if (self.match > 0) and (time==self.T):
                loss_match = match_loss(points[:batch_size,:], input_y[:batch_size,:])
            
            # move points
        loss = self.eikonal * ratio_i * loss_e / self.T + self.level_set * ratio_i * loss_lse / self.T
        loss += self.manifold * ratio_i * (loss_sdf + sdf_loss(sdf, 'l2')) / 2 + self.match * loss_match
        return loss, {'loss': loss}

    @partial(jit, static_argnames=("self"))
    def train_step(self, input_x, input_nx, input_y, input_ny, sample_local_x, sample_local_y, sample_global, ratio, implicit_state: TrainState, velocity_state: TrainState):
        
        (loss, metrics), (grads_f, grads_v) = jax.value_and_grad(self.get_loss, argnums=(1,3), has_aux=True)(implicit_state.apply_fn, implicit_state.params, velocity_state.apply_fn, velocity_state.params, input_x, input_nx, input_y, input_ny, sample_local_x, sample_local_y, sample_global, ratio)
        
        implicit_state, nan_grads = safe_apply_grads(implicit_state, grads_f)
        
        velocity_state, nan_grads = safe_apply_grads(velocity_state, grads_v)

        return loss, metrics, implicit_state, velocity_state
