"""Reading what the user names: a puzzle file, standard input, inline text, an encoding.

Reading is bounded in size and in time: a file larger than `MAX_INPUT_BYTES` (more than
any puzzle within the size limits needs) is refused by its size before it is read, and
standard input is read in chunks up to the same bound, stopping at the run's deadline.
Only regular files (and standard input) are read: a FIFO, a device (`/dev/zero`) or a
socket is refused with a message before it is opened, since opening or reading it may
never end. Problems are `InputError`s (exit 2), one line naming the file.
"""

from __future__ import annotations

import errno
import os
import re
import select
import stat
import sys
import time
from pathlib import Path

from .errors import InputError

# The largest puzzle the size limits allow is a few hundred kilobytes of text (a board of
# 200x200 numbers, 20,000 bytes as hex); 16 MiB leaves room for comments and padding.
MAX_INPUT_BYTES = 16 * 2**20
# What can only be a mistyped file name, never puzzle text given inline (compiled on first
# use: only an inline argument is matched against it).
_FILE_NAME = r"(?i)[\w./\\-]+\.(txt|csv|non|text|lp)"
_KINDS = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket",
          stat.S_IFDIR: "a directory"}


class ReadTimeout(Exception):
    """The deadline passed while standard input was still being read."""


class MissingFile(InputError):
    """A puzzle file that does not exist (the command adds where shipped ones are)."""


def read_input(argument: str, inline: bool, deadline: float | None = None,
               limit: int = MAX_INPUT_BYTES) -> tuple[str, str]:
    """The puzzle text and its name for messages: a file, stdin, or inline text.

    `inline`: the puzzle's format is one line, so an argument naming no file is the text.
    """
    if argument == "-":
        return _decode(read_stdin(deadline, limit), "<stdin>"), "<stdin>"
    if not argument.strip():
        raise InputError("<argument>", "empty: give a puzzle file"
                         + (" or the puzzle text" if inline else ""))
    try:
        status = os.stat(argument)
    except (OSError, ValueError) as err:
        code = getattr(err, "errno", None)
        if code == errno.ELOOP:
            raise InputError(_shortened(argument), "a loop of symbolic links") from None
        if code in (errno.EACCES, errno.EPERM):
            why = getattr(err, "strerror", None) or err
            raise InputError(_shortened(argument), f"cannot be read: {why}") from None
        if inline and (code not in (errno.ENOENT, errno.ENOTDIR)
                       or not re.fullmatch(_FILE_NAME, argument)):
            return argument, "<argument>"  # no file by that name: the puzzle text itself
        if code in (errno.ENOENT, errno.ENOTDIR):
            raise MissingFile(argument, "no such file") from None
        why = getattr(err, "strerror", None) or err  # a name too long to be a file, say
        raise InputError(_shortened(argument), f"no such file ({why})") from None
    if stat.S_ISDIR(status.st_mode):
        raise InputError(argument, "is a directory, not a puzzle file")
    check_regular(argument, status, limit)
    return _decode(read_file(argument, limit), argument), argument


def check_regular(name: str, status: os.stat_result, limit: int) -> None:
    """Refuse what is not a regular file, or is larger than `limit` bytes, before opening it."""
    if not stat.S_ISREG(status.st_mode):
        kind = _KINDS.get(stat.S_IFMT(status.st_mode), "not a regular file")
        raise InputError(name, f"is {kind}, not a regular file (give a file, or - to read "
                         "standard input)")
    if status.st_size > limit:
        raise InputError(name, f"{status.st_size:,} bytes is larger than any puzzle "
                         f"({limit:,} bytes at most)")


def read_file(name: str, limit: int) -> bytes:
    """At most `limit` bytes of a regular file (it may have grown since it was checked)."""
    try:
        with open(name, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise InputError(name, f"cannot be read: {err.strerror}") from None
    if len(data) > limit:
        raise InputError(name, f"larger than any puzzle ({limit:,} bytes at most)")
    return data


def read_stdin(deadline: float | None, limit: int) -> bytes:
    """Standard input up to its end, at most `limit` bytes, before the deadline."""
    stream = sys.stdin.buffer
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests, embedding)
        data = stream.read(limit + 1)
    else:
        data = _read_fd(fd, deadline, limit)
    if len(data) > limit:
        raise InputError("<stdin>", f"larger than any puzzle ({limit:,} bytes at most)")
    return data


def _read_fd(fd: int, deadline: float | None, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise ReadTimeout
        try:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
        except OSError as err:
            raise InputError("<stdin>", f"cannot be read: {err.strerror}") from None
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def check_encoding(path: Path, limit: int = MAX_INPUT_BYTES) -> None:
    """An encoding file clingo can load without hanging: an existing regular file. A path
    that names none is bad usage (exit 2), named, like a missing puzzle file."""
    try:
        status = os.stat(path)
    except OSError as err:
        problem = "a loop of symbolic links" if err.errno == errno.ELOOP else (
            "no such encoding file" if err.errno == errno.ENOENT
            else f"cannot be read: {err.strerror}")
        raise InputError(str(path), problem) from None
    if stat.S_ISDIR(status.st_mode):  # clingo would read a directory as an empty program
        raise InputError(str(path), "is a directory, not an encoding file")
    check_regular(str(path), status, limit)


def _shortened(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else f"{text[:limit]}..."


def _decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(source, f"not UTF-8 text (byte {err.start})") from None


def read_text(path: str | Path) -> str:
    """A puzzle file's (or an encoding's) whole text, or an InputError naming it: the API's
    reading, without the command's bounds."""
    try:
        return Path(path).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise InputError(str(path), "no such file") from None
    except UnicodeDecodeError as err:
        raise InputError(str(path), f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise InputError(str(path), f"cannot be read: {err.strerror}") from None
