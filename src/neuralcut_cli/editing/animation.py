"""Keyframe animations through edits: evaluate, cut in two, clamp, copy.

The rule every edit keeps: **an element looks the same after the edit as
before, at every moment it still covers.** So when a split falls between two
keys, both pieces get a boundary key with the value at the cut (a bezier
segment is subdivided with de Casteljau, so its curve is unchanged); when a
piece would have no key of its own, it gets two, at its ends, with the values
it showed. Shortening an element keeps the part that stays; a later trim
start drops the part that goes and shifts the rest; a copy gets new key ids.

Times are element-local ticks. A binding's components (r, g, b, a of a
colour) share key ids and times; the operations here work binding by binding
so they stay in step.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from neuralcut_cli.project.animation import (
    Animations,
    Binding,
    Channel,
    DiscreteChannel,
    DiscreteKey,
    Extrapolation,
    Handle,
    ScalarChannel,
    ScalarKey,
)

NewId = Callable[[], str]
_BISECTIONS = 40  # the curve parameter of a bezier segment, found to ~1e-12 of the span


# -- evaluation ------------------------------------------------------------------------------------


def value_at(channel: ScalarChannel, t: float) -> float | None:
    """The channel's value at element-local time ``t`` (None when it has no keys)."""
    keys = channel.keys
    if not keys:
        return None
    extrapolation = channel.extrapolation or Extrapolation()
    if t <= keys[0].time:
        if extrapolation.before == "linear" and len(keys) > 1 and t < keys[0].time:
            return keys[0].value + (t - keys[0].time) * _slope(keys[0], keys[1])
        return keys[0].value
    if t >= keys[-1].time:
        if extrapolation.after == "linear" and len(keys) > 1 and t > keys[-1].time:
            return keys[-1].value + (t - keys[-1].time) * _slope(keys[-2], keys[-1])
        return keys[-1].value
    index = bisect_right([key.time for key in keys], t) - 1
    return _segment_value(keys[index], keys[index + 1], t)


def discrete_at(channel: DiscreteChannel, t: float) -> bool | str | None:
    """The value of the last key at or before ``t`` (None before the first: the static value shows)."""
    active = [key for key in channel.keys if key.time <= t]
    return active[-1].value if active else None


def _slope(a: ScalarKey, b: ScalarKey) -> float:
    return (b.value - a.value) / (b.time - a.time) if b.time != a.time else 0.0


def _segment_value(left: ScalarKey, right: ScalarKey, t: float) -> float:
    if left.segment_to_next == "step" or right.time == left.time:
        return left.value
    if left.segment_to_next == "linear":
        return left.value + (t - left.time) * _slope(left, right)
    points = _controls(left, right)
    return _cubic([p[1] for p in points], _parameter(points, t))


def _controls(left: ScalarKey, right: ScalarKey) -> list[tuple[float, float]]:
    """The four control points (time, value) of a bezier segment, handles defaulted and clamped as OpenCut does."""
    span = max(1, right.time - left.time)
    delta = right.value - left.value
    out = left.right_handle or Handle(dt=span / 3, dv=delta / 3)
    into = right.left_handle or Handle(dt=-span / 3, dv=-delta / 3)
    out_dt = min(max(out.dt, 0), span)
    into_dt = min(max(into.dt, -span), 0)
    return [
        (left.time, left.value),
        (left.time + out_dt, left.value + out.dv),
        (right.time + into_dt, right.value + into.dv),
        (right.time, right.value),
    ]


def _cubic(p: list[float], u: float) -> float:
    v = 1 - u
    return v * v * v * p[0] + 3 * v * v * u * p[1] + 3 * v * u * u * p[2] + u * u * u * p[3]


def _parameter(points: list[tuple[float, float]], t: float) -> float:
    """The curve parameter whose time is ``t`` (the time cubic is monotonic with clamped handles)."""
    times = [p[0] for p in points]
    low, high = 0.0, 1.0
    for _ in range(_BISECTIONS):
        middle = (low + high) / 2
        if _cubic(times, middle) < t:
            low = middle
        else:
            high = middle
    return (low + high) / 2


# -- cutting ---------------------------------------------------------------------------------------


def cut(
    animations: Animations | None, t: int, length: int, new_id: NewId
) -> tuple[Animations | None, Animations | None]:
    """The animations of the two pieces of an element of ``length`` ticks cut at local time ``t``.

    The right piece's times start at 0, and all its key ids are new.
    """
    if animations is None:
        return None, None
    left: dict[str, Channel] = {}
    right: dict[str, Channel] = {}
    for binding in animations.bindings.values():
        boundary = (new_id(), new_id(), new_id(), new_id())
        renamed: dict[str, str] = {}
        for component in binding.components:
            channel = animations.channels[component.channel_id]
            a, b = _cut_channel(channel, t, length, boundary)
            left[component.channel_id] = a
            right[component.channel_id] = _renamed(b, renamed, new_id)
    return _tidy(animations.bindings, left), _tidy(animations.bindings, right)


def clamp(animations: Animations | None, length: int, new_id: NewId) -> Animations | None:
    """The animations of an element shortened to ``length`` ticks: the part that stays."""
    if animations is None or not _any_key_after(animations, length):
        return animations
    return cut(animations, length, max(length, _last_time(animations)) + 1, new_id)[0]


def drop_front(animations: Animations | None, dt: int, length: int, new_id: NewId) -> Animations | None:
    """The animations of an element whose first ``dt`` ticks go (its start trimmed later by ``dt``)."""
    if animations is None or dt <= 0:
        return animations
    return cut(animations, dt, length, new_id)[1]


def shift(animations: Animations | None, dt: int) -> Animations | None:
    """Every key ``dt`` ticks later (an element that grew by ``dt`` at its front)."""
    if animations is None or dt == 0:
        return animations
    channels: dict[str, Channel] = {}
    for channel_id, channel in animations.channels.items():
        keys = tuple(key.model_copy(update={"time": key.time + dt}) for key in channel.keys)
        channels[channel_id] = channel.model_copy(update={"keys": keys})
    return animations.model_copy(update={"channels": channels})


def with_new_ids(animations: Animations | None, new_id: NewId) -> Animations | None:
    """A copy whose keys have new ids (components of a binding keep sharing theirs)."""
    if animations is None:
        return None
    channels = dict(animations.channels)
    for binding in animations.bindings.values():
        renamed: dict[str, str] = {}
        for component in binding.components:
            channels[component.channel_id] = _renamed(channels[component.channel_id], renamed, new_id)
    return animations.model_copy(update={"channels": channels})


def _cut_channel(channel: Channel, t: int, length: int, ids: tuple[str, ...]) -> tuple[Channel, Channel]:
    if isinstance(channel, DiscreteChannel):
        return _cut_discrete(channel, t, ids)
    keys = list(channel.keys)
    if not keys:
        return channel, channel
    if t < keys[0].time or t > keys[-1].time:  # outside the keys: the empty side gets its two ends
        ends = (0, t) if t < keys[0].time else (t, length)
        edge = [
            _plain(ids[0], ends[0], value_at(channel, ends[0])),
            _plain(ids[1], ends[1], value_at(channel, ends[1])),
        ]
        left, right = (edge, keys) if t < keys[0].time else (keys, edge)
    elif any(key.time == t for key in keys):
        left, right = [k for k in keys if k.time <= t], [k for k in keys if k.time >= t]
    else:
        index = bisect_right([key.time for key in keys], t) - 1
        before, after = _boundary(keys[index], keys[index + 1], t, ids)
        left, right = [*keys[:index], *before], [*after, *keys[index + 2 :]]
    left, right = _pinned(channel, left, right, length, ids)
    return channel.model_copy(update={"keys": tuple(left)}), channel.model_copy(
        update={"keys": tuple(_shifted(right, -t))}
    )


def _pinned(
    channel: ScalarChannel, left: list[ScalarKey], right: list[ScalarKey], length: int, ids: tuple[str, ...]
) -> tuple[list[ScalarKey], list[ScalarKey]]:
    """Where a piece relied on linear extrapolation from keys it lost, a key at its end holds the line."""
    extrapolation = channel.extrapolation or Extrapolation()
    if extrapolation.before == "linear" and left[0].time > 0:
        left = [_plain(ids[2], 0, value_at(channel, 0)), *left]
    if extrapolation.after == "linear" and right[-1].time < length:
        last = right[-1].model_copy(update={"segment_to_next": "linear"})
        right = [*right[:-1], last, _plain(ids[3], length, value_at(channel, length))]
    return left, right


def _boundary(
    left: ScalarKey, right: ScalarKey, t: int, ids: tuple[str, ...]
) -> tuple[tuple[ScalarKey, ScalarKey], tuple[ScalarKey, ScalarKey]]:
    """``((left, boundary), (boundary, right))``: the segment left→right cut at ``t``."""
    if left.segment_to_next != "bezier":
        value = _segment_value(left, right, t)
        closing = ScalarKey(id=ids[0], time=t, value=value, segment_to_next=left.segment_to_next)
        opening = ScalarKey(id=ids[1], time=t, value=value, segment_to_next=left.segment_to_next)
        return (left, closing), (opening, right)
    p = _controls(left, right)
    u = _parameter(p, t)
    a, b, c = _lerp(p[0], p[1], u), _lerp(p[1], p[2], u), _lerp(p[2], p[3], u)
    d, e = _lerp(a, b, u), _lerp(b, c, u)
    f = _lerp(d, e, u)
    value = f[1]
    new_left = left.model_copy(update={"right_handle": Handle(dt=a[0] - p[0][0], dv=a[1] - p[0][1])})
    closing = ScalarKey(
        id=ids[0],
        time=t,
        value=value,
        segment_to_next="bezier",
        tangent_mode="broken",
        left_handle=Handle(dt=d[0] - f[0], dv=d[1] - value),
    )
    opening = ScalarKey(
        id=ids[1],
        time=t,
        value=value,
        segment_to_next="bezier",
        tangent_mode="broken",
        right_handle=Handle(dt=e[0] - f[0], dv=e[1] - value),
    )
    new_right = right.model_copy(update={"left_handle": Handle(dt=c[0] - p[3][0], dv=c[1] - p[3][1])})
    return (new_left, closing), (opening, new_right)


def _cut_discrete(channel: DiscreteChannel, t: int, ids: tuple[str, ...]) -> tuple[Channel, Channel]:
    left = [key for key in channel.keys if key.time <= t]
    right = [key for key in channel.keys if key.time >= t]
    if left and (not right or right[0].time != t):  # what shows at the cut carries on into the right piece
        right = [DiscreteKey(id=ids[1], time=t, value=left[-1].value), *right]
    return channel.model_copy(update={"keys": tuple(left)}), channel.model_copy(
        update={"keys": tuple(_shifted(right, -t))}
    )


def _plain(key_id: str, time: int, value: float | None) -> ScalarKey:
    return ScalarKey(id=key_id, time=time, value=value if value is not None else 0, segment_to_next="linear")


def _lerp(p: tuple[float, float], q: tuple[float, float], u: float) -> tuple[float, float]:
    return p[0] + (q[0] - p[0]) * u, p[1] + (q[1] - p[1]) * u


def _shifted(keys: list, dt: int) -> list:  # type: ignore[type-arg]
    return [key.model_copy(update={"time": key.time + dt}) for key in keys]


def _renamed(channel: Channel, renamed: dict[str, str], new_id: NewId) -> Channel:
    keys = []
    for key in channel.keys:
        renamed.setdefault(key.id, new_id())
        keys.append(key.model_copy(update={"id": renamed[key.id]}))
    return channel.model_copy(update={"keys": tuple(keys)})


def _tidy(bindings: dict[str, Binding], channels: dict[str, Channel]) -> Animations | None:
    """Bindings with keys left, and their channels; None when nothing is animated any more."""
    kept = {path: b for path, b in bindings.items() if any(channels[c.channel_id].keys for c in b.components)}
    if not kept:
        return None
    used = {c.channel_id for b in kept.values() for c in b.components}
    return Animations(bindings=kept, channels={cid: ch for cid, ch in channels.items() if cid in used})


def _any_key_after(animations: Animations, t: int) -> bool:
    return any(key.time > t for channel in animations.channels.values() for key in channel.keys)


def _last_time(animations: Animations) -> int:
    return max((key.time for channel in animations.channels.values() for key in channel.keys), default=0)


def excise(animations: Animations | None, a: int, b: int, length: int, new_id: NewId) -> Animations | None:
    """The animations of an element of ``length`` ticks whose local ``[a, b)`` is taken out, what followed
    moving back to ``a`` (a removal inside an element that stays whole): each side looks as it did."""
    if animations is None or b <= a:
        return animations
    if a <= 0:
        return drop_front(animations, b, length, new_id)
    if b >= length:
        return clamp(animations, a, new_id)
    left, _ = cut(animations, a, length, new_id)
    _, right = cut(animations, b, length, new_id)
    channels: dict[str, Channel] = {}
    for channel_id in animations.channels:
        before = left.channels.get(channel_id) if left else None
        after = right.channels.get(channel_id) if right else None
        later = [key.model_copy(update={"time": key.time + a}) for key in (after.keys if after else ())]
        joined = [key for key in (before.keys if before else ()) if not later or key.time < a] + later
        template = before or after
        if template is not None:
            channels[channel_id] = template.model_copy(update={"keys": tuple(joined)})
    return _tidy(
        animations.bindings,
        {cid: channels.get(cid, ch.model_copy(update={"keys": ()})) for cid, ch in animations.channels.items()},
    )
