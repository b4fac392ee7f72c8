# Source: https://github.com/sungyubkim/gex/blob/29b01c9f5de03c13fbcc4a9b8ab4ef8f799d3ea7/utils/ckpt.py
# Title: utils/ckpt.py (checkpoint helpers: save/load an ensemble or trajectory of train states)
# Cut: only the save/load helpers used by TracInRP kept (the list of checkpoints it loops over).
import os
import jax
from flax.training import checkpoints
from flax.training.checkpoints import restore_checkpoint as load_ckpt
import numpy as np

from gex.utils import mp

def save_ckpt(trainer, path):
    if jax.process_index() == 0:
        trainer = jax.device_get(mp.unreplicate(trainer))
        checkpoints.save_checkpoint(path, trainer, trainer.step, overwrite=True)

def save_ens(list_of_state, dest_dir, group_name='fge'):
    # save list of state as ckpt file
    num_ens = len(list_of_state)
    for i in range(num_ens):
        save_ckpt(mp.replicate(list_of_state[i]),f'{dest_dir}/{group_name}/{i}')
    return None

def load_ens(state, num_ens, dest_dir, group_name='fge'):
    # load list of state from ckpt file
    result = []
    for i in range(num_ens):
        state = load_ckpt(f'{dest_dir}/{group_name}/{i}', state)
        result.append(state)
    return result

