"""Effects put into the graph: an effect element over a time range of everything below it, and an element's
own clip effects, in order, before it is sized and placed."""

from __future__ import annotations

from typing import Protocol

from neuralcut_cli.render.effects import Steps
from neuralcut_cli.render.filtergraph import Chain, chain, f


class Graph(Protocol):
    chains: list[Chain]

    def label(self, prefix: str) -> str: ...


def run(graph: Graph, source: str, steps: Steps, enable: str | None = None) -> str:
    """``source`` through an effect's filters or small graph (switched by ``enable`` where it can be)."""
    if steps.graph is not None:
        chains, out = steps.graph(source, graph.label, enable)
        graph.chains.extend(chains)
        return out
    if not steps.filters:
        return source
    out = graph.label("e")
    graph.chains.append(chain(source, *(steps.timed(enable) if enable else steps.filters), out=out))
    return out


def over_range(graph: Graph, current: str, steps: Steps, enable: str) -> str:
    """An effect element: the picture changed while ``enable`` holds. In place where the effect can be switched;
    else a copy runs the whole stream (a trimmed copy would make the overlay hold every frame before the range)
    and is laid over the picture in range."""
    if steps.switchable:
        return run(graph, current, steps, enable)
    keep, copy, out = graph.label("ek"), graph.label("ec"), graph.label("v")
    graph.chains.append(Chain((current,), (f("split"),), (keep, copy)))
    graph.chains.append(chain((keep, run(graph, copy, steps)), f("overlay", x=0, y=0, enable=enable), out=out))
    return out


def on_element(graph: Graph, source: str, effects: list[tuple[str, Steps]]) -> str:
    """Clip effects in order. Each run of effects between colour keys works on the colours, the element's alpha
    (a picture's transparency) set aside once and put back after; a colour key changes the alpha itself."""
    current, index = source, 0
    while index < len(effects):
        if effects[index][0] == "color-key":
            current, index = run(graph, current, effects[index][1]), index + 1
            continue
        end = next((n for n in range(index, len(effects)) if effects[n][0] == "color-key"), len(effects))
        colours, alpha, kept, out = graph.label("ac"), graph.label("aa"), graph.label("ak"), graph.label("am")
        graph.chains.append(Chain((current,), (f("format", pix_fmts="gbrap"), f("split")), (colours, alpha)))
        graph.chains.append(chain(alpha, f("alphaextract"), out=kept))
        for _, steps in effects[index:end]:
            colours = run(graph, colours, steps)
        graph.chains.append(chain((colours, kept), f("alphamerge"), out=out))
        current, index = out, end
    return current
