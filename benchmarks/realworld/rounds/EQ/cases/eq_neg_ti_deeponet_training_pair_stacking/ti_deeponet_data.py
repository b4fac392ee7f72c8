# Source: https://github.com/Centrum-IntelliPhysics/TI-DeepONet-for-Stable-Long-Term-Extrapolation/blob/ddea09251940ebf8ce9721fef0c47f14e6ec5a2b/Codes/1D_KdV/TI-DeepONet.ipynb
# Title: Codes/1D_KdV/TI-DeepONet.ipynb (time-integrator DeepONet for KdV: building (u_t, u_{t+1}) training pairs)
# Cut: notebook cells 0-4 converted to a module; unused imports and shape-echo lines dropped.
import jax
import jax.numpy as jnp
from sklearn.model_selection import train_test_split

#Load the dataset for KdV equation
data = jnp.load("data/data_kdv.npz")
u = data['u']  #Initial condition
xt = data['xt']  #grid
g_u = data['g_u']  #Output
ns = 1000
nx = 100
nt = 200

output = g_u.reshape(g_u.shape[0], nt, nx)
'''
Now, we need to create a training data where input is [(u0, u1, u2, u3, ...., u100)] and
output is [(u1, u2, u3,....., u101)]
'''

#Creating the input and output training data
init_timestep = 0
end_timestep = 100

input_data_NN = output[:,init_timestep,:]
output_data_NN = output[:,init_timestep+1,:]

for i in range(init_timestep+1, end_timestep):
    input_data_NN = jnp.vstack((input_data_NN, output[:,i,:]))
    output_data_NN = jnp.vstack((output_data_NN, output[:,i+1,:]))

#Create the training and testing data splits
input_data_NN_train, input_data_NN_test, output_data_NN_train, output_data_NN_test = \
                        train_test_split(input_data_NN, output_data_NN, test_size = 0.2, random_state = 42)
