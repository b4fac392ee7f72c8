# Source: https://github.com/Theo-Wu/Differentiable-Rasterizer-with-JAX/blob/4e32b119b42cbe1102af382216262aa5da6d8dd5/renderer/util_general.py
# Title: Differentiable-Rasterizer-with-JAX renderer/util_general.py (point-to-face distance)
# Cut: kept normalize, p2f, edge, getArea, getArea_n; point_to_line_distance_parallel condensed; projection helpers dropped.
import jax.numpy as jnp
import jax
from functools import partial

@partial(jax.jit, static_argnums=(1,))
def normalize(v,axis=-1):
    safe_norm = jnp.where(jnp.linalg.norm(v,axis=axis)!=0,jnp.linalg.norm(v,axis=axis),1e-6)
    return v/safe_norm[...,None]

def p2f(points,polygon_position):
    vertexCount = polygon_position.shape[1] #[n,t,3]
    min_dis = 1e6
    sign = 1.
    for i in range(vertexCount):
        f = edge(points,polygon_position[:,i%vertexCount],polygon_position[:,(i+1)%vertexCount])
        sign *= jnp.where(f>0,1.,0.) 
        p1 = polygon_position[:,i%vertexCount,0:2]
        p2 = polygon_position[:,(i+1)%vertexCount,0:2]
        dis = point_to_line_distance_parallel(points,p1,p2)
        min_dis = jnp.fmin(min_dis,dis)
    sign = 2*sign-1. #inside positive outside negative
    return min_dis,sign
    
def edge(p,a,b)->'negative value for anticlockwise':
    h,w,_ = p.shape
    c,_ = a.shape
    px = p[:,:,0]
    py = p[:,:,1]
    ax = a[:,0]
    ay = a[:,1]
    bx = b[:,0]
    by = b[:,1]
    f = px*jnp.broadcast_to((by-ay)[...,None,None],(c,h,w)) - py*jnp.broadcast_to((bx-ax)[...,None,None],(c,h,w)) + jnp.broadcast_to((ay*bx-ax*by)[...,None,None],(c,h,w))
    return -f #[n,h,w]

def getArea(c,a,b):
    cx = c[:,0]
    cy = c[:,1]
    ax = a[:,0]
    ay = a[:,1]
    bx = b[:,0]
    by = b[:,1]
    f = cx*(by-ay) - cy*(bx-ax) + (ay*bx-ax*by)
    return -f #[n,]

def getArea_n(polygon_position):
    n,t,_ = polygon_position.shape
    area = 0
    for i in range(1,t-1):
        area += getArea(polygon_position[:,0],polygon_position[:,i],polygon_position[:,i+1])
    return area #[n,]



def point_to_line_distance_parallel(points, p1, p2):
    # points [h,w,2], p1/p2 [n,2] -> [n,h,w]
    d = p2 - p1
    t = jnp.clip(((points[None] - p1[:, None, None]) * d[:, None, None]).sum(-1) / (d * d).sum(-1)[:, None, None], 0., 1.)
    proj = p1[:, None, None] + t[..., None] * d[:, None, None]
    return jnp.linalg.norm(points[None] - proj, axis=-1)
