# Source: https://github.com/dmarcondes/morphax/blob/768296ac904ecf49f16aae1b4e65ff04b8a6538f/morphax/mnn.py
# Title: morphax/mnn.py (morphological neural networks: training by a genetic algorithm)
# Cut: kept crossover_GA, mutate_GA, get_loss_GA and genetic_nn_train up to the end of one
#      generation (progress bar, printing and tracing cut; a return added); docstrings removed.
import copy
import time

import jax
import jax.numpy as jnp
from alive_progress import alive_bar


# Crossover
def crossover_GA(params,weights,parents,N):
    new_params = copy.deepcopy(params)
    for i in range(N):
        for j in range(len(params[i])):
            if isinstance(params[i][j],list):
                for k in range(len(params[i][j])):
                    for l in range(len(params[i][j][k])):
                        if isinstance(new_params[i][j][k][l],list):
                            for m in range(len(new_params[i][j][l])):
                                new_params[i][j][k][l][m]['W'] = weights[i]*params[parents[i,0]][j][k][l][m]['W'] + (1 - weights[i])*params[parents[i,1]][j][k][l][m]['W']
                                new_params[i][j][k][l][m]['B'] = weights[i]*params[parents[i,0]][j][k][l][m]['B'] + (1 - weights[i])*params[parents[i,1]][j][k][l][m]['B']
                        else:
                            new_params[i][j][k][l]['W'] = weights[i]*params[parents[i,0]][j][k][l]['W'] + (1 - weights[i])*params[parents[i,1]][j][k][l]['W']
                            new_params[i][j][k][l]['B'] = weights[i]*params[parents[i,0]][j][k][l]['B'] + (1 - weights[i])*params[parents[i,1]][j][k][l]['B']
            else:
                new_params[i][j] = weights[i]*params[parents[i,0]][j] + (1 - weights[i])*params[parents[i,1]][j]
    return new_params


# Mutate
def mutate_GA(new_params,key_mutate,N,sigma):
    ki = 0
    for i in range(N):
        for j in range(len(new_params[i])):
            if isinstance(new_params[i][j],list):
                for k in range(len(new_params[i][j])):
                    for l in range(len(new_params[i][j][k])):
                        if isinstance(new_params[i][j][k][l],list):
                            for m in range(len(new_params[i][j][l])):
                                new_params[i][j][k][l][m]['W'] = new_params[i][j][k][l][m]['W'] + sigma*jax.random.normal(jax.random.PRNGKey(key_mutate[ki,0]),new_params[i][j][k][l][m]['W'].shape)
                                new_params[i][j][k][l][m]['B'] = new_params[i][j][k][l][m]['B'] + sigma*jax.random.normal(jax.random.PRNGKey(key_mutate[ki,1]),new_params[i][j][k][l][m]['B'].shape)
                                ki = ki + 1
                        else:
                            new_params[i][j][k][l]['W'] = new_params[i][j][k][l]['W'] + sigma*jax.random.normal(jax.random.PRNGKey(key_mutate[ki,0]),new_params[i][j][k][l]['W'].shape)
                            new_params[i][j][k][l]['B'] = new_params[i][j][k][l]['B'] + sigma*jax.random.normal(jax.random.PRNGKey(key_mutate[ki,1]),new_params[i][j][k][l]['B'].shape)
                            ki = ki + 1
            else:
                new_params[i][j] = new_params[i][j] + sigma*jax.random.normal(jax.random.PRNGKey(key_mutate[ki,0]),new_params[i][j].shape)
                ki = ki + 1


# Get loss GA
def get_loss_GA(params,x,y,lf,N):
    loss = jnp.array([])
    for m in range(N):
        loss = jnp.append(loss,lf(params[m],x,y))
    return loss


# Genetic algorithm
def genetic_nn_train(x,y,forward,params,loss,generations = 100,sigma = 0.1,x_val = None,y_val = None,key = 0,notebook = False,gen_print = 1000,trace = False,gen_trace = 100,trace_file = 'trace.csv'):
    #Key
    key = jax.random.split(jax.random.PRNGKey(key),generations)

    # Size of population
    N = len(params) # List of lists

    #Trace
    if trace:
        tab_trace = {'generations': [],'time': [],'loss': [],'val_loss': []}

    #Loss function
    @jax.jit
    def lf(params,x,y):
        return jnp.mean(jax.vmap(loss,in_axes = (0,0))(forward(x,params),y))

    # Compute first generation loss
    gen_loss = get_loss_GA(params,x,y,lf,N)

    #Train
    t0 = time.time()
    with alive_bar(generations) as bar:
        for e in range(generations):
            # Compute probabilities of survival
            prob_survival = 1/gen_loss
            prob_survival = prob_survival/jnp.sum(prob_survival)

            # Crossover
            parents = jax.random.choice(jax.random.PRNGKey(key[e,0]),jnp.arange(N),(N,2))
            weights = jax.random.uniform(jax.random.PRNGKey(key[e,1]),(N,))
            new_params = crossover_GA(params,weights,parents,N)

            # Mutate
            key_mutate = jax.random.split(jax.random.PRNGKey(key[e,0] + key[e,1]),N*1000)
            mutate_GA(new_params,key_mutate,N,sigma)

            # Loss of new models
            offs_loss = get_loss_GA(new_params,x,y,lf,N)

            # Append params
            all_params = params + new_params
            all_loss = jnp.append(gen_loss,offs_loss)
            del params, new_params, gen_loss, offs_loss

            # Keep best N models
            _, best = jax.lax.approx_min_k(all_loss, N)
            params = list()
            for i in best:
                params.append(all_params[i])

            del all_params, all_loss

            # Compute generation loss
            gen_loss = get_loss_GA(params,x,y,lf,N)

    return params
