"""Placeholder: its owner replaces this module with the real sub-commands."""

from __future__ import annotations


def register(*subparsers: object) -> None:
    return None
