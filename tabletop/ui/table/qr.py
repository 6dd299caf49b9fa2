"""QR codes of the join links, drawn in the kernel as inline SVG (``segno``; no network).

>>> qr_svg("http://192.168.1.5:8866/voila/render/seat.ipynb?table=1&token=x").startswith("<svg")
True
"""

from __future__ import annotations

import segno  # type: ignore[import-untyped]

__all__ = ["qr_svg"]


def qr_svg(url: str, scale: int = 4) -> str:
    """The QR code of ``url`` as an ``<svg>`` element (medium error correction)."""
    return str(segno.make(url, error="m").svg_inline(scale=scale, border=2))
