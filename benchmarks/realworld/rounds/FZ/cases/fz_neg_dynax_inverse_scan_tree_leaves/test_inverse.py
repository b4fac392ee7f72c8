# Source: https://github.com/YangyangFu/dynax/blob/34aa2a235d27cc137530d398f5c5398851f23d5f/resources/jax/inverse-simulation/test_inverse.py
# Title: resources/jax/inverse-simulation/test_inverse.py
# Cut: data loading shortened, bounds setup and post-processing plots removed; scanned simulator, jitted train step and epoch loop kept.
import jax
import jax.numpy as jnp
import flax.linen as nn
import pandas as pd
from flax.training.train_state import TrainState
import optax

from dynax.models.RC import Continuous4R3C

model = Continuous4R3C()

data = pd.read_csv('./disturbance_1min.csv', index_col=[0])
dt = 3600
n_train = int(len(data)*0.75)
data_train = data.iloc[:n_train, :]
u_train = jnp.array(data_train.values[:,:5])
y_train = jnp.array(data_train.values[:,5])
tsol = jnp.arange(0, len(u_train), 1)*dt
state = jnp.array([y_train[0], 36., 25.])  # initial state

# inherite from a nn.Module 
class Simulator(nn.Module):
    model: nn.Module
    t: jnp.ndarray
    dt: float

    @nn.compact
    def __call__(self, x_init, u):
     
        def scan_fn(carry, ts):
            i, xi = carry
            ui = u[i,:]
            xi_rhs, yi = self.model(xi, ui)
            # explicit Euler
            # x(t+1) = x(t) + dt * \dot x(t)
            x_next = xi + xi_rhs*self.dt
            return (i+1, x_next), (xi, yi)

        # module has to be called once before the while loop
        _, _ = self.model(x_init, jnp.zeros_like(u[0,:]))

        # main simulation loop
        u = u.reshape(-1, self.model.input_dim)   
        carry_init = (0, x_init)
        (_, x_final), (xsol, ysol) = jax.lax.scan(scan_fn, carry_init, self.t)

        assert xsol.shape[0] == len(self.t)
        assert ysol.shape[0] == len(self.t)
        return xsol, ysol

simulator = Simulator(model, tsol, dt)
key = jax.random.PRNGKey(0)
params_init = simulator.init(key, state, u_train)
params_lb = params_init
params_ub = params_init

# inverse problem train state
class InverseProblemState(TrainState):
    params_lb: nn.Module
    params_ub: nn.Module

# inverse simulation train_step
@jax.jit
def train_step(train_state, state_init, u, target):

    def mse_loss(params):
        # prediction
        _, outputs_pred = train_state.apply_fn(params, state_init, u)
        # mse loss: match dimensions
        pred_loss = jnp.mean((outputs_pred.reshape(-1,1) - target.reshape(-1,1))**2)

        # parameter regularization
        normalizer = train_state.params_ub
        over = jax.tree_util.tree_map(lambda x, y, z: jax.nn.relu(x-y)/z, params, train_state.params_ub, normalizer)
        under = jax.tree_util.tree_map(lambda x, y, z: jax.nn.relu(y-x)/z, params, train_state.params_lb, normalizer)
        reg = sum(jax.tree_util.tree_leaves(over)) + sum(jax.tree_util.tree_leaves(under))
        
        return pred_loss + reg
    
    loss, grad = jax.value_and_grad(mse_loss)(train_state.params)
    train_state = train_state.apply_gradients(grads=grad)

    return loss, grad, train_state

optim = optax.chain(
    optax.lamb(1e-03),
)

train_state = InverseProblemState.create(
    apply_fn=simulator.apply,
    params=params_ub,
    tx = optim,
    params_lb = params_lb,
    params_ub = params_ub
)

# training
n_epochs = 5000
for epoch in range(n_epochs):
    loss, grad, train_state = train_step(train_state, state, u_train, y_train)
    if epoch % 1000 == 0:
        grad_norm = jnp.linalg.norm(jnp.array(jax.tree_util.tree_leaves(grad)))
        print('loss at epoch %d: %.4f, grad norm %.4f'%(epoch, loss, grad_norm))
