"""The asynchronous client, written by hand; `sdks/python/generate` makes `_sync` from it."""
