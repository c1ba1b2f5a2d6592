"""Parsers: random text gives facts or one clear InputError, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import registry

PUZZLES = sorted(registry())
GRID_TEXT = st.text(alphabet="0123456789_,-+ X.:#\n\r\tabc[]", max_size=200)


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(GRID_TEXT, st.text(max_size=100)))
def test_random_text_parses_or_fails_cleanly(name, text):
    try:
        instance = registry()[name].parse(text, "random.txt")
    except InputError as error:
        assert str(error).startswith("random.txt")
        assert "\n" not in str(error)
    else:
        assert all(str(sym) for sym in instance.facts)
