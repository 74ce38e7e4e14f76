"""``neuralcut mcp``: the project's tools for any MCP client (Claude Code, gemini-cli, Cursor...) over stdio, with
the official ``mcp`` SDK (imported only here).

Every registry tool is an MCP tool with its full JSON Schema and hints (read-only for listings, destructive for
deletes, open-world for the ones that reach a provider). Each call opens the project afresh and is one undo step
made under the project lock, so a person in the REPL and an MCP client can work on the same file without losing
an edit. A tool's error comes back as a result with ``isError`` and the tool's message. Resources: the timeline
summary and the asset list (``neuralcut://timeline``, ``neuralcut://assets``); subscribers hear
``resources/updated`` after an edit made through the server. Prompts: the skills.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext, ToolDefinition

MAX_MCP_BODY = 4 * 1024 * 1024  # a request (the MCP SDK's own limit, answered as a 413 the client reads)
RESOURCES = {
    "neuralcut://timeline": ("Timeline", "The active timeline: tracks and elements (list_timeline)."),
    "neuralcut://assets": ("Assets", "The project's media assets (list_project_assets)."),
}


def tool_entry(definition: ToolDefinition) -> Any:
    import mcp_types as types

    read_only = definition.kind == "read"  # the hints are the tool's own declaration (``tools.definition.tool``)
    hints = types.ToolAnnotations(
        read_only_hint=read_only,
        destructive_hint=None if read_only else definition.hints.destructive,
        idempotent_hint=True if read_only or definition.hints.idempotent else None,
        open_world_hint=definition.hints.open_world,
    )
    return types.Tool(
        name=definition.name, description=definition.description, input_schema=definition.parameters, annotations=hints
    )


class Project:
    """The served project: each call opens it afresh (another process may have changed it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.registry = default_registry()
        ProjectSession(path).project()  # a bad file fails now, before the client connects

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """The tool's answer, and whether the project changed."""
        result = self.registry.execute(name, arguments, ToolContext(ProjectSession(self.path)))
        return result, self.registry.get(name).mutates and "error" not in result

    def skills(self) -> list[Any]:
        """The skills (built-in and the person's own) as prompts."""
        from neuralcut_cli.catalogs.skills import load_skills
        from neuralcut_cli.project.paths import skill_folders

        return load_skills(skill_folders(self.path))[0]

    def resource(self, uri: str) -> str:
        tool = {"neuralcut://timeline": "list_timeline", "neuralcut://assets": "list_project_assets"}[uri]
        return json.dumps(self.registry.execute(tool, {}, ToolContext(ProjectSession(self.path))), ensure_ascii=False)


class Handlers:
    """The MCP requests the server answers, over one project; ``subscribers`` hear of edits."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.subscribers: set[str] = set()

    async def list_tools(self, ctx: Any, params: Any) -> Any:
        import mcp_types as types

        return types.ListToolsResult(tools=[tool_entry(t) for t in self.project.registry.get_all()])

    async def call_tool(self, ctx: Any, params: Any) -> Any:
        import anyio
        import mcp_types as types

        if not self.project.registry.has(params.name):
            result, changed = {"error": f"Unknown tool: {params.name}"}, False
        else:
            result, changed = await anyio.to_thread.run_sync(
                self.project.call, params.name, dict(params.arguments or {})
            )
        if changed:
            for uri in sorted(self.subscribers):
                await ctx.session.send_resource_updated(uri)
        text = types.TextContent(type="text", text=json.dumps(result, ensure_ascii=False))
        return types.CallToolResult(content=[text], structured_content=result, is_error="error" in result)

    async def list_resources(self, ctx: Any, params: Any) -> Any:
        import mcp_types as types

        return types.ListResourcesResult(
            resources=[
                types.Resource(uri=uri, name=name, description=about, mime_type="application/json")
                for uri, (name, about) in RESOURCES.items()
            ]
        )

    async def read_resource(self, ctx: Any, params: Any) -> Any:
        import anyio
        import mcp_types as types

        uri = str(params.uri)
        if uri not in RESOURCES:
            raise _invalid_params(f"Unknown resource: {uri} (there are {', '.join(RESOURCES)})")
        text = await anyio.to_thread.run_sync(self.project.resource, uri)
        return types.ReadResourceResult(
            contents=[types.TextResourceContents(uri=uri, text=text, mime_type="application/json")]
        )

    async def subscribe(self, ctx: Any, params: Any) -> Any:
        import mcp_types as types

        self.subscribers.add(str(params.uri))
        return types.EmptyResult()

    async def unsubscribe(self, ctx: Any, params: Any) -> Any:
        import mcp_types as types

        self.subscribers.discard(str(params.uri))
        return types.EmptyResult()

    async def list_prompts(self, ctx: Any, params: Any) -> Any:
        import mcp_types as types

        return types.ListPromptsResult(
            prompts=[
                types.Prompt(name=skill.id, title=skill.name, description=skill.description)
                for skill in self.project.skills()
            ]
        )

    async def get_prompt(self, ctx: Any, params: Any) -> Any:
        import mcp_types as types

        skill = next((s for s in self.project.skills() if s.id == params.name), None)
        if skill is None:
            raise _invalid_params(f"Unknown prompt: {params.name} (prompts/list names them)")
        text = types.TextContent(type="text", text=skill.instructions)
        return types.GetPromptResult(
            description=skill.description, messages=[types.PromptMessage(role="user", content=text)]
        )


def _invalid_params(message: str) -> Exception:
    """A JSON-RPC error -32602 with ``message`` (a plain exception would be code 0 and a traceback)."""
    from mcp.shared.exceptions import MCPError
    from mcp_types.jsonrpc import INVALID_PARAMS

    return MCPError(INVALID_PARAMS, message)


def build(project: Project) -> Any:
    from mcp.server.lowlevel import Server

    from neuralcut_cli import __version__

    h = Handlers(project)
    return Server(
        "neuralcut",
        version=__version__,
        instructions="Edit the video project with these tools; call list_timeline for ids. Each call is one undo step.",
        on_list_tools=h.list_tools,
        on_call_tool=h.call_tool,
        on_list_resources=h.list_resources,
        on_read_resource=h.read_resource,
        on_subscribe_resource=h.subscribe,
        on_unsubscribe_resource=h.unsubscribe,
        on_list_prompts=h.list_prompts,
        on_get_prompt=h.get_prompt,
    )


def serve_stdio(path: Path) -> None:
    import anyio
    from mcp.server.stdio import stdio_server

    from neuralcut_cli.server.mcp_wire import CheckedReader, LockedWriter, taken_stdio

    project = Project(path)
    server = build(project)

    async def main(reader: Any, writer: Any) -> None:
        out = LockedWriter(writer)  # every request with an id is answered, a malformed one here (``mcp_wire``)
        async with stdio_server(stdin=CheckedReader(reader, out), stdout=out) as (read, write):  # type: ignore[arg-type]
            await server.run(read, write, server.create_initialization_options())

    with taken_stdio() as (reader, writer):
        anyio.run(main, reader, writer)


def serve_http(path: Path, host: str, port: int, token: str | None, announce: Any = print) -> None:
    """The same server over streamable HTTP at ``http://HOST:PORT/mcp``: loopback by default; any other address
    needs a token (``--token`` or ``NEURALCUT_SERVER_TOKEN``), sent as ``Authorization: Bearer``."""
    from neuralcut_cli.server.http_guard import limit_body
    from neuralcut_cli.server.run import bind, check_binding, resolve_token, serve

    secret = resolve_token(token)
    check_binding(host, secret)
    project = Project(path)
    app = limit_body(build(project).streamable_http_app(host=host), MAX_MCP_BODY)
    sock = bind(host, port)
    announce(f"Serving {path} over MCP at http://{host}:{sock.getsockname()[1]}/mcp")
    serve(_bearer(app, secret) if secret else app, sock, "warning")


def _bearer(app: Any, secret: str) -> Any:
    """Every HTTP request must carry ``Authorization: Bearer <secret>``."""
    import hmac

    async def guarded(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            scheme, _, given = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), secret.encode()):
                body = b'{"error": "Missing or wrong token: send Authorization: Bearer <token>"}'
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded
