"""What the seat page and the shared screen share: the query string, the store, the texts'
translator, the phone-first CSS and the one-line refusal.

The query string comes from Voilà: with preheated kernels the notebook runs before anybody asks
for it, so :func:`read_query` first waits for the request there
(:func:`tabletop.serving.wait_for_voila_request`), then reads ``QUERY_STRING`` from the
environment.

>>> parse_query("table=3&token=abc&lang=fr")
{'table': '3', 'token': 'abc', 'lang': 'fr'}
>>> parse_query("table=3&table=4")
{'table': '3'}
"""

from __future__ import annotations

import os
from datetime import datetime
from urllib.parse import parse_qs

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.i18n import Translator, available_languages, translator
from tabletop.serving import wait_for_voila_request
from tabletop.ui.shell.html import esc

__all__ = [
    "PHONE_CSS",
    "clock_time",
    "lang_of",
    "parse_query",
    "read_query",
    "refusal",
    "tr",
]

#: The longest query value read (a token is 32 characters; anything longer is not one).
MAX_VALUE = 200


def parse_query(query: str) -> dict[str, str]:
    """The first value of each name in ``query`` (values cut to :data:`MAX_VALUE`)."""
    found = parse_qs(query or "", keep_blank_values=False, max_num_fields=20)
    return {name: values[0][:MAX_VALUE] for name, values in found.items() if values}


def read_query() -> dict[str, str]:
    """The page's query string (Voilà's request; empty outside Voilà).

    A preheated kernel first waits for its request (:func:`tabletop.serving.wait_for_voila_request`:
    without Voilà's own helper, which brings Jupyter's server into every page's kernel)."""
    wait_for_voila_request()
    return parse_query(os.environ.get("QUERY_STRING", ""))


def lang_of(query: dict[str, str]) -> str:
    """The page's language from ``?lang=`` (English when absent or unknown)."""
    lang = query.get("lang", "en")
    return lang if lang in available_languages() else "en"


def tr(lang: str) -> Translator:
    """The translator of the seat and table pages' texts."""
    return translator(lang if lang in available_languages() else "en")


def clock_time(moment: datetime | None) -> str:
    """``HH:MM`` of ``moment`` in this machine's time zone ("" for None)."""
    return "" if moment is None else moment.astimezone().strftime("%H:%M")


def refusal(text: str) -> widgets.HTML:
    """The whole page when the link does not open the table: one clear line, no traceback."""
    box = widgets.HTML(f'<p class="tt-refusal tt-msg-error">⛔ {esc(text)}</p>')
    box.add_class("tt-refusal-box")
    return box


# Phone first: one column, big targets, nothing wider than the screen (360 px and up).
PHONE_CSS = """
.tt-seat-page, .tt-table-page { max-width: 100vw; overflow-x: hidden; box-sizing: border-box; }
.tt-seat-page { padding: 4px; }
.tt-seat-page .widget-button, .tt-table-page .widget-button { min-height: 48px; font-size: 18px; }
.tt-seat-page .widget-dropdown select { min-height: 44px; font-size: 17px; }
.tt-seat-page .widget-dropdown, .tt-seat-page .widget-text, .tt-seat-page .widget-textarea {
  max-width: 100%;
}
.tt-seat-page .tt-row { flex-flow: row wrap !important; align-items: stretch !important;
  height: auto !important; margin-bottom: 6px; }
.tt-seat-page .tt-row > .widget-html { width: 100% !important; flex: 0 0 100% !important; }
.tt-seat-page .tt-row .widget-html-content { line-height: 1.4 !important; }
.tt-seat-page .tt-row > .widget-dropdown { width: calc(50% - 6px) !important;
  flex: 1 1 40% !important; height: auto !important; }
.tt-seat-page .widget-dropdown { height: auto !important; }
.tt-seat-page .tt-sheet > .widget-hbox { flex-flow: column !important; }
.tt-seat-page .tt-sheet .widget-vbox { flex: 1 1 auto !important; max-width: 100%; }
.tt-seat-page .tt-landing { width: 100% !important; }
.tt-seat-page .widget-textarea textarea { font-size: 16px; }
.tt-seat-page .tt-seal { width: 100%; font-weight: bold; }
.tt-seat-page .tt-relations .jupyter-button { min-width: 0; }
.tt-seat-page canvas { max-width: 100% !important; height: auto !important; }
.tt-seat-page .tt-map-view { max-width: 100%; }
.tt-sealed-state { font-size: 18px; }
.tt-own-results { background: #fff8e1; border: 2px solid #f9a825; border-radius: 6px;
  padding: 4px 10px; margin: 6px 0; }
.tt-refusal { font-size: 20px; padding: 12px; }
.tt-square .jupyter-button, .tt-square.jupyter-button { min-width: 0 !important; padding: 0;
  margin: 0; }
/* The Massai grid: squares of a finger's size; on a phone too narrow for them it scrolls
   sideways inside its own box (a thin bar shows it). */
.tt-massai-grid { max-width: 100%; overflow-x: auto; scrollbar-width: thin;
  padding-bottom: 2px; }
.tt-massai-grid .tt-massai-coord { align-self: center; text-align: center; color: #3e2723;
  font-size: 16px; min-width: 0; }
.tt-massai-grid .tt-massai-coord .widget-html-content { line-height: 1.2; }
.tt-qr svg { width: 180px; height: 180px; }
.tt-seat-card { border: 1px solid #bbb; border-radius: 8px; padding: 6px 10px; margin: 4px;
  flex: 1 1 300px; max-width: 100%; }
.tt-seat-link { overflow-wrap: anywhere; font-size: 13px; }
.tt-code { font-family: monospace; font-size: 26px; letter-spacing: 3px; font-weight: bold; }
.tt-status-sealed { color: #1b5e20; font-weight: bold; }
.tt-status-waiting { color: #8a4b00; font-weight: bold; }
"""
