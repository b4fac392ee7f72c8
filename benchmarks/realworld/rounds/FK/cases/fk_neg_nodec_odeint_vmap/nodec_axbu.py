# Source: https://github.com/chichengmessi/neural_ode_control/blob/8d6a475f824c3894790e6d4fe028faab20e5a4cd/NODEC_AxBu.ipynb
# Title: NODEC_AxBu.ipynb (Neural ODE control: learn dynamics g(x,u) and controller h(x,t) for dx/dt = Ax + Bu)
# Cut: code cells 1, 3, 5, 7, 13, 15 and 17 converted to a script; the duplicated mlp_dyn/init_random_params cell, the controller-training stage and plotting cut; real_net reduced to its train_with_sequence branch (its return_control branch mirrors ode_control_net), dyn_train_multi_rollot_with_plot reduced to one end time without plots; the module constants of cell 15 inlined.
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint
import numpy.random as npr
from jax import jit, value_and_grad, vmap


def mlp_dyn(params, inputs, control):
  inputs_ = jnp.hstack([inputs, jnp.array(control)])
  for w, b in params:
    outputs = jnp.dot(inputs_, w) + b  # Linear transform
    inputs_ = jnp.tanh(outputs)            # Nonlinearity
    # inputs_ = jax.nn.elu(outputs)

  # outputs = jnp.tanh(inputs_)   
  return outputs


'''
To fit this model to data, we also need a loss, an initializer, and an optimizer: 
'''

def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
  return [(scale * rng.randn(m, n), scale * rng.randn(n))
          for m, n, in zip(layer_sizes[:-1], layer_sizes[1:])]


def nn_unknown_dynamics_with_control(state, time, params): #dx/dt = g(x,u)
  params_dyn, params_control = params
  state_and_time = jnp.hstack([state, jnp.array(time)])
  u = mlp_control(params_control,state_and_time)
  # u = mlp_control(params_control,state)
  return mlp_dyn(params_dyn, state, u) ## dx/dt = g(x,u)


#### integrate g with odeint
def ode_control_net(params, input, n_points=10, mode = 'train_with_sequence'): 
  # print("!!!!!!! end time for ode net is {}".format(end_time))
  start_and_end_times = jnp.array([0.0, end_time])
  n_points = int(end_time*10+1) ## make sure that multi-stage train always include the same points

  if mode not in ['train_with_sequence', 'train_with_end_data', 'return_control']:
      print("Mode error")

  if mode == 'train_with_sequence':
      TS = jnp.linspace(0, end_time, n_points)
      final_state = input
      sequence = odeint(nn_unknown_dynamics_with_control, final_state, TS, params, atol=0.001, rtol=0.001)
      return sequence

  elif mode == 'return_control': ## can do this as we only return control when do testing, and no need for batching there
      all_controls = []
      sequence = [input]
      TS = jnp.linspace(0, end_time, n_points)## fix n_points for all the nets
      final_state = input
    
      for i in range(len(TS)-1):
          state_and_time = jnp.hstack([final_state, jnp.array(TS[i])])
          params_control = params[1]
          control_used =  np.sum(np.array(mlp_control(params_control,state_and_time))**2) # call controler mlp here, need to only use part of params as well
          control_used = control_used*start_and_end_times[-1]/n_points
          all_controls.append(control_used)

          inter_start_and_end_times = jnp.array([TS[i], TS[i+1]])
          init_state, final_state = odeint(nn_unknown_dynamics_with_control, final_state, inter_start_and_end_times, params, atol=0.001, rtol=0.001)
          sequence.append(list(jnp.array(final_state)))
   
      # all_controls = np.asarray(all_controls).cumsum()
      return jnp.asarray(sequence),all_controls ## return [y0,y1,y2,y3,...], [a0,a1,a2,a3,...]

  elif mode == 'train_with_end_data':
      init_state, final_state = odeint(nn_unknown_dynamics_with_control, input, start_and_end_times, params, atol=0.001, rtol=0.001)
      return final_state


def ode_control_net_controller_train(params, input):
    # start_and_end_times = jnp.array([0.0, 1.0]) #### this shall always be 1 ? 
    start_and_end_times = jnp.array([0.0, end_time]) #### this shall always be 1 ? 
    init_state, final_state = odeint(nn_unknown_dynamics_with_control, input, start_and_end_times, params, atol=0.001, rtol=0.001)
    return final_state




# %% cell 7
# @partial(jit, static_argnums=(1,3,4))
def odenet_loss_dyn(params, inputs, targets_from_real_env):
  # params = params_dyn, params_control
  preds = batched_odenet(params, inputs)
  loss = jnp.mean(jnp.sum(jnp.abs(preds - targets_from_real_env),axis=1)) ## !!!!! this loss seem to make things better
  # loss = jnp.mean(jnp.sum((preds - targets_from_real_env)**2, axis=1))
  return loss

@jit
def odenet_update_dyn(params, inputs, targets_from_real_env): 
  '''
  Input: current params (tuple) before update, input data in a batch 
  Return: updated dyn_params, fixed con_params, 
  '''
  loss, grads = value_and_grad(odenet_loss_dyn)(params, inputs, targets_from_real_env) # can get grad and loss in one path: https://github.com/google/jax/issues/4857
  grad_dyn = grads[0]
  grad_control = grads[1]
  # print("The grad norm is {}".format(np.sum(grads[0][0][0]**2)/len(grads[0][0][0])))

  dyn_params = [(w - step_size * dw, b - step_size * db)
          for (w, b), (dw, db) in zip(params[0], grad_dyn)]
  con_params = [(w, b)
          for (w, b), (dw, db) in zip(params[1], grad_control)]


##  i.e. a fully-connected neural network.
def mlp_control(params, inputs):
  for w, b in params:
    outputs = jnp.dot(inputs, w) + b  # Linear transform
    inputs = jnp.tanh(outputs)            # Nonlinearity
  return outputs


end_time = 1.0
end_time = 1.0
A = jnp.asarray([[0., 1.], [1., 0.]])   # interaction matrix
B = jnp.asarray([[1.], [0.]])           # driver matrix


def real_dynamics(state, time, params):
  params_dyn, params_control = params
  state_and_time = jnp.hstack([state, jnp.array(time)])
  u = mlp_control(params_control, state_and_time)
  outputs = jnp.dot(A, state) + jnp.dot(B, u)
  return outputs


def real_net(params, input, n_points=10, mode = 'train_with_sequence'):
  n_points = int(end_time*10+1)
  TS = jnp.linspace(0, end_time, n_points)
  final_state = input
  sequence = odeint(real_dynamics, final_state, TS, params, atol=0.001, rtol=0.001)
  return sequence


x0_batch = jnp.array([[-0.2, -0.2],
             [-0.2, -0.1],
             [-0.1, -0.2],
             [-0.1, -0.1],
             [0, -0.1]])

batched_odenet = vmap(ode_control_net, in_axes=(None, 0))
batched_real = vmap(real_net, in_axes=(None, 0))

control_layer_size = [3, 30, 1]  # input dim: state_time (2+1), layer size, output dim
dyn_layer_size = [3, 30, 2] # input dim: state_control (2+1), layer size, output dim
params_dyn = init_random_params(0.5, dyn_layer_size)
params_control = init_random_params(0.5, control_layer_size)
odenet_params = params_dyn,params_control
step_size = 0.001


def dyn_train_multi_rollot(params,iter_per_stage,data_batch):
    Loss = []
    y_sequence_true = batched_real(params,data_batch)
    y_sequence_true = np.array(y_sequence_true)
    count = 0 ## for early stopping
    for i in range(iter_per_stage):
        dyn_params, con_params, loss = odenet_update_dyn(params, data_batch, y_sequence_true)
        params = dyn_params, con_params
        Loss.append(loss)
        if len(Loss)>=2:
            if Loss[-2] < Loss[-1]:
                count+=1
        if count>=1000:
            break ## early stopping
    return params
