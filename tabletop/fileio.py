"""Safe file helpers shared by the games: atomic writes and JSON reads with one-line errors.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> atomic_write_text(path, '{"a": 1}')
>>> read_json(path)
{'a': 1}
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any


class FileFormatError(ValueError):
    """A file that is missing, unreadable, not JSON, or not the kind of file expected.

    The message is one line for people and names the file.
    """


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that readers see either the old or the new file.

    The text goes to a temporary file in the same folder, is flushed to disk, then renamed over
    ``path`` (``os.replace`` is atomic on one file system). Missing parent folders are created.
    The file keeps the permissions of the file it replaces (a new one follows the umask); a
    read-only file is not replaced (``PermissionError``).
    """
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
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
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


#: Far above any real game file (a finished six-power game is well under 1 MB); a bigger file is
#: refused before it is read, so a wrong path to a huge file never fills the memory.
MAX_JSON_BYTES = 32 * 1024 * 1024


def read_text(
    path: str | os.PathLike[str], max_bytes: int, kind: str = "file", folder: str = "a file"
) -> str:
    """Read a UTF-8 text file of at most ``max_bytes``; ``FileFormatError`` (one line) otherwise.

    ``kind`` names the file in the size refusal ("an order sheet file"), ``folder`` what a
    folder was expected to be ("an orders file").
    """
    target = Path(path)
    try:
        with open(target, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise FileFormatError(f"{target}: no such file") from None
    except IsADirectoryError:
        raise FileFormatError(f"{target}: is a folder, not {folder}") from None
    except OSError as error:
        raise FileFormatError(f"{target}: cannot be read ({error.strerror})") from None
    if len(data) > max_bytes:
        raise FileFormatError(
            f"{target}: too large for {kind} (more than {max_bytes // (1024 * 1024)} MB)"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileFormatError(f"{target}: not a text file (not UTF-8)") from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file; raises ``FileFormatError`` with one clear line on any problem."""
    target = Path(path)
    text = read_text(target, MAX_JSON_BYTES, "a game file")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise FileFormatError(
            f"{target}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
