"""Clients of outside services: connection, retries, one error mapping, key
scrubbing. No tool or agent logic lives here; tools and backends use these.

``providers.gemini``: the Google Gemini client, its error mapping, the Files
API and the asset-understanding service built on them.
"""
