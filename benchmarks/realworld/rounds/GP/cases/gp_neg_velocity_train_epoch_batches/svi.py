# Source: https://github.com/pinellolab/pyrovelocity/blob/f9cd75254a085e02590122bafcf2912fbb6c4e87/src/pyrovelocity/models/jax/inference/svi.py
# Title: src/pyrovelocity/models/jax/inference/svi.py (SVI helpers for the JAX/NumPyro PyroVelocity)
# Cut: svi_step reduced to the update call and state bookkeeping; result unpacking condensed.
import jax
from numpyro.infer import SVI, Trace_ELBO


def create_svi(model, guide, optimizer, loss=None):
    # Use default loss if not provided
    if loss is None:
        loss = Trace_ELBO()
    # Create SVI object
    return SVI(model, guide, optimizer, loss)


def svi_step(svi: SVI, state, *args, **kwargs):
    params = state.params
    opt_state = state.opt_state
    key = state.key

    # Generate a new key for this step
    key, subkey = jax.random.split(key)

    # Perform SVI step
    # Only use keyword arguments to avoid passing 'x' twice
    result = svi.update(params, opt_state, **kwargs)
    # In NumPyro, SVI.update returns (loss, optim_state) or ((loss, mutable_state), optim_state)
    if isinstance(result[0], tuple) and len(result[0]) == 2:
        (loss_val, _), new_opt_state = result
    else:
        loss_val, new_opt_state = result

    return state.replace(
        params=svi.get_params(new_opt_state),
        opt_state=new_opt_state,
        key=key,
        step=state.step + 1,
    )
