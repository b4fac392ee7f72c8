# Source: https://github.com/kokabsc/gwkokab/blob/e25ee5a908bfaccef9c18c79062e4a39856776e3/src/gwkokab/models/hybrids/_ncombination.py
# Title: gwkokab src/gwkokab/models/hybrids/_ncombination.py (per-component distribution builders for N-component population mixtures)
# Cut: kept _get_parameter, combine_distributions and two of the builders (Beta, TruncatedNormal); docstrings shortened; the other dozen builders dropped. BetaFromMeanVar replaced by numpyro's Beta with the mean/variance conversion inlined.
from typing import Dict, List, Optional

from jaxtyping import Array
from numpyro.distributions import Beta, Distribution, TruncatedNormal


def _fetch_first_matching_value(dictionary, *keys):
    for key in keys:
        if key in dictionary:
            return dictionary[key]
    return None


def _get_parameter(params, *name, is_necessary=True, default=None):
    value = _fetch_first_matching_value(params, *name)
    if value is None:
        if default is not None:
            value = default
        elif is_necessary:
            raise ValueError(f"Missing parameter {name}")
    return value


def combine_distributions(
    base_dists: List[List[Distribution]], add_dists: List[Distribution]
):
    """Helper function to combine base distributions with additional distributions like
    spin, tilt, or eccentricity.
    """
    return [dists + [add_dist] for dists, add_dist in zip(base_dists, add_dists)]


def create_beta_distributions(
    N: int,
    parameter_name: str,
    component_type: str,
    params: Dict[str, Array],
    validate_args: Optional[bool] = None,
) -> List[Beta]:
    beta_collection = []
    mean_name = f"{parameter_name}_mean_{component_type}"
    variance_name = f"{parameter_name}_variance_{component_type}"
    for i in range(N):
        mean = _get_parameter(params, f"{mean_name}_{i}", mean_name)
        variance = _get_parameter(params, f"{variance_name}_{i}", variance_name)
        shared = mean * (1.0 - mean) / variance - 1.0
        beta_collection.append(
            Beta(mean * shared, (1.0 - mean) * shared, validate_args=validate_args)
        )
    return beta_collection


def create_truncated_normal_distributions(
    N: int,
    parameter_name: str,
    component_type: str,
    params: Dict[str, Array],
    validate_args: Optional[bool] = None,
) -> List[Distribution]:
    truncated_normal_collection = []
    loc_name = f"{parameter_name}_loc_{component_type}"
    scale_name = f"{parameter_name}_scale_{component_type}"
    low_name = f"{parameter_name}_low_{component_type}"
    high_name = f"{parameter_name}_high_{component_type}"
    for i in range(N):
        loc = _get_parameter(params, f"{loc_name}_{i}", loc_name)
        scale = _get_parameter(params, f"{scale_name}_{i}", scale_name)
        low = _get_parameter(params, f"{low_name}_{i}", low_name, is_necessary=False)
        high = _get_parameter(params, f"{high_name}_{i}", high_name, is_necessary=False)

        truncated_normal_collection.append(
            TruncatedNormal(
                loc=loc, scale=scale, low=low, high=high, validate_args=validate_args
            )
        )

    return truncated_normal_collection
