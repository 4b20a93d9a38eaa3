# Helpers for the tests that a press's parts (rows sent alone) add up to a full redraw.
# SPDX-License-Identifier: MIT


def full_redraw(app):
    """The bytes a whole redraw of the app's screen gives (on a canvas of the app's kind)."""
    buf = bytearray(len(app.display.buffer))
    cv = type(app.cv)(buf, app.display.width, app.display.height)
    app.screen.draw(cv)
    return bytes(buf)


def walk_keys(walk):
    """(button, kind) of each token of a walk: "2" hold2 short, "L2" long, "r" the roll."""
    out = []
    for tok in walk.split():
        long = tok.startswith("L")
        k = tok[1:] if long else tok
        out.append(("roll" if k == "r" else "hold" + k, "long" if long else "short"))
    return out


def record_play_parts(monkeypatch):
    """The parts the play screen draws from now on, in order (a list that fills as it goes)."""
    from ui import play_view

    parts = []
    real = play_view.draw_part

    def counted(play, cv, part):
        parts.append(part)
        return real(play, cv, part)

    monkeypatch.setattr("ui.play.Play.draw_part", counted)
    return parts
