"""The OpenAI chat-completions API (OpenAI, Groq, OpenRouter, Ollama, LM Studio, llama.cpp, vLLM) through the
official ``openai`` SDK, imported only here."""
