# Source: https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/41ad51781819a6fa2a7759a6408a8783cba2aee0/examples/upwards_lddmm.ipynb
# Title: examples/upwards_lddmm.ipynb (upward LDDMM shape fusion on a phylogenetic tree)
# Cut: code cells 1, 5, 7, 12, 13, 14, 16 and 17 converted to a script; plotting cells and the PCA cell dropped; `import requests` added

import requests

# % cell 1
import hyperiax
from jax.random import PRNGKey, split
import jax
from jax import numpy as jnp

key = PRNGKey(0)

# % cell 5
import pandas as pd
import numpy as np

# Load all files
tree_string = requests.get("https://raw.githubusercontent.com/MichaelSev/Hyperiax_data/main/tree.txt").text
tree = hyperiax.tree.builders.tree_from_newick(tree_string)
landmarks = pd.read_csv("https://raw.githubusercontent.com/MichaelSev/Hyperiax_data/main/landmarks.csv", sep=",", header=None)

# % cell 7
# The name of the landmarks are placed in the tree, along side with the egdelenght 

# add landmarks
for leaf,l in zip(tree.iter_leaves(),landmarks):
    leaf.data["landmarks"]= jnp.column_stack((landmarks.iloc[l].values[0::2],landmarks.iloc[l].values[1::2]))

# % cell 12
# Requires Jaxdifferentalgeometry package
from jaxgeometry.manifolds.landmarks import *   
from jaxgeometry.Riemannian import metric
from jaxgeometry.dynamics import Hamiltonian
from jaxgeometry.Riemannian import Log
from jaxgeometry.dynamics import flow_differential

from hyperiax.execution import LevelwiseTreeExecutor, DependencyTreeExecutor
from hyperiax.models import UpLambda, DownLambda
from hyperiax.models.functional import pass_up

from functools import partial
from scipy.spatial import distance 

# % cell 13
# Corresponding to pass_up

up = pass_up('landmarks', 'edge_length')

def fuse(child_landmarks,child_edge_length, **kwargs):
    def lddmm(childxs1,childxs2,parent_placement):

  
        # Estimate the avarage distance between each landmark,
           # if the distance is not approx the same for each set, this shoul dbe the mean of both 
        sigma_k =(np.mean([distance.euclidean(childxs1[i], childxs1[i+1]) for i in range(len(childxs1) - 1)]) +
                np.mean([distance.euclidean(childxs2[i], childxs2[i+1]) for i in range(len(childxs2) - 1)]))/2
        #print(sigma_k,parent_placement)
        n_landmarks = jnp.shape(childxs1)[0]
        
        M = landmarks(n_landmarks,k_sigma=sigma_k*jnp.eye(2)) 
        # Riemannian structure

        metric.initialize(M)
    
        q = M.coords(jnp.vstack(childxs1).flatten())
        v =  (jnp.array(jnp.vstack(childxs2).flatten()),[0])
      
        Hamiltonian.initialize(M)

        # Logarithm map
        Log.initialize(M,f=M.Exp_Hamiltonian)
       
        # Estimate momentum 
        p = M.Log(q,v)[0]

        # Hammilton 
        (_,qps,charts_qp) = M.Hamiltonian_dynamics(q,p,dts(n_steps=100))

        
        #lift
        flow_differential.initialize(M)
        _,dphis,_ = M.flow_differential(qps,dts())
        dphi_t = dphis[parent_placement]
        eta_t = jax.vmap(lambda A,v: jnp.dot(A.T,v))(dphi_t,p.reshape((M.N,M.m)))

        return qps[:,0][parent_placement].reshape(-1,2),eta_t



    parent_placement = int(child_edge_length[0]/sum(child_edge_length)*100)-1 

   
    lddmm_landmarks, lddmm_eta_left  = lddmm(child_landmarks[0],child_landmarks[1],parent_placement)
    _, lddmm_eta_right = lddmm(child_landmarks[1],child_landmarks[0],100-parent_placement)
    

    return {'landmarks':lddmm_landmarks,"eta_left":lddmm_eta_left,"eta_right":lddmm_eta_right}

  

# % cell 14
upmodel = UpLambda(up, fuse)
root_exe = DependencyTreeExecutor(upmodel, batch_size=100)
calc_tree = root_exe.up(tree)

# % cell 16
# Cumulate all the etas from root til each leaf node 

def flow_eta(tree):
    k = 0 
    for level in tree.iter_levels():
        if len(level) == 1:
            level[0].data["eta_cumulative"] = 0
            continue

        for node in level:
            if k == 0: 
                node.data['eta_cumulative'] = node.parent.data['eta_cumulative']
                node.data['eta_cumulative'] += node.parent.data["eta_left"]
                k += 1
            elif k == 1: 
                node.data['eta_cumulative'] = node.parent.data['eta_cumulative']
                node.data['eta_cumulative'] += node.parent.data["eta_right"]
            
                k -= 1
            else:
                print("Error")
    return tree

# % cell 17
# Flow eta down and collect in leafs
calc_tree = flow_eta(calc_tree)

# Get eta from each leaf
leaf_eta = []
for node in calc_tree.iter_leaves():
    leaf_eta.append(node.data["eta_cumulative"].flatten())
