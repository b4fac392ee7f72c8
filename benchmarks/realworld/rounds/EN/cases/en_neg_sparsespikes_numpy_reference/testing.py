# Source: https://github.com/jrfinkbeiner/SparseSpikes/blob/5a9c55ffaeb66c8c73be82841f55ffb4cc816eb4/tests/testing.py
# Title: tests/testing.py (numpy reference for the sparse spike-vector matmul kernel)
# Cut: kept the numpy reference implementation of the kernel; dropped the kernel registration
#      boilerplate; check_against_reference condenses the comparison script that follows.
import numpy as np


def spike_vector_matmul_np_unbatched(matrix, spike_ids, num_spikes, res):
    """Numpy implementation of spike_vector_matmul."""
    for j in range(num_spikes):
        res[:] += matrix[spike_ids[j]]

def spike_vector_matmul_np(matrix, spike_vector):
    """Numpy implementation of spike_vector_matmul."""
    spike_ids = np.array(spike_vector.spike_ids)
    num_spikes = np.array(spike_vector.num_spikes)
    matrix = np.array(matrix)

    if spike_vector.batched:
        res = np.zeros((spike_vector.batchsize, matrix.shape[1]), dtype=matrix.dtype)
        for ibatch in range(spike_vector.batchsize):
            spike_vector_matmul_np_unbatched(matrix, spike_ids[ibatch], num_spikes[0, ibatch], res[ibatch])
    else:
        res = np.zeros((matrix.shape[1]), dtype=matrix.dtype)
        spike_vector_matmul_np_unbatched(matrix, spike_ids, num_spikes[0], res)
    return res



def check_against_reference(spike_vector_matmul, matrix, spike_vector):
    # compare the custom-call result against the numpy loop reference
    res_kernel = np.asarray(spike_vector_matmul(matrix, spike_vector))
    res_np = spike_vector_matmul_np(matrix, spike_vector)
    assert np.allclose(res_kernel, res_np)
