# Source: https://github.com/dtu-act/deeponet-acoustic-wave-prop/blob/be01e586559c5f5f460f13d17efdcb670211eadb/deeponet_acoustics/utils/utils.py
# Title: deeponet_acoustics/utils/utils.py (getNearestFromCoordinates: receiver grid indices)
# Cut: only getNearestFromCoordinates kept; the setup code that calls it on host numpy arrays before training is summarised in a comment.
import numpy as np

# Called from the data setup (setup/data.py) on the mesh and receiver coordinates
# read from HDF5 files, before any jitted training step.

def getNearestFromCoordinates(grid, coords):
    r0 = []
    r0_indxs = []

    for i_src in range(len(coords)):
        N_recvs = len(coords[i_src])
        coord_indxs = []

        for j_recv in range(N_recvs):
            indx = np.sum(np.abs(grid - coords[i_src][j_recv]), 1).argmin()
            coord_indxs.append(indx)

        r0.append(grid[coord_indxs].tolist())
        r0_indxs.append(coord_indxs)

    return np.array(r0), np.array(r0_indxs)
