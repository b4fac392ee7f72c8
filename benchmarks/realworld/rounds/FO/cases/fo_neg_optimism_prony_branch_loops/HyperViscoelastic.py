# Source: https://github.com/sandialabs/optimism/blob/fc704ce74911da6850e47b1b46dfb76729834c26/optimism/material/HyperViscoelastic.py
# Title: optimism/material/HyperViscoelastic.py (first hyperviscoelastic model, one loop per Prony branch)
# Cut: dropped commented-out code and debug prints; added `import jax`; the last two statements are a reconstructed use (the library differentiates the energy density with jax.grad and jits it, as in its material-point drivers).
import jax
import jax.numpy as np
from jax.scipy import linalg
from optimism import TensorMath
from optimism.material.MaterialModel import MaterialModel

PROPS_K_eq  = 0
PROPS_G_eq  = 1
PROPS_G_neq           = 2
PROPS_TAU             = 3

NUM_PRONY_TERMS = -1

VISCOUS_DISTORTION = slice(0, 9)

def create_material_model_functions(properties):
    
    density = properties.get('density')
    props = _make_properties(properties)

    def energy_density(dispGrad, state, dt):
        return _energy_density(dispGrad, state, dt, props)

    def compute_initial_state(shape=(1,)):
        num_prony_terms = properties['number of prony terms']
        state = np.array([])
        for _ in range(num_prony_terms):
            state = np.hstack((state, np.identity(3).ravel()))

        return state

    def compute_state_new(dispGrad, state, dt):
        state = _compute_state_new(dispGrad, state, dt, props)
        return state

    return MaterialModel(
        energy_density, 
        compute_initial_state,
        compute_state_new,
        density
    )

def _make_properties(properties):
    assert properties['number of prony terms'] > 0, 'Need at least 1 prony term'
    assert 'equilibrium bulk modulus' in properties.keys()
    assert 'equilibrium shear modulus' in properties.keys()
    for n in range(1, properties['number of prony terms'] + 1):
        assert 'non equilibrium shear modulus %s' % n in properties.keys()
        assert 'relaxation time %s' % n in properties.keys()

    global NUM_PRONY_TERMS
    NUM_PRONY_TERMS = properties['number of prony terms'] #- 1

    props = np.array([
        properties['equilibrium bulk modulus'],
        properties['equilibrium shear modulus'],
    ])

    for n in range(1, properties['number of prony terms'] + 1):
        props = np.hstack(
            (props, np.array([properties['non equilibrium shear modulus %s' % n],
                              properties['relaxation time %s' % n]])))

    return props

def _energy_density(dispGrad, state, dt, props):
    W_eq  = _eq_strain_energy(dispGrad, props)
    W_neq = _neq_strain_energy(dispGrad, state, dt, props)
    return W_eq + W_neq

def _eq_strain_energy(dispGrad, props):
    K, G = props[PROPS_K_eq], props[PROPS_G_eq]
    F = dispGrad + np.eye(3)
    J = np.linalg.det(F)
    J23 = np.power(J, -2.0/3.0)
    I1Bar = J23*np.tensordot(F,F)
    Wvol = 0.5 * K * (0.5 * J**2 - 0.5 - np.log(J))
    Wdev = 0.5 *G * (I1Bar - 3.0)
    return Wdev + Wvol

    

def _neq_strain_energy(dispGrad, stateOld, dt, props):
    W_neq = 0.0
    I = np.identity(3)
    F = dispGrad + I
    state_new = _compute_state_new(dispGrad, stateOld, dt, props)
    for n in range(NUM_PRONY_TERMS):
        G_neq = props[PROPS_G_neq + 2 * n]

        Fv = state_new[slice(0 + 9 * n, 9 * (n + 1))].reshape((3, 3))
        Fe = F @ np.linalg.inv(Fv)
        Ee = 0.5 * TensorMath.mtk_log_sqrt(Fe.T @ Fe)

        W_neq = W_neq + G_neq * TensorMath.norm_of_deviator_squared(Ee) #+ visco_energy
    return W_neq

def _compute_state_new(dispGrad, stateOld, dt, props):
    state_inc = _compute_state_increment(dispGrad, stateOld, dt, props)

    state_new = np.array([])
    for n in range(NUM_PRONY_TERMS):
        Fv_old = stateOld[slice(0 + 9 * n, 9 * (n + 1))].reshape((3, 3))
        Fv_inc = state_inc[slice(0 + 9 * n, 9 * (n + 1))].reshape((3, 3))
        Fv_new = Fv_inc @ Fv_old
        state_new = np.hstack((state_new, Fv_new.ravel()))

    return state_new

def _compute_state_increment(dispGrad, stateOld, dt, props):
    state_inc = np.array([])
    I = np.identity(3)
    F = dispGrad + I

    for n in range(NUM_PRONY_TERMS):
        G_neq = props[PROPS_G_neq + 2 * n]
        tau   = props[PROPS_TAU + 2 * n]

        Fv_old = stateOld[slice(0 + 9 * n, 9 * (n + 1))].reshape((3, 3))
        Fe_trial = F @ np.linalg.inv(Fv_old)
        Ee_trial = 0.5 * TensorMath.mtk_log_sqrt(Fe_trial.T @ Fe_trial)
        Ee_dev = Ee_trial - (1. / 3.) * np.trace(Ee_trial) * I

        integration_factor = 1. / (1. + dt / tau)

        Me = 2.0 * G_neq * Ee_dev
        Me = integration_factor * Me

        Dv = (1. / (2. * G_neq * tau)) * Me
        A  = dt * Dv

        Fv_inc = linalg.expm(A)

        state_inc = np.hstack((state_inc, Fv_inc.ravel()))

    return state_inc

material = create_material_model_functions({
    'number of prony terms': 2,
    'equilibrium bulk modulus': 1.0, 'equilibrium shear modulus': 0.5,
    'non equilibrium shear modulus 1': 0.5, 'relaxation time 1': 1.0,
    'non equilibrium shear modulus 2': 0.25, 'relaxation time 2': 10.0})
compute_stress = jax.jit(jax.grad(material.compute_energy_density))
