"""tabletop: a table-side assistant for board games with simultaneous secret orders."""

__version__ = "0.1.0"
