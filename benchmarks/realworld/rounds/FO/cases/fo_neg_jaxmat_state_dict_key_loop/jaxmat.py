# Source: https://github.com/bleyerj/dolfinx_materials/blob/c982db677dfadd006a6b0d005a5beebe8a507a4e/dolfinx_materials/jaxmat.py
# Title: dolfinx_materials/jaxmat.py (interface to jaxmat behaviors)
# Cut: kept the state conversion helpers between dolfinx dicts and jaxmat equinox states (both directions, filter_jit/filter_vmap); dropped DataManager, the JAXMaterial wrapper and the dolfinx imports.
import jax
import equinox as eqx
from jaxmat.tensors import Tensor


def _merge_special_key(d: dict, special_key: str) -> dict:
    """Flatten the contents of `special_key` into the top-level dict."""
    out = {}
    for k, v in d.items():
        if k == special_key:
            out.update(v.__dict__)  # merge its subkeys
        else:
            out[k] = v  # keep normal keys
    return out


@eqx.filter_jit
def jaxmat_to_dolfinx_state(jaxmat_state):
    def flatten(x):
        if isinstance(x, Tensor):
            return x.array
        else:
            return x

    # flatten Tensor objects into array repr
    dolfinx_state = jax.tree.map(
        flatten, jaxmat_state, is_leaf=lambda x: isinstance(x, Tensor)
    )
    #  merge `internal` sub dict with other entries
    dolfinx_state = _merge_special_key(dolfinx_state.__dict__, "internal")
    return dolfinx_state


def replace_elem(key_type, val):
    if issubclass(key_type, Tensor):
        return key_type(array=val)
    else:
        return val


def _dolfinx_to_jaxmat_state(dolfinx_state, jaxmat_state):
    for key, val in dolfinx_state.items():
        if hasattr(jaxmat_state, key):
            key_type = getattr(jaxmat_state, key).__class__
            jaxmat_state = eqx.tree_at(
                lambda state: getattr(state, key),
                jaxmat_state,
                replace_elem(key_type, val),
            )
        elif hasattr(jaxmat_state.internal, key):
            key_type = getattr(jaxmat_state.internal, key).__class__
            jaxmat_state = eqx.tree_at(
                lambda state: getattr(state.internal, key),
                jaxmat_state,
                replace_elem(key_type, val),
            )
        else:
            raise ValueError(f"Key {key} is missing from material state")
    return jaxmat_state


def as_jaxmat_tensor(tensor_type, array):
    return tensor_type(array=array)


def eqx_to_flatdict(module):
    out = {}

    def _walk(x, prefix=""):
        if isinstance(x, eqx.Module):
            for name, val in vars(x).items():
                _walk(val, f"{prefix}.{name}" if prefix else name)
        else:
            out[prefix] = x

    _walk(module)
    return out


@eqx.filter_jit
def dolfinx_to_jaxmat_state(dx_state, jx_state):
    eqx.filter_vmap(_dolfinx_to_jaxmat_state, in_axes=0)(dx_state, jx_state)
    return jx_state
