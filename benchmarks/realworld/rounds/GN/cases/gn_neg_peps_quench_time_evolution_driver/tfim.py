# Source: https://github.com/Jakob-Unfried/msc-legacy/blob/2c41f3f714936c25dd534bd66da802c26176fcfa/grad_tn/models/two_dim_square_lattice/tfim.py
# Title: grad_tn/models/two_dim_square_lattice/tfim.py (MSc thesis code, TimeEvolution.evolve: one overlap maximisation per time step)
# Cut: imports reduced to what evolve uses; TimeEvolution class header kept, __init__ and the docstring of evolve dropped; evolve body verbatim except its first assert.
from typing import Optional
from warnings import warn
from jax import numpy as np, tree_map
from grad_tn.tensornetworks.peps import Peps
from grad_tn.tensornetworks.peps.states import State
from utils.dict_utils import parse_options
from jax_optimise import maximise
from utils.jax_utils.random_arrays import uniform
from utils.jax_utils.tree_util import tree_avg_abs_nonzero
PBC, OBC = 'pbc', 'obc'
OPTIMISATION_DEFAULTS_EVOLUTION = {}


class TimeEvolution:
    def evolve(self, state: State, n_steps: int = 1,
               overlap_threshold: Optional[float] = 0.9,
               contraction_options: Optional[dict] = None,
               optimisation_options: Optional[dict] = None,
               initial: str = 'old',
               random_dev: Optional[float] = 0.05,
               state_energy: Optional[float] = None,
               ) -> State:
        optimisation_options = parse_options(optimisation_options, OPTIMISATION_DEFAULTS_EVOLUTION)
        contraction_options = parse_options(contraction_options)

        if n_steps < 1:
            raise ValueError('n_steps must be a positive (non-zero) integer')

        # reduce n_steps > 1 to multiple calls with n_steps == 1
        if n_steps > 1:
            for n in range(n_steps):
                state = self.evolve(state, n_steps=1, overlap_threshold=overlap_threshold,
                                    contraction_options=contraction_options, optimisation_options=optimisation_options,
                                    initial=initial, random_dev=random_dev, state_energy=state_energy)
            return state

        # can assume n_steps == 1 from now on

        # define cost function
        if self.bc in [PBC, OBC]:
            if self.real_time or (state_energy is None):
                def cost_function(new_tensors):
                    new_state = state.with_different_tensors(new_tensors)
                    overlap = self.evolution_pepo.matrix_element(new_state, state, **contraction_options)
                    res = np.abs(overlap)
                    return res
            else:
                # for imaginary time evolution only: normalise so that optimal overlap is ~1
                def cost_function(new_tensors):
                    new_state = state.with_different_tensors(new_tensors)
                    overlap = self.evolution_pepo.matrix_element(new_state, state, **contraction_options)
                    res = np.abs(overlap)
                    return res * np.exp(self.dt * state_energy)

        else:
            def cost_function(new_tensors):
                new_state = state.with_different_tensors(new_tensors)
                overlap = self.evolution_pepo.matrix_element(new_state, state, **contraction_options)
                return np.abs(overlap)

        # initial guess
        if initial == 'old':
            initial_tensors = state.get_tensors()
        elif initial == 'approximate':
            initial_tensors = approximate_pepo_peps(self.evolution_pepo, state).get_tensors()
        elif initial == 'u_site':
            u_site = get_u_site(g=self.g, dt=self.dt, dtype=self.pepo_dtype, real_time=self.real_time)
            initial_tensors = absorb_u_site(state, u_site).get_tensors()
        else:
            raise ValueError(f'Invalid initial keyword: {initial}')

        # random deviation
        if random_dev:
            amplitude = abs(random_dev * tree_avg_abs_nonzero(initial_tensors))
            initial_tensors = tree_map(lambda arr: arr + uniform(arr.shape, arr.dtype, min_val=-amplitude,
                                                                 max_val=amplitude), initial_tensors)

        # maximise overlap
        optimal_tensors, optimal_overlap, info = maximise(cost_function, initial_tensors, **optimisation_options)
        optimal_state = state.with_different_tensors(optimal_tensors)

        if overlap_threshold and self.real_time and (optimal_overlap < overlap_threshold):
            warn(f'Optimal overlap is below threshold: overlap = {optimal_overlap} < {optimal_overlap} = threshold')

        # phase correction
        if isinstance(optimal_state, Peps):
            ov = self.evolution_pepo.matrix_element(optimal_state, state, **contraction_options)
            phase_factor = ov / np.abs(ov)
            optimal_state.absorb_factor(phase_factor)
        else:
            warn('Losing global phase information in time evolution.')

        return optimal_state
