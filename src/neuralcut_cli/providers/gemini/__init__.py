"""Google Gemini through the ``google-genai`` SDK (imported only when a client is made).

``client``: the configured client and key handling; ``errors``: one mapping
from the SDK's failures to messages without the key; ``files``: the Files API
calls; ``understanding``: upload, poll, summarise and cache an asset.
"""
