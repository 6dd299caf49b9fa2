"""Shared CSS for the dashboards: big readable fonts and unmistakable colours.

Injected once per page through an HTML widget (no files, no network).
"""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

CSS = """
.tt-app { font-size: 17px; }
/* A description kept for screen readers only (the menu's <label>), off the screen: a menu whose
   row already shows what it is for still needs a name of its own. */
.tt-sr-label > .widget-label {
  position: absolute !important; width: 1px !important; min-width: 0 !important;
  height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  margin: 0 !important; padding: 0 !important;
}
.tt-app .widget-label, .tt-app .widget-button, .tt-app .widget-dropdown select,
.tt-app .widget-select select, .tt-app .widget-upload,
.tt-app .widget-text input, .tt-app .widget-textarea textarea, .tt-app .widget-toggle-button,
.tt-app .widget-radio-box label, .tt-app .widget-checkbox label, .tt-app .widget-html-content,
.tt-app .lm-TabBar-tab, .tt-app .widget-inline-hbox .widget-label {
  font-size: 17px;
}
.tt-app .widget-button, .tt-app .widget-toggle-button { height: auto; min-height: 34px; }
/* Coloured buttons dark enough for their white words (4.5:1 at least, WCAG AA): ipywidgets'
   own colours give 2.2:1 (warning) to 3.7:1 (danger). On every page that takes this style
   (the class pages are not .tt-app): "body" outweighs ipywidgets' own rule. */
body .jupyter-button.mod-primary { background-color: #1565c0; color: #fff; }
body .jupyter-button.mod-success { background-color: #2e7d32; color: #fff; }
body .jupyter-button.mod-info { background-color: #00695c; color: #fff; }
body .jupyter-button.mod-warning { background-color: #a84300; color: #fff; }
body .jupyter-button.mod-danger { background-color: #c62828; color: #fff; }
.tt-app .jupyter-widget-Collapse-header,
.tt-app .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab { color: #212121; }
/* Whole words: buttons, tab titles and descriptions grow with their text (French is longer). */
.tt-app .jupyter-button { width: auto; min-width: 8em; padding: 2px 14px; }
.tt-app .widget-tab > .lm-TabBar .lm-TabBar-tab {
  flex: 0 0 auto !important; max-width: none !important; min-width: 6em;
}
.tt-app .widget-inline-hbox > .widget-label {
  width: auto; min-width: 0; max-width: none; padding-right: 8px;
}
.tt-app .widget-dropdown select { height: 34px; }
.tt-app .widget-textarea textarea { font-family: monospace; font-size: 16px; }
.tt-app h1 { font-size: 28px; margin: 4px 0; }
.tt-app h2 { font-size: 22px; margin: 8px 0 4px 0; }
.tt-app h3 { font-size: 19px; margin: 6px 0 2px 0; }
.tt-app table.tt-table { border-collapse: collapse; margin: 4px 0 10px 0; }
.tt-app table.tt-table td, .tt-app table.tt-table th {
  border: 1px solid #bbb; padding: 4px 10px; text-align: left; font-size: 17px;
}
.tt-app table.tt-table th { background: #eee; }
.tt-app .tt-remove-row td { background: #ffe5e5; }
.tt-app .tt-place-row td { background: #e5f7e8; }
.tt-app .tt-msg-error { color: #b00020; font-weight: bold; }
.tt-app .tt-msg-ok { color: #1b5e20; }
.tt-app .tt-msg-warn { color: #8a4b00; }
.tt-app .tt-banner {
  background: #263238; color: #fff; padding: 10px 16px; font-size: 22px; border-radius: 6px;
}
.tt-app .tt-year { font-size: 26px; font-weight: bold; }
.tt-app .tt-rel-alliance button, .tt-app button.tt-rel-alliance {
  background: #2e7d32; color: #fff; font-weight: bold;
}
.tt-app .tt-rel-war button, .tt-app button.tt-rel-war {
  background: #c62828; color: #fff; font-weight: bold;
}
.tt-app .tt-grid-head { font-weight: bold; }
/* Grid cells shrink to their words; a grid still too wide scrolls instead of being cut. */
.tt-app .tt-diplomacy { overflow-x: auto; }
.tt-app .tt-diplomacy .jupyter-button { min-width: 0; width: 100%; padding: 2px 4px; }
.tt-app .tt-grid-head .widget-html-content { line-height: 1.3; }
.tt-app .tt-grid-head .tt-power { white-space: normal; overflow-wrap: anywhere; }
.tt-digits { font-family: monospace; font-size: 180px; font-weight: bold; line-height: 1.1; }
.tt-digits-running { color: #1b5e20; }
.tt-digits-idle { color: #263238; }
.tt-digits-done { color: #b00020; }
.tt-timer-message { font-size: 28px; color: #b00020; font-weight: bold; }
.tt-app .tt-checks li { margin: 2px 0; }
/* A presence's name on the same line as its menus. */
.tt-app .tt-row { align-items: center; }
.tt-app .tt-row .widget-html-content { line-height: 34px; }
/* Typed text can be one very long word: break it rather than run out of sight. */
.tt-app .widget-html-content li, .tt-app .widget-html-content p,
.tt-app table.tt-table td, .tt-app table.tt-table code { overflow-wrap: anywhere; }
.tt-app .tt-power { white-space: nowrap; }

/* ---- Any screen: laptop 1366 px, tablet 1024 px, phone 360-390 px. Nothing is wider than the
   window; a part wider than its box (a table, the diplomacy grid) scrolls inside that box. */
.tt-app { max-width: 100%; box-sizing: border-box; }
.tt-app .widget-vbox, .tt-app .widget-hbox, .tt-app .widget-box, .tt-app .widget-inline-hbox {
  min-width: 0; max-width: 100%;
}
/* On the Africa page every row of widgets wraps when the window is too narrow for it. */
.tt-africa .widget-hbox { flex-wrap: wrap; }
/* Tabs wrap onto another line instead of running off the screen. */
.tt-app .widget-tab > .lm-TabBar > .lm-TabBar-content { flex-wrap: wrap; }
.tt-app .widget-tab > .lm-TabBar .lm-TabBar-tab { margin-bottom: 2px; }
.tt-app .widget-tab > .lm-TabBar .lm-TabBar-tabLabel { overflow: visible; text-overflow: clip; }
/* Buttons keep every word: a long label wraps onto a second line rather than being cut. */
.tt-app .jupyter-button, .tt-app .widget-toggle-button {
  white-space: normal; overflow-wrap: anywhere; text-overflow: clip; overflow: visible;
  line-height: 1.25; padding-top: 5px; padding-bottom: 5px; max-width: 100%; flex-shrink: 0;
}
.tt-app .widget-toggle-buttons, .tt-app .widget-toggle-buttons > div {
  display: flex; flex-wrap: wrap; max-width: 100%;
}
.tt-app .tt-wrap { flex-wrap: wrap; }
/* An upload button says its name only (ipywidgets adds the number of files: "(0)"). Its
   name is in its tooltip (the title attribute), which is drawn instead of the text. */
.tt-app .tt-upload { font-size: 0 !important; width: auto !important; min-width: 0; }
.tt-app .tt-upload::after { content: attr(title); font-size: 17px; }
.tt-app .tt-upload i.fa { font-size: 17px; margin-right: 6px; }
/* Tables and the report scroll inside their box instead of being cut on the right. */
.tt-app .tt-scroll-x, .tt-app .tt-report-box, .tt-app .tt-scores { overflow-x: auto; }
.tt-app .tt-report-box .widget-html-content, .tt-app .tt-scores .widget-html-content {
  white-space: normal;
}
/* The diplomacy grid scrolls inside itself, each row keeping its power's name in view. */
.tt-app .tt-diplomacy { max-width: 100%; }
.tt-app .tt-grid-rowhead { position: sticky; left: 0; z-index: 1; background: #fff; }
/* A row's name keeps its column (the first, "auto", shrank to nothing on a phone and the names
   ran over the first column's buttons): on a phone a name wraps between its words instead. */
.tt-app .tt-diplomacy > .tt-grid-rowhead { min-width: min-content; padding-right: 4px; }
.tt-app .tt-grid-rowhead .widget-html-content { white-space: normal; line-height: 1.25; }
.tt-app .tt-grid-rowhead .tt-power { white-space: normal; overflow-wrap: normal; }
/* The resolution tab: the report beside the map; under 900 px the map comes first, above it. */
.tt-app .tt-result { flex-flow: row nowrap; align-items: flex-start; gap: 12px; }
/* !important: the map sets its own flex and width on the widget (inline styles). */
.tt-app .tt-report-col { flex: 1 1 40% !important; min-width: 0; }
.tt-app .tt-map-col { flex: 1 1 58% !important; min-width: 0; }
.tt-app .tt-map-col .widget-html-content { white-space: normal; overflow-wrap: anywhere; }
@media (max-width: 900px) {
  .tt-app .tt-result { flex-flow: column nowrap; align-items: stretch; }
  .tt-app .tt-map-col { order: -1; }
  .tt-app .tt-report-col, .tt-app .tt-map-col { flex: 0 0 auto !important; width: 100%; }
}
@media (max-width: 600px) {
  .tt-app, .tt-app .widget-label, .tt-app .widget-button, .tt-app .widget-html-content,
  .tt-app .lm-TabBar-tab, .tt-app table.tt-table td, .tt-app table.tt-table th { font-size: 16px; }
  .tt-app .jupyter-button { min-width: 0; padding-left: 10px; padding-right: 10px; }
  .tt-app h1 { font-size: 22px; }
  .tt-app .tt-year { font-size: 20px; }
  .tt-app table.tt-table td, .tt-app table.tt-table th { padding: 3px 6px; }
  /* Narrow frames around the tabs' contents: the width goes to the map and the tables. */
  .tt-app .widget-tab > .widget-tab-contents { padding: 6px 3px; }
  /* Voila's frame around the page (40 px of a 360 px phone) goes to the page. */
  body.jp-Notebook #rendered_cells { padding: 4px 2px; }
  body.jp-Notebook .jp-Notebook-cell { padding: 0; }
  body.jp-Notebook .jp-OutputArea-output { margin-left: 0; }
}
"""


def style_widget() -> widgets.HTML:
    """An HTML widget carrying the dashboards' CSS."""
    html = widgets.HTML(f"<style>{CSS}</style>")
    html.add_class("tt-style")
    return html
