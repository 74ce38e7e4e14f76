"""Where a program is going, and how loud it must be there: integrated loudness (LUFS) and the true-peak ceiling
(dBTP) each platform asks for (their published delivery specifications)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    name: str  # what a person calls it
    lufs: float
    true_peak: float


PLATFORMS: dict[str, Target] = {
    "youtube": Target("YouTube", -14, -1),
    "spotify": Target("Spotify", -14, -1),
    "tiktok": Target("TikTok", -14, -1),
    "instagram": Target("Instagram", -14, -1),
    "podcast": Target("podcasts (Apple)", -16, -1),
    "broadcast": Target("broadcast (EBU R128)", -23, -1),
    "atsc": Target("US broadcast (ATSC A/85)", -24, -2),
}
DEFAULT_PLATFORM = "youtube"
