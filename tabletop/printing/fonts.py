"""The font the sheets are printed in: a Unicode TrueType font, embedded in every PDF."""

from __future__ import annotations

import os
from pathlib import Path

#: Debian's fonts-dejavu-core (free license: Bitstream Vera and public-domain changes).
DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
DEFAULT_REGULAR = DEJAVU_DIR / "DejaVuSans.ttf"
DEFAULT_BOLD = DEJAVU_DIR / "DejaVuSans-Bold.ttf"
#: A TTF file to use instead (its bold is the same file unless ``$TABLETOP_FONT_BOLD`` is set).
FONT_ENV = "TABLETOP_FONT"
FONT_BOLD_ENV = "TABLETOP_FONT_BOLD"


class FontMissing(RuntimeError):
    """No usable font file: the message is one line that says what to install."""


def font_files() -> tuple[Path, Path]:
    """The regular and bold TTF files to embed; :class:`FontMissing` when there are none."""
    chosen = os.environ.get(FONT_ENV)
    if chosen:
        regular = Path(chosen)
        bold = Path(os.environ.get(FONT_BOLD_ENV) or chosen)
        for path in (regular, bold):
            if not path.is_file():
                raise FontMissing(f"the font file {path} (set by ${FONT_ENV}) does not exist")
        return regular, bold
    if not DEFAULT_REGULAR.is_file():
        raise FontMissing(
            f"the font DejaVu Sans is missing ({DEFAULT_REGULAR}): install Debian's "
            f"fonts-dejavu-core or set ${FONT_ENV} to a TTF file"
        )
    bold = DEFAULT_BOLD if DEFAULT_BOLD.is_file() else DEFAULT_REGULAR
    return DEFAULT_REGULAR, bold
