# Source: https://github.com/tonygracious/Hawkes_Process_JAX/blob/c3bdff67ca8ebf45f6fa820c918925a16da53323/DataGenerator.py
# Title: Hawkes_Process_JAX - DataGenerator.py (simulate with tick, merge marks, pad realizations)
# Cut: removed the IDE template print_hi(); everything else kept. Runs on the host with NumPy before
#      the arrays are handed to the jitted likelihood.
from tick.hawkes import SimuHawkesSumExpKernels, SimuHawkesMulti
from typing import List, Tuple
import numpy as np

def data_generator(baseline, decays, adjacency, end_time, n_realizations, seed=1039)-> List:


    hawkes_exp_kernels = SimuHawkesSumExpKernels(
        adjacency=adjacency, decays=decays, baseline=baseline,
        end_time=end_time, verbose=False, seed=seed)

    multi = SimuHawkesMulti(hawkes_exp_kernels, n_simulations=n_realizations)

    multi.end_time = [end_time for i in range(n_realizations)]
    multi.simulate()

    return multi.timestamps


def events_merge(events: List)->List:
    """
     Merges events in a mulitivariate hawkes process into  a single timeseries with different marks
    """
    events_type = []
    for i, e in enumerate(events):
        events_type = events_type + [[t, i] for t in e]
    events_type = sorted(events_type, key=lambda x: x[0])
    return events_type


def batch_events_merge(N_events: List) -> List:
    """
    Merges batch of events in a mulitivariate hawkes process into  a single timeseries with different marks
    """
    N_events_type = []
    for n, events in enumerate(N_events):
        events_type = events_merge(events)
        events_type = np.array(events_type)
        N_events_type.append(events_type)
    return N_events_type


def Event_batching(N_events_type: List) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """
    It recieves merged batch of events output of batch_events_merge
    The outputs the padded events, event_type along with corresponding masks
    """
    assert  len(N_events_type[0].shape) == 2

    max_time   = max( [max(events[:,0]) for events in N_events_type])
    max_length = max( [events.shape[0] for events in N_events_type])
    N = len(N_events_type)
    N_events_pad = np.ones((N, max_length)) * max_time
    N_events_type_pad = np.zeros((N, max_length))
    N_events_mask = np.zeros((N, max_length))

    for n in range(N):
        events_type = N_events_type[n]
        events_length = len(events_type)
        N_events_pad[n, :events_length] = events_type[:, 0].reshape(1, -1)
        N_events_type_pad[n, :events_length] = events_type[:, 1].reshape(1, -1)
        N_events_mask[n, :events_length] = np.ones_like(events_type[:, 0])

    return N_events_pad, N_events_type_pad, N_events_mask
