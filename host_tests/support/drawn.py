# Records what an app's canvas draws (texts, filled rectangles) while a block runs.
# SPDX-License-Identifier: MIT
"""``with Drawn(app.cv) as d: ...`` wraps the canvas's ``text`` and ``fill_rect`` and puts
them back on leaving; ``d.texts`` holds ``(x, y, s)`` per text drawn, ``d.rects`` ``(x, y,
w, h)`` per filled rectangle, in the order drawn. :func:`redraw_texts` is the common case:
the strings of one full redraw of the active screen."""


class Drawn:
    def __init__(self, cv):
        self.cv = cv
        self.texts = []
        self.rects = []

    def __enter__(self):
        cv = self.cv
        real_text, real_rect = cv.text, cv.fill_rect
        self._real = (real_text, real_rect)

        def text(x, y, s, *a, **k):
            self.texts.append((x, y, s))
            return real_text(x, y, s, *a, **k)

        def fill_rect(x, y, w, h, *a, **k):
            self.rects.append((x, y, w, h))
            return real_rect(x, y, w, h, *a, **k)

        cv.text, cv.fill_rect = text, fill_rect
        return self

    def __exit__(self, *exc):
        self.cv.text, self.cv.fill_rect = self._real
        return False

    def strings(self):
        return [s for _x, _y, s in self.texts]

    def clear(self):
        del self.texts[:]
        del self.rects[:]


def redraw(app):
    """Draw the whole active screen (and send it) as the next frame would."""
    app.changed()
    app.render()


def redraw_texts(app):
    """Every string the app draws in a full redraw of the active screen."""
    with Drawn(app.cv) as d:
        redraw(app)
    return d.strings()
