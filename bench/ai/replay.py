"""A loopback chat-completions server that replays recorded answers of a remote vision model.

    .venv/bin/python -m bench.ai.evaluate --provider openai --record bench/out/ai/recorded-openai.json
        (with FLOW_OPENAI_API_KEY set: measures the real model and keeps every answer it gave)
    .venv/bin/python -m bench.ai.evaluate --provider openai --replay bench/out/ai/recorded-openai.json
        (no key, no network: the same command against this server, answering as recorded)

The recording maps each photo of the set (its file name in the manifest) to the JSON the model
answered. The server recognises a photo by the image it is sent (the same JPEG data URL the
reader builds for it), so the real client, the real HTTP and the real reader code all run.
A photo with no recorded answer gets an HTTP 404, which the reader turns into "no weight".
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


def image_key(data_url: str) -> str:
    return hashlib.sha256(data_url.encode("ascii")).hexdigest()


def sent_image(body: dict) -> str | None:
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, list):
            for part in content:
                if part.get("type") == "image_url":
                    return part["image_url"]["url"]
    return None


class ReplayServer:
    """answers: image key (image_key of the data URL) -> the answer JSON (a dict) to send back."""

    def __init__(self, answers: dict[str, dict]) -> None:
        self.answers = answers
        self.asked = 0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.asked += 1
                url = sent_image(body)
                answer = server.answers.get(image_key(url)) if url else None
                if answer is None:
                    return self._send(404, {"error": {"message": "no recorded answer for this image",
                                                      "type": "not_found"}})
                message = {"role": "assistant", "content": json.dumps(answer), "refusal": None}
                self._send(200, {
                    "id": "chatcmpl-replay", "object": "chat.completion", "created": int(time.time()),
                    "model": body.get("model", "replay"),
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
                })

            def _send(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

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
