"""The Massai page's style sheet (one ``<style>`` element given to the page frame).

Sized for a laptop (1366 × 768: the board fits under the prompt without scrolling), a tablet
(1024 × 768) and a phone (360–430 px wide: one column, nothing wider than the screen but the
board, whose squares keep a finger's size and which scrolls sideways in its own box). Button
texts wrap instead of being cut, in every language.
"""

from __future__ import annotations

MASSAI_CSS = """
.tt-massai-prompt { font-size: 22px; font-weight: bold; padding: 10px 14px; border-radius: 6px;
  background: #fff3e0; border: 2px solid #ef6c00; line-height: 1.35; overflow-wrap: anywhere; }
.tt-massai-prompt.tt-secret { background: #263238; color: #fff; border-color: #000; }
.tt-massai-message { font-size: 19px; line-height: 1.35; overflow-wrap: anywhere; }
.tt-massai-status { font-size: 19px; }
/* The newest action stays in sight: a reversed column keeps the box scrolled to its end. */
.tt-massai-history { font-size: 17px; max-height: 360px; overflow-y: auto;
  display: flex; flex-direction: column-reverse; }
.tt-massai-board { cursor: pointer; border: 1px solid #8d6e3f; touch-action: manipulation;
  flex: 0 0 auto; }
/* A phone narrower than the board at a finger's squares: the board scrolls sideways in its
   box (a thin bar where the browser draws one), and a shadow on its right edge and the cut
   column say there is more. */
.tt-massai-board-box { scrollbar-width: thin; scrollbar-color: #8d6e3f #f3e9d2;
  position: relative; }
@media (max-width: 440px) {
  .tt-massai-board-box::after { content: ""; position: sticky; right: 0; flex: 0 0 14px;
    margin-left: -14px; pointer-events: none;
    background: linear-gradient(to right, rgba(62, 39, 35, 0), rgba(62, 39, 35, 0.35)); }
}
.tt-massai-app .widget-button { margin: 4px 10px 4px 0; max-width: 100%; white-space: normal;
  height: auto; min-height: 40px; line-height: 1.2; padding: 6px 12px; }
.tt-massai-app .widget-button .widget-label, .tt-massai-app .widget-button span {
  white-space: normal; overflow: visible; text-overflow: clip; }
.tt-massai-app .widget-toggle-button { width: auto; min-width: max-content; padding: 0 10px; }
.tt-massai-app .widget-toggle-buttons .widget-toggle-button { margin: 2px; }
.tt-massai-app .widget-toggle-buttons { flex-wrap: wrap; max-width: 100%; }
.tt-massai-app h1 { font-size: 28px; margin: 6px 0; overflow-wrap: anywhere; }
.tt-massai-left { flex: 2 1 420px; min-width: 0; }
.tt-massai-right { flex: 1 1 280px; min-width: 0; padding: 0 0 0 12px; }
.tt-massai-handover .widget-button { font-size: 20px; min-height: 48px; }
.tt-massai-locked { font-size: 26px; color: #1b5e20; font-weight: bold; }
.tt-massai-teacher-note { font-size: 17px; color: #555; }
.tt-massai-phones-link { font-size: 18px; font-weight: bold; }
.tt-massai-app .widget-text, .tt-massai-app .widget-dropdown { max-width: 100%; }
@media (max-width: 700px) {
  .tt-massai-right { padding: 0; }
  .tt-massai-app h1 { font-size: 22px; }
  .tt-massai-prompt { font-size: 18px; padding: 8px 10px; }
  .tt-massai-message, .tt-massai-status { font-size: 17px; }
}
"""
