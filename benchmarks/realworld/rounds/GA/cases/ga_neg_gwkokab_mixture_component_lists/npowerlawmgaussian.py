# Source: https://github.com/kokabsc/gwkokab/blob/e25ee5a908bfaccef9c18c79062e4a39856776e3/src/gwkokab/models/hybrids/_npowerlawmgaussian.py
# Title: gwkokab src/gwkokab/models/hybrids/_npowerlawmgaussian.py (_build_non_mass_distributions)
# Cut: the flag list shortened to the spin-magnitude and spin-z entries; the mass builders and the ScaledMixture assembly dropped. The built lists hold different numpyro distribution objects per component and per parameter; the model is evaluated inside numpyro's traced potential.
from typing import Callable, Dict, List, Optional, Tuple

from jaxtyping import Array
from numpyro.distributions import Distribution

from ncombination import (
    combine_distributions,
    create_beta_distributions,
    create_truncated_normal_distributions,
)


def _build_non_mass_distributions(
    N: int,
    component_type: str,
    mass_distributions: List[List[Distribution]],
    use_beta_spin_magnitude: bool,
    use_truncated_normal_spin_z: bool,
    params: Dict[str, Array],
    validate_args: Optional[bool] = None,
) -> List[List[Distribution]]:
    build_distributions = mass_distributions
    # fmt: off
    _info_collection: List[Tuple[bool, str, Callable[..., List[Distribution]]]] = [
        (use_beta_spin_magnitude, "a_1", create_beta_distributions),
        (use_beta_spin_magnitude, "a_2", create_beta_distributions),
        (use_truncated_normal_spin_z, "spin_1z", create_truncated_normal_distributions),
        (use_truncated_normal_spin_z, "spin_2z", create_truncated_normal_distributions),
    ]
    # fmt: on

    # Iterate over the list of tuples and build distributions
    for use, param_name, build_func in _info_collection:
        if use:
            distributions = build_func(
                N=N,
                parameter_name=param_name,
                component_type=component_type,
                params=params,
                validate_args=validate_args,
            )
            build_distributions = combine_distributions(
                build_distributions, distributions
            )

    return build_distributions
