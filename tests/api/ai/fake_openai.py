"""A local HTTP server that speaks the chat-completions API, for the OpenAI reader tests.

The requested model name picks the behaviour: good, kg, nothing, slow, malformed, refusal, error,
plate, narrative. Every request is kept so tests can check what the client sent.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self

NARRATIVE = "Kitchen 1 weighed most of the waste; one day stood far above its usual range."
ANSWERS = {
    "good": {"value": 23.4, "unit": "lb", "confidence": 93},
    "kg": {"value": 10, "unit": "kg", "confidence": 90},
    "nothing": {"value": None, "unit": None, "confidence": 12},
    "plate": {"plate": "7abc-123", "confidence": 88},
}


class FakeOpenAI:
    def __init__(self, slow_seconds: float = 3.0) -> None:
        self.requests: list[dict] = []
        self.slow_seconds = slow_seconds
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
                mode = body["model"]
                if mode == "slow":
                    time.sleep(server.slow_seconds)
                if mode == "error":
                    return self._send(500, {"error": {"message": "upstream broke", "type": "server_error"}})
                message = {"role": "assistant", "content": None, "refusal": None}
                if mode == "malformed":
                    message["content"] = "The scale shows 23.4 pounds, I think."
                elif mode == "narrative":  # a plain-text summary (AI Analytics)
                    message["content"] = NARRATIVE
                elif mode == "refusal":
                    message["refusal"] = "I'm sorry, I can't help with that."
                else:
                    message["content"] = json.dumps(ANSWERS.get(mode, ANSWERS["good"]))
                self._send(200, {
                    "id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": mode,
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                })

            def _send(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (time-out test)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
