# Fair dice, short slice: the chi-square survival function, the tests, a biased die caught.
# SPDX-License-Identifier: MIT

import pytest

from tools.core import soak_dice


@pytest.mark.parametrize(
    "x,k,p",
    [(3.841, 1, 0.05), (11.070, 5, 0.05), (18.307, 10, 0.05), (49.802, 35, 0.05),
     (20.515, 5, 0.001), (66.619, 35, 0.001)],
)  # fmt: skip
def test_chi2_survival_matches_printed_tables(x, k, p):
    assert abs(soak_dice.chi2_sf(x, k) - p) < 2e-4 * max(1, p * 100)


def test_critical_values_invert_the_survival_function():
    for k in (5, 35):
        assert abs(soak_dice.chi2_sf(soak_dice.critical(k), k) - soak_dice.ALPHA) < 1e-9


def test_device_dice_pass():
    res = soak_dice.campaign(scale=0.02)
    assert res.cases == 12 and res.failures == 0, res.lines


def test_planted_bias_is_caught():
    res = soak_dice.planted()
    assert res.failures == 0, res.notes
