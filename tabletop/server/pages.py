"""The few pages the server answers itself, without starting a kernel: a refusal, "busy, try
again", and the form where a phone types a table's or a class's number and code.

Plain HTML with its own small style (no script, nothing fetched from elsewhere), readable on a
phone at arm's length.

>>> "Try again" in busy_page("The server is busy.", 15)
True
>>> 'name="table"' in code_form("seat.ipynb", ("table", "token"))
True
"""

from __future__ import annotations

from html import escape

__all__ = ["busy_page", "code_form", "refusal_page"]

_STYLE = """
body{font-family:system-ui,sans-serif;font-size:1.25rem;line-height:1.5;margin:0;padding:1.5rem;
color:#1a1a1a;background:#fafafa}
main{max-width:34rem;margin:auto}
h1{font-size:1.6rem}
label{display:block;margin-top:1rem;font-weight:600}
input{font-size:1.4rem;padding:.5rem;width:100%;box-sizing:border-box;border:2px solid #555;
border-radius:.4rem}
button{margin-top:1.2rem;font-size:1.3rem;padding:.6rem 1.4rem;border-radius:.4rem;border:0;
background:#1f5fbf;color:#fff;min-height:48px}
.why{border-left:6px solid #b3261e;padding:.2rem .8rem;background:#fff}
"""


def _page(title: str, body: str, refresh: float | None = None) -> str:
    again = f'<meta http-equiv="refresh" content="{int(refresh)}">' if refresh else ""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{again}<title>{escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body><main><h1>{escape(title)}</h1>{body}</main></body></html>"
    )


def refusal_page(message: str) -> str:
    """A page that does not open for this visitor, and why."""
    return _page("This page does not open", f'<p class="why" role="alert">{escape(message)}</p>')


def busy_page(message: str, retry_after: float) -> str:
    """The server or this device is at its cap of open pages; the page tries again by itself."""
    body = (
        f'<p class="why" role="status">{escape(message)}</p>'
        f"<p>Try again in {int(retry_after)} s: this page reloads by itself.</p>"
    )
    return _page("The server is busy", body, refresh=retry_after)


_FORMS = {
    "seat.ipynb": ("Open your seat", "Table number", "Seat code"),
    "student.ipynb": ("Join the class", "Class number", "Class code"),
}


def code_form(notebook: str, fields: tuple[str, str], message: str = "") -> str:
    """The form that opens ``notebook`` with a number and a code typed by hand."""
    title, number_label, code_label = _FORMS[notebook]
    number, code = fields
    why = f'<p class="why" role="alert">{escape(message)}</p>' if message else ""
    body = (
        f'{why}<form method="get" action="{escape(notebook)}">'
        f'<label for="n">{escape(number_label)}</label>'
        f'<input id="n" name="{escape(number)}" inputmode="numeric" pattern="[0-9]*" required>'
        f'<label for="c">{escape(code_label)}</label>'
        f'<input id="c" name="{escape(code)}" autocapitalize="characters" autocomplete="off" '
        "required>"
        f'<button type="submit">{escape(title)}</button></form>'
    )
    return _page(title, body)
