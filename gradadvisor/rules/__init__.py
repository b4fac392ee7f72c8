"""The rule catalog.

Each rule lives in its own module here, named ``gaNNN_<kebab_name_with_underscores>.py``
and holding one ``Rule`` subclass. To add a rule, add such a file: it is found
automatically, and the test suite runs its VALID and INVALID cases.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from gradadvisor.rules.base import Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule class, sorted by code."""
    found: list[type[Rule]] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("ga"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Rule)
                and value is not Rule
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return tuple(sorted(found, key=lambda rule: rule.code))


def rule_by_code(code: str) -> type[Rule] | None:
    code = code.upper()
    for rule in all_rules():
        if rule.code == code or rule.name == code.lower():
            return rule
    return None
