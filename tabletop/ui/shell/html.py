"""Small HTML helpers shared by the pages: escaping, the colon's spacing, plain tables.

>>> esc("<b>")
'&lt;b&gt;'
>>> colon("fr")
' : '
>>> html_table(["A"], [["1"]])
'<table class="tt-table"><tr><th>A</th></tr><tr class=""><td>1</td></tr></table>'
"""

from __future__ import annotations

import html
from collections.abc import Sequence


def esc(value: object) -> str:
    """``value`` as text safe inside HTML."""
    return html.escape(str(value))


def colon(lang: str) -> str:
    """A colon and its spacing: French puts a space before it."""
    return " : " if lang == "fr" else ": "


def html_table(headers: Sequence[str], rows: Sequence[Sequence[str]], row_class: str = "") -> str:
    """A ``tt-table`` of already escaped cells (headers and rows are HTML)."""
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join(
        f'<tr class="{row_class}">' + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
        for row in rows
    )
    return f'<table class="tt-table"><tr>{head}</tr>{body}</table>'
