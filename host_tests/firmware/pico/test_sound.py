# Buzzer player tests: non-blocking tunes on a fake PWM, volume, on/off, absent buzzer.
# SPDX-License-Identifier: MIT
import pytest
from pico.sound import TUNES, Sound
from support.hw_fakes import FakePWM


@pytest.mark.parametrize("name", sorted(TUNES))
def test_each_tune_plays_its_notes_then_goes_silent(name):
    pwm = FakePWM()
    sound = Sound(pwm, {"sound": True, "volume": 10})
    sound.play(name)
    t = 0
    while sound.busy():
        sound.tick(t)
        t += 1
        assert t < 5000
    freqs = [v for k, v in pwm.log if k == "freq"]
    assert freqs == [f for f, _ in TUNES[name] if f]
    assert pwm.duty_u16() == 0
    total = sum(ms for _, ms in TUNES[name])
    assert total <= t <= total + 2  # ticked every ms: the tune lasts its written length


def test_tick_returns_wait_and_never_blocks():
    pwm = FakePWM()
    sound = Sound(pwm, {})
    assert sound.tick(0) is None
    sound.play("yatzy")
    assert sound.tick(1000) == TUNES["yatzy"][0][1]
    assert sound.tick(1010) == TUNES["yatzy"][0][1] - 10  # still in the first note


@pytest.mark.parametrize(
    "settings, sounding",
    [({"sound": False, "volume": 10}, False), ({"volume": 0}, False), ({"volume": 1}, True)],
)
def test_off_or_zero_volume_is_silent(settings, sounding):
    pwm = FakePWM()
    sound = Sound(pwm, settings)
    sound.play("click")
    sound.tick(0)
    assert (pwm.duty_u16() > 0) == sounding


def test_volume_raises_duty_up_to_half():
    duties = []
    for vol in range(1, 11):
        pwm = FakePWM()
        sound = Sound(pwm, {"volume": vol})
        sound.play("click")
        sound.tick(0)
        duties.append(pwm.duty_u16())
    assert duties == sorted(duties) and len(set(duties)) == 10
    assert duties[-1] == 32768


def test_absent_buzzer_is_silent_and_cheap():
    sound = Sound(None, {"sound": True})
    sound.play("roll")
    assert not sound.busy() and sound.tick(0) is None
    sound.stop()


def test_unknown_sound_is_a_value_error():
    with pytest.raises(ValueError, match="unknown sound"):
        Sound(FakePWM()).play("moo")


def test_new_tune_replaces_the_playing_one():
    pwm = FakePWM()
    sound = Sound(pwm, {})
    sound.play("end")
    sound.tick(0)
    sound.play("click")
    sound.tick(5)
    assert pwm.freq() == 2000
