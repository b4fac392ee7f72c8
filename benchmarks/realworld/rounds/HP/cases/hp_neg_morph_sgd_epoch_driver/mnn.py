# Source: https://github.com/dmarcondes/morphax/blob/768296ac904ecf49f16aae1b4e65ff04b8a6538f/morphax/mnn.py
# Title: morphax/mnn.py (morphological neural networks: stochastic gradient descent)
# Cut: kept sgd whole (docstring removed): jitted loss/update, host-side epoch and batch loops.
import math
import time

import jax
import jax.numpy as jnp
import optax
import pandas as pd
from alive_progress import alive_bar


#Stochastic gradient descent
def sgd(x,y,forward,params,loss,epochs = 100,x_val = None,y_val = None,sa = False,c = 100,q = 2,batches = 1,exp_decay = 0,decay_rate = 0.9,lr = 0.001,b1 = 0.9,b2 = 0.999,eps = 1e-08,eps_root = 0.0,key = 0,notebook = False,epoch_print = 1000,trace = False,epoch_trace = 100,trace_file = 'trace.csv'):
    #Key
    key = jax.random.split(jax.random.PRNGKey(key),epochs)

    #Batch size
    bsize = int(math.floor(x.shape[0]/batches))

    #Trace
    if trace:
        tab_trace = {'epoch': [],'time': [],'loss': [],'val_loss': []}

    #Self-adaptative
    if sa:
        params.append({'w': jnp.zeros((y.shape)) + (1/c) ** (1/q)})
        @jax.jit
        def lf(params,x,y):
            return jnp.mean(jax.vmap(lambda true,pred,weight: loss(true,pred,weight,c,q),in_axes = (0,0,0))(forward(x,params[:-1]),y,params[-1]['w']))
        @jax.jit
        def lf_val(params,x,y):
            return jnp.mean(jax.vmap(lambda true,pred: loss(true,pred,1.0,1.0,1.0),in_axes = (0,0))(forward(x,params[:-1]),y))
    else:
        #Loss function
        @jax.jit
        def lf(params,x,y):
            return jnp.mean(jax.vmap(loss,in_axes = (0,0))(forward(x,params),y))
        lf_val = lf

    #Optmizer NN
    if exp_decay != 0:
        lr = optax.exponential_decay(lr,exp_decay,decay_rate)
    optimizer = optax.adam(lr,b1,b2,eps,eps_root)
    opt_state = optimizer.init(params)

    #Training function
    grad_loss = jax.jit(jax.grad(lf,0))
    @jax.jit
    def update(opt_state,params,x,y):
      grads = grad_loss(params,x,y)
      if sa:
          grads[-1]['w'] = - grads[-1]['w']
      updates, opt_state = optimizer.update(grads, opt_state)
      params = optax.apply_updates(params, updates)
      return opt_state,params

    #Train
    t0 = time.time()
    with alive_bar(epochs) as bar:
        for e in range(epochs):
            #Permutate x
            if not sa:
                x = jax.random.permutation(jax.random.PRNGKey(key[e,0]),x,0)
                y = jax.random.permutation(jax.random.PRNGKey(key[e,0]),y,0)
                for b in range(batches):
                    if b < batches - 1:
                        xb = jax.lax.dynamic_slice_in_dim(x,b*bsize,bsize,axis = 0)
                        yb = jax.lax.dynamic_slice_in_dim(y,b*bsize,bsize,axis = 0)
                    else:
                        xb = jax.lax.dynamic_slice_in_dim(x,b*bsize,x.shape[0] - b*bsize,axis = 0)
                        yb = jax.lax.dynamic_slice_in_dim(y,b*bsize,y.shape[0] - b*bsize,axis = 0)
                    opt_state,params = update(opt_state,params,xb,yb)
            else:
                opt_state,params = update(opt_state,params,x,y)
            if not notebook:
                bar()
            if (e % epoch_print == 0 or e % epoch_trace == 0):
                l = lf(params,x,y)
                pl = str(jnp.round(l,10))
                if x_val is not None:
                    vl = lf_val(params,x_val,y_val)
                    pl = pl + ' Val loss: ' + str(jnp.round(vl,10))
                if notebook and e % epoch_print == 0:
                    print('Epoch: ' + str(e) + ' Time: ' + str(jnp.round(time.time() - t0,2)) + ' s Loss: ' + pl)
                if not notebook and e % epoch_print == 0:
                    bar.title("Loss: " + pl)
                if (trace and e % epoch_trace == 0):
                    tab_trace['epoch'] = tab_trace['epoch'] + [e]
                    tab_trace['time'] = tab_trace['time'] + [time.time() - t0]
                    tab_trace['loss'] = tab_trace['loss'] + [l]
                    if x_val is not None:
                        tab_trace['val_loss'] = tab_trace['val_loss'] + [vl]
                    else:
                        tab_trace['val_loss'] = tab_trace['val_loss'] + [-1]

    if (trace and e % epoch_trace != 0):
        tab_trace['epoch'] = tab_trace['epoch'] + [e]
        tab_trace['time'] = tab_trace['time'] + [time.time() - t0]
        tab_trace['loss'] = tab_trace['loss'] + [l]
        if x_val is not None:
            tab_trace['val_loss'] = tab_trace['val_loss'] + [vl]
        else:
            tab_trace['val_loss'] = tab_trace['val_loss'] + [-1]
        tab_trace = pd.DataFrame(tab_trace)
        tab_trace.to_csv(trace_file)

    if sa:
        del params[-1]
    return params
