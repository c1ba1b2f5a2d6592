"""`python -m pyasp_runner` is `solve-asp`."""

import sys

from .cli import main

sys.exit(main())
