# Source: https://github.com/flowersteam/autodiscjax/blob/863a4f947f8b722b6572cda73f0c987721ed4f7d/examples/experiment_config.py
# Title: examples/experiment_config.py
# Cut: kept get_gc_intervention_optimizer_config; the low/high bounds come from the random intervention config in the original, stubbed here.
import jax.tree_util as jtu
from addict import Dict


def get_gc_intervention_optimizer_config(random_intervention_generator_config):
    config = Dict()
    config.out_treedef = random_intervention_generator_config.out_treedef
    config.out_shape = random_intervention_generator_config.out_shape
    config.out_dtype = random_intervention_generator_config.out_dtype
    config.low = random_intervention_generator_config.low
    config.high = random_intervention_generator_config.high

    config.optimizer_type = "SGD"
    config.n_optim_steps = 3
    config.n_workers = 1
    config.init_noise_std = jtu.tree_map(lambda low, high: 0.1*(high-low), config.low, config.high)
    config.lr = jtu.tree_map(lambda low, high: 0.1*(high-low), config.low, config.high)
    return config
