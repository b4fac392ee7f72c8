# Source: https://github.com/Tordsg/jax-grad/blob/be4f8236f929cd61fc8c4bd8c6ab18232da08bc9/consys.py
# Title: consys.py (NTNU IT3105 project 1, JAX controller)
# Cut: runEpochs and runOneEpoch kept (debug prints, commented-out lines dropped; the final plot call replaced by a return); plotting helpers and the json-config __main__ block dropped.
import jax
import jax.numpy as jnp
from controller import PIDController, NeuralController


def runEpochs(settings, controller, params, plant):
    mseList = []
    paramList = []
    for i in range(settings['epochs']):
        gradfunc = jax.value_and_grad(runOneEpoch, argnums=0)
        mse, grad = gradfunc(params, controller, plant, settings, i)
        params = jax.tree_map(lambda p, g: p - settings['lr'] * g, params, grad)
        print('Epoch: ', i, ' MSE: ', mse)
        paramList.append(params)
        mseList.append(mse)
    return mseList, paramList


def runOneEpoch(params, controller, plant, settings, seed):
    controller.reset()
    plant.reset()
    target = settings['target']
    signal = 0
    errors = 0
    key = jax.random.PRNGKey(seed)
    for i in range(settings['timesteps']):
        key, sub = jax.random.split(key)
        noise = jax.random.uniform(sub) * (plant.noise[1] - plant.noise[0])
        output = plant.update(signal, noise)
        error = target - output
        signal = controller.predict(error, params)
        errors += (jnp.square(target-output))
    return errors/settings['timesteps']
