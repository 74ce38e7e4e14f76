"""Every sample timeline that OpenTimelineIO and its three adapters ship (issue 24 §11): each is imported,
or refused with a message that names the file and says why; never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import invoke
from paths import FIXTURES

SAMPLES = FIXTURES / "otio_samples" / "all"
FILES = sorted(p for p in SAMPLES.rglob("*") if p.suffix in (".otio", ".edl", ".xml", ".fcpxml"))
#: Refused, and why: files made to fail, or saved by a newer OpenTimelineIO than the one installed.
REFUSED = {
    "dissolve_test_fail.edl": "not a timeline the cmx_3600 adapter can read",
    "timecode_mismatch.edl": "reads at none of 30, 25, 24",
    "premiere_example_filter.xml": "No top-level sequences found",
    "fcpx_clips.fcpxml": "but no timeline",
    "premiere_example.otio": "unsupported schema version",
    "screening_example.otio": "unsupported schema version",
}


def test_every_sample_is_here() -> None:
    assert len(FILES) == 46 and set(REFUSED) <= {p.name for p in FILES}


@pytest.mark.parametrize("sample", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_sample_imports_or_is_refused_clearly(sample: Path, tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    done = invoke("import-timeline", sample, "-o", out, "--json")
    said = done.stdout + done.stderr
    assert "internal error" not in said.lower() and "Traceback" not in said
    if sample.name in REFUSED:
        assert done.returncode == 1 and not out.exists()
        assert sample.name in said and REFUSED[sample.name] in said, said
        return
    assert done.returncode == 0, said
    report = json.loads(done.stdout)
    assert invoke("timeline", "-p", out, "--json").returncode == 0  # what was written loads
    assert report["elements"] + len(report["unsupported"]) > 0 or sample.name == "sample_just_track.xml"


def test_a_clip_that_leaves_its_range_to_its_media_keeps_it(tmp_path: Path) -> None:
    done = invoke("import-timeline", SAMPLES / "otio" / "simple_cut.otio", "-o", tmp_path / "p.json", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["elements"] == 4


def test_an_edl_without_a_rate_is_read_at_the_one_that_fits(tmp_path: Path) -> None:
    done = invoke("import-timeline", SAMPLES / "cmx3600" / "25fps.edl", "-o", tmp_path / "p.json", "--json")
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["fps"] == 25
    assert any("read at 25 fps, where its source and record lengths agree" in note for note in report["unsupported"])
