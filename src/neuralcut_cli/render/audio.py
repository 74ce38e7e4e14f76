"""Audio speed for retimed clips: ``atempo`` keeps the pitch, resampling does not."""

from __future__ import annotations

from neuralcut_cli.render.filtergraph import Filter, f, seconds


def speed_filters(rate: float, keep_pitch: bool) -> list[Filter]:
    """Filters that play audio ``rate`` times as fast (none at 1x).

    ``atempo`` takes factors from 0.5 to 2 at its best quality, so other
    rates are a product of such steps (4x = 2 x 2; 0.25x = 0.5 x 0.5).
    Without pitch kept, the samples are relabelled at ``48000 x rate`` and
    resampled: faster and higher, like tape.
    """
    if rate == 1:
        return []
    if not keep_pitch:
        return [f("asetrate", r=round(48000 * rate)), f("aresample", osr=48000)]
    steps: list[Filter] = []
    left = rate
    while left > 2:
        steps.append(f("atempo", tempo=2))
        left /= 2
    while left < 0.5:
        steps.append(f("atempo", tempo=0.5))
        left /= 0.5
    steps.append(f("atempo", tempo=seconds(left)))
    return steps
