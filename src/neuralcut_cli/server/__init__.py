"""The HTTP API: ``POST /api/agent/chat``, a proxy that keeps the provider key.

Clients (another ``neuralcut`` with ``--backend http://...``, or any HTTP
client) send the conversation and the context; the server asks its backend
for the next assistant turn and answers ``{content, toolCalls}``. The client
runs the tools against its own project. Imported only by ``neuralcut serve``.
"""
