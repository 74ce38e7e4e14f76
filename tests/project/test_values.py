"""``neuralcut_cli.values.Value``: frozen values that behave as frozen dataclasses."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from neuralcut_cli.values import Value, field, replace


class Shape(Value):
    name: str
    sides: int = 4
    tags: tuple[str, ...] = field(default_factory=tuple)
    said: str = field(default="", compare=False, repr=False)


class Coloured(Shape):
    colour: str = "red"


def test_fields_come_in_the_order_of_the_class_and_its_bases() -> None:
    made = Coloured("square", 4, ("a",), "a square", "blue")
    assert (made.name, made.sides, made.tags, made.said, made.colour) == ("square", 4, ("a",), "a square", "blue")
    assert Coloured.__match_args__ == ("name", "sides", "tags", "said", "colour")
    match made:
        case Coloured(name="square", colour=colour):
            assert colour == "blue"
        case _:
            pytest.fail("a Value matches its class pattern")


def test_defaults_and_factories() -> None:
    first = Shape("a")
    assert first.sides == 4 and first.tags == () and first.said == ""
    assert Coloured("c").colour == "red"

    class Listed(Value):
        items: list[int] = field(default_factory=list)

    one, other = Listed(), Listed()
    assert one.items == [] and one.items is not other.items


def test_equality_and_hash_leave_out_the_fields_that_do_not_compare() -> None:
    assert Shape("a", said="x") == Shape("a", said="y")
    assert hash(Shape("a", said="x")) == hash(Shape("a", said="y"))
    assert Shape("a") != Shape("a", 3)
    assert Shape("a") != Coloured("a")  # another class is another value, as for dataclasses
    assert repr(Coloured("a")) == "Coloured(name='a', sides=4, tags=(), colour='red')"


def test_a_value_is_frozen() -> None:
    made = Shape("a")
    with pytest.raises(FrozenInstanceError):
        made.name = "b"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del made.name
    assert made.name == "a"


def test_replace_copies_with_changes_and_keeps_the_rest() -> None:
    made = Coloured("a", said="kept")
    changed = replace(made, colour="green")
    assert changed == Coloured("a", colour="green") and changed.said == "kept" and made.colour == "red"
    with pytest.raises(TypeError, match="no field 'shade'"):
        replace(made, shade="green")


def test_wrong_calls_are_refused_as_a_dataclass_refuses_them() -> None:
    with pytest.raises(TypeError, match="needs 'name'"):
        Shape()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="no field 'corners'"):
        Shape("a", corners=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'name' twice"):
        Shape("a", name="b")  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 4 arguments, 5 given"):
        Shape("a", 1, (), "", "extra")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'late' has no default but follows 'early'"):

        class Wrong(Value):  # mypy refuses it too
            early: int = 1
            late: int  # type: ignore[misc]


def test_a_value_survives_pickle_and_copy() -> None:
    made = Coloured("a", 3, ("t",), "said")
    assert pickle.loads(pickle.dumps(made)) == made
    assert copy.copy(made) == made and copy.deepcopy(made).tags == ("t",)
