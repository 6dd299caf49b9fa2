"""The map widget: redraws from its model when a browser connects (ipycanvas draws nothing sent
before the page is ready), shows a territory's details on hover, click or tap, and zooms.

Zoom: "fit" shows the whole map as wide as the page allows (on a phone about 350 px, names
about 5 px: enough to tap, not to read); a zoom level shows the canvas at that many screen
pixels per canvas pixel inside a box that scrolls both ways (at 100 % names are their drawn
11 px or more). ipycanvas reports pointer positions in canvas pixels whatever size the canvas
is shown at, so ``MapModel.territory_at`` needs no knowledge of the zoom.

Touch and wheel: ipycanvas's front end cancels every touch and wheel event on its canvas (it
calls ``preventDefault``), so a swipe or a wheel over the map would not scroll the page. The
page script of :func:`map_page_glue` stops those events before they reach the canvas (a
capture listener on the document, never calling ``preventDefault``): the browser scrolls as
usual, and a tap becomes the mouse click browsers make of an uncancelled tap, which selects
through ``on_mouse_down``. The same script turns a pinch or a double tap on the map into the
zoom buttons' clicks and keeps the point looked at in view when the zoom changes. Without the
script (a page that strips it) the touch events still reach ``on_touch_start``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipycanvas import MultiCanvas  # type: ignore[import-untyped]

from tabletop.i18n import N_, Msg
from tabletop.ui.africa1880.map.canvas_shapes import MAP_WIDTH
from tabletop.ui.africa1880.map.drawing import draw, draw_hover
from tabletop.ui.africa1880.map.layout import MapModel, describe
from tabletop.ui.africa1880.map.photo import scaled_photo
from tabletop.ui.africa1880.map.text_view import MapTextView
from tabletop.ui.africa1880.texts import t

# Screen pixels per canvas pixel of the zoom levels; None (not listed) is "fit the page".
ZOOM_LEVELS: tuple[float, ...] = (1.0, 1.5, 2.0, 3.0)
# The zoomed box's height: most of a phone's screen, leaving room to scroll past it.
ZOOM_BOX_HEIGHT = "72vh"

ZOOM_TEXTS: dict[str, Msg] = {
    "zoom_in": N_("Zoom in"),
    "zoom_out": N_("Zoom out"),
    "zoom_fit": N_("Fit"),
    "zoom_fit_tip": N_("Show the whole map as wide as the page"),
    "zoom_fit_level": N_("whole map"),
    "photo_switch": N_("Show our photo under the map"),
}

MAP_CSS = """
.tt-map-zoom { align-items: center; gap: 4px; flex-wrap: wrap; }
.tt-map-zoom .widget-button { width: auto; min-width: 2.4em; padding: 0 0.6em; margin: 0; }
.tt-map-zoom .tt-map-zoom-in, .tt-map-zoom .tt-map-zoom-out {
  font-size: 1.25em; font-weight: bold;
}
.tt-map-zoom .tt-map-zoom-level { margin-left: 0.4em; min-width: 5em; }
.tt-map-box { width: 100%; max-width: 100%; touch-action: pan-x pan-y; }
.tt-map-box.tt-map-zoomed {
  overflow: auto; overscroll-behavior: auto; border: 1px solid #9fb8c9; box-sizing: border-box;
}
.tt-map-box.tt-map-zoomed canvas.tt-map { flex: 0 0 auto; max-width: none; }
"""

# Installed once per page (the first map view's HTML runs it through an image's onerror: an
# HTML widget's own <script> elements are not run). It only stops events for ipycanvas's
# canvas inside a map box and clicks the view's own zoom buttons.
MAP_JS = r"""
(function () {
  if (window.ttMapGlue) return;
  window.ttMapGlue = true;
  var inMap = function (e) {
    var el = e.target;
    return el && el.closest ? el.closest('.tt-map-box') : null;
  };
  var viewOf = function (box) { return box.closest('.tt-map-view'); };
  var press = function (box, which) {
    var view = viewOf(box);
    var button = view && view.querySelector('.tt-map-zoom-' + which);
    if (button && !button.disabled) button.click();
  };
  // Where on the map (fractions of the canvas) the last tap or click was, per box.
  var lastPoint = new WeakMap();
  var fraction = function (box, clientX, clientY) {
    var canvas = box.querySelector('canvas');
    var r = canvas.getBoundingClientRect();
    return [(clientX - r.left) / r.width, (clientY - r.top) / r.height];
  };
  // After a zoom button's click: once the canvas has its new size, scroll the box so the
  // point looked at (the centre, or the last tap if the map fitted the page) stays in view.
  var keepInView = function (box, point) {
    var canvas = box.querySelector('canvas');
    if (!canvas) return;
    var before = canvas.getBoundingClientRect().width;
    var tries = 0;
    var step = function () {
      var r = canvas.getBoundingClientRect();
      if (Math.abs(r.width - before) < 0.5 && tries++ < 120) {
        requestAnimationFrame(step);
        return;
      }
      box.scrollLeft = point[0] * box.scrollWidth - box.clientWidth / 2;
      box.scrollTop = point[1] * box.scrollHeight - box.clientHeight / 2;
    };
    requestAnimationFrame(step);
  };
  var centreOf = function (box) {
    var canvas = box.querySelector('canvas');
    var r = canvas.getBoundingClientRect();
    var b = box.getBoundingClientRect();
    var inside = r.width <= b.width + 1 && r.height <= b.height + 1;
    if (inside && lastPoint.has(box)) return lastPoint.get(box);
    return fraction(box, b.left + Math.min(b.width, r.width) / 2,
                    b.top + Math.min(b.height, r.height) / 2);
  };
  document.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('.tt-map-zoom button');
    if (!button) return;
    var view = button.closest('.tt-map-view');
    var box = view && view.querySelector('.tt-map-box');
    if (box) keepInView(box, box.ttPinch || centreOf(box));
    if (box) box.ttPinch = null;
  }, true);
  // Two fingers: a pinch, judged when they lift. One finger: a tap or a swipe (the browser
  // scrolls); two taps close together are a double tap (zoom in).
  var pinch = null, lastTap = null;
  var distance = function (t) {
    return Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  };
  var stop = function (e) {
    var box = inMap(e);
    if (!box) return;
    e.stopPropagation();
    if (e.type === 'touchstart') {
      if (e.touches.length === 2) {
        var mx = (e.touches[0].clientX + e.touches[1].clientX) / 2;
        var my = (e.touches[0].clientY + e.touches[1].clientY) / 2;
        pinch = {box: box, d0: distance(e.touches), d: distance(e.touches),
                 at: fraction(box, mx, my)};
      } else if (e.touches.length === 1) {
        box.ttTouch = {x: e.touches[0].clientX, y: e.touches[0].clientY, t: Date.now(),
                       moved: false};
      }
    } else if (e.type === 'touchmove') {
      if (pinch && e.touches.length === 2) pinch.d = distance(e.touches);
      var t0 = box.ttTouch;
      if (t0 && e.touches.length === 1 &&
          Math.hypot(e.touches[0].clientX - t0.x, e.touches[0].clientY - t0.y) > 10) {
        t0.moved = true;
      }
    } else if (e.type === 'touchend' && e.touches.length === 0) {
      if (pinch) {
        var ratio = pinch.d / pinch.d0;
        pinch.box.ttPinch = pinch.at;
        if (ratio > 1.25) press(pinch.box, 'in');
        else if (ratio < 0.8) press(pinch.box, 'out');
        pinch.box.ttPinch = null;
        pinch = null;
        lastTap = null;
        return;
      }
      var t1 = box.ttTouch;
      box.ttTouch = null;
      if (!t1 || t1.moved || Date.now() - t1.t > 500) { lastTap = null; return; }
      // Two taps on the same spot of the map (not merely of the screen: the box may have
      // scrolled between them).
      var now = Date.now(), at = fraction(box, t1.x, t1.y);
      var width = box.querySelector('canvas').getBoundingClientRect().width;
      if (lastTap && lastTap.box === box && now - lastTap.t < 350 &&
          Math.abs(at[0] - lastTap.at[0]) * width < 30 &&
          Math.abs(at[1] - lastTap.at[1]) * width < 30) {
        box.ttPinch = at;
        press(box, 'in');
        box.ttPinch = null;
        lastTap = null;
      } else {
        lastTap = {box: box, at: at, t: now};
      }
    }
  };
  ['touchstart', 'touchmove', 'touchend', 'touchcancel', 'wheel', 'keydown', 'keyup',
   'keypress'].forEach(function (type) {
    document.addEventListener(type, stop, {capture: true, passive: true});
  });
  // ipycanvas focuses its canvas on mousedown; focusing first without scrolling keeps a
  // zoomed box where it is (a plain focus() may scroll the canvas's corner into view).
  document.addEventListener('mousedown', function (e) {
    var box = inMap(e);
    if (!box) return;
    lastPoint.set(box, fraction(box, e.clientX, e.clientY));
    var canvas = box.querySelector('canvas');
    if (canvas && document.activeElement !== canvas) canvas.focus({preventScroll: true});
  }, true);
})();
"""


def zoom_text(key: str, lang: str = "en") -> str:
    """The zoom control's text ``key`` in ``lang``."""
    return ZOOM_TEXTS[key].render(lang)


def page_script() -> str:
    """:data:`MAP_JS` as run by the page: comment lines dropped, the newlines kept (so no
    statement runs into the next)."""
    lines = [line.strip() for line in MAP_JS.splitlines()]
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def map_page_glue() -> widgets.HTML:
    """The map's style sheet and page script as one HTML widget (harmless if shown twice)."""
    script = html.escape(page_script(), quote=True)
    return widgets.HTML(
        f'<style>{MAP_CSS}</style><img alt="" src="data:," style="display:none" onerror="{script}">'
    )


class AfricaMapView(widgets.VBox):
    """The map canvas with zoom buttons and a details line; redraws from its model whenever a
    page connects."""

    def __init__(self, model: MapModel | None = None) -> None:
        width = model.width if model else MAP_WIDTH
        self.canvas = MultiCanvas(4, width=width, height=model.height if model else width)
        self.canvas.add_class("tt-map")
        self.box = widgets.Box([self.canvas])
        self.box.add_class("tt-map-box")
        self.box.layout.align_items = "flex-start"
        self.box.layout.flex = "0 0 auto"
        self.zoom: float | None = None  # None: the whole map, as wide as the page allows
        self.zoom_in_button = widgets.Button(description="+")
        self.zoom_out_button = widgets.Button(description="−")
        self.zoom_fit_button = widgets.Button()
        self.zoom_level = widgets.HTML()
        for button, name in (
            (self.zoom_out_button, "out"),
            (self.zoom_in_button, "in"),
            (self.zoom_fit_button, "fit"),
        ):
            button.add_class(f"tt-map-zoom-{name}")
        self.zoom_level.add_class("tt-map-zoom-level")
        self.zoom_in_button.on_click(lambda _b: self.zoom_in())
        self.zoom_out_button.on_click(lambda _b: self.zoom_out())
        self.zoom_fit_button.on_click(lambda _b: self.zoom_fit())
        self.controls = widgets.HBox(
            [
                self.zoom_out_button,
                self.zoom_in_button,
                self.zoom_fit_button,
                self.zoom_level,
            ]
        )
        self.controls.add_class("tt-map-zoom")
        self.controls.layout.flex = "0 0 auto"
        self.details = widgets.HTML()
        self.details.add_class("tt-map-details")
        self.note = widgets.HTML()
        # The group's photo under the map: offered only when the board's drawing names a photo
        # the store has (see set_photo), off until a player turns it on.
        self.photo_switch = widgets.Checkbox(value=False, indent=False)
        self.photo_switch.add_class("tt-map-photo")
        self.photo_switch.layout.display = "none"
        self.photo_switch.observe(lambda _c: self._redraw(), names="value")
        self._photo: tuple[str, bytes] | None = None
        # The same model as a table, for screen readers: the canvas is closed to them.
        self.text_view = MapTextView()
        self._photo_image: tuple[tuple[str, int, int], widgets.Image] | None = None
        self.model: MapModel | None = None
        self.hovered: str | None = None
        self.draw_count = 0
        self._lang = model.lang if model else "en"
        # Commands sent before a page shows the canvas are lost (e.g. while Voila executes the
        # notebook), so drawing waits for the first page to say it is ready.
        self.client_ready = False
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_move(self._on_move)
        self.canvas.on_mouse_down(self._on_click)
        # Without the page script, touch screens send no mouse events to the canvas
        # (ipycanvas cancels the touch), so the first finger selects here.
        self.canvas.on_touch_start(self._on_touch)
        super().__init__(
            [
                map_page_glue(),
                self.note,
                self.controls,
                self.photo_switch,
                self.text_view,
                self.box,
                self.details,
            ]
        )
        self.add_class("tt-map-view")
        # Beside the report where the row has room, under it where not; never wider than the
        # drawing, and a long details line wraps instead of widening the column.
        self.layout.flex = "1 1 20em"
        self.layout.min_width = "0"
        self.layout.max_width = f"{width}px"
        self.details.layout.min_height = "3.6em"
        self._show_zoom()
        if model is not None:
            self.set_model(model)

    def set_model(self, model: MapModel) -> None:
        """Show ``model`` (drawn at once if a page is connected, else when one connects)."""
        self.model = model
        if (self.canvas.width, self.canvas.height) != (model.width, model.height):
            self.canvas.width = model.width
            self.canvas.height = model.height
            self.layout.max_width = f"{model.width}px"
        self._lang = model.lang
        self.note.value = (
            f'<span class="tt-msg-warn">{t("no_geometry", model.lang)}</span>'
            if model.fallback
            else ""
        )
        self.details.value = _wrapping(t("map_details_hint", model.lang))
        self.hovered = None
        self._show_zoom()
        self._show_photo_switch()
        self.text_view.show(model)
        self._redraw()

    # --- the group's photo --------------------------------------------------------------------

    def set_photo(self, photo: tuple[str, bytes] | None) -> None:
        """Offer the photo the board was traced on, as (SHA-256, JPEG or PNG bytes), under the
        map; None offers none (the switch is hidden). Shown from the next :meth:`set_model` on
        (called first, a new board's photo never lies under the old board's shapes); another
        photo turns the switch off."""
        if photo == self._photo:
            return
        self._photo = photo
        self._photo_image = None
        self.photo_switch.value = False
        self._show_photo_switch()

    def _show_photo_switch(self) -> None:
        model = self.model
        offered = self._photo is not None and model is not None and model.frame is not None
        self.photo_switch.layout.display = None if offered else "none"
        self.photo_switch.description = zoom_text("photo_switch", self._lang)

    def photo_image(self) -> widgets.Image | None:
        """The photo scaled to the drawing's box as an image widget, when the switch is on and
        the photo can be read (made once per photo and size); else None."""
        model = self.model
        if not self.photo_switch.value or self._photo is None or model is None:
            return None
        if model.frame is None:
            return None
        sha256, data = self._photo
        key = (sha256, round(model.frame[2]), round(model.frame[3]))
        if self._photo_image is None or self._photo_image[0] != key:
            scaled = scaled_photo(sha256, data, key[1], key[2])
            if scaled is None:
                return None
            self._photo_image = (key, widgets.Image(value=scaled, format="jpeg"))
        return self._photo_image[1]

    # --- zoom ---------------------------------------------------------------------------------

    def zoom_in(self) -> None:
        """The next larger zoom level (from "fit": 100 %, names at their drawn size)."""
        larger = [z for z in ZOOM_LEVELS if self.zoom is None or z > self.zoom + 1e-9]
        self.set_zoom(larger[0] if larger else self.zoom)

    def zoom_out(self) -> None:
        """The next smaller zoom level; below the smallest, the whole map ("fit")."""
        if self.zoom is None:
            return
        smaller = [z for z in ZOOM_LEVELS if z < self.zoom - 1e-9]
        self.set_zoom(smaller[-1] if smaller else None)

    def zoom_fit(self) -> None:
        """The whole map, as wide as the page allows."""
        self.set_zoom(None)

    def set_zoom(self, zoom: float | None) -> None:
        """Show the canvas at ``zoom`` screen pixels per canvas pixel (None: fit the page)."""
        if zoom is not None and not zoom > 0:
            raise ValueError(f"a zoom is a positive number, not {zoom!r}")
        self.zoom = zoom
        self._show_zoom()

    def _show_zoom(self) -> None:
        width = self.canvas.width
        if self.zoom is None:
            # Shown 1:1 where the page has room, scaled down (keeping its shape) where not.
            self.canvas.layout.width = "100%"
            self.canvas.layout.max_width = f"{width}px"
            self.box.layout.overflow = None
            self.box.layout.max_height = None
            self.box.remove_class("tt-map-zoomed")
        else:
            self.canvas.layout.width = f"{round(width * self.zoom)}px"
            self.canvas.layout.max_width = "none"
            self.box.layout.overflow = "auto"
            self.box.layout.max_height = ZOOM_BOX_HEIGHT
            self.box.add_class("tt-map-zoomed")
        lang = self._lang
        self.zoom_in_button.tooltip = zoom_text("zoom_in", lang)
        self.zoom_out_button.tooltip = zoom_text("zoom_out", lang)
        self.zoom_fit_button.description = zoom_text("zoom_fit", lang)
        self.zoom_fit_button.tooltip = zoom_text("zoom_fit_tip", lang)
        self.zoom_in_button.disabled = self.zoom is not None and self.zoom >= ZOOM_LEVELS[-1]
        self.zoom_out_button.disabled = self.zoom is None
        self.zoom_fit_button.disabled = self.zoom is None
        self.zoom_level.value = html.escape(
            zoom_text("zoom_fit_level", lang)
            if self.zoom is None
            else f"{round(self.zoom * 100)}\u00a0%"
        )

    # --- drawing and pointing -----------------------------------------------------------------

    def _on_client_ready(self) -> None:
        self.client_ready = True
        self._redraw()

    def _redraw(self) -> None:
        if self.model is None or not self.client_ready:
            return
        photo = self.photo_image()
        if photo is None:
            draw(self.canvas, self.model)
        else:
            draw(self.canvas, self.model, photo)
        self.draw_count += 1

    def show_details(self, name: str | None) -> None:
        """Highlight territory ``name`` and describe it (None clears)."""
        if self.model is None or name == self.hovered:
            return
        self.hovered = name
        if self.client_ready:
            draw_hover(self.canvas, self.model, name)
        self.details.value = _wrapping(
            describe(self.model, name) if name else t("map_details_hint", self.model.lang)
        )

    def _on_move(self, x: float, y: float) -> None:
        if self.model is not None:
            name = self.model.territory_at(x, y)
            if name is not None:
                self.show_details(name)

    def _on_click(self, x: float, y: float) -> None:
        if self.model is not None:
            self.show_details(self.model.territory_at(x, y))

    def _on_touch(self, touches: list[tuple[float, float]]) -> None:
        # The first finger selects, as a click would; more fingers (a pinch) change nothing.
        if len(touches) == 1:
            self._on_click(*touches[0])


def _wrapping(text: str) -> str:
    """``text`` as HTML that wraps within the map's width."""
    return f'<div style="white-space: normal">{html.escape(text)}</div>'
