"""Writing a file so that a reader sees the old bytes or the new, never a mix.

Every file manorkit writes goes through :func:`atomic_write_bytes`: the bytes go to a
temporary file in the same folder, are flushed and synced to disk, and the temporary file
then replaces the target in one step (``os.replace``). If anything fails, the old file is
left as it was and the temporary file is removed. :func:`replace_folder` does the same for a
whole folder.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

_generation = 0


def generation() -> int:
    """How many atomic writes this process has finished: the rules loader re-checks its
    folders when this changes."""
    return _generation


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; a new file gets the usual permissions, an
    existing one keeps its own."""
    global _generation
    target = Path(path)
    while True:
        temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if target.exists():
            os.chmod(temp, target.stat().st_mode & 0o7777)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)
    _generation += 1


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically (written as given: no newline translation)."""
    atomic_write_bytes(path, text.encode(encoding))


def _sync_folder(folder: Path) -> None:
    """Make the replacement itself durable (POSIX; a no-op where folders cannot be opened)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_folder(target: str | os.PathLike, files: Mapping[str, bytes],
                   check: Callable[[Path], object] | None = None) -> Path:
    """Replace the folder ``target`` with one holding ``files`` (path inside → bytes).

    The files are written (and synced) into a new hidden folder beside ``target``;
    ``check(new_folder)`` may then refuse it by raising. Only then does the new folder
    take ``target``'s place: the old one is renamed aside, the new one renamed in, the old
    one removed. If anything fails, the new folder is removed and ``target`` is as it was.
    """
    global _generation
    target = Path(target).absolute()
    target.parent.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(4)
    temp = target.with_name(f".{target.name}.{token}.tmp")
    temp.mkdir()
    try:
        for rel, data in files.items():
            path = temp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_synced(path, data)
        if check is not None:
            check(temp)
        if target.exists():
            old = target.with_name(f".{target.name}.{token}.old")
            os.replace(target, old)
            try:
                os.replace(temp, target)
            except BaseException:
                os.replace(old, target)
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(temp, target)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    _sync_folder(target.parent)
    _generation += 1
    return target


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "xb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
