# Source: https://github.com/pgranger23/larnd-sim-jax/blob/87a1d1ca625db183dee31c24ba02299e09af7940/src/larndsim/consts_jax.py
# Title: src/larndsim/consts_jax.py (LArTPC detector constants and pixel geometry for the differentiable simulator)
# Cut: kept imports and load_detector_properties (docstring shortened); Params_template, build_params_class and the LUT loader dropped.
import numpy as np
import yaml
import jax
import jax.numpy as jnp
from collections import defaultdict


def load_detector_properties(params_cls, detprop_file, pixel_file):
    """Loads detector properties and pixel geometry from YAML files and initializes a parameter class."""

    params_dict = {
        "eField": 0.50,
        "Ab": 0.8,
        "kb": 0.0486,
        "vdrift": 0.1648,
        "vdrift_static": 0.159645,
        "lifetime": 2.2e3,
        "long_diff": 4.0e-6,
        "tran_diff": 8.8e-6,
        "shift_x": 0.,
        "shift_y": 0.,
        "shift_z": 0.,
        "recombination_mode": RecombinationMode.BIRKS,
        "lArDensity": 1.38,
        "alpha": 0.93,
        "beta": 0.212,
        "R_param": 1.25,
        "MeVToElectrons": 4.237e+04,
        "temperature": 87.17,
        "max_active_pixels": 0,
        "max_radius": 0,
        "min_step_size": 0.001, #cm
        "time_max": 0,
        "time_window": 189.1, #us,
        "e_charge": 1.602e-19,
        "t_sampling": 0.1,
        "time_padding": 190,
        "time_interval": [0, 200], #us
        "drift_length": 0,
        "response_bin_size": 0.04434,
        "number_pix_neighbors": 1,
        "electron_sampling_resolution": 0.001,
        "signal_length": 150,
        "MAX_ADC_VALUES": 10,
        "DISCRIMINATION_THRESHOLD": 7e3,
        "ADC_HOLD_DELAY": 15,
        "CLOCK_CYCLE": 0.1,
        "GAIN": 4e-3,
        "V_CM": 288,
        "V_REF": 1300,
        "V_PEDESTAL": 580,
        "ADC_COUNTS": 2**8,
        "RESET_NOISE_CHARGE": 900,
        "UNCORRELATED_NOISE_CHARGE": 500,
        "ELECTRON_MOBILITY_PARAMS": (551.6, 7158.3, 4440.43, 4.29, 43.63, 0.2053),
        "size_margin": 2e-2,
        "diffusion_in_current_sim": True,
        "mc_diff": False,
        "tpc_centers": jnp.array([[0, 0, 0], [0, 0, 0]]), # Placeholder for TPC centers,
        "response_full_drift_t": 190.61638,
        "nb_tran_diff_bins": 5,
        "nb_sampling_bins_per_pixel": 10, # Number of sampling bins per pixel
        "long_diff_template": jnp.linspace(0.001, 10, 100), # Placeholder for long diffusion template
        "long_diff_extent": 20
    }

    mm2cm = 0.1
    params_dict['tile_borders'] = np.zeros((2,2))

    with open(detprop_file) as df:
        detprop = yaml.load(df, Loader=yaml.FullLoader)

    for key, value in detprop.items():
        if key in params_dict:
            if isinstance(value, (list, np.ndarray)):
                params_dict[key] = np.array(value)
            else:
                params_dict[key] = value
        else:
            raise ValueError(f"Key '{key}' in detector properties file is not recognized.")

    params_dict['tpc_centers'][:, [2, 0]] = params_dict['tpc_centers'][:, [0, 2]]

    with open(pixel_file, 'r') as pf:
        tile_layout = yaml.load(pf, Loader=yaml.FullLoader)

    params_dict['pixel_pitch'] = tile_layout['pixel_pitch'] * mm2cm

    chip_channel_to_position = tile_layout['chip_channel_to_position']
    params_dict['pixel_connection_dict'] = {tuple(pix): (chip_channel//1000,chip_channel%1000) for chip_channel, pix in chip_channel_to_position.items()}
    params_dict['tile_chip_to_io'] = tile_layout['tile_chip_to_io']

    params_dict['xs'] = np.array(list(chip_channel_to_position.values()))[:,0] * params_dict['pixel_pitch']
    params_dict['ys'] = np.array(list(chip_channel_to_position.values()))[:,1] * params_dict['pixel_pitch']
    params_dict['tile_borders'][0] = [-(max(params_dict['xs'])+params_dict['pixel_pitch'])/2, (max(params_dict['xs'])+params_dict['pixel_pitch'])/2]
    params_dict['tile_borders'][1] = [-(max(params_dict['ys'])+params_dict['pixel_pitch'])/2, (max(params_dict['ys'])+params_dict['pixel_pitch'])/2]

    params_dict['tile_positions'] = np.array(list(tile_layout['tile_positions'].values())) * mm2cm
    params_dict['tile_orientations'] = np.array(list(tile_layout['tile_orientations'].values()))
    tpcs = np.unique(params_dict['tile_positions'][:,0])
    params_dict['tpc_borders'] = np.zeros((len(tpcs), 3, 2))

    tile_indeces = tile_layout['tile_indeces']
    tpc_ids = np.unique(np.array(list(tile_indeces.values()))[:,0], axis=0)

    anodes = defaultdict(list)
    cathode_directions = dict() # What direction the cathode is relative to anode

    for tpc_id in tpc_ids:
        tile_cathode_directions = []
        for tile in tile_indeces:
            if tile_indeces[tile][0] == tpc_id:
                anodes[tpc_id].append(tile_layout['tile_positions'][tile])
                tile_cathode_directions.append(tile_layout['tile_orientations'][tile][0])

        if len(set(tile_cathode_directions)) != 1:
            raise ValueError("Tiles in same anode plane have different drift directions.")

        if tile_cathode_directions[0] not in [1, -1]:
            raise ValueError("Cathode direction should be either 1 or -1.")

        cathode_directions[tpc_id] = tile_cathode_directions[0]

    try:
        params_dict['drift_length'] = tile_layout['drift_length'] * mm2cm
    except:
        mod_anodes = params_dict['tile_positions'][:, 0]
        params_dict['drift_length'] = 0.5 * (max(mod_anodes) - min(mod_anodes)) * mm2cm

    for itpc,tpc_id in enumerate(anodes):
        tiles = np.vstack(anodes[tpc_id]) * mm2cm
        x_border = min(tiles[:,2])+params_dict['tile_borders'][0][0]+params_dict['tpc_centers'][itpc][0], \
                    max(tiles[:,2])+params_dict['tile_borders'][0][1]+params_dict['tpc_centers'][itpc][0]
        y_border = min(tiles[:,1])+params_dict['tile_borders'][1][0]+params_dict['tpc_centers'][itpc][1], \
                    max(tiles[:,1])+params_dict['tile_borders'][1][1]+params_dict['tpc_centers'][itpc][1]
        z_border = min(tiles[:,0])+params_dict['tpc_centers'][itpc][2], \
                    max(tiles[:,0])+params_dict['drift_length']*cathode_directions[tpc_id]+params_dict['tpc_centers'][itpc][2]

        params_dict['tpc_borders'][itpc] = (x_border, y_border, z_border)

    
    #: Number of pixels per axis
    # params_dict['n_pixels'] = len(np.unique(params_dict['xs']))*2, len(np.unique(params_dict['ys']))*4
    params_dict['n_pixels_x'] = len(np.unique(params_dict['xs']))*2
    params_dict['n_pixels_y'] = len(np.unique(params_dict['ys']))*4

    params_dict['n_pixels_per_tile'] = len(np.unique(params_dict['xs'])), len(np.unique(params_dict['ys']))

    params_dict['tile_map'] = ((7,5,3,1),(8,6,4,2)),((16,14,12,10),(15,13,11,9))
    params_dict['tpc_borders'] = jnp.asarray(params_dict['tpc_borders'])
    filtered_dict = {key: value for key, value in params_dict.items() if key in params_cls.__match_args__}
    return params_cls(**filtered_dict)
