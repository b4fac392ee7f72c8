# Source: https://github.com/kc-111/BayesianJaxModels/blob/d375a742f420fe01aac6f01795d68264e97b0e95/src/BayesianJaxModels/module.py
# Title: src/BayesianJaxModels/module.py (Module base class with parameter introspection)
# Cut: kept get_parameters/_collect_parameters, which build the dict that utils.py loops over.
import dataclasses

import equinox as eqx

from .parameter import AbstractParameter


class Module(eqx.Module):
    def get_parameters(self) -> dict[str, AbstractParameter]:
        """Return a flat dict mapping dotted names to parameter leaves.

        Returns:
            Dict like ``{"W": GaussianParameter(...), "b": DeterministicParameter(...)}``.
            Nested modules produce dotted names (``"layer1.W"``); lists
            produce indexed names (``"layers[0].W"``).
        """
        result: dict[str, AbstractParameter] = {}
        self._collect_parameters("", result)
        return result

    def _collect_parameters(
        self, prefix: str, result: dict[str, AbstractParameter]
    ) -> None:
        for field in dataclasses.fields(self):
            name = field.name
            full_name = f"{prefix}{name}" if prefix else name
            value = getattr(self, name)
            if isinstance(value, AbstractParameter):
                result[full_name] = value
            elif isinstance(value, Module):
                value._collect_parameters(f"{full_name}.", result)
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    indexed = f"{full_name}[{i}]"
                    if isinstance(item, AbstractParameter):
                        result[indexed] = item
                    elif isinstance(item, Module):
                        item._collect_parameters(f"{indexed}.", result)
