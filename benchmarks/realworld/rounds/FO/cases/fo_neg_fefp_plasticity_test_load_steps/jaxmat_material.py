# Source: https://github.com/bleyerj/dolfinx_materials/blob/c982db677dfadd006a6b0d005a5beebe8a507a4e/dolfinx_materials/jaxmat.py
# Title: dolfinx_materials/jaxmat.py (JAXMaterial: converts a jaxmat behavior into a dolfinx behavior)
# Cut: kept JAXMaterial.__init__ (vmap + jacfwd + filter_jit), constitutive_update and integrate; timers, properties and the Material base class dropped.
import jax
import equinox as eqx


class JAXMaterial:
    """Converts a `jaxmat` behavior into a dolfinx-compatible behavior."""

    def __init__(self, behavior, jit=True):
        self.behavior = behavior
        self.batched_constitutive_update = eqx.filter_vmap(
            jax.jacfwd(self.constitutive_update, argnums=0, has_aux=True),
            in_axes=(0, 0, None),
            out_axes=(0, 0),
        )
        if jit:
            self.batched_constitutive_update = eqx.filter_jit(
                self.batched_constitutive_update
            )

    def constitutive_update(self, gradients, state, dt):
        # transform flattened gradient into correct jaxmat Tensor
        tensor_grad = getattr(
            self.data_manager.jaxmat_state, self.gradient_names[0]
        ).__class__(array=gradients)
        stress, new_state = self.behavior.constitutive_update(tensor_grad, state, dt)
        return stress.array, new_state

    def integrate(self, gradients, dt=0):
        state = self.get_initial_state_dict()
        jx_state = self.data_manager.jaxmat_state
        jx_state = dolfinx_to_jaxmat_state(state, jx_state)
        Ct_array, new_jx_state = self.batched_constitutive_update(
            gradients, jx_state, dt
        )
        new_dx_state = jaxmat_to_dolfinx_state(new_jx_state)
        self.data_manager.s1 = new_dx_state
        stress = new_dx_state.get(self.flux_names[0])
        isv = _hcat_mixed(
            [new_dx_state[key] for key in self.internal_state_variable_names]
        )
        return (
            stress,
            isv,
            Ct_array,
        )
