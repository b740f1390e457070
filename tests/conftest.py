"""Shared fixtures. Kernels compile once per test process (and are cached on disk between runs)."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture
def nan_params():
    def make(n: int) -> np.ndarray:
        return np.full(n, np.nan)

    return make
