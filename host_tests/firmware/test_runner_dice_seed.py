# The dice_seed file: a maker's (and the emulated Pico's) way to replayable dice on the device.
# SPDX-License-Identifier: MIT
import pytest
from pico.runner import dice_seed
from save.storage import FileStorage
from yatzy.dice import SeededDice

DICE_SEED = "dice_seed"  # the file dice_seed() reads


@pytest.mark.parametrize(
    "text, seed",
    [(b"7", 7), (b" 123\n", 123), (b"0", 0), (b"4294967295", 0xFFFFFFFF)],
)
def test_a_number_in_the_file_is_the_seed(tmp_path, text, seed):
    storage = FileStorage(str(tmp_path))
    storage.write(DICE_SEED, text)
    assert dice_seed(storage) == seed


@pytest.mark.parametrize("text", [b"", b"seven", b"-1", b"4294967296", b"1.5"])
def test_anything_else_keeps_the_fair_dice(tmp_path, text):
    storage = FileStorage(str(tmp_path))
    storage.write(DICE_SEED, text)
    assert dice_seed(storage) is None


def test_no_file_keeps_the_fair_dice(tmp_path):
    assert dice_seed(FileStorage(str(tmp_path))) is None


def test_the_seed_rolls_what_the_simulator_rolls(tmp_path):
    # the simulator's Session(seed=s) gives the app SeededDice(s): the same stream
    storage = FileStorage(str(tmp_path))
    storage.write(DICE_SEED, b"42")
    a, b = SeededDice(dice_seed(storage)), SeededDice(42)
    assert [a() for _ in range(50)] == [b() for _ in range(50)]
