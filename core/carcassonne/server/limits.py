"""Bounds on what one client may ask: request sizes and request rates."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """``max_body``: bytes of a REST request body; ``max_message``: characters of a WebSocket
    message; rates in requests per second with a burst allowance (token buckets)."""

    max_body: int = 64 * 1024
    max_message: int = 16 * 1024
    http_rate: float = 50.0
    http_burst: float = 200.0
    ws_rate: float = 20.0
    ws_burst: float = 60.0
    max_games_listed: int = 100


class TokenBucket:
    """``rate`` tokens per second up to ``burst``; each request takes one."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Buckets:
    """One bucket per key (a client address), forgetting keys that have been idle."""

    def __init__(self, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self._buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.keep:
                self._buckets.clear()
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()
