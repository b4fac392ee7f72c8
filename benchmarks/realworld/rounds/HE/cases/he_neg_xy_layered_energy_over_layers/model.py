# Source: https://github.com/chaganbajala/XY_EqProp/blob/b250627a818d9178e2cc50d8bbc112646888448b/MNIST_study_epoch/model.py
# Title: MNIST_study_epoch/model.py (layered general XY network)
# Cut: kept layered_general_XY_network (construction, energy, forces, parameter derivatives, merge_params);
#      its parents (XY_network, general_XY_network) are reduced to the constructor lines that set the attributes used.
#      internal_force is the ODE right-hand side solved inside jitted diffrax calls (method.py).
import numpy as np
import jax
import jax.numpy as jnp

from functools import partial


class general_XY_network:
    def __init__(self, network_structure, coup_func, bias_func, cost_func, network_type='general XY', structure_name='all to all'):
        self.network_structure = network_structure
        self.coup_func, self.bias_func, self.cost_func = coup_func, bias_func, cost_func
        self.d0coup_func = jax.grad(coup_func, 0)
        self.d0bias_func = jax.grad(bias_func, 0)
        self.d1bias_func = jax.grad(bias_func, 1)
        self.dcost_func = jax.grad(cost_func, 0)

class layered_general_XY_network(general_XY_network):
    '''
    This implement a generall XY network with layered structure
    '''
    
    def __init__(self, network_structure, coup_func, bias_func, cost_func, network_type='general XY', structure_name='layered'):
        super().__init__(network_structure, coup_func, bias_func, cost_func, network_type, structure_name)
        
        #Here network_structure = N, input_index, output_index, layer_sizes
        
        self.split_points = [network_structure[-1][0]]
        for k in range(1, len(network_structure[-1])-1):
            self.split_points.append(self.split_points[-1]+network_structure[-1][k])
        
        index_list = [0]
        for k in range(0, len(network_structure[-1])):
            index_list.append(index_list[-1]+network_structure[-1][k])
        
        self.mask = np.zeros([network_structure[0], network_structure[0]])
        for k in range(0, len(index_list)-2):
            self.mask[index_list[k]:index_list[k+1], index_list[k+1]:index_list[k+2]] = 1
        
        self.mask = self.mask + np.transpose(self.mask)
        
        self.layer_shape = jax.tree_map(jnp.zeros, self.network_structure[-1])
        self.structure_shape = jax.tree_map(jnp.zeros, self.split_points)
        self.index_list = index_list
            
    
    #==============================================initial netowrk parameters========================
    def get_initial_params(self):
        
        # get a set of weights and bias. The weight matrix is symmetric. 
        
        N = self.network_structure[0]
        N_list = self.network_structure[-1]
        depth = len(N_list)
        
        WL = []
        for k in range(0, depth-1):
            WL.append( 1/np.sqrt(N_list[k] + N_list[k+1]) * np.random.randn(N_list[k], N_list[k+1]) )
        
        bias = np.asarray([0*np.random.randn(N), 2*np.pi*(np.random.rand(N) - 0.5)])
        
        return WL, bias
    
    #========================initial states===========================
    
    def get_initial_state(self, input_data):
        # generate initial state for a set of input data
        
        N_data = input_data.shape[0]
        N, input_index, output_index = self.network_structure[0:3]
        
        # the initial state follows a uniform distribution over (-\pi, \pi)
        y0 = 2 * np.pi * (np.random.rand(N_data, N) - 0.5)
        y0[:, input_index] = input_data
        
        return y0
    
    #======================calculate interactions between neighbor layers=================
    
    def adjacent_energy(self, y1, W, y2):
        # This calculate \sum W_ij * f(y1_i, y2_j)
        N1, N2 = y1.shape[0], y2.shape[0]
        my1 = jnp.tensordot(y1, jnp.ones(N2), 0)
        my2 = jnp.tensordot(jnp.ones(N1), y2, 0)
        
        return jnp.tensordot(W, jax.vmap(jax.vmap(self.coup_func, (0,0)), (0,0))(my1, my2))
    
    
    def adjacent_forces(self, y1, W, y2):
        N1, N2 = y1.shape[0], y2.shape[0]
        my1 = jnp.tensordot(y1, jnp.ones(N2), 0)
        my2 = jnp.tensordot(jnp.ones(N1), y2, 0)
        
        # This force acts on y2
        forward_force = jnp.sum(W * jax.vmap(jax.vmap(self.d0coup_func, (0,0)), (0,0))(my1, my2), axis=0)
        
        # This force acts on y2
        backward_force = -jnp.sum(W * jax.vmap(jax.vmap(self.d0coup_func, (0,0)), (0,0))(my1, my2), axis=1)
        
        return forward_force, backward_force
    
    def internal_energy(self, y, network_params):
        
        WL, bias = network_params
        N = bias.shape[1]
        layer_sizes = self.network_structure[-1]
        
        m_coup_func = jax.vmap(jax.vmap(self.coup_func, (0, 0)), (0, 0))  
        v_bias_func = jax.vmap(self.bias_func, (0,0))
        
        yl = jnp.split(y, self.split_points)
        
        yl1 = yl.copy()
        del yl1[-1]
        
        yl2 = yl.copy()
        del yl2[0]
        
        E0 = jnp.sum(jnp.asarray(jax.tree_map(self.adjacent_energy, yl1, WL, yl2)))
        
        E1 = jnp.dot(bias[0], v_bias_func(y, bias[1]))
        
        return E0+E1
    
    def internal_force(self, y, network_params):
        WL, bias = network_params
        input_index = self.network_structure[1]
        N = bias.shape[1]
        
        m_dcoup_func = jax.vmap(jax.vmap(self.d0coup_func, (0, 0)), (0, 0))
        v_dbias_func = jax.vmap(self.d0bias_func, (0, 0))
        
        yl = jnp.split(y, self.split_points)
        
        yl1 = yl.copy()
        del yl1[-1]
        
        yl2 = yl.copy()
        del yl2[0]

        res = jax.tree_map(self.adjacent_forces, yl1, WL, yl2)
        ff = jnp.concatenate(list(zip(*res))[0])
        bf = jnp.concatenate(list(zip(*res))[1])
        
        F1 = jnp.zeros(N)
        F2 = jnp.zeros(N)
        
        #back and forward force from 2-body interaction
        F1 = F1.at[jnp.arange(self.split_points[0], N)].set(ff)
        F2 = F2.at[jnp.arange(0, self.split_points[-1])].set(bf)
        
        #force from bias
        F3 = - bias[0] * v_dbias_func(y, bias[1])
        
        F = F1 + F2 + F3
        F = F.at[input_index].set(0)
        return F
    
    #=================Calculate dynamical terms from external energy============
    # This part is not interferred by the layer atchitecture and is therefore not necessary to change
    
    #=================Calculate parameter derivatives==============
    def W_derivative(self, y1, y2):
        N1, N2 = y1.shape[0], y2.shape[0]
        my1 = jnp.tensordot(y1, jnp.ones(N2), 0)
        my2 = jnp.tensordot(jnp.ones(N1), y2, 0)
        
        return jax.vmap(jax.vmap(self.coup_func, (0,0)), (0,0))(my1, my2)
    
    @partial(jax.jit, static_argnames=['self'])
    def params_derivative(self, y, network_params):
        WL, bias = network_params
        N = y.shape[0]

        # dmy[i,j] = y[i] - y[j]
        my = jnp.tensordot(y, jnp.ones(N), 0)
        
        v_dbias_func = jax.vmap(self.d1bias_func, (0, 0))
        v_bias_func = jax.vmap(self.bias_func, (0, 0))
        
        # calculate dE/dW
        layer_sizes = self.network_structure[-1]
        
        yl = jnp.split(y, self.split_points)
        
        yl1 = yl.copy()
        del yl1[-1]
        
        yl2 = yl.copy()
        del yl2[0]
        
        g_W = jax.tree_map(self.W_derivative, yl1, yl2)
        
        # calculate dE/dh
        
        g_bias = jnp.asarray([v_bias_func(y, bias[1]), bias[0]*v_dbias_func(y, bias[1])])
        return g_W, g_bias
    
    #=====================Correlate layered network to a all-to-all network=================
    def merge_params(self, WL, bias):
        N = bias.shape[1]
        depth = len(self.index_list) - 1
        
        W = np.zeros([N, N])
        
        for n in range(0, depth-1):
            W[self.index_list[n]:self.index_list[n+1], self.index_list[n+1]:self.index_list[n+2]] = WL[n]
        
        W = W + np.transpose(W)
        
        return W, bias
        
