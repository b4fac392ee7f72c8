"""The folder ``profile`` puts first on ``PYTHONPATH`` to follow a program's Python subprocesses
(``sitecustomize.py``); nothing here is imported as ``gradadvisor.profile._site``."""
