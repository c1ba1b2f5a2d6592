"""`python -m pyasp_runner` is `solve-asp`."""

from .cli import run_command

run_command()
