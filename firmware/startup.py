# Start-up: the app's settings, names, high scores and saved game read; the title shown.
# SPDX-License-Identifier: MIT
"""``start(app, now_ms)`` is ``App.start``: what power-up (and a battery charged again after
it ran empty) runs once. A module of its own so that its code leaves the heap with the
modules it loaded (heap.py's "start" group drops this one too), as the save's reader does.
"""

import lang


def start(app, now_ms):
    """Load settings, high scores, names and the saved game; show the title (or, at the
    first start, the language list) with a note of what could not be read."""
    import sys

    before = set(sys.modules)
    before.discard(__name__)  # (this module goes with the others it loaded)
    app.now = app.last_input = now_ms
    notes, ask = _read(app)
    # the title needs only the save's summary: the game, its reader and the records go
    app.forget_saved()
    app.store.release()
    import heap

    heap.drop("start", keep=before)
    lang.words(True)
    from ui.menu import Pick, note_text

    app.notice = "; ".join([note_text(n) for n in notes]) if notes else None
    app.apply_display_settings()
    if ask:
        app.show(Pick(app))
    else:
        app.title()
    app.render()


def _read(app):
    """Read the records and the saved game into `app`: ([the notes of what was damaged or
    could not be read], the language to ask in at the first start, else False)."""
    from save.store import Store
    from settings import DEFAULTS

    app.store = Store(app.storage, app.feed, app.show_reading)
    notes = []
    defaults = dict(DEFAULTS)
    defaults["lang"] = ""  # not chosen yet: the first start asks
    app.settings, note = app.store.load_settings(defaults)
    if note:
        notes.append(note)
    ask = False
    if app.lang is not None:
        app.settings["lang"] = app.lang
    elif not app.settings["lang"]:
        # ask_lang may name the language to ask in (the browser's): the list opens on it
        ask = app.ask_lang
        app.settings["lang"] = ask if ask in lang.CODES else lang.DEFAULT
    # the menus' words come with the first menu, after the save has been read
    app.set_lang(app.settings["lang"], False)
    app.setup, note = app.store.load_setup()
    if note:
        notes.append(note)
    unread = False
    try:
        g, note = app.store.load_game(app.dice)
    except MemoryError:
        # never a restart loop: the title comes up, the save stays on the flash, and
        # "Continue" tries again once start-up's modules are gone
        g, note, unread = None, "no_mem_save", True
    if note:
        notes.append(note)
    app.saved = g
    if unread:
        app.saved_info = ()
    app.game = None
    note = app.store.scores_note()
    if note:
        notes.append(note)
    return notes, ask
