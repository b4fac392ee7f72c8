# Source: https://github.com/jithendaraa/biols/blob/11ee50da0c2b7087083b7dc273669e020c073609/datagen.py
# Title: datagen.py (jithendaraa/biols)
# Cut: SyntheticDatagen keeps get_interv_nodes, generate_observational_z, generate_interventional_z, project and sample_default;
#      __init__, projection set-up and the weakly-supervised samplers removed. Runs once before training, outside any transform.
import gym
import sys
sys.path.append('./CausalMBRL')
sys.path.append('./CausalMBRL/envs')
sys.path.append('./modules')

import torch
import jax, pdb
import jax.numpy as jnp
from jax.scipy.linalg import expm
from collections import namedtuple

import numpy as onp
from typing import cast, OrderedDict
from tqdm import tqdm

from modules.NonLinearProjection import init_projection_params 
from modules.SyntheticSCM import SyntheticSCM
from tensorflow_probability.substrates.jax.distributions import Normal



class SyntheticDatagen(SyntheticSCM):
    def get_interv_nodes(self, num_nodes, interv_targets):
        """
        Returns a list of intervention nodes for each sample

        Parameters
        ----------
        num_nodes: int

        interv_targets: (num_samples, num_nodes) array of booleans

        Returns
        -------
        interv_nodes: (num_samples, max_cols) array of ints
        """
        n = len(interv_targets)
        max_cols = jnp.max(interv_targets.sum(1))
        data_idx_array = jnp.arange(num_nodes + 1)[None, :].repeat(n, axis=0)
        dummy_interv_targets = jnp.concatenate((interv_targets, jnp.array([[False]] * n)), axis=1)
        interv_nodes = onp.split(data_idx_array[dummy_interv_targets], interv_targets.sum(1).cumsum()[:-1])
        interv_nodes = jnp.array([jnp.concatenate(( interv_nodes[i], jnp.array( [num_nodes] * int(max_cols - len(interv_nodes[i])) ))) for i in range(n)]).astype(int)
        return interv_nodes

    def generate_observational_z(self, num_obs_samples):
        z_observational = self.simulate_sem(
                    self.W,
                    num_obs_samples,
                    self.sem_type,
                    sigmas=self.sigmas
                )
        z_observational = cast(jnp.ndarray, z_observational)
        return z_observational

    def generate_interventional_z(self, rng_key, num_interv_samples, num_interv_sets):
        num_interv_samples_per_set = num_interv_samples // num_interv_sets

        # print(f'\nGenerating {self.interv_type}-target interventions...\n')   
        data_per_interv_set = []
        interv_targets = jnp.zeros((num_interv_samples, self.num_nodes)).astype(bool) # Initialise everything as observational; will be modified when generating interventional z
        
        if self.interv_type == 'single':    
            interv_k_nodes = 1

        if self.interv_value_sampling == 'gaussian':
            # print("Interventional values ~ N(0, 1)")
            interv_values = self.interv_value_dist_sigma * jax.random.normal(rng_key, shape=(num_interv_samples, self.num_nodes))
            
        elif self.interv_value_sampling == 'uniform':
            # print(f"Interventional values ~ U({self.min_interv_value}, {self.max_interv_value})")
            interv_values = jax.random.uniform(rng_key, shape=(num_interv_samples, self.num_nodes), minval=self.min_interv_value, maxval=self.max_interv_value)
        
        elif self.interv_value_sampling == 'zeros':
            interv_values = jnp.zeros((num_interv_samples, self.num_nodes))

        for i in range(num_interv_sets):
            if self.interv_type == 'multi':
                # How many nodes to intervene on for multi-target intervention?
                interv_k_nodes = onp.random.randint(1, self.num_nodes) 

            start_intervened_samples = i * num_interv_samples_per_set 
            end_intervened_samples = (i+1) * num_interv_samples_per_set
            intervened_node_idxs = jax.random.choice(rng_key, jnp.arange(self.num_nodes), (interv_k_nodes,), replace=False)
            rng_key, _ = jax.random.split(rng_key, 2)
            
            interv_targets = interv_targets.at[start_intervened_samples : end_intervened_samples, intervened_node_idxs].set(True)
            interv_value = interv_values[ start_intervened_samples : end_intervened_samples ]
            
            interv_data = self.intervene_sem( 
                self.W, 
                num_interv_samples_per_set, 
                self.sem_type,
                sigmas=self.sigmas, 
                idx_to_fix=intervened_node_idxs, 
                values_to_fix=interv_value
            )

            data_per_interv_set.append(interv_data)
        
        z_interventional = jnp.array(data_per_interv_set).reshape(num_interv_samples, self.num_nodes)
        return z_interventional, interv_targets, interv_values
    
    def project(self, rng_key, z_samples, interventions):
        if self.projection in ['linear', 'SON']: 
            x_mu = z_samples @ self.proj_matrix

        elif self.projection == '3_layer_mlp':
            # MLP-based nonlinear projection of z_samples \in \mathbb{R}^d to get x_mu \in \mathbb{R}^D 
            x_mu = self.forward_fn.apply(
                self.projection_model_params, 
                rng_key, 
                self.proj_dims, 
                z_samples
            )
        
        if self.projection in ['chemdata']:
            n, d = z_samples.shape
            env = gym.make(f'LinGaussColorCubesRL-{d}-{d}-Static-10-v0')

            for i in tqdm(range(n)):
                action = OrderedDict()
                action['nodes'] = onp.where(interventions.targets[i])
                action['values'] = interventions.values[i]
                obs, _, _, _ = env.step(action, z_samples[i])
                this_image = obs[1][jnp.newaxis, :]
                
                if i == 0:  
                    x_mu = this_image
                else:
                    x_mu = onp.concatenate((x_mu, this_image), axis=0)
            
        if self.use_decoder_noise:
            x_samples = x_mu + jax.random.normal(rng_key, shape=x_mu.shape) * self.decoder_sigma
            if self.projection in ['chemdata']:
                x_samples = 255. * ((x_mu / 255.) + jax.random.normal(rng_key, shape=x_mu.shape) * self.decoder_sigma)
        else:
            x_samples = x_mu

        return x_samples

    def sample_default(self, rng_key, num_obs_samples, num_samples, num_interv_sets, clamp_low=-8., clamp_high=8.):
        rng_key, _ = jax.random.split(rng_key)
        num_interv_samples = num_samples - num_obs_samples

        z_samples = jnp.zeros((num_samples, self.num_nodes))
        print()
        print(f'Default sampling: {self.interv_type}-target interventions, interv_value: {self.interv_value_sampling}, degree: {self.degree}, nodes: {self.num_nodes}')
        
        # Generate z samples 
        obs_z_samples = self.generate_observational_z(num_obs_samples)
        interv_z_samples, interv_targets, interv_values = self.generate_interventional_z(rng_key, num_interv_samples, num_interv_sets)
        
        z_samples = z_samples.at[:num_obs_samples, :].set(obs_z_samples)
        z_samples = z_samples.at[num_obs_samples:, :].set(interv_z_samples)
        z_samples = jnp.clip(z_samples, clamp_low, clamp_high)

        obs_interv_targets = jnp.zeros_like(obs_z_samples).astype(bool)
        obs_interv_values = jnp.zeros_like(obs_z_samples)

        interventions = Interventions(
            values = jnp.concatenate((obs_interv_values, interv_values), axis=0),
            targets = jnp.concatenate((obs_interv_targets, interv_targets), axis=0)
        )

        x_samples = self.project(rng_key, z_samples, interventions)
        interv_nodes = self.get_interv_nodes(self.num_nodes, interv_targets)
        return x_samples, z_samples, interv_nodes, interv_targets, interv_values

