# Source: https://github.com/FlorentLM/mokap/blob/1e0400ac47362bde2df9ecc0185eaad28217845b/mokap/calibration/bundle_adjustment.py
# Title: mokap/calibration/bundle_adjustment.py (jacobian_sparsity)
# Cut: the covariance-prior sparsity blocks at the end are removed; the reprojection and depth
#      barrier loops are verbatim.
import numpy as np
from scipy.sparse import lil_matrix, csr_matrix


def jacobian_sparsity(spec, prior_info) -> csr_matrix:
    """
    Pure NumPy. Creates the Jacobian sparsity matrix.
    This runs once at setup.
    """
    cfg = spec['config']
    C, P, N = cfg['nb_cams'], cfg['nb_frames'], cfg['nb_points']
    origin_cam_idx = cfg.get('origin_cam_idx', 0)

    nb_residuals = 2 * P * C * N
    nb_params = spec['total_size']
    S = lil_matrix((nb_residuals, nb_params), dtype=bool)

    is_shared = cfg['shared_intrinsics'] and C > 1
    nb_intr_sets = 1 if is_shared else C
    optim_cam_indices = np.delete(np.arange(C), origin_cam_idx)
    cam_idx_to_optim_pos = {cam_idx: pos for pos, cam_idx in enumerate(optim_cam_indices)}

    # Reprojection error dependencies
    for c in range(C):
        for p in range(P):
            for n in range(N):
                row = 2 * (c * P * N + p * N + n)
                intr_set_idx = 0 if is_shared else c

                # Dependency on camera intrinsics
                if 'K' in spec['blocks']:
                    info = spec['blocks']['K']
                    size_per_set = info['size'] // nb_intr_sets
                    col = info['offset'] + intr_set_idx * size_per_set
                    S[row:row + 2, col:col + size_per_set] = 1

                if 'D' in spec['blocks']:
                    info = spec['blocks']['D']
                    size_per_set = info['size'] // nb_intr_sets
                    col = info['offset'] + intr_set_idx * size_per_set
                    S[row:row + 2, col:col + size_per_set] = 1

                # Dependency on camera extrinsics
                if 'extrinsics' in spec['blocks'] and c != origin_cam_idx:
                    optim_pos = cam_idx_to_optim_pos[c]
                    info = spec['blocks']['extrinsics']
                    nb_optim_cams = C - 1
                    r_col = info['offset'] + optim_pos * 3
                    t_col = info['offset'] + (nb_optim_cams * 3) + optim_pos * 3
                    S[row:row + 2, r_col:r_col + 3] = 1
                    S[row:row + 2, t_col:t_col + 3] = 1

                # Dependency on structure poses
                if 'object_poses' in spec['blocks']:
                    info = spec['blocks']['object_poses']
                    r_col = info['offset'] + p * 3
                    t_col = info['offset'] + (P * 3) + p * 3
                    S[row:row + 2, r_col:r_col + 3] = 1
                    S[row:row + 2, t_col:t_col + 3] = 1

                # Dependency on 3D points
                if 'object_points' in spec['blocks']:
                    info = spec['blocks']['object_points']
                    if not cfg['fix_object_poses']:
                        point_idx_in_optim_vector = n
                    else:
                        point_idx_in_optim_vector = p * N + n
                    col = info['offset'] + point_idx_in_optim_vector * 3
                    S[row:row + 2, col:col + 3] = 1

    # Add depth barrier residuals (same sparsity as reprojection)
    nb_depth_residuals = P * C * N
    S.resize(nb_residuals + nb_depth_residuals, nb_params)

    for c in range(C):
        for p in range(P):
            for n in range(N):
                reproj_row = 2 * (c * P * N + p * N + n)
                depth_row = nb_residuals + (c * P * N + p * N + n)
                # Copy sparsity pattern from reprojection row
                S[depth_row, :] = S[reproj_row, :]

    return S.tocsr()
