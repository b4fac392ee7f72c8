# Source: https://github.com/Laborieux-Axel/holomorphic_eqprop/blob/c2ec5090cafd3723dc2e9da37b597a444118540d/train.py
# Title: train.py (training script; T1, T2, N read from the hyperparameter json)
# Cut: kept the xp_mlp branch up to the epoch loop calling model.train_step; optimiser/scheduler setup,
#      evaluation bookkeeping and the CNN branches are dropped. A run's json (results/table1/no_noise/hep/...)
#      has T1=200, T2=50, N=10, batch_size=20.
import jax.numpy as jnp 
import haiku as hk 
import json 
import time 
import sys 

from jax import local_device_count, random
from jax.tree_util import tree_map

from utils.data import tfds_mnist_mlp, get_tfds_loaders, save_model, load_model
from utils.data import printLog, print_summary, make_result_dir, split
from utils.data import save_data, one_hot, save_checkpoint, load_checkpoint

from utils.functions import init_lrs_wds_mmt, get_activation, cos_ann


# the first arg is the path to the json containing the hyperparameters
if len(sys.argv)>=2:
    with open(sys.argv[1]) as f:
        args = json.load(f)

path = make_result_dir(args, sys.argv[0]) if args['save'] else None


if args['model_type']=='xp_mlp':
    
    from models import mlp
    
    # Unpacking argument values    
    seed = args['seed']
    key = random.PRNGKey(seed)
    batch_size = args['batch_size']
    in_size = args['in_size']
    n_targets = args['n_targets']
    archi = hk.data_structures.to_immutable_dict(args['archi'])
    algo = args['algo']
    num_epochs = args['epochs']
    beta = args['beta']
    noise = args['noise']
    T1, T2, N = args['T1'], args['T2'], args['N']
    Ts = T1, T2, N
    activation = get_activation(args)

    train_loader, fulltrain, val_loader = tfds_mnist_mlp(batch_size, seed)

    model = mlp.xp_mlp(archi, activation, n_targets, seed, noise=noise)
    params = model.init_params(in_size)

    
    for epoch in range(num_epochs):
        
        start_time = time.perf_counter()
        for idx, batch in enumerate(train_loader):
            if idx==last_iter:
                prev_params = params
                held_x, held_y = batch[0], one_hot(batch[1], n_targets)

            params, h1, key = \
                model.train_step(params, batch, Ts, beta, lrs, algo, key) 

        epoch_time = time.perf_counter() - start_time

