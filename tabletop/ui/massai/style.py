"""The Massai page's style sheet (one ``<style>`` element given to the page frame)."""

from __future__ import annotations

MASSAI_CSS = """
.tt-massai-prompt { font-size: 22px; font-weight: bold; padding: 10px 14px; border-radius: 6px;
  background: #fff3e0; border: 2px solid #ef6c00; line-height: 1.35; }
.tt-massai-prompt.tt-secret { background: #263238; color: #fff; border-color: #000; }
.tt-massai-message { font-size: 19px; line-height: 1.35; }
.tt-massai-status { font-size: 19px; }
.tt-massai-history { font-size: 17px; max-height: 360px; overflow-y: auto; }
.tt-massai-board { cursor: pointer; border: 1px solid #8d6e3f; }
.tt-massai-app .widget-button { margin: 4px 10px 4px 0; }
.tt-massai-locked { font-size: 26px; color: #1b5e20; font-weight: bold; }
.tt-massai-teacher-note { font-size: 17px; color: #555; }
"""
