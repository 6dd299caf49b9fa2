"""Bounded reads of regular files: no folder, device or FIFO is read, nor more than a limit."""

from __future__ import annotations

import os
import stat

from tabletop.fileio.messages import FileFormatError, readable_size


def read_bytes(
    path: str | os.PathLike[str], max_bytes: int, kind: str = "file", folder: str = "a file"
) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``FileFormatError`` otherwise.

    Only for paths given by the person running the program (command line, server configuration):
    the messages say whether the path exists. The file is opened without blocking and checked
    with ``fstat`` before anything is read, so a FIFO, a device (``/dev/zero``) or a folder is
    refused at once; a file larger than the limit is refused before reading, and at most
    ``max_bytes + 1`` bytes are ever read (a file growing meanwhile is still caught).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(os.fspath(path), flags)
    except FileNotFoundError:
        raise FileFormatError.of_file(path, "no such file") from None
    except IsADirectoryError:
        raise FileFormatError.of_file(path, f"is a folder, not {folder}") from None
    except OSError as error:
        raise FileFormatError.of_file(path, f"cannot be read ({error.strerror})") from None
    except (ValueError, TypeError):  # a NUL byte in the path
        raise FileFormatError.of_file(path, "not a usable file name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileFormatError.of_file(path, f"is a folder, not {folder}")
        if not stat.S_ISREG(info.st_mode):
            raise FileFormatError.of_file(path, "not a regular file (a device, pipe or socket)")
        if info.st_size > max_bytes:
            raise FileFormatError.of_file(
                path, f"too large for {kind} (more than {readable_size(max_bytes)})"
            )
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise FileFormatError.of_file(path, f"cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise FileFormatError.of_file(
            path, f"too large for {kind} (more than {readable_size(max_bytes)})"
        )
    return data


def read_text(
    path: str | os.PathLike[str], max_bytes: int, kind: str = "file", folder: str = "a file"
) -> str:
    """Read a UTF-8 text file of at most ``max_bytes``; ``FileFormatError`` (one line) otherwise.

    ``kind`` names the file in the size refusal ("an order sheet file"), ``folder`` what a
    folder was expected to be ("an orders file"). See :func:`read_bytes` for what is refused.
    """
    data = read_bytes(path, max_bytes, kind, folder)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileFormatError.of_file(path, "not a text file (not UTF-8)") from None
