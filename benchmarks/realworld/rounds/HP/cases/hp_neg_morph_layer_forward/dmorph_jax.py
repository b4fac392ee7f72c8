# Source: https://github.com/dmarcondes/morphax/blob/768296ac904ecf49f16aae1b4e65ff04b8a6538f/morphax/dmorph_jax.py
# Title: morphax/dmorph_jax.py (discrete morphological neural network in JAX)
# Cut: kept sup/inf, operator, apply_morph_layer and cdmnn's jitted forward; the per-layer,
#      per-node structuring-element initialisation inside cdmnn is replaced by one call
#      (init_params); docstrings removed; erosion/dilation/... live in the same module upstream.
import jax
import jax.numpy as jnp

from morphax.dmorph_ops import erosion, dilation, opening, closing, asf, supgen, infgen, index_array, init_params


#Sup of array of images
@jax.jit
def sup(f):
    fs = jnp.apply_along_axis(jnp.max,0,f)
    return fs.reshape((1,f.shape[1],f.shape[2]))


#Sup vmap for arch
vmap_sup = lambda f: jax.jit(jax.vmap(lambda f: sup(f),in_axes = (1),out_axes = 1))(f)


#Inf of array of images
@jax.jit
def inf(f):
    fi = jnp.apply_along_axis(jnp.min,0,f)
    return fi.reshape((1,f.shape[1],f.shape[2]))


#Inf vmap for arch
vmap_inf = lambda f: jax.jit(jax.vmap(lambda f: inf(f),in_axes = (1),out_axes = 1))(f)


#Return operator by name
def operator(type):
    if type == 'erosion':
        oper = lambda x,index_x,k: erosion(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])))
    elif type == 'dilation':
        oper = lambda x,index_x,k: dilation(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])))
    elif type == 'opening':
        oper = lambda x,index_x,k: opening(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])))
    elif type == 'closing':
        oper = lambda x,index_x,k: closing(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])))
    elif type == 'asf':
        oper = lambda x,index_x,k: asf(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])))
    elif type == 'supgen':
        oper = lambda x,index_x,k: supgen(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])),jax.lax.slice_in_dim(k,1,2).reshape((k.shape[1],k.shape[2])))
    elif type == 'infgen':
        oper = lambda x,index_x,k: infgen(x,index_x,jax.lax.slice_in_dim(k,0,1).reshape((k.shape[1],k.shape[2])),jax.lax.slice_in_dim(k,1,2).reshape((k.shape[1],k.shape[2])))
    else:
        print('Type of layer ' + type + 'is wrong!')
        return 1
    return jax.jit(oper)


#Apply a morphological layer
def apply_morph_layer(x,type,params,index_x):
    #Which operator
    oper = operator(type)
    fx = None
    #For each node
    for i in range(params.shape[0]):
        if fx is None:
            fx = oper(x,index_x,params[i,:,:,:]).reshape((1,x.shape[0],x.shape[1],x.shape[2]))
        else:
            fx = jnp.append(fx,oper(x,index_x,params[i,:,:,:]).reshape((1,x.shape[0],x.shape[1],x.shape[2])),0)
    return fx


#Initiliaze Canonical DMNN
def cdmnn(type,width,size,shape_x,sample = False,p1 = 0.5,key = 0):
    #Indexes of input images
    index_x = index_array(shape_x)

    #Initialize parameters (sampling of structuring elements per layer and node, cut)
    params = init_params(type,width,size,sample,p1,key)

    #Numeric type
    type_num = []
    for i in range(len(type)):
        if type[i] in ['sup','inf','complement']:
            type_num = type_num + [0]
        elif type[i] == 'supgen' or type[i] == 'infgen':
            type_num = type_num + [2]
        else:
            type_num = type_num + [1]

    #Forward pass
    @jax.jit
    def forward(x,params):
        x = x.reshape((1,x.shape[0],x.shape[1],x.shape[2]))
        j = 0
        for i in range(len(type)):
            #Apply sup and inf
            if type[i] == 'sup':
                x = vmap_sup(x)
            elif type[i] == 'inf':
                x = vmap_inf(x)
            elif type[i] == 'complement':
                x = 1 - x
            elif type[i] == "supgen" or type[i] == "infgen":
                #Apply other layer
                x = apply_morph_layer(x[0,:,:,:],type[i],params[j,0:width[i],:,0:size[i],0:size[i]].reshape((width[i],2,size[i],size[i])),index_x)
                j = j + 1
            else:
                #Apply other layer
                x = apply_morph_layer(x[0,:,:,:],type[i],params[j,0:width[i],0,0:size[i],0:size[i]].reshape((width[i],1,size[i],size[i])),index_x)
                j = j + 1
        return x[0,:,:,:]

    #Return initial parameters and forward function
    return {'params': params,'forward': forward,'width': width,'size': size,'type': type_num}
