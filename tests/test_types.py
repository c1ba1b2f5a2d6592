"""mypy holds the package to its types, and each puzzle's hooks to the contract's field
types (`.ci/run` runs it before pytest too; here it fails the suite anyone runs)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_the_package_type_checks():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
