# Source: https://github.com/Jakob-Unfried/msc-legacy/blob/2c41f3f714936c25dd534bd66da802c26176fcfa/msc_projects/C_peps_quench.py
# Title: msc_projects/C_peps_quench.py (MSc thesis code, quench dynamics driver)
# Cut: kept the time-evolution part of run_simulation (quench applied, host loop over n_steps calling evolver.evolve, numpy result arrays); ground-state search, argument parsing and saving dropped; names the upstream code defines earlier are passed in as arguments.
import jax.numpy as np
import numpy as onp
from grad_tn.models.two_dim_square_lattice.tfim import x_snapshot, y_snapshot, z_snapshot
from grad_tn.tensornetworks.peps import SingleSiteOperator, correlator_timeslice


def time_evolution(kp, gs, gs_energy, evolver, quench_operator, measure_operator, cont_opts, opt_opts, logger):

    logger.log(f'Quench: Applying quench operator to center site')
    quenched = SingleSiteOperator(quench_operator, kp.L // 2, kp.L // 2).apply_to_peps(gs)

    # Time evolution

    x_snapshot_data = onp.zeros([kp.n_steps + 1, kp.L, kp.L])
    y_snapshot_data = onp.zeros([kp.n_steps + 1, kp.L, kp.L])
    z_snapshot_data = onp.zeros([kp.n_steps + 1, kp.L, kp.L])
    correlator_data = onp.zeros([kp.n_steps + 1, kp.L, kp.L], dtype=onp.complex)
    t_data = onp.zeros([kp.n_steps + 1])

    state = quenched
    opt_opts['dtype'] = np.complex128
    opt_opts['max_grad_evals_ls'] = 100
    for n in range(kp.n_steps):
        logger.log('Computing Observables')

        t = n * kp.dt
        x_snapshot_data[n, :, :] = x_snapshot(state, cont_opts)
        y_snapshot_data[n, :, :] = y_snapshot(state, cont_opts)
        z_snapshot_data[n, :, :] = z_snapshot(state, cont_opts)
        correlator_data[n, :, :] = correlator_timeslice(gs, state, measure_operator, gs_energy, t, **cont_opts)
        t_data[n] = t

        logger.log(f'Evolving to t={(n + 1) * kp.dt}')
        state = evolver.evolve(state, contraction_options=cont_opts, optimisation_options=opt_opts,
                               random_dev=None, initial=kp.initial)

        # save results (will be overwritten), (in case process dies before it finishes)
    return t_data, correlator_data
