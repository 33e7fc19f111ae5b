"""Play across the local network: any game of the registry, one host and one guest.

- protocol: framing (JSON lines with a size cap), messages, join codes, events.
- host / guest: the asyncio TCP ends; the host owns the authoritative game.
- discovery: UDP broadcast announcements of hosted games.
- bridge: runs those in a background thread for the arcade (queues, never blocking).
- remote_turns: the board scene's view of the remote seat.

Standard library and engine only (the headless mode must never import pygame).
"""
