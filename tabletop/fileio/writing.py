"""Atomic writes: a file is replaced whole or not at all, with the permissions a new file gets."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tabletop.fileio.messages import FileFormatError, shown_path


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that readers see either the old or the new file.

    The text goes to a temporary file in the same folder, is flushed to disk, then renamed over
    ``path`` (``os.replace`` is atomic on one file system). Missing parent folders are created.
    The file keeps the permissions of the file it replaces (a new one follows the umask); a
    read-only file is not replaced (``PermissionError``). Text that cannot be written as UTF-8
    (a lone surrogate) is refused with :class:`FileFormatError` before any file is touched.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        # The error's own message would quote the whole text (a whole game): say where only.
        raise FileFormatError(
            f"{shown_path(path)}: cannot be saved: the text holds a character that is not "
            f"valid Unicode (a lone surrogate at character {error.start})"
        ) from None
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    # The rename would replace a write-protected file (only the folder's permission counts);
    # someone who made their game file read-only means it to stay as it is.
    if target.is_file() and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, "the file is read-only", str(target))
    mode = _mode_for(target)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes a private (0600) file; the rename would pass that on to the game file.
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    # Make the rename itself durable where the platform allows syncing a folder.
    try:
        dir_fd = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _mode_for(target: Path) -> int:
    """The permissions the written file should have: those of the file it replaces, if any,
    else the usual ones for a new file (0666 less the process umask)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask, read without changing it where Linux allows (os.umask sets it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def atomic_write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as indented UTF-8 JSON, atomically (see ``atomic_write_text``)."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
