# The flash-wear figure: a whole game on the modelled LittleFS, its saves, erases and flash life.
# SPDX-License-Identifier: MIT

import pytest

from tools.bench import flash_wear


@pytest.fixture(scope="module")
def solo():
    return flash_wear.measure("yatzy", 1, 0, seed=5)


def test_a_game_saves_after_every_roll_and_every_box(solo):
    # 15 boxes, each after 1..3 rolls, plus the new game's first save
    assert 15 + 15 + 1 <= solo["game_saves"] <= 15 * 3 + 15 + 1
    # the game's files: every save, the set-up, the two high-score copies (one per game)
    assert solo["file_writes"] >= solo["game_saves"]
    assert solo["bytes_written"] > solo["game_saves"] * 100


def test_the_estimate_is_free_blocks_times_endurance_over_erases(solo):
    assert 0 < solo["blocks_erased"] and solo["distinct_blocks_erased"] <= solo["free_blocks"]
    assert solo["free_blocks"] <= flash_wear.BLOCKS - solo["firmware_blocks"]
    want = solo["free_blocks"] * flash_wear.ENDURANCE // solo["blocks_erased"]
    assert solo["games"] == want
    # a few hundred thousand games of solo Yatzy: the flash is not what wears out
    assert solo["games"] > 100_000
