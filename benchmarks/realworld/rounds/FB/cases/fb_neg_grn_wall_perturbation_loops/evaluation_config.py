# Source: https://github.com/flowersteam/autodiscjax/blob/863a4f947f8b722b6572cda73f0c987721ed4f7d/examples/evaluation_config.py
# Title: examples/evaluation_config.py
# Cut: kept the wall perturbation config; ExperimentConfig values inlined.
from addict import Dict


class EvaluationConfig:

    def __init__(self):
        self.observed_node_ids = [0, 1]
        self.deltaT = 0.1
        self.n_secs = 1000

    def get_wall_perturbation_config(self):
        config = Dict()
        config.perturbation_type = "wall"
        config.wall_type = "force_field"
        config.perturbed_intervals = [[0, 100000]]
        config.perturbed_node_ids = self.observed_node_ids
        config.n_walls = 2
        config.walls_intersection_window = [[0.1, 0.2], [0.7, 0.8]] # in distance travelled from 0 to 1.0, of size n_walls
        config.walls_length_range = [[0.2, 0.2]] * config.n_walls
        config.walls_sigma = [1e-2, 1e-4]
        return config
