# Source: https://github.com/debangshu-mukherjee/ptyrodactyl/blob/4472dbdc90ee589113f431122604cce9f4a9b888/src/ptyrodactyl/electrons/atom_potentials.py
# Title: src/ptyrodactyl/electrons/atom_potentials.py
# Cut: kept slice_atoms, build_slice_potential and build_slice_wrapper; dropped the potential kernels, the rotation helpers and overall_wrapper.
import jax
import jax.numpy as jnp
import numpy as np


def slice_atoms(coords, slice_thickness):
    """
    Assign atoms to slices and group them using sorted indices.

    Returns:
    - grouped_indices: (N,) reordered atom indices
    - slice_bounds: list of start indices for each slice in grouped_indices
    - z_min, z_max
    """
    z_coords = coords[:, 3]
    z_min = jnp.min(z_coords)
    z_max = jnp.max(z_coords)
    n_slices = jnp.ceil((z_max - z_min) / slice_thickness).astype(int)

    # Slice index for each atom
    slice_indices = jnp.floor((z_coords - z_min) / slice_thickness).astype(int)

    # Sort by slice index
    sorted_order = jnp.argsort(slice_indices)
    sorted_slice_indices = slice_indices[sorted_order]

    # Count how many atoms per slice
    slice_counts = jnp.bincount(sorted_slice_indices, length=n_slices)

    # Compute slice start positions (cumulative sum)
    slice_bounds = jnp.cumsum(
        jnp.pad(slice_counts[:-1], (1, 0))
    )  # Start index of each slice

    return sorted_order, slice_bounds, z_min, z_max


def build_slice_potential(
    coords, canvas_shape, minmaxes, pixel_size, atomic_potential_fn
):
    """
    Sum 2D atomic potentials into a slice canvas, clipping contributions
    that fall outside the canvas bounds.

    Parameters:
    - coords: (N, 4) array of atomic xy positions in angstroms
    - canvas_shape: (H, W)
    - minmaxes: (x_min, x_max, y_min, y_max) in angstroms
    - pixel_size: angstroms per pixel
    - atomic_potential_fn: () -> (h, w) 2D array centered at (0,0)

    Returns:
    - (H, W) 2D potential array
    """
    H, W = canvas_shape
    canvas = np.zeros((H, W))
    x_min, x_max, y_min, y_max = minmaxes

    def add_single_atom(canvas, line):
        # Compute center position in pixels

        i_center = np.floor((line[1] - x_min) / pixel_size).astype(int)
        j_center = np.floor((line[2] - y_min) / pixel_size).astype(int)
        atom_pot = atomic_potential_fn[np.round(line[0]).astype(int)]  # (h, w)

        h, w = atom_pot.shape
        half_h = h // 2
        half_w = w // 2

        # Bounds in canvas
        i_start = i_center - half_h
        i_end = i_center + half_h
        j_start = j_center - half_w
        j_end = j_center + half_w

        # Compute valid overlapping region between atom_pot and canvas
        i_start_clip = np.maximum(i_start, 0)
        i_end_clip = np.minimum(i_end, H)
        j_start_clip = np.maximum(j_start, 0)
        j_end_clip = np.minimum(j_end, W)

        # Corresponding indices in atom_pot
        ai_start = i_start_clip - i_start
        ai_end = ai_start + (i_end_clip - i_start_clip)
        aj_start = j_start_clip - j_start
        aj_end = aj_start + (j_end_clip - j_start_clip)
        _h = ai_end - ai_start
        _w = aj_end - aj_start

        slice_shape = np.array([_h, _w])
        pot_start = np.array([ai_start, aj_start])
        clip_start = np.array([i_start_clip, j_start_clip])

        # Add clipped portion
        # clipped_atom_pot = jax.lax.dynamic_slice(atom_pot, pot_start, slice_shape)
        clipped_atom_pot = atom_pot[
            pot_start[0] : pot_start[0] + slice_shape[0],
            pot_start[1] : pot_start[1] + slice_shape[1],
        ]
        # original_values = jax.lax.dynamic_slice(canvas, clip_start, slice_shape)
        canvas[
            clip_start[0] : clip_start[0] + slice_shape[0],
            clip_start[1] : clip_start[1] + slice_shape[1],
        ] += clipped_atom_pot
        # new_values = original_values + clipped_atom_pot
        # canvas = jax.lax.dynamic_update_slice(canvas, new_values, clip_start)
        return canvas

    # Loop over all atoms (could be vmapped, but usually small per slice)
    for line in coords:
        canvas = add_single_atom(canvas, line)

    # canvas = jax.lax.fori_loop(0, coords.shape[0], lambda i, c: add_single_atom(c, i), canvas)

    return canvas


def build_slice_wrapper(
    coords, sorted_order, slice_bounds, kirkland_jax, pixel_size=0.1
):
    x_max = jnp.max(coords[:, 1])
    x_min = jnp.min(coords[:, 1])
    y_max = jnp.max(coords[:, 2])
    y_min = jnp.min(coords[:, 2])
    H = jnp.ceil((x_max - x_min) / pixel_size).astype(int)
    W = jnp.ceil((y_max - y_min) / pixel_size).astype(int)

    def build_slice_i(i):
        i = int(i)
        atoms_in_slice_i = sorted_order[slice_bounds[i] : slice_bounds[i + 1]]
        if len(atoms_in_slice_i) == 0:
            return jnp.zeros((H, W))
        coords_in_slice = coords[atoms_in_slice_i]
        canvas = build_slice_potential(
            coords_in_slice,
            (H, W),
            (x_min, x_max, y_min, y_max),
            pixel_size,
            kirkland_jax,
        )
        return canvas

    return [build_slice_i(i) for i in range(len(slice_bounds) - 1)]
