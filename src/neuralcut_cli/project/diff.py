"""Reversible patches between two project trees.

Project trees are immutable, so an edit shares every untouched object with
the tree it came from. ``diff`` walks both trees and only descends where the
objects differ by identity: a split that touches 3 of 20 000 elements costs
a few comparisons per track plus the JSON of those 3 elements, never a copy
of the project.

A patch is JSON. Leaves are ``[before, after]`` where each side is ``[]``
(absent) or ``[value]``; an element that changed records only the fields
that changed. Lists of objects with ids (scenes, media assets, tracks,
elements) are patched by id: ``{"items": {id: patch}}`` plus, when membership
changed, where ids left and arrived (``{"del": [[index, id]...], "ins":
[[index, id]...]}``), or both full id lists when the order itself changed. ``apply`` walks a patch forwards (redo) or backwards (undo) and
refuses with ``PatchConflict`` when the current tree is not what the patch
expects, rather than guessing.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter

from neuralcut_cli.errors import PatchConflict
from neuralcut_cli.project.elements import Element, ElementBase
from neuralcut_cli.project.model import MediaAsset, Project, Scene
from neuralcut_cli.project.tracks import SceneTracks, Track, TrackBase

Patch = dict[str, Any]
_ID_LISTS = {"scenes", "media_assets", "overlay", "audio", "elements"}
_ITEM_TYPE = {"scenes": Scene, "media_assets": MediaAsset, "overlay": Track, "audio": Track, "elements": Element}


def _structured(value: Any) -> bool:
    return isinstance(value, (Project, Scene, SceneTracks, TrackBase, ElementBase))


def _side(model: BaseModel, name: str) -> list[Any]:
    if name in model.model_fields_set:
        return [getattr(model, name)]
    return []


def _as_json(value: Any) -> Any:
    """``value`` as the project file holds it: what ``model_dump(mode="json", by_alias=True, exclude_unset=True)``
    gives, walked here from the fields rather than by the model's own serializer. The project's models build
    their schemas on first use, and dumping one element would build its class's whole schema (three new pieces
    of a split cost ~25 ms) for a few dozen values; the models hold only JSON values, tuples and models (no
    custom serializers; ``tests/project/test_diff_json.py`` holds every model to ``model_dump``)."""
    if isinstance(value, BaseModel):
        fields, present = type(value).model_fields, value.model_fields_set
        out = {
            info.serialization_alias or info.alias or name: _as_json(value.__dict__[name])
            for name, info in fields.items()
            if name in present
        }
        out.update((key, _as_json(extra)) for key, extra in (value.__pydantic_extra__ or {}).items())
        return out
    if isinstance(value, (tuple, list)):
        return [_as_json(v) for v in value]
    if isinstance(value, dict):
        return {key: _as_json(v) for key, v in value.items()}
    return value


def diff(old: BaseModel, new: BaseModel) -> Patch | None:
    """The patch that turns ``old`` into ``new``, or ``None`` when equal."""
    if old is new:
        return None
    if type(old) is not type(new) or not _structured(old):
        return _leaf(old, new)
    fields: Patch = {}
    old_values, new_values = old.__dict__, new.__dict__
    old_set, new_set = old.model_fields_set, new.model_fields_set
    extras = sorted(set(old.model_extra or {}) | set(new.model_extra or {}))
    for name in [*type(old).model_fields, *extras]:
        present = (name in old_set, name in new_set)
        before: Any = old_values.get(name, (old.model_extra or {}).get(name))
        after: Any = new_values.get(name, (new.model_extra or {}).get(name))
        if before is after and present[0] == present[1]:
            continue
        if not any(present):
            continue
        if name in _ID_LISTS and all(present):
            change = _diff_list(before, after)
        elif all(present) and _structured(before):
            change = diff(before, after)
        else:
            change = _leaf_sides([before] if present[0] else [], [after] if present[1] else [])
        if change is not None:
            fields[name] = change
    return {"fields": fields} if fields else None


def _leaf(old: Any, new: Any) -> Patch | None:
    return _leaf_sides([old], [new])


def _leaf_sides(before: list[Any], after: list[Any]) -> Patch | None:
    b = [_as_json(v) for v in before]
    a = [_as_json(v) for v in after]
    return None if a == b else {"leaf": [b, a]}


def _diff_list(old: tuple[Any, ...], new: tuple[Any, ...]) -> Patch | None:
    if old == () and new == ():
        return None
    old_by_id = {item.id: item for item in old}
    new_by_id = {item.id: item for item in new}
    items: Patch = {}
    for item_id, item in old_by_id.items():
        other = new_by_id.get(item_id)
        if other is None:
            items[item_id] = {"leaf": [[_as_json(item)], []]}
        elif other is not item:
            change = diff(item, other)
            if change is not None:
                items[item_id] = change
    for item_id, item in new_by_id.items():
        if item_id not in old_by_id:
            items[item_id] = {"leaf": [[], [_as_json(item)]]}
    patch: Patch = _order_patch(list(old_by_id), list(new_by_id), old_by_id, new_by_id)
    if items:
        patch["items"] = items
    return {"list": patch} if patch else None


def _order_patch(old_ids: list[str], new_ids: list[str], old_by_id: dict[str, Any], new_by_id: dict[str, Any]) -> Patch:
    """Where ids left and arrived, or both full lists if survivors were reordered."""
    if old_ids == new_ids:
        return {}
    kept_old = [i for i in old_ids if i in new_by_id]
    kept_new = [i for i in new_ids if i in old_by_id]
    if kept_old != kept_new:
        return {"ids": [old_ids, new_ids]}
    return {
        "del": [[n, i] for n, i in enumerate(old_ids) if i not in new_by_id],
        "ins": [[n, i] for n, i in enumerate(new_ids) if i not in old_by_id],
    }


def _reorder(ids: list[str], patch: Patch, forward: bool, name: str) -> list[str]:
    """The id order after applying an order patch (forwards or backwards)."""
    if "ids" in patch:
        src, dst = (0, 1) if forward else (1, 0)
        if ids != patch["ids"][src]:
            raise PatchConflict(f"the {name} changed since this step was recorded")
        return list(patch["ids"][dst])
    leaving, arriving = (
        (patch.get("del", []), patch.get("ins", [])) if forward else (patch.get("ins", []), patch.get("del", []))
    )
    gone = {i for _, i in leaving}
    if not gone <= set(ids) or any(i in ids for _, i in arriving if i not in gone):
        raise PatchConflict(f"the {name} changed since this step was recorded")
    order = [i for i in ids if i not in gone]
    for index, item_id in arriving:
        order.insert(index, item_id)
    return order


def apply(tree: BaseModel, patch: Patch, forward: bool) -> BaseModel:
    """Apply ``patch`` to ``tree`` (forwards for redo, backwards for undo)."""
    src, dst = (0, 1) if forward else (1, 0)
    if "leaf" in patch:
        expected, target = patch["leaf"][src], patch["leaf"][dst]
        if [_as_json(tree)] != expected:
            raise PatchConflict("the project changed since this step was recorded")
        revived: BaseModel = _revive(type(tree), target[0])
        return revived
    updates: dict[str, Any] = {}
    unset: list[str] = []
    for name, change in patch["fields"].items():
        current = _side(tree, name)
        if "leaf" in change:
            expected, target = change["leaf"][src], change["leaf"][dst]
            if [_as_json(v) for v in current] != expected:
                raise PatchConflict(f"'{name}' changed since this step was recorded")
            if target:
                updates[name] = _revive_field(type(tree), name, target[0])
            else:
                unset.append(name)
        elif "list" in change:
            updates[name] = _apply_list(name, current[0] if current else (), change["list"], forward)
        else:
            if not current:
                raise PatchConflict(f"'{name}' is missing")
            updates[name] = apply(current[0], change, forward)
    result = tree.model_copy(update=updates)
    if unset:
        defaults = {n: type(tree).model_fields[n].get_default(call_default_factory=True) for n in unset}
        result = result.model_copy(update=defaults)
        object.__setattr__(result, "__pydantic_fields_set__", result.model_fields_set - set(unset))
    return result


def _apply_list(name: str, current: tuple[Any, ...], patch: Patch, forward: bool) -> tuple[Any, ...]:
    src, dst = (0, 1) if forward else (1, 0)
    by_id = {item.id: item for item in current}
    order = _reorder(list(by_id), patch, forward, name)
    for item_id, change in patch.get("items", {}).items():
        if "leaf" in change:
            expected, target = change["leaf"][src], change["leaf"][dst]
            actual = [_as_json(by_id[item_id])] if item_id in by_id else []
            if actual != expected:
                raise PatchConflict(f"{item_id} changed since this step was recorded")
            if target:
                by_id[item_id] = _revive(_ITEM_TYPE[name], target[0])
            else:
                by_id.pop(item_id, None)
        else:
            if item_id not in by_id:
                raise PatchConflict(f"{item_id} is missing")
            by_id[item_id] = apply(by_id[item_id], change, forward)
    return tuple(by_id[item_id] for item_id in order)


@cache
def _adapter(annotation: Any) -> TypeAdapter[Any]:
    return TypeAdapter(annotation)


def _revive(kind: Any, value: Any) -> Any:
    return _adapter(kind).validate_python(value)


def _revive_field(model_type: type[BaseModel], name: str, value: Any) -> Any:
    info = model_type.model_fields.get(name)
    if info is None:  # an unknown key kept from the file
        return value
    return _revive(info.annotation, value)


def element_changes(patch: Patch | None) -> Iterator[tuple[str, str]]:
    """``(kind, element_id)`` for each element a patch touches, in patch order.

    ``kind`` is ``added``, ``removed`` or ``changed``; an element that moved
    to another track is ``changed``.
    """
    if not patch:
        return
    seen: dict[str, list[bool]] = {}
    for element_id, was, will in _element_touches(patch):
        entry = seen.setdefault(element_id, [False, False])
        entry[0] |= was
        entry[1] |= will
    for element_id, (was, will) in seen.items():
        yield ("changed" if was and will else "added" if will else "removed"), element_id


MAIN_TRACK = "@main"  # the main track in ``track_changes`` (its patch does not carry its id)


def track_changes(patch: Patch | None) -> Iterator[str]:
    """Ids of tracks whose own settings (muted, hidden, name, ...) a patch changed, in patch order; the main
    track as ``MAIN_TRACK``. Tracks added or removed whole show as their elements."""
    scenes = (patch or {}).get("fields", {}).get("scenes", {}).get("list", {}).get("items", {})
    for scene in scenes.values():
        tracks = scene.get("fields", {}).get("tracks", {}).get("fields", {})
        if set(tracks.get("main", {}).get("fields", {})) - {"elements"}:
            yield MAIN_TRACK
        for slot in ("overlay", "audio"):
            for track_id, item in tracks.get(slot, {}).get("list", {}).get("items", {}).items():
                if set(item.get("fields", {})) - {"elements"}:
                    yield track_id


def _element_touches(patch: Patch) -> Iterator[tuple[str, bool, bool]]:
    """``(element_id, existed before, exists after)`` for each touched element."""
    for name, change in patch.get("fields", {}).items():
        if "list" in change:
            for item_id, item in change["list"].get("items", {}).items():
                if name == "elements":
                    if "leaf" in item:
                        yield item_id, bool(item["leaf"][0]), bool(item["leaf"][1])
                    else:
                        yield item_id, True, True
                elif name in ("overlay", "audio") and "leaf" in item:
                    yield from _whole_track(item["leaf"])
                elif "fields" in item:
                    yield from _element_touches(item)
        elif "fields" in change:
            yield from _element_touches(change)


def _whole_track(leaf: list[Any]) -> Iterator[tuple[str, bool, bool]]:
    """The elements of a track that was added or removed as a whole."""
    before, after = leaf
    for element in before[0].get("elements", []) if before else []:
        yield element["id"], True, False
    for element in after[0].get("elements", []) if after else []:
        yield element["id"], False, True


_TIMING = frozenset({"start_time", "duration", "trim_start", "trim_end"})


def elements_to_check(patch: Patch | None) -> set[str]:
    """Ids of elements a patch changed beyond their timing: what ``ProjectSession`` re-checks (new elements are
    built validated, and pieces and copies come from valid elements; timing is checked by the edits)."""
    found: set[str] = set()
    for name, change in (patch or {}).get("fields", {}).items():
        if "list" in change:
            for item_id, item in change["list"].get("items", {}).items():
                if name == "elements":
                    if "leaf" not in item and set(item.get("fields", {})) - _TIMING:
                        found.add(item_id)
                elif "fields" in item:
                    found |= elements_to_check(item)
        elif "fields" in change:
            found |= elements_to_check(change)
    return found
