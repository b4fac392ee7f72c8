# Source: https://github.com/HIPS/neural-fingerprint/blob/d26dae3a293a736261fee307b28b37e548c5f218/neuralfingerprint/build_convnet.py
# Title: HIPS/neural-fingerprint neuralfingerprint/build_convnet.py + examples/regression.py (Duvenaud et al., Convolutional Networks on Graphs)
# Cut: kept sum_and_stack, matmult_neighbors and the per-layer fingerprint loop; the weight-parser set-up
#      is passed in as arguments, build_vanilla_net's loss is inlined in regression.py, molecule parsing
#      and the MolGraph helpers are dropped, Python 2 prints removed.
import autograd.numpy as np
from autograd.scipy.misc import logsumexp

degrees = [0, 1, 2, 3, 4, 5]


def fast_array_from_list(xs):
    return np.concatenate([np.expand_dims(x, axis=0) for x in xs], axis=0)

def sum_and_stack(features, idxs_list_of_lists):
    return fast_array_from_list([np.sum(features[idx_list], axis=0) for idx_list in idxs_list_of_lists])

def softmax(X, axis=0):
    return np.exp(X - logsumexp(X, axis=axis, keepdims=True))

def matmult_neighbors(array_rep, atom_features, bond_features, get_weights):
    activations_by_degree = []
    for degree in degrees:
        atom_neighbors_list = array_rep[('atom_neighbors', degree)]
        bond_neighbors_list = array_rep[('bond_neighbors', degree)]
        if len(atom_neighbors_list) > 0:
            neighbor_features = [atom_features[atom_neighbors_list],
                                 bond_features[bond_neighbors_list]]
            stacked_neighbors = np.concatenate(neighbor_features, axis=2)
            summed_neighbors = np.sum(stacked_neighbors, axis=1)
            activations = np.dot(summed_neighbors, get_weights(degree))
            activations_by_degree.append(activations)
    return np.concatenate(activations_by_degree, axis=0)

def build_convnet_fingerprint_fun(parser, array_rep_from_smiles, num_layers):
    def output_layer_fun(weights, smiles):
        array_rep = array_rep_from_smiles(tuple(smiles))
        atom_features = array_rep['atom_features']
        bond_features = array_rep['bond_features']
        all_layer_fps = []
        for layer in range(num_layers):
            cur_out_weights = parser.get(weights, ('layer output weights', layer))
            atom_outputs = softmax(np.dot(atom_features, cur_out_weights), axis=1)
            # Sum over all atoms within a moleclue:
            all_layer_fps.append(sum_and_stack(atom_outputs, array_rep['atom_list']))
            get_w = lambda degree: parser.get(weights, (layer, degree))
            atom_features = matmult_neighbors(array_rep, atom_features, bond_features, get_w)
        return sum(all_layer_fps)
    return output_layer_fun
