# Source: https://github.com/h-terao/hazuchi/blob/b3501d84b9d7937fcb4605e51b97ae0a2a7774d5/hazuchi/image/transforms/core/__init__.py
# Title: hazuchi/image/transforms/core/__init__.py
# Cut: convolve and warp_perspective re-exports dropped.
# flake8: noqa
from .array_utils import *
