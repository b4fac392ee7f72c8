# Source: https://github.com/ggiachin/amod-rl-gnn-jax/blob/85ec33d41d611389cd15e33b9f77169f4533a1b9/src/algos/a2c_gnn_jax.py
# Title: src/algos/a2c_gnn_jax.py (GNNParser, GCNConv_JAX)
# Cut: imports reduced; GNNParser and GCNConv_JAX kept verbatim; actor/critic/A2C removed.
import jax
import jax.numpy as jnp
from flax import linen as nn
import numpy as np
from torch_geometric.utils import grid

class GNNParser():
    """
    Parser converting raw environment observations to agent inputs (s_t).
    """
    def __init__(self, env, T=10, grid_h=4, grid_w=4, scale_factor=0.01):
        super().__init__()
        self.env = env
        self.T = T
        self.s = scale_factor
        self.grid_h = grid_h
        self.grid_w = grid_w
        
    def parse_obs(self, obs):
        x1 = jnp.array([obs[0][n][self.env.time+1]*self.s for n in self.env.region]).reshape(1, 1, self.env.nregion)
        x2 = jnp.array([[(obs[0][n][self.env.time+1] + self.env.dacc[n][t])*self.s for n in self.env.region] \
                          for t in range(self.env.time+1, self.env.time+self.T+1)]).reshape(1, self.T, self.env.nregion)
        x3 = jnp.array([[sum([(self.env.scenario.demand_input[i,j][t])*(self.env.price[i,j][t])*self.s \
                          for j in self.env.region]) for i in self.env.region] for t in range(self.env.time+1, self.env.time+self.T+1)]).reshape(1, self.T, self.env.nregion)

        x = jnp.concatenate((x1, x2, x3), axis=1).squeeze(0).reshape(21,self.env.nregion).T

        
        edge_index, pos_coord = grid(height=self.grid_h, width=self.grid_w)
        adj_matrix = np.zeros((self.grid_h*self.grid_w, self.grid_h*self.grid_w))
        for e0, e1 in zip(edge_index[0], edge_index[1]):
            adj_matrix[e0,e1] = 1
        adj_matrix = jnp.array(adj_matrix)
        
        return x, adj_matrix
    

#########################################
############ GCNConv_JAX ################
######################################### 
class GCNConv_JAX(nn.Module):
    out_dim : int
    """
    GCNConv from pytorch converted to JAX 
    Layer constructor function for a Graph Convolution layer similar to https://arxiv.org/abs/1609.02907
    """
    @nn.compact
    def __call__(self, x, adj_matrix, **kwargs):
        x = nn.Dense(features=self.out_dim, name='gcn')(x)
        x = jnp.dot(adj_matrix, x)
        
        num_neighbours = jnp.sum(adj_matrix, axis=-1, keepdims=True)
 
        return x/num_neighbours

    
#########################################
############## ACTOR ####################
